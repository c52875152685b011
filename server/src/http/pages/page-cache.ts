import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { VisitorChange, VisitorChanges } from '../../graphql/visitor-responses.js';

/** How many rendered pages a process keeps, and for how long at most (the safety net under the invalidations). */
const MAX_PAGES = 1_000;
const TTL_MS = 60_000;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** A rendered page's bytes as sent, in each encoding once it was asked for. */
export class PageBytes {
  readonly etag: string;
  private readonly encoded: Partial<Record<Encoding, Buffer>>;

  constructor(
    readonly status: number,
    readonly html: Buffer,
    /** What it shows that can change (`product:<id>`). */
    readonly dependsOn: string[],
    /** Search engines are to leave it out (`X-Robots-Tag`). */
    readonly noindex = status !== 200,
  ) {
    this.etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
    this.encoded = { identity: html };
  }

  /** The page in `encoding`, if it was compressed in it already. */
  get(encoding: Encoding): Buffer | undefined {
    return this.encoded[encoding];
  }

  /** Compresses the page in the encodings it lacks (brotli at a level quick enough for a page just rendered). */
  async encode(encodings: Encoding[]): Promise<void> {
    await Promise.all(
      encodings.map(async (encoding) => {
        if (this.encoded[encoding]) return;
        this.encoded[encoding] =
          encoding === 'br'
            ? await brotli(this.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } })
            : await gzipAsync(this.html, { level: 6 });
      }),
    );
  }
}

/** A render under way: a change of something it shows meanwhile means it is answered but not kept. */
interface Render {
  stale: boolean;
}

/**
 * Visitors' rendered pages, by language and path (docs/architecture.md#rendered-pages), dropped when what they
 * show changes in any process, as the catalogue's visitor cache hears it: a product's change drops the pages
 * that show it, a seller's new name (or notifications lost) every page. Nothing is kept while changes cannot
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
        if (!run.stale) this.pages.set(key, page);
      }
    } finally {
      this.renders.delete(run);
    }
    return page;
  }

  private changed(change: VisitorChange): void {
    if ('productId' in change) {
      const tag = `product:${change.productId}`;
      for (const [key, page] of this.pages.entries()) if (page.dependsOn.includes(tag)) this.pages.delete(key);
    } else {
      this.pages.clear();
    }
    // Which pages a render under way will show is known only at its end: none of them is kept.
    for (const r of this.renders) r.stale = true;
  }
}
