import { readFileSync } from 'node:fs';
import { defineConfig, type Manifest, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
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

const brotliAsync = promisify(brotliCompress);
/**
 * Brotli at its best for the app's own files; files over 700 KB (only GraphiQL has them, a
 * development tool) at a quicker level, which keeps the build fast.
 */
const brotli = (data: Parameters<typeof brotliCompress>[0]) =>
  brotliAsync(data, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: Buffer.byteLength(data as Buffer) > 700_000 ? 5 : 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
  });

/** A document of generated.ts as the build sees it: a module of its own. */
const PREFIX = '\0bb-graphql-document:';
/** One generated document: `export const NameDocument = {...} as unknown as DocumentNode<...>;` on one line. */
const DOCUMENT = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/;

/** Whether a module id is one of the documents this plugin splits out of generated.ts. */
const isGraphQLDocument = (id: string): boolean => id.startsWith(PREFIX);

/**
 * The browser build takes `src/graphql/generated.ts` (codegen's one file with every operation's typed document)
 * as one module per document. A module goes whole into one chunk, so the one file put every screen's documents
 * into the first page's JavaScript (about 80 KB of JSON the first page never sends); apart, each document goes
 * with the chunk of the screens that use it (bench/README.md#first-load-on-a-phone). The types are erased
 * anyway; the documents are self-contained JSON (fragments inlined), so nothing else changes: each is still
 * one object, imported from generated.ts as before.
 */
function documentsApart(generated: string): Plugin {
  let documents: Map<string, string> | null = null;
  const read = () => {
    if (documents) return documents;
    documents = new Map();
    for (const line of readFileSync(generated, 'utf8').split('\n')) {
      const m = DOCUMENT.exec(line);
      if (m) documents.set(m[1], m[2]);
    }
    if (documents.size === 0) throw new Error(`${generated} has no documents in the shape this plugin reads: was codegen's output changed?`);
    return documents;
  };
  return {
    name: 'bb:graphql-documents-apart',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      documents = null;
    },
    resolveId(id) {
      return isGraphQLDocument(id) ? id : null;
    },
    load(id) {
      if (id === generated) {
        const code = [...read().keys()].map((name) => `export { ${name} } from ${JSON.stringify(PREFIX + name)};`).join('\n');
        return { code, moduleSideEffects: false };
      }
      if (isGraphQLDocument(id)) {
        const name = id.slice(PREFIX.length);
        const json = read().get(name);
        if (json === undefined) throw new Error(`no document ${name} in ${generated}`);
        return { code: `export const ${name} = ${json};`, moduleSideEffects: false };
      }
      return null;
    },
  };
}

/** The app's own code and the libraries every screen runs on (not GraphiQL's, which has its own page). */
// GraphiQL's page shares React and the endpoint constants with the app, nothing of this group: loading it
// would run the app's modules there.
const SHARED = /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|tslib|graphql-ws)[\\/]|vite[\\/]preload-helper|[\\/]src[\\/]lib[\\/]graphql-endpoint\.ts$/;
const APP_LIBRARIES = /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser|@apollo[\\/]client|rxjs|optimism|@wry[\\/][^\\/]+|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/;
const isAppRuntime = (id: string) =>
  APP_LIBRARIES.test(id) ||
  isGraphQLDocument(id) ||
  (id.startsWith(`${clientRoot}/src/`) && !id.startsWith(`${clientRoot}/src/graphiql/`) && id !== `${clientRoot}/src/lib/graphql-endpoint.ts`);

/**
 * The server's renderer (`vite build --ssr`, docs/architecture.md#rendered-pages): the app's modules for Node,
 * into dist/ssr (never served: client-pages.ts serves /assets and the files at the top of dist). Every
 * library is bundled in, so the server image needs none of the client's dependencies; stylesheets are the
 * browser build's (the manifest names them).
 */
const ssrBuild = defineConfig({
  root: clientRoot,
  plugins: [react()],
  ssr: { noExternal: true, target: 'node' },
  // Bundled in, the libraries would pick their development builds by the server's NODE_ENV when they load
  // (React's is several times slower): this build is always the production one.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/app/ssr/render-page.tsx',
    outDir: 'dist/ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { checks: { pluginTimings: false }, output: { entryFileNames: 'render-page.js' } },
  },
});

