import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

/**
 * A request id a client may choose (echoed back and logged); anything else is replaced by a fresh random
 * UUID (node makes them from entropy it draws in batches: a UUIDv7 asked for 16 random bytes each time).
 */
const GIVEN_ID = /^[\w-]{1,64}$/;
/** Probes that would fill the log (they answer every few seconds): not logged. */
const QUIET_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Gives every request its id (`req.id`, the `X-Request-Id` answer header: the client's own when well
 * formed) and logs one short line when its answer is finished: id, method, path, status and the time
 * it took (never headers, which would cost a serialisation per request and log what a client sends).
 * An answer of 500 or more is logged as an error; a request whose client went away before the answer
 * was finished, as a warning. The line is the one pino-http wrote (`request completed`, `req`, `res`,
 * `responseTime`), without its per-request child logger.
 */
export function requestLog(parent: Logger) {
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
        const fields = { req: { id, method: req.method, url: req.originalUrl }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - start) };
        if (!res.writableFinished) log.warn(fields, 'request aborted');
        else if (res.statusCode >= 500) log.error(fields, 'request errored');
        else log.info(fields, 'request completed');
      };
      res.on('finish', done);
      res.on('close', done);
    }
    next();
  };
}
