import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, type RestProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ensureBuiltClient } from '../support/built-client.js';
import { waitFor } from '../support/client.js';

// Pages as a browser, a search engine or a link previewer fetches them, without running any JavaScript
// (docs/architecture.md#rendered-pages): the built web app with its renderer (client/dist, built here when
// it is missing or older than its sources, as npm test does before the browser journeys).

let app: TestApp;
let seller: Seller;
let product: RestProduct;
beforeAll(async () => {
  app = await startTestApp({}, { clientDist: ensureBuiltClient() });
  seller = await createSeller(app, { username: 'almirah_house' });
  product = await createProduct(
    seller.client,
    {
      title: 'Steel almirah <4 shelves> & locker',
      description: 'Godrej-style steel almirah with 4 shelves and a locker. "Powder coated", made in Pune.',
      category: 'Furniture',
      price: '8500.00',
      condition: 'new',
      quantity: { min_quantity: 5, max_quantity: 40 },
      location: { city: 'Pune', state: 'Maharashtra' },
    },
    { galleryCount: 1 },
  );
}, 300_000);
afterAll(async () => {
  await app?.close();
});

interface Page {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  html: string;
}

/** A page load as a browser without JavaScript makes it (Accept: text/html), the body decoded as sent. */
function load(pathname: string, headers: Record<string, string> = {}): Promise<Page> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers: { accept: 'text/html,application/xhtml+xml', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, html: body.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The content of a `<meta>` tag by its property or name, decoded, as a previewer reads it. */
function meta(html: string, key: string): string | null {
  const tag = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return tag ? decode(tag[1]) : null;
}
const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
interface ProductJsonLd {
  '@context': string;
  '@type': string;
  name: string;
  image: string[];
  offers: Record<string, unknown> & { eligibleQuantity: { unitText: string } };
}
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]) as ProductJsonLd;
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';

