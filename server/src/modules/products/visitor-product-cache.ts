import type { Logger } from 'pino';
import { CommitListener } from '../../cache/commit-listener.js';
import { ReadCache } from '../../cache/read-cache.js';
import type { usernameChanged } from '../accounts/accounts.service.js';
import type { productChanged } from './product-events.js';
import type { ProductView } from './product-view.js';

/** How many products a process keeps for visitors, and for how long at most (the safety net under the invalidations). */
const MAX_PRODUCTS = 10_000;
const TTL_MS = 10_000;

/** A change of what visitors are shown: one product, every product of a seller, or anything (the notifications were lost). */
export type VisitorChange = { productId: string } | { sellerId: string } | { all: true };

export interface VisitorProductCacheOptions {
  databaseUrl: string;
  log: Logger;
  /** The outbox topics of a product change and of a seller's new name, whose commits drop what is kept. */
  topics: { productChanged: typeof productChanged; usernameChanged: typeof usernameChanged };
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
  private readonly subscribers = new Set<(change: VisitorChange) => void>();

  constructor(opts: VisitorProductCacheOptions) {
    const { productChanged, usernameChanged } = opts.topics;
    this.listener = new CommitListener(opts.databaseUrl, opts.log, {
      event: ({ topic, payload }) => {
        if (topic === productChanged.name) {
          const product = productChanged.schema.safeParse(payload);
          if (product.success) this.changed(product.data.productId);
        } else if (topic === usernameChanged.name) {
          const seller = usernameChanged.schema.safeParse(payload);
          if (!seller.success) return;
          const sellerId = seller.data.userId;
          this.cache.invalidateWhere((p) => p.sellerId === sellerId);
          this.emit({ sellerId });
        }
      },
      live: (listening) => {
        this.cache.setLive(listening);
        if (!listening) this.emit({ all: true });
      },
    });
  }

  /**
   * Tells `subscriber` of every change of what visitors are shown, as this cache hears it (so whoever
   * keeps other copies for visitors drops them with the same notifications).
   */
  subscribe(subscriber: (change: VisitorChange) => void): void {
    this.subscribers.add(subscriber);
  }

  /** Starts listening for changes if need be (and waits for it); answers whether they are heard. */
  async ready(): Promise<boolean> {
    if (!this.cache.isLive) await this.listener.start();
    return this.cache.isLive;
  }

  private emit(change: VisitorChange): void {
    for (const s of this.subscribers) s(change);
  }

  /**
   * The visitor's views of the products of `ids` that `load` finds (in no particular order): kept
   * ones at once, the others from `load`. The first call starts listening for changes (and waits
   * for it: nothing is kept before changes can be heard).
   */
  async views(ids: string[], load: (missing: string[]) => Promise<ProductView[]>): Promise<ProductView[]> {
    await this.ready();
    return this.cache.getMany(ids, async (missing) => (await load(missing)).map((p) => [p.id, p]));
  }

  /** A change of the product committed (a change of this process: dropped now, before its notification comes back). */
  changed(productId: string): void {
    this.cache.invalidate(productId);
    this.emit({ productId });
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}
