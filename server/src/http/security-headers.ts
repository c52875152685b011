import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config/env.js';

/**
 * Security headers on every answer (pages, JSON, files, errors), by helmet: a Content-Security-Policy
 * the web app and the bundled GraphiQL run under (scripts and workers from this origin only, the
 * inline styles React and Monaco set, pictures and videos from this origin, blob: previews and the
 * S3 public URL when there is one), no framing anywhere (frame-ancestors 'none' and X-Frame-Options
 * DENY), and nosniff. tests/e2e/csp.test.ts loads the pages in Chromium and fails on any violation.
 */
export function securityHeaders(config: Pick<Config, 'PUBLIC_URL' | 'S3_PUBLIC_URL'>): RequestHandler {
  const media = ["'self'", 'data:', 'blob:', ...(config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [])];
  const https = new URL(config.PUBLIC_URL).protocol === 'https:';
  return helmet({
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
  });
}
