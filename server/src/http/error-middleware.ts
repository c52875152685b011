import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, toPublicError } from '../common/app-error.js';
import { localizeAppError } from '../common/message-catalogue.js';
import { requestLocale, type Locale } from '../common/request-context.js';
import { discardUnreadBody } from './uploads.js';

interface HttpishError {
  status?: number;
  type?: string;
  expose?: boolean;
}

/** Body-parser and similar errors carry a status; they become AppErrors with a clear message. */
function fromHttpError(err: unknown): AppError | null {
  const e = err as HttpishError;
  if (e?.type === 'entity.parse.failed') return new AppError('BAD_USER_INPUT', 'The request body is not valid JSON');
  if (e?.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
  if (e?.status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
  if (e?.status === 404) return new AppError('NOT_FOUND', 'Not found'); // express.static (a missing /assets file)
  return null;
}

/** The request's language; also for errors raised before the request context exists. */
function localeOf(req: Request): Locale {
  if (req.ctx) return req.ctx.locale;
  return requestLocale(req.headers['x-locale'], req.headers['accept-language']);
}

/**
 * The one mapping of errors to REST answers: `{ message, code }` with the code's status, the
 * message (and per-field messages) in the request's language.
 */
export function errorMiddleware(log: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const known = err instanceof AppError ? err : fromHttpError(err);
    if (!known) (req.ctx?.log ?? log).error({ err }, 'unhandled error');
    const pub = known ?? toPublicError(err);
    if (res.headersSent) return res.end();
    // A refused upload (or one refused before it was read): its body must not stay on the connection.
    discardUnreadBody(req);
    if (pub.code === 'RATE_LIMITED' && typeof pub.details?.retryAfterSeconds === 'number') {
      res.setHeader('Retry-After', String(pub.details.retryAfterSeconds));
    }
    const { message, details } = localizeAppError(pub, localeOf(req));
    res.status(pub.status).json({ message, code: pub.code, ...(details ? { details } : {}) });
  };
}
