import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Config } from '../config/env.js';

/**
 * Security headers on every answer (pages, JSON, files, errors), by helmet: a Content-Security-Policy
 * the web app and the bundled GraphiQL run under (scripts and workers from this origin only, the
 * inline styles React and Monaco set, pictures and videos from this origin, blob: previews and the
 * S3 public URL when there is one), no framing anywhere (frame-ancestors 'none' and X-Frame-Options
 * DENY), and nosniff. tests/e2e/csp.test.ts loads the pages in Chromium and fails on any violation.
 * helmet's headers are the same for every answer: they are worked out once and set in one call.
 */
export function securityHeaders(config: Pick<Config, 'PUBLIC_URL' | 'S3_PUBLIC_URL'>): RequestHandler {
  const media = ["'self'", 'data:', 'blob:', ...(config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [])];
  const https = new URL(config.PUBLIC_URL).protocol === 'https:';
  const headers = fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          // React and Monaco (GraphiQL) set style attributes and <style> elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: media,
          mediaSrc: media,
          fontSrc: ["'self'", 'data:'],
          // 'self' covers the same-origin WebSocket (ws:/wss:) of the subscriptions.
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
      // Served over plain HTTP (a local run), HSTS would mean nothing; over HTTPS it is helmet's default.
      strictTransportSecurity: https,
    }),
  );
  return (_req, res, next) => {
    res.setHeaders(headers);
    next();
  };
}

/** The headers a middleware that reads nothing of the request sets, found by running it once. */
function fixedHeaders(middleware: RequestHandler): Map<string, string> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let called = false;
  void middleware({} as Request, res as unknown as Response, (err?: unknown) => {
    if (err) throw err;
    called = true;
  });
  if (!called) throw new Error('The security headers middleware did not finish at once');
  return headers;
}
