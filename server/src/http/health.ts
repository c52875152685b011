import express, { type Router } from 'express';
import type { Orm } from '../db/orm.js';
import type { RedisClients } from '../app/redis.js';

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

/** Liveness (the process answers) and readiness (PostgreSQL and Redis answer too). */
export function healthRoutes(deps: { orm: Orm; redis: RedisClients; isShuttingDown: () => boolean }): Router {
  const r = express.Router();
  r.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  r.get('/readyz', async (_req, res) => {
    const [db, redis] = await Promise.all([
      withTimeout(deps.orm.em.getConnection().execute('select 1'), 2000).then(() => 'ok', (e: Error) => `down: ${e.message}`),
      withTimeout(deps.redis.cmd.ping(), 2000).then(() => 'ok', (e: Error) => `down: ${e.message}`),
    ]);
    const ready = db === 'ok' && redis === 'ok' && !deps.isShuttingDown();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks: { postgres: db, redis, shuttingDown: deps.isShuttingDown() } });
  });
  return r;
}
