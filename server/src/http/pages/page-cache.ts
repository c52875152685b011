import { LRUCache } from 'lru-cache';
import type { VisitorChange, VisitorChanges } from '../../graphql/visitor-responses.js';
import type { PageBytes } from './page-bytes.js';

/** How many rendered pages a process keeps, and for how long at most (the safety net under the invalidations). */
const MAX_PAGES = 1_000;
const TTL_MS = 60_000;
/**
 * A page that shows products from the search index (home's popular and new rows, `product:*`): dropped at any
 * product's change, and kept 3 s at most, as the GraphQL answers it is made of (the index follows a change a
 * moment after it commits, so a render just after a change may still show the old rows).
 */
const ANY_PRODUCT = 'product:*';
const ANY_PRODUCT_TTL_MS = 3_000;

/** A render under way: a change of something it shows meanwhile means it is answered but not kept. */
interface Render {
  stale: boolean;
}

/**
 * Visitors' rendered pages, by language and path (docs/architecture.md#rendered-pages), dropped when what they
 * show changes in any process, as the catalogue's visitor cache hears it: a product's change drops the pages
 * that show it (and home, which shows the newest), a seller's new name (or notifications lost) every page. Nothing is kept while changes cannot
 * be heard, and nothing longer than a minute in any case.
 */
export class PageCache {
  private readonly pages = new LRUCache<string, PageBytes>({ max: MAX_PAGES, ttl: TTL_MS });
  private readonly renders = new Set<Render>();

  constructor(private readonly changes: VisitorChanges | null) {
    changes?.subscribe((change) => this.changed(change));
  }

  get(key: string): PageBytes | undefined {
    return this.pages.get(key);
  }

  /**
   * Renders with `render` and keeps the page when it may be kept (`keep` says so, changes are heard, and
   * nothing it shows changed while it was made).
   */
  async fill(key: string, render: () => Promise<PageBytes | null>, keep: (page: PageBytes) => boolean): Promise<PageBytes | null> {
    const heard = this.changes ? await this.changes.ready() : false;
    const run: Render = { stale: false };
    this.renders.add(run);
    let page: PageBytes | null;
    try {
      page = await render();
      if (page && heard && keep(page)) {
        await page.encode(['br', 'gzip']);
        if (!run.stale) this.pages.set(key, page, page.dependsOn.includes(ANY_PRODUCT) ? { ttl: ANY_PRODUCT_TTL_MS } : undefined);
      }
    } finally {
      this.renders.delete(run);
    }
    return page;
  }

  private changed(change: VisitorChange): void {
    if ('productId' in change) {
      const tag = `product:${change.productId}`;
      for (const [key, page] of this.pages.entries()) if (page.dependsOn.includes(tag) || page.dependsOn.includes(ANY_PRODUCT)) this.pages.delete(key);
    } else {
      this.pages.clear();
    }
    // Which pages a render under way will show is known only at its end: none of them is kept.
    for (const r of this.renders) r.stale = true;
  }
}
