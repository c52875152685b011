import type { Logger } from 'pino';
import { CommitListener } from '../../cache/commit-listener.js';
import { ReadCache } from '../../cache/read-cache.js';
import type { ProductView } from './product-view.js';

/** How many products a process keeps for visitors, and for how long at most (the safety net under the invalidations). */
const MAX_PRODUCTS = 10_000;
const TTL_MS = 10_000;

export interface VisitorProductCacheOptions {
  databaseUrl: string;
  log: Logger;
  /** The outbox topic of a product change (payload `productId`) and of a seller's new name (payload `userId`). */
  topics: { productChanged: string; usernameChanged: string };
}

/**
 * Products as a visitor without a session sees them (docs/architecture.md#read-path), kept in this
 * process and dropped when a change of the product commits, in any process: the commit notification
 * of its `product.changed` outbox event (an edit, a stock change by an order or a cancellation, a
 * disable or delete), and of `account.username_changed` for every product of that seller. Nothing is
 * kept while the notifications cannot be heard, and nothing longer than 10 s in any case.
 * Signed-in viewers never read from it (their view differs: their own disabled products, isOwner).
 */
export class VisitorProductCache {
  private readonly cache = new ReadCache<ProductView>({ max: MAX_PRODUCTS, ttlMs: TTL_MS });
  private readonly listener: CommitListener;

  constructor(opts: VisitorProductCacheOptions) {
    const { productChanged, usernameChanged } = opts.topics;
    this.listener = new CommitListener(opts.databaseUrl, opts.log, {
      event: ({ topic, payload }) => {
        if (topic === productChanged && typeof payload.productId === 'string') this.cache.invalidate(payload.productId);
        else if (topic === usernameChanged && typeof payload.userId === 'string') {
          const sellerId = payload.userId;
          this.cache.invalidateWhere((p) => p.sellerId === sellerId);
        }
      },
      live: (listening) => this.cache.setLive(listening),
    });
  }

  /**
   * The visitor's views of the products of `ids` that `load` finds (in no particular order): kept
   * ones at once, the others from `load`. The first call starts listening for changes (and waits
   * for it: nothing is kept before changes can be heard).
   */
  async views(ids: string[], load: (missing: string[]) => Promise<ProductView[]>): Promise<ProductView[]> {
    if (!this.cache.isLive) await this.listener.start();
    return this.cache.getMany(ids, async (missing) => (await load(missing)).map((p) => [p.id, p]));
  }

  /** A change of this process committed: dropped now, before its notification comes back. */
  changed(productId: string): void {
    this.cache.invalidate(productId);
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}
