import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../common/app-error.js';
import { httpMessages } from './http.messages.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The Origin rule for state-changing requests (REST shim and GraphQL): a browser always sends
 * Origin on a cross-site POST/PUT/DELETE, so when it is present it must be this site's own (or
 * one listed in ALLOWED_ORIGINS; see allowedOrigins). Requests without Origin are not from a browser form and pass;
 * the SameSite=Lax cookie already keeps the session out of cross-site requests, so this is the
 * second lock. Apollo's csrfPrevention adds its own header rule on /graphql.
 */
export function originCheck(allowed: string[]) {
  const allowedSet = new Set(allowed.map((o) => o.replace(/\/$/, '')));
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE.has(req.method)) return next();
    const origin = req.headers.origin;
    if (!origin) return next();
    // Never compared with the Host header: a client can send any Host with a matching Origin.
    if (allowedSet.has(origin)) return next();
    next(new AppError('FORBIDDEN', httpMessages.crossSiteRequestRefused));
  };
}
