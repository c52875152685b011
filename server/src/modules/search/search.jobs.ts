import { v7 as uuidv7 } from 'uuid';
import type { Infra } from '../../app/infra.js';
import type { SearchIndexer } from './search-indexer.js';
import { USERNAME_CHANGED } from '../accounts/accounts.service.js';
import { jobDataOf } from '../../outbox/outbox.js';
import { sellerStandingChanged } from '../reputation/reputation.public.js';

/** BullMQ queue of indexing work: `product.changed`, username and seller standing change events, and reconcile passes. */
export const SEARCH_INDEX_QUEUE = 'search-index';
const RECONCILE = 'reconcile';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const standingEvent = jobDataOf(sellerStandingChanged);

/**
 * The indexing worker. Each `product.changed` job indexes the product as it is at that moment,
 * so retries and duplicates are harmless. Every process start also queues one reconcile pass: a
 * worker that starts catches up with whatever the index missed (a worker killed mid-job, a
 * restored database) without waiting for BullMQ to notice the stalled job.
 */
export function registerSearchJobs({ searchIndexer, infra }: { searchIndexer: SearchIndexer; infra: Pick<Infra, 'queues' | 'log' | 'config'> }): void {
  const { queues, log } = infra;
  queues.register(SEARCH_INDEX_QUEUE, async (job) => {
    if (job.name === RECONCILE) return { reconciled: await searchIndexer.reconcile() };
    if (job.name === USERNAME_CHANGED) {
      const userId: unknown = job.data?.userId;
      if (typeof userId !== 'string' || !UUID.test(userId)) {
        log.warn({ jobId: job.id, data: job.data }, 'username change job without a user id; skipped');
        return { skipped: true };
      }
      return { reindexed: await searchIndexer.indexSeller(userId) };
    }
    if (job.name === sellerStandingChanged.name) {
      // The seller's documents carry their standing (a tie-breaker of ranking).
      const e = standingEvent.safeParse(job.data);
      if (!e.success) {
        log.warn({ jobId: job.id, data: job.data }, 'seller standing job without a seller id; skipped');
        return { skipped: true };
      }
      return { reindexed: await searchIndexer.indexSeller(e.data.sellerId) };
    }
    const productId: unknown = job.data?.productId;
    if (typeof productId !== 'string' || !UUID.test(productId)) {
      log.warn({ jobId: job.id, data: job.data }, 'search index job without a product id; skipped');
      return { skipped: true };
    }
    return { [productId]: await searchIndexer.indexProduct(productId) };
  });
  const queue = queues.queue(SEARCH_INDEX_QUEUE);
  queue
    .add(RECONCILE, {}, { jobId: `${RECONCILE}-${uuidv7()}` })
    .catch((err: Error) => log.warn({ err: err.message }, 'search reconcile pass not queued'));
  // Repeated by a sweep of each worker, not a BullMQ scheduler (which Redis would lose with its data): one
  // job per period across workers (its id names the period).
  const every = infra.config.SEARCH_RECONCILE_SECONDS * 1000;
  if (every > 0) queues.registerSweep(RECONCILE, every, () => queue.add(RECONCILE, {}, { jobId: `${RECONCILE}-every-${Math.floor(Date.now() / every)}` }));
  // The scheduler of earlier versions, if Redis still has it.
  queue.removeJobScheduler(RECONCILE).catch((err: Error) => log.warn({ err: err.message }, 'old search reconcile schedule not removed'));
}
