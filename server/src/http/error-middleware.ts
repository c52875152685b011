import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, toPublicError } from '../common/app-error.js';
import { localizeAppError } from '../common/message-catalogue.js';
import { requestLocale, type Locale } from '../common/request-context.js';
import { withRestFieldNames } from './rest-commands.js';
import { discardUnreadBody } from './uploads.js';
import type { DependencyOutages } from '../observability/outages.js';
import { httpMessages } from './http.messages.js';

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/**
 * Errors of the HTTP layer (body-parser, express.static / send, the router's parameter decoding,
 * http-errors) carry a 4xx status: each becomes an AppError with a clear message, never a 500.
 */
function fromHttpError(err: unknown): AppError | null {
  if (err instanceof URIError) return new AppError('BAD_REQUEST', httpMessages.theAddressIsNotValidMalformed);
  const e = err as HttpishError;
  if (!e || typeof e !== 'object') return null;
  if (e.type === 'entity.parse.failed') return new AppError('BAD_USER_INPUT', httpMessages.theRequestBodyIsNotValid);
  if (e.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', httpMessages.theRequestBodyIsTooLarge);
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', httpMessages.unsupportedContentEncodingOrCharset);
  }
  const status = e.status ?? e.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', httpMessages.unsupportedContentType);
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', httpMessages.theRequestBodyIsTooLarge);
  if (status === 404) return new AppError('NOT_FOUND', httpMessages.notFound); // express.static (a missing /assets file)
  if (status === 403) return new AppError('FORBIDDEN', httpMessages.forbidden); // express.static: a path outside its root
  if (status === 400 && e.type) return new AppError('BAD_REQUEST', httpMessages.theRequestBodyCouldNotBe); // bad gzip, aborted
  return new AppError('BAD_REQUEST', httpMessages.theRequestCouldNotBeUnderstood);
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
export function errorMiddleware(log: Logger, outages: Pick<DependencyOutages, 'unavailable'>) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const known = err instanceof AppError ? err : fromHttpError(err);
    const pub = known ?? toPublicError(err);
    // A refused request is the client's; an unreachable dependency is an outage (a warning once); anything else is a bug.
    if (!known && pub.code === 'SERVICE_UNAVAILABLE') outages.unavailable(err);
    else if (!known) (req.ctx?.log ?? log).error({ err }, 'unhandled error');
    if (res.headersSent) return res.end();
    // A refused upload (or one refused before it was read): its body must not stay on the connection.
    discardUnreadBody(req);
    if (pub.code === 'RATE_LIMITED' && typeof pub.details?.retryAfterSeconds === 'number') {
      res.setHeader('Retry-After', String(pub.details.retryAfterSeconds));
    }
    // The fields a refusal names, as the REST body named them (`max_quantity`, not the command's `maxQuantity`).
    const { message, details } = localizeAppError(withRestFieldNames(pub), localeOf(req));
    res.status(pub.status).json({ message, code: pub.code, ...(details ? { details } : {}) });
  };
}
