import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import type { IncomingMessage } from 'node:http';

const clientRoot = import.meta.dirname;
const apiTarget = process.env.BB_API_URL ?? 'http://localhost:4000';

/** Prefixes the API process answers (GraphQL, REST shim, uploads, dev helpers). */
const apiPrefixes = ['/auth', '/seller', '/products', '/chat', '/orders', '/sellers', '/homepage', '/uploads', '/dev'];

const isPageNavigation = (req: IncomingMessage) =>
  req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');

// Several client routes share a prefix (or the whole path) with the REST shim, e.g. /orders and
// /seller/products/create. A browser navigation asks for HTML, so it stays with the SPA; API calls
// (JSON, multipart, images) go to the server, exactly as the production server tells them apart.
const apiProxy: ProxyOptions = {
  target: apiTarget,
  bypass: (req) => (isPageNavigation(req) ? '/index.html' : undefined),
};

export default defineConfig({
  root: clientRoot,
  plugins: [react()],
  server: {
    proxy: {
      '/graphql': {
        target: apiTarget,
        ws: true,
        // The server shows GraphiQL to browsers at GET /graphql; in dev that page is ours.
        bypass: (req) => (isPageNavigation(req) ? '/graphiql.html' : undefined),
      },
      ...Object.fromEntries(apiPrefixes.map((prefix) => [prefix, apiProxy])),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      onwarn(warning, defaultHandler) {
        // GraphiQL's packages carry React Compiler directives ("use no memo") that bundling drops harmlessly.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.id?.includes('/node_modules/')) return;
        defaultHandler(warning);
      },
      input: {
        main: `${clientRoot}/index.html`,
        graphiql: `${clientRoot}/graphiql.html`,
      },
    },
  },
});
