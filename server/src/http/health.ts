import express, { type Router } from 'express';
import type { Dependency, DependencyOutages } from '../observability/outages.js';
import type { Orm } from '../db/orm.js';
import type { RedisClients } from '../redis/redis.js';

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

/**
 * Liveness (the process answers) and readiness (PostgreSQL and Redis answer too). Readiness says
 * which check failed; the driver's error (hosts, users, SQL state) goes to the log (once per outage), not to the client.
 * The search engine's state is reported too ('ok', 'empty' while the worker rebuilds a lost index,
 * 'down') without deciding readiness: without search the rest of the marketplace still works.
 */
export function healthRoutes(deps: {
  orm: Orm;
  redis: RedisClients;
  outages: Pick<DependencyOutages, 'noticed'>;
  isShuttingDown: () => boolean;
  search: () => Promise<'ok' | 'empty'>;
}): Router {
  const r = express.Router();
  // A failed check is an outage of that dependency: one warning when it starts (not a line per probe).
  const check = <T extends string>(name: Dependency, probe: () => Promise<T>) =>
    withTimeout(probe(), 2000).then(
      (state) => state,
      (err: Error) => {
        deps.outages.noticed(name, err);
        return 'down' as const;
      },
    );
  r.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  r.get('/readyz', async (_req, res) => {
    const [postgres, redis, search] = await Promise.all([
      check('postgres', () => deps.orm.em.getConnection().execute('select 1').then(() => 'ok' as const)),
      check('redis', () => deps.redis.cmd.ping().then(() => 'ok' as const)),
      check('search', deps.search),
    ]);
    const shuttingDown = deps.isShuttingDown();
    const ready = postgres === 'ok' && redis === 'ok' && !shuttingDown;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks: { postgres, redis, search, shuttingDown } });
  });
  return r;
}
