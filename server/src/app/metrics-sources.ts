import type { Pool } from 'pg';
import type { Metrics, QueueCounts } from '../observability/metrics.js';
import type { Infra } from './infra.js';

/** Time in a UUIDv7 (its first 48 bits: milliseconds since the epoch). */
const uuidV7Ms = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

/**
 * The gauges read from the process's infrastructure at each scrape: the outbox's backlog (one query on
 * its pending-events index), BullMQ's job counts per queue, the PostgreSQL pool.
 */
export function watchInfra(metrics: Metrics, infra: Pick<Infra, 'orm' | 'queues'>): void {
  const { orm, queues } = infra;
  metrics.watchOutbox(async () => {
    const [row] = await orm.em
      .fork()
      .execute<Array<{ pending: number; oldest: string | null }>>(
        `select count(*)::int as pending, (select id::text from outbox_events where dispatched_at is null order by id limit 1) as oldest
           from outbox_events where dispatched_at is null`,
      );
    const oldest = row?.oldest ? uuidV7Ms(row.oldest) : null;
    return { pending: row?.pending ?? 0, oldestPendingSeconds: oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000) };
  });
  metrics.watchQueues(async () => {
    const names = queues.registeredQueues();
    const counts = await Promise.all(names.map((name) => queues.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed')));
    return Object.fromEntries(names.map((name, i) => [name, counts[i] as QueueCounts]));
  });
  let pool: Promise<Pool> | undefined;
  metrics.watchPool(async () => {
    // The pool opens lazily: one that could not be opened (PostgreSQL down) is asked for again next time.
    pool ??= (orm.em.getConnection().getNativeClient() as Promise<Pool>).catch((err: unknown) => {
      pool = undefined;
      throw err;
    });
    const p = await pool;
    return { total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount };
  });
}
