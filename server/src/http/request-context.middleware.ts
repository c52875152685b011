import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import { createRequestContext, requestLocale, type RequestContext, type SessionCookie } from '../common/request-context.js';
import type { Orm } from '../db/orm.js';
import type { SessionStore } from '../modules/auth/session-store.js';
import { readCookie, SESSION_COOKIE } from './cookies.js';

declare module 'express-serve-static-core' {
  interface Request {
    ctx: RequestContext;
    id: string;
  }
}

/** Builds `req.ctx` for every API request: viewer from the session cookie, locale, forked EntityManager. */
export function requestContextMiddleware(deps: { orm: Orm; sessions: SessionStore; config: Config; log: Logger }) {
  const maxAge = deps.config.SESSION_TTL_DAYS * 24 * 3600 * 1000;
  return async (req: Request, res: Response, next: NextFunction) => {
    const secure = deps.config.COOKIE_SECURE === 'auto' ? req.secure : deps.config.COOKIE_SECURE === 'true';
    const cookie: SessionCookie = {
      set: (id) => res.cookie(SESSION_COOKIE, id, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge }),
      clear: () => res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' }),
    };
    const session = await deps.sessions.get(readCookie(req, SESSION_COOKIE));
    req.ctx = createRequestContext({
      em: deps.orm.em,
      log: deps.log,
      requestId: req.id,
      viewer: session ? { userId: session.userId, sessionId: session.id } : null,
      locale: requestLocale(req.headers['x-locale'], req.headers['accept-language']),
      ip: req.ip ?? 'unknown',
      cookie,
    });
    next();
  };
}
