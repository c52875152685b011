import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Metrics } from '../observability/metrics.js';

/**
 * A request id a client may choose (echoed back and logged); anything else is replaced by a fresh random
 * UUID (node makes them from entropy it draws in batches: a UUIDv7 asked for 16 random bytes each time).
 */
const GIVEN_ID = /^[\w-]{1,64}$/;
/** Probes and scrapes that would fill the log (they answer every few seconds): not logged, not timed. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
/** Paths served without express's router (http/direct-route.ts) or as a whole folder: their own label. */
const DIRECT_PATHS = new Set(['/graphql', '/products/search']);
const FOLDERS = /^\/(assets|uploads)\//;

/**
 * A request's route, as the duration metric labels it: the route that answered (`/products/:id`), never
 * the path itself (ids would make a label value each).
 */
export function routeOf(req: Request, res: Response): string {
  const route = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof route === 'string') return (req.baseUrl || '') + route;
  const path = (req.originalUrl ?? req.url).split('?')[0];
  if (DIRECT_PATHS.has(path)) return path;
  const folder = FOLDERS.exec(path);
  if (folder) return `/${folder[1]}/*`;
  if (res.statusCode === 404) return '(unmatched)';
  return String(res.getHeader('content-type') ?? '').startsWith('text/html') ? '(page)' : '(other)';
}

/**
 * Gives every request its id (`req.id`, the `X-Request-Id` answer header: the client's own when well
 * formed), times it (http_request_duration_seconds) and logs one short line when its answer is finished: id, method, path, status and the time
 * it took (never headers, which would cost a serialisation per request and log what a client sends).
 * An answer of 500 or more is logged as an error (but 503, a dependency's outage: an info line like any
 * other); a request whose client went away before the answer
 * was finished, as a warning. The line is the one pino-http wrote (`request completed`, `req`, `res`,
 * `responseTime`), without its per-request child logger.
 */
export function requestLog(parent: Logger, metrics: Pick<Metrics, 'httpDuration'>) {
  // The line's fields are these few, never headers or a body, so none of the logger's redaction paths can
  // match: the line skips the redaction pass (about 4 µs a line, as much as the rest of the line).
  const log = parent.child({}, { redact: { paths: [], censor: '' } });
  return (req: Request, res: Response, next: NextFunction) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    if (!QUIET_PATHS.has(req.url)) {
      const start = performance.now();
      const done = () => {
        res.off('close', done);
        res.off('finish', done);
        const ms = performance.now() - start;
        const status = res.writableFinished ? res.statusCode : 'aborted';
        metrics.httpDuration.observe({ method: req.method, route: routeOf(req, res), status }, ms / 1000);
        const fields = { req: { id, method: req.method, url: req.originalUrl }, res: { statusCode: res.statusCode }, responseTime: Math.round(ms) };
        if (!res.writableFinished) log.warn(fields, 'request aborted');
        // 503 is a dependency's outage, logged once as it starts (observability/outages.ts), not per request.
        else if (res.statusCode >= 500 && res.statusCode !== 503) log.error(fields, 'request errored');
        else log.info(fields, 'request completed');
      };
      res.on('finish', done);
      res.on('close', done);
    }
    next();
  };
}
