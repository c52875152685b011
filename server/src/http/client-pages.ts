import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { PageLoadHandler } from './pages/rendered-pages.js';

/**
 * How the server tells a browser page load from an API call on the paths the two share (`/`,
 * `/seller/products`, `/chat`, ...): a GET or HEAD whose Accept header lists text/html is a page
 * load and gets the web app; anything else (fetch/XHR with JSON or * / *, POST, PUT, DELETE) is the
 * API. Browsers send `Accept: text/html,...` on navigation and never on fetch() unless told to.
 */
export function isPageLoad(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
}

/** Files at the top of dist (favicon, icons, the manifest, the service worker, the offline page). */
const TOP_FILE = /^\/(icons\/)?[\w.-]+\.[a-z0-9]+$/i;

/**
 * The service worker and the files it lists by name without a hash (the offline page and its script, the
 * manifest) are asked again at every check (no-cache), so a new build's worker and offline page are found at once;
 * other top files are kept an hour.
 */
function sendTopFile(urlPath: string, file: string, res: Response): void {
  if (urlPath === '/sw.js' || urlPath === '/offline.html' || urlPath === '/offline.js' || urlPath === '/manifest.webmanifest') {
    res.setHeader('Cache-Control', 'no-cache');
    if (urlPath === '/manifest.webmanifest') res.type('application/manifest+json');
    return res.sendFile(file, { cacheControl: false });
  }
  res.sendFile(file, { maxAge: '1h' });
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Bol Bazaar</title>
<p>The web app is not built. Run <code>npm start</code> (it builds it) or <code>npm run build</code>.</p>`;

/**
 * Serves the built web app: hashed assets precompressed with long cache lifetimes, and page loads: rendered
 * pages and the app's shell by `pages` (http/pages/rendered-pages.ts) when the build has its renderer, else
 * index.html as built.
 */
export function clientPages(distDir: string, opts: { graphiql: boolean; pages?: PageLoadHandler }): Router {
  const router = express.Router();
  const index = path.join(distDir, 'index.html');
  const graphiql = path.join(distDir, 'graphiql.html');
  const sendPage = (file: string) => (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    if (existsSync(file)) res.sendFile(file);
    else res.status(503).type('html').send(NOT_BUILT);
  };

  // Hashed file names never change content: a year, immutable. The build writes brotli and gzip copies
  // next to each file (client/vite.config.ts); the one the browser accepts is sent, brotli first.
  router.use(
    '/assets',
    expressStaticGzip(path.join(distDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '365d', index: false, fallthrough: false },
    }),
  );
  router.get('/graphql', (req: Request, res: Response, next: NextFunction) => {
    if (!isPageLoad(req)) return next();
    if (!opts.graphiql) return res.status(404).type('text').send('GraphiQL is off in this environment');
    sendPage(graphiql)(req, res);
  });
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Files at the top of dist (favicon, robots.txt, images) are served as they are, whatever the Accept.
    const file = path.join(distDir, path.normalize(req.path).replace(/^([/\\])+/, ''));
    if (TOP_FILE.test(req.path) && file.startsWith(distDir) && (!file.endsWith('.html') || req.path === '/offline.html') && existsSync(file)) {
      return sendTopFile(req.path, file, res);
    }
    if (!isPageLoad(req)) return next();
    if (opts.pages) return opts.pages(req, res, () => sendPage(index)(req, res));
    sendPage(index)(req, res);
  });
  return router;
}
