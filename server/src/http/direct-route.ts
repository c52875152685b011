import { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

/**
 * The request and response classes for the http server of `app`: node's own, born with express's
 * request and response (`app.request`, `app.response`: `req.ip`, `res.json`...) as their prototypes,
 * so that no request has its objects' prototype changed (express sets the same one, which costs
 * nothing; changing it made every later property look-up on them slower).
 */
export function expressClasses(app: Express): { IncomingMessage: typeof IncomingMessage; ServerResponse: typeof ServerResponse } {
  return { IncomingMessage: bornWith(IncomingMessage, app.request), ServerResponse: bornWith(ServerResponse, app.response) };
}

/** A constructor making what `base` makes, with `proto` (whose chain holds base's prototype) as the prototype. */
function bornWith<T extends abstract new (...args: never[]) => object>(base: T, proto: object): T {
  if (!Object.prototype.isPrototypeOf.call(base.prototype, proto)) throw new Error('The prototype must inherit from the class');
  function Born(...args: unknown[]) {
    return Reflect.construct(base, args, Born) as object;
  }
  Born.prototype = proto;
  Object.setPrototypeOf(Born, base);
  return Born as unknown as T;
}

/**
 * One route served without express's router (docs/architecture.md#read-path): the request gets
 * express's request and response (the same prototypes, so `req.ip`, `res.cookie`, `res.json` work
 * as anywhere) and goes through `handlers` in order, as the router would run the same middlewares for
 * it; an error (passed to `next`, thrown, or a rejected promise) goes to `onError`, as the router
 * would hand it to the app's error middleware. The router's own work per request (matching every
 * layer's path, a final handler made for each request, the per-layer `next` closures) is left out.
 * The handlers are the app's own, not copies: the route keeps every check they make.
 *
 * Only for a route whose last handler answers every request: a handler calling `next()` after the
 * last one (or `next('route')`) is a bug, answered as the router's end is when nothing matches (404 via `onError`).
 */
export function directRoute(
  app: Express,
  handlers: readonly RequestHandler[],
  onError: ErrorRequestHandler,
  notFound: (req: Request) => unknown,
  log: Logger,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { request, response } = app;
  return (rawReq, rawRes) => {
    const req = rawReq as Request;
    const res = rawRes as Response;
    // What express's app.handle and router set before the first middleware (the prototypes only when the
    // server's classes do not already have them: see expressClasses).
    req.res = res;
    res.req = req;
    if (!isPrototypeOf.call(request, req)) Object.setPrototypeOf(req, request);
    if (!isPrototypeOf.call(response, res)) Object.setPrototypeOf(res, response);
    req.originalUrl = req.url;
    req.baseUrl = '';
    req.params = {};
    let i = 0;
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return; // the error middleware answers once; a second error is the first one's echo
      failed = true;
      try {
        const ret: unknown = onError(err, req, res, () => undefined);
        if (ret instanceof Promise) ret.catch((e: unknown) => lastResort(e, res, log));
      } catch (e) {
        lastResort(e, res, log);
      }
    };
    const next: NextFunction = (err?: unknown) => {
      if (err === 'route' || err === 'router') return fail(notFound(req)); // none of our handlers skips on
      if (err !== undefined && err !== null) return fail(err);
      const handler = handlers[i++];
      if (!handler) return fail(notFound(req));
      try {
        const ret: unknown = handler(req, res, next);
        if (ret instanceof Promise) ret.then(undefined, (e: unknown) => next(e ?? new Error('Rejected promise')));
      } catch (e) {
        next(e);
      }
    };
    req.next = next;
    next();
  };
}

const { isPrototypeOf } = Object.prototype;

/** The error middleware itself failed: what express's final handler would do, a plain 500. */
function lastResort(err: unknown, res: ServerResponse, log: Logger): void {
  log.error({ err }, 'error middleware failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = 500;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end('Internal Server Error');
}
