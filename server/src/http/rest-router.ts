import express, { type RequestHandler, type Router } from 'express';
import type { Services } from '../app/create-services.js';
import { MODULES } from '../modules/index.js';
import { jsonBody } from './json-body.js';

/** The REST shim: every module's routes of docs/product.md#rest-shim, JSON bodies up to 1 MB. */
export function restRouter(services: Services): Router {
  const r = express.Router();
  r.use(jsonBody(1024 * 1024));
  // No JSON body (none sent, or another content type): the routes see no fields, and say which is missing.
  r.use((req, _res, next) => {
    req.body ??= {};
    next();
  });
  r.get('/', (_req, res) => {
    res.json({ status: 'ok', service: 'bolbazaar', version: 1 });
  });
  for (const m of MODULES) m.routes?.(r, services);
  return r;
}

/** Module routes that parse their own bodies (multipart uploads, dev pages). */
export function rawRouter(services: Services): Router {
  const r = express.Router();
  for (const m of MODULES) m.rawRoutes?.(r, services);
  return r;
}

/** Public module routes served before sessions are read (static files). */
export function publicRouter(services: Services): Router {
  const r = express.Router();
  for (const m of MODULES) m.publicRoutes?.(r, services);
  return r;
}

/** Every module's direct POST routes: [exact path, handlers]. */
export function directPostRoutes(services: Services): Array<[string, RequestHandler[]]> {
  return MODULES.flatMap((m) => Object.entries(m.directPosts?.(services) ?? {}));
}