/**
 * The app's own built files (not GraphiQL's): those index.html names and every chunk, stylesheet and file the
 * app's modules need, read from the build's manifest (which the worker's list is made after).
 */
function appFiles(): Set<string> {
  const dist = `${clientRoot}/dist`;
  const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8')) as Manifest;
  const files = new Set<string>((readFileSync(`${dist}/index.html`, 'utf8').match(/assets\/[\w.-]+/g) ?? []));
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`chunk:${key}`)) return;
    files.add(`chunk:${key}`);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const key of Object.keys(manifest)) if ((key.startsWith('src/') && !key.startsWith('src/graphiql')) || key.includes('@fontsource')) visit(key);
  // The entry's own chunks: those index.html names, with what they import.
  for (const [key, chunk] of Object.entries(manifest)) if (files.has(chunk.file)) visit(key);
  return files;
}

/**
 * The web app manifest and the service worker (client/src/sw/sw.ts, docs/product.md#installable-app), by
 * vite-plugin-pwa (Workbox). The worker precaches the hashed assets of the app, the icons and the offline page;
 * never GraphiQL's files (a development tool, megabytes), the server's renderer (dist/ssr) or the compressed
 * copies. The app registers it itself after the first page has loaded (client/src/lib/pwa/register.ts).
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'autoUpdate',
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Bol Bazaar',
      short_name: 'बोल बाज़ार',
      description: 'Buy and sell business goods by voice, in English or Hindi.',
      lang: 'en',
      start_url: '/?source=installed',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#0f5132',
      background_color: '#f6f7f4',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['assets/*.{js,css,woff2,svg}', 'offline.{html,js}', 'icons/*.png'],
      globIgnores: ['**/graphiql*', 'ssr/**', '**/*.br', '**/*.gz'],
      manifestTransforms: [(entries) => ({ manifest: entries.filter((e) => !e.url.startsWith('assets/') || appFiles().has(e.url)), warnings: [] })],
      // A screen's chunk can be large (the seller's forms); GraphiQL's are ignored above.
      maximumFileSizeToCacheInBytes: 3_000_000,
      // A classic script (no module worker needed), in one file.
      rollupFormat: 'iife',
      minify: true,
      sourcemap: false,
    },
  });
}

const browserBuild = defineConfig({
  root: clientRoot,
  plugins: [
    react(),
    documentsApart(`${clientRoot}/src/graphql/generated.ts`),
    installableApp(),
    // Brotli and gzip copies of every hashed asset next to it (name.js.br, name.js.gz): the server sends
    // the one the browser accepts (express-static-gzip in server/src/http/client-pages.ts).
    compression({
      include: /\.(js|mjs|css|svg|json|ttf)$/,
      threshold: 1024,
      logLevel: 'silent',
      algorithms: [defineAlgorithm(brotli, {}), defineAlgorithm('gzip', { level: 9 })],
      filename: (_id, { algorithm }) => (algorithm === 'gzip' ? '[path][base].gz' : '[path][base].br'),
    }),
  ],
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
    // Which files each module's chunk needs (.vite/manifest.json): a rendered page names its lazy route's stylesheets.
    manifest: true,
    // The budget that matters is compressed JavaScript per page (bench/web-vitals.mjs, bench/README.md),
    // not raw chunk sizes: GraphiQL's editor alone is 2.8 MB.
    chunkSizeWarningLimit: 3000,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill script to fetch first.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Compressing at build time is meant to take a few seconds; no timing report for it.
      checks: { pluginTimings: false },
      onwarn(warning, defaultHandler) {
        // GraphiQL's packages carry React Compiler directives ("use no memo") that bundling drops harmlessly.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.id?.includes('/node_modules/')) return;
        defaultHandler(warning);
      },
      input: {
        main: `${clientRoot}/index.html`,
        graphiql: `${clientRoot}/graphiql.html`,
      },
      output: {
        // What the first page needs comes as one file (compressed together it is about 10 KB smaller than
        // in the dozen shared pieces the lazy screens would otherwise cut it into); GraphiQL's editor and
        // the screens stay apart.
        codeSplitting: {
          groups: [
            // What both pages use (React, the parts of graphql both need): one file, cached for both.
            { name: 'shared', test: SHARED, minShareCount: 2, priority: 2 },
            { name: 'app', tags: ['$initial'], test: (id: string) => isAppRuntime(id), priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : browserBuild));
