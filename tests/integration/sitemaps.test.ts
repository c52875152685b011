import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, type RestProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ensureBuiltClient } from '../support/built-client.js';
import { waitFor } from '../support/client.js';

// robots.txt and the sitemaps as a crawler reads them (docs/architecture.md#rendered-pages). Files of 6 URLs
// (3 products, each in English and Hindi) here, so the list splits as it does past 50,000 URLs.
let app: TestApp;
let seller: Seller;
const products: RestProduct[] = [];
beforeAll(async () => {
  app = await startTestApp({ SITEMAP_URLS_PER_FILE: '6' }, { clientDist: ensureBuiltClient() });
  seller = await createSeller(app);
  for (let i = 0; i < 5; i++) products.push(await createProduct(seller.client, { title: `Steel almirah model ${i + 1}` }));
}, 300_000);
afterAll(async () => {
  await app?.close();
});

/** A file as a crawler fetches it (gzip accepted: fetch decodes it). */
async function fetchText(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}${path}`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text(), headers: res.headers };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));

/** Every product URL the sitemaps list, file by file, read from the index as a crawler would. */
async function listed(): Promise<string[][]> {
  const index = await fetchText('/sitemap.xml');
  expect(index.status).toBe(200);
  const files = locs(index.text).filter((u) => u.includes('/sitemaps/products-'));
  return Promise.all(files.map(async (u) => locs((await fetchText(new URL(u).pathname)).text)));
}

describe('robots.txt', () => {
  it('keeps crawlers out of the private pages, lets them into the public ones, and names the sitemap', async () => {
    const robots = await fetchText('/robots.txt', { accept: 'text/html' });
    expect(robots.status).toBe(200);
    expect(robots.type).toMatch(/^text\/plain/);
    const disallowed = [...robots.text.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1]);
    const blocked = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));
    for (const path of ['/dashboard', '/settings', '/chat', '/orders', '/seller/products', '/seller/orders', `/seller/products/edit/${products[0].product_id}`, '/sell', '/sellers', '/login', '/signup', '/graphql']) {
      expect(blocked(path), path).toBe(true);
    }
    for (const path of ['/', '/about', `/product/${products[0].product_id}`, `/product/${products[0].product_id}?lang=hi`, products[0].thumbnail_urls!.md]) {
      expect(blocked(path), path).toBe(false);
    }
    expect(robots.text).toContain(`Sitemap: ${app.config.PUBLIC_URL}/sitemap.xml`);
  });
});

describe('the sitemaps', () => {
  it('list every listed product in both languages, with the alternates and the last change, split into files of at most 6 URLs', async () => {
    const index = await fetchText('/sitemap.xml');
    expect(index.type).toBe('application/xml; charset=utf-8');
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index.text)).toEqual([
      `${app.config.PUBLIC_URL}/sitemaps/pages.xml`,
      `${app.config.PUBLIC_URL}/sitemaps/products-1.xml`,
      `${app.config.PUBLIC_URL}/sitemaps/products-2.xml`,
    ]);
    const files = await listed();
    expect(files.map((f) => f.length)).toEqual([6, 4]);
    const all = files.flat();
    for (const p of products) {
      expect(all).toContain(`${app.config.PUBLIC_URL}/product/${p.product_id}`);
      expect(all).toContain(`${app.config.PUBLIC_URL}/product/${p.product_id}?lang=hi`);
    }
    const first = await fetchText('/sitemaps/products-1.xml');
    expect(first.text).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entry = new RegExp(`<url><loc>${app.config.PUBLIC_URL}/product/${products[0].product_id}</loc><lastmod>([^<]+)</lastmod>(.*?)</url>`).exec(first.text);
    expect(entry).not.toBeNull();
    expect(new Date(entry![1]).toISOString()).toBe(entry![1]);
    expect(entry![2]).toBe(
      `<xhtml:link rel="alternate" hreflang="en" href="${app.config.PUBLIC_URL}/product/${products[0].product_id}"/>` +
        `<xhtml:link rel="alternate" hreflang="hi" href="${app.config.PUBLIC_URL}/product/${products[0].product_id}?lang=hi"/>`,
    );
    const pages = locs((await fetchText('/sitemaps/pages.xml')).text);
    expect(pages).toEqual([`${app.config.PUBLIC_URL}/`, `${app.config.PUBLIC_URL}/?lang=hi`, `${app.config.PUBLIC_URL}/about`, `${app.config.PUBLIC_URL}/about?lang=hi`]);
    expect((await fetchText('/sitemaps/products-3.xml')).status).toBe(404);
  });

  it('are sent compressed to a crawler that takes gzip', async () => {
    const { port } = new URL(app.url);
    const res = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/sitemaps/products-1.xml', headers: { 'accept-encoding': 'gzip' } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve({ encoding: r.headers['content-encoding'], body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(res.encoding).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toContain('<urlset');
  });

  it('drop a disabled or deleted product and list a new or enabled one within moments of the change', async () => {
    const [disabled, deleted] = [products[1], products[3]];
    expect((await seller.client.gql(`mutation($id: ID!) { setProductEnabled(id: $id, enabled: false) { id } }`, { id: disabled.product_id })).errors).toBeUndefined();
    expect((await seller.client.gql(`mutation($id: ID!) { deleteProduct(id: $id) }`, { id: deleted.product_id })).errors).toBeUndefined();
    const url = (p: RestProduct) => `${app.config.PUBLIC_URL}/product/${p.product_id}`;
    await waitFor(async () => !(await listed()).flat().some((u) => u === url(disabled) || u === url(deleted)), 5000, 'the unlisted products dropped');
    const added = await createProduct(seller.client, { title: 'Steel almirah model 6' });
    await waitFor(async () => (await listed()).flat().includes(url(added)), 5000, 'the new product listed');
    expect((await seller.client.gql(`mutation($id: ID!) { setProductEnabled(id: $id, enabled: true) { id } }`, { id: disabled.product_id })).errors).toBeUndefined();
    await waitFor(async () => (await listed()).flat().includes(url(disabled)), 5000, 'the enabled product listed again');
    // Every file keeps to its size as products come and go, however the list splits.
    const files = await listed();
    expect(files.every((f) => f.length <= 6)).toBe(true);
    expect(files.flat().filter((u) => !u.endsWith('?lang=hi')).sort()).toEqual([products[0], products[1], products[2], products[4], added].map(url).sort());
  });

  it('split again when a file grows past its size', async () => {
    // New products have the highest ids (an id is its creation time): the last file grows past its size.
    for (let i = 0; i < 4; i++) await createProduct(seller.client, { title: `Steel cupboard ${i + 1}` });
    await waitFor(async () => {
      const files = await listed();
      // The five listed before and these four, each in two languages.
      return files.flat().length === 2 * 9 && files.every((f) => f.length <= 6);
    }, 5000, 'nine products in files of at most six URLs');
    expect((await listed()).length).toBe(3);
  });
});
