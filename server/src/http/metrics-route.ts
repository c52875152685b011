import { timingSafeEqual } from 'node:crypto';
import express, { type Router } from 'express';
import { AppError } from '../common/app-error.js';
import type { Metrics } from '../observability/metrics.js';
import { httpMessages } from './http.messages.js';

/**
 * GET /metrics: the process's metrics as Prometheus text, only for `Authorization: Bearer <METRICS_TOKEN>`.
 * Without a token configured the route does not exist (404); a missing or wrong token is refused (401).
 */
export function metricsRoute(metrics: Metrics, token: string | undefined): Router {
  const r = express.Router();
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  r.get('/metrics', async (req, res, next) => {
    if (!expected) return next(new AppError('NOT_FOUND', httpMessages.noSuchEndpoint({ method: req.method, path: req.path })));
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return next(new AppError('UNAUTHENTICATED', httpMessages.aValidMetricsTokenIsRequired));
    }
    try {
      const text = await metrics.text();
      res.setHeader('content-type', metrics.contentType);
      res.setHeader('cache-control', 'no-store');
      res.end(text);
    } catch (err) {
      next(err);
    }
  });
  return r;
}