describe('a product page, fetched without JavaScript', () => {
  it('holds what the page shows first: title, price with its unit, the first picture, seller, condition, minimum order', async () => {
    const page = await load(`/product/${product.product_id}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const body = root(page.html);
    expect(body).toContain('Steel almirah &lt;4 shelves&gt; &amp; locker</h1>');
    expect(body).toContain('₹8,500 / piece');
    expect(body).toContain('Brand New');
    expect(body).toContain('Minimum order: 5 pieces');
    expect(body).toContain('almirah_house');
    expect(body).toContain(`src="${product.thumbnail_urls!.lg}"`);
    // The app's data comes with it (the browser hydrates from it without asking again).
    const state = JSON.parse(/<script type="application\/json" id="bb-state">([\s\S]*?)<\/script>/.exec(page.html)![1]) as Record<string, { title?: string }>;
    expect(state[`Product:${product.product_id}`].title).toBe('Steel almirah <4 shelves> & locker');
    expect(page.html).not.toContain('needs JavaScript');
    // The first picture (the largest paint) is asked for first: its preload comes before the app's scripts and stylesheet.
    const head = /<head>([\s\S]*?)<\/head>/.exec(page.html)![1];
    const preload = head.search(/<link rel="preload" as="image"[^>]*fetchPriority="high"/i);
    expect(preload).toBeGreaterThan(-1);
    expect(preload).toBeLessThan(head.search(/<script|<link rel="stylesheet"/));
  });

  it('has its own title, description, canonical URL, Open Graph and Twitter tags with an absolute picture', async () => {
    const { html } = await load(`/product/${product.product_id}`);
    const url = `${app.config.PUBLIC_URL}/product/${product.product_id}`;
    expect(html).toContain('<html lang="en"');
    expect(decode(/<title>([^<]*)<\/title>/.exec(html)![1])).toBe('Steel almirah <4 shelves> & locker · Bol Bazaar');
    expect(meta(html, 'description')).toMatch(/^₹8,500 \/ piece · Brand New · Minimum order: 5 pieces · Seller: almirah_house · Pune, Maharashtra\. Godrej-style/);
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="hi" href="${url}?lang=hi">`);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:title')).toBe('Steel almirah <4 shelves> & locker · ₹8,500 / piece');
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:image')).toBe(`${app.config.PUBLIC_URL}${product.thumbnail_urls!.md}`);
    expect(meta(html, 'og:description')).toContain('₹8,500 / piece');
    expect(meta(html, 'product:price:amount')).toBe('8500.00');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    // Only one title and one description: the app's defaults are replaced, not repeated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    // The preview picture is served.
    const picture = await fetch(meta(html, 'og:image')!.replace(app.config.PUBLIC_URL, app.url));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
  });

  it('carries schema.org Product and Offer data that names the product, its price, currency, availability, condition and seller', async () => {
    const data = jsonLd((await load(`/product/${product.product_id}`)).html);
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe('Steel almirah <4 shelves> & locker');
    expect(data.image).toEqual([`${app.config.PUBLIC_URL}${product.thumbnail_urls!.md}`, `${app.config.PUBLIC_URL}${product.gallery[0].urls!.md}`]);
    expect(data.offers).toMatchObject({
      '@type': 'Offer',
      price: '8500.00',
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: 'almirah_house' },
      eligibleQuantity: { minValue: 5, unitText: 'piece' },
    });
  });

  it('is in Hindi for a Hindi link (?lang=hi) and for a browser that chose Hindi (its cookie)', async () => {
    for (const [pathname, headers] of [[`/product/${product.product_id}?lang=hi`, {}], [`/product/${product.product_id}`, { cookie: 'bb_lang=hi' }]] as const) {
      const page = await load(pathname, headers);
      expect(page.status).toBe(200);
      expect(page.headers['content-language']).toBe('hi');
      expect(page.html).toContain('<html lang="hi"');
      expect(root(page.html)).toContain('₹8,500 / पीस');
      expect(root(page.html)).toContain('बिल्कुल नया');
      expect(root(page.html)).toContain('कम से कम ऑर्डर: 5 पीस');
      expect(meta(page.html, 'description')).toMatch(/^₹8,500 \/ पीस · बिल्कुल नया · कम से कम ऑर्डर: 5 पीस · सेलर: almirah_house/);
      expect(meta(page.html, 'og:locale')).toBe('hi_IN');
      expect(page.html).toContain(`<link rel="canonical" href="${app.config.PUBLIC_URL}/product/${product.product_id}?lang=hi">`);
      expect(jsonLd(page.html).offers.eligibleQuantity.unitText).toBe('पीस');
    }
    // A link's own language wins over the cookie.
    expect((await load(`/product/${product.product_id}?lang=en`, { cookie: 'bb_lang=hi' })).html).toContain('<html lang="en"');
  });

  it('is sent compressed as the browser accepts, and answers 304 to a browser that has it', async () => {
    const br = await load(`/product/${product.product_id}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['cache-control']).toBe('no-cache');
    const gz = await load(`/product/${product.product_id}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.html).toBe(br.html);
    const again = await load(`/product/${product.product_id}`, { 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.html).toBe('');
  });

  it('shows a change at once: an edit drops the kept page (in every language)', async () => {
    const first = await load(`/product/${product.product_id}`);
    expect(first.html).toContain('Steel almirah &lt;4 shelves&gt;');
    await load(`/product/${product.product_id}?lang=hi`);
    const edited = await seller.client.gql(`mutation($id: ID!) { updateProduct(id: $id, input: { title: "Steel almirah, 6 shelves", price: "9100" }) { id } }`, { id: product.product_id });
    expect(edited.errors).toBeUndefined();
    for (const lang of ['', '?lang=hi']) {
      await waitFor(async () => (await load(`/product/${product.product_id}${lang}`)).html.includes('Steel almirah, 6 shelves'), 5000, `the edited title${lang}`);
      expect(root((await load(`/product/${product.product_id}${lang}`)).html)).toContain('₹9,100');
    }
  });
});

