import express, { type Router } from 'express';
import type { VisitorChange, VisitorChanges } from '../../graphql/visitor-responses.js';
import type { ProductService } from '../../modules/products/products.service.js';
import { PageBytes, sendBytes } from './page-bytes.js';

/** The most URLs one sitemap file may list (the sitemaps protocol's limit). */
export const MAX_URLS_PER_FILE = 50_000;
/** The safety net under the invalidations: a kept file is read again after this long in any case. */
const KEPT_MS = 60 * 60_000;
const XML = 'application/xml; charset=utf-8';
const LANGUAGES = ['en', 'hi'] as const;

export interface SitemapsDeps {
  products: Pick<ProductService, 'listedStarts' | 'listedProducts'>;
  /** The catalogue's changes as visitors see them (a product listed or unlisted, edited, its seller renamed). */
  changes: VisitorChanges | null;
  /** The site's origin (PUBLIC_URL): sitemaps name absolute URLs. */
  origin: string;
  /** URLs per file, at most MAX_URLS_PER_FILE (a product has two: its English and its Hindi page). */
  urlsPerFile: number;
  /** The paths the pages' robots.txt keeps crawlers out of (the app's private pages), once they are known. */
  privatePaths: () => Promise<string[]>;
}

/** A kept file, made from what was read before `at`. */
interface Kept {
  bytes: Promise<PageBytes>;
  at: number;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * robots.txt and the sitemaps (docs/architecture.md#rendered-pages): `/sitemap.xml` is an index of
 * `/sitemaps/pages.xml` (home, about) and `/sitemaps/products-<n>.xml`, each listing up to `urlsPerFile` URLs
 * (both languages of each listed product, with their hreflang alternates and last change). The files split
 * the listed products by id; each is read from the catalogue when first asked for and kept until a change of
 * one of its products (the same commit notifications the visitor caches hear) drops it, so a product listed
 * or unlisted shows within moments. A file that has grown past its size splits the list again.
 */
export class Sitemaps {
  /** Where each products file starts (its first id), read when first needed. */
  private starts: { list: Promise<string[]>; at: number } | null = null;
  private readonly files = new Map<number, Kept>();
  private readonly pages: PageBytes;

  constructor(private readonly deps: SitemapsDeps) {
    if (deps.urlsPerFile < LANGUAGES.length || deps.urlsPerFile > MAX_URLS_PER_FILE) throw new Error(`A sitemap file lists 2 to ${MAX_URLS_PER_FILE} URLs`);
    deps.changes?.subscribe((change) => void this.changed(change));
    this.pages = xmlBytes(urlset(['/', '/about'].flatMap((path) => this.url(path, null))));
  }

  /** Products per file. */
  private get perFile(): number {
    return Math.floor(this.deps.urlsPerFile / LANGUAGES.length);
  }

  router(): Router {
    const r = express.Router();
    const xml = { Vary: 'Accept-Encoding' };
    r.get('/robots.txt', async (req, res) => {
      const disallowed = [...(await this.deps.privatePaths()), '/graphql', '/dev/'];
      const text = ['User-agent: *', ...disallowed.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${this.deps.origin}/sitemap.xml`, ''].join('\n');
      res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
      res.send(text);
    });
    r.get('/sitemap.xml', async (req, res) => sendBytes(req, res, await this.index(), xml));
    r.get('/sitemaps/pages.xml', async (req, res) => sendBytes(req, res, this.pages, xml));
    r.get(/^\/sitemaps\/products-([1-9]\d{0,5})\.xml$/, async (req, res, next) => {
      const file = await this.productFile(Number((req.params as Record<string, string>)[0]));
      if (!file) return next();
      await sendBytes(req, res, file, xml);
    });
    return r;
  }

  /** The sitemap index: the pages' file and every products file. */
  async index(): Promise<PageBytes> {
    const count = (await this.fresh().list).length;
    const files = ['/sitemaps/pages.xml', ...Array.from({ length: count }, (_, i) => `/sitemaps/products-${i + 1}.xml`)];
    return xmlBytes(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.map((f) => `<sitemap><loc>${escapeXml(this.deps.origin + f)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`,
    );
  }

  /** The `n`th products file (from 1), or null when there is no such file. */
  async productFile(n: number): Promise<PageBytes | null> {
    const starts = await this.fresh().list;
    if (n < 1 || n > starts.length) return null;
    const kept = this.files.get(n);
    if (kept && Date.now() - kept.at < KEPT_MS) return kept.bytes;
    const heard = this.deps.changes ? await this.deps.changes.ready() : false;
    const at = Date.now();
    const bytes = this.deps.products.listedProducts(starts[n - 1], starts[n] ?? null, this.perFile + 1).then((rows) => {
      // Grown past its size (products listed within its ids): the list is split again for the next reader.
      if (rows.length > this.perFile) this.resplit();
      return xmlBytes(urlset(rows.slice(0, this.perFile).flatMap((p) => this.url(`/product/${p.id}`, p.updatedAt))));
    });
    if (heard) this.files.set(n, { bytes, at });
    bytes.catch(() => this.files.get(n)?.bytes === bytes && this.files.delete(n));
    return bytes;
  }

  /** A page's two URLs (English, Hindi), each naming both as alternates. */
  private url(path: string, updatedAt: Date | null): string[] {
    const loc = (language: (typeof LANGUAGES)[number]) => escapeXml(`${this.deps.origin}${path}${language === 'en' ? '' : `?lang=${language}`}`);
    const alternates = LANGUAGES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${loc(l)}"/>`).join('');
    const lastmod = updatedAt ? `<lastmod>${updatedAt.toISOString()}</lastmod>` : '';
    return LANGUAGES.map((l) => `<url><loc>${loc(l)}</loc>${lastmod}${alternates}</url>`);
  }

  /** Where the files start: read when first needed, again when too old or split again. */
  private fresh(): { list: Promise<string[]>; at: number } {
    if (!this.starts || Date.now() - this.starts.at >= KEPT_MS) {
      const list = this.deps.products.listedStarts(this.perFile);
      const starts = { list, at: Date.now() };
      // A failed read is not kept: the next reader tries again.
      list.catch(() => this.starts === starts && this.resplit());
      this.starts = starts;
      this.files.clear();
    }
    return this.starts;
  }

  private resplit(): void {
    this.starts = null;
    this.files.clear();
  }

  /** Drops the file a changed product is in (by id: the files split the list by id), or everything. */
  private async changed(change: VisitorChange): Promise<void> {
    if (!('productId' in change)) return this.resplit();
    if (!this.starts) return;
    const starts = await this.starts.list.catch(() => [] as string[]);
    // The last file whose first id is not after the product's.
    let n = 0;
    while (n < starts.length && starts[n] <= change.productId) n += 1;
    this.files.delete(Math.max(n, 1));
  }
}

/** A urlset of `<url>` elements, with the namespace of the hreflang alternates. */
const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;

const xmlBytes = (xml: string) => new PageBytes(200, Buffer.from(xml), [], false, XML);