describe('products a visitor cannot see', () => {
  it('a disabled product answers 404 with a page that says so, noindex', async () => {
    const hidden = await createProduct(seller.client, { title: 'Folding table, disabled' });
    await load(`/product/${hidden.product_id}`); // kept while it was enabled
    const off = await seller.client.gql(`mutation($id: ID!) { setProductEnabled(id: $id, enabled: false) { id } }`, { id: hidden.product_id });
    expect(off.errors).toBeUndefined();
    await waitFor(async () => (await load(`/product/${hidden.product_id}`)).status === 404, 5000, 'the disabled product is gone from visitors');
    const page = await load(`/product/${hidden.product_id}`);
    expect(root(page.html)).toContain('Product not found');
    expect(root(page.html)).not.toContain('Folding table');
    expect(page.html).not.toContain('Folding table');
    expect(page.html).toContain('<meta name="robots" content="noindex">');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    // Its seller still gets the app (which shows them their own disabled product).
    expect((await load(`/product/${hidden.product_id}`, { cookie: seller.client.cookie! })).status).toBe(200);
  });

  it('a deleted product answers 410 Gone, a product that never was 404', async () => {
    const gone = await createProduct(seller.client, { title: 'Office chair, sold and removed' });
    const deleted = await seller.client.gql(`mutation($id: ID!) { deleteProduct(id: $id) }`, { id: gone.product_id });
    expect(deleted.errors).toBeUndefined();
    const page = await load(`/product/${gone.product_id}`);
    expect(page.status).toBe(410);
    expect(root(page.html)).toContain('Product not found');
    expect(page.html).not.toContain('Office chair');
    expect((await load('/product/0190a0b0-0000-7000-8000-00000000dead')).status).toBe(404);
    expect((await load('/product/not-an-id')).status).toBe(404);
  });
});

describe('other pages', () => {
  it('an unknown path answers 404 with the not-found page, noindex', async () => {
    const page = await load('/no/such/page');
    expect(page.status).toBe(404);
    expect(root(page.html)).toContain('Page not found');
    expect(page.headers['x-robots-tag']).toBe('noindex');
  });

  it('home and about are rendered in the language asked for', async () => {
    const home = await load('/?lang=hi');
    expect(home.status).toBe(200);
    expect(root(home.html)).toContain('कारोबार का सामान, बस बोलकर ढूँढें');
    const about = await load('/about');
    expect(root(about.html)).toContain('About Bol Bazaar');
    expect(decode(/<title>([^<]*)<\/title>/.exec(about.html)![1])).toBe('About Bol Bazaar · Bol Bazaar');
  });

  it("home holds a visitor's popular and new products in the page's language (price with its unit), and a disabled one leaves it", async () => {
    const listed = await createProduct(seller.client, { title: 'Brass padlock, 50 mm', category: 'HomeTools', price: '1250.00', unit: 'dozen', quantity: { min_quantity: 2, max_quantity: 100 } });
    // The rows come from the search index, which follows the listing a moment after it commits.
    await waitFor(async () => root((await load('/')).html).includes('Brass padlock, 50 mm'), 10_000, 'the new product on home');
    const home = root((await load('/')).html);
    expect(home).toContain('Popular and new products');
    expect(home).toContain('₹1,250 / dozen · min. 2');
    expect(home).toContain(`href="/product/${listed.product_id}"`);
    const hindi = root((await load('/?lang=hi')).html);
    expect(hindi).toContain('लोकप्रिय और नए प्रोडक्ट');
    expect(hindi).toContain('₹1,250 / दर्जन');
    const off = await seller.client.gql(`mutation($id: ID!) { setProductEnabled(id: $id, enabled: false) { id } }`, { id: listed.product_id });
    expect(off.errors).toBeUndefined();
    await waitFor(async () => !(await load('/')).html.includes('Brass padlock'), 10_000, 'the disabled product gone from home');
  });

  it('private pages are the app shell for everyone: never rendered with anyone\'s data, and noindex', async () => {
    for (const pathname of ['/orders', '/chat', '/settings', '/dashboard', '/seller/products', '/seller/orders', `/seller/products/edit/${product.product_id}`, '/login']) {
      for (const headers of [{}, { cookie: seller.client.cookie! }] as Array<Record<string, string>>) {
        const page = await load(pathname, headers);
        expect(page.status, pathname).toBe(200);
        expect(root(page.html), pathname).toBe('');
        expect(page.html, pathname).toContain('<div id="root"></div>');
        expect(page.html, pathname).toContain('<meta name="robots" content="noindex">');
        expect(page.headers['x-robots-tag'], pathname).toBe('noindex');
        expect(page.html, pathname).not.toContain('almirah_house');
      }
    }
  });

  it('a signed-in browser gets the app shell of a public page (its own view is rendered in the browser)', async () => {
    const page = await load(`/product/${product.product_id}`, { cookie: seller.client.cookie! });
    expect(page.status).toBe(200);
    expect(root(page.html)).toBe('');
    expect(page.html).not.toContain('noindex');
  });

  it('API calls on the same paths are still the API', async () => {
    const res = await fetch(`${app.url}/products/${product.product_id}`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain(product.product_id);
  });
});
