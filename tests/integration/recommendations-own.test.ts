import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';
import { createProduct, type RestProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * A seller's own products are never recommended to them, in any row, 'New arrivals' included; and a
 * seller whose own listings are the newest anywhere still gets 'New arrivals', of others' products.
 */
let app: TestApp;
let busy: Seller;
const othersProducts: RestProduct[] = [];
const ownProducts: RestProduct[] = [];

beforeAll(async () => {
  app = await startTestApp();
  let others: Seller;
  [others, busy] = await Promise.all([createSeller(app), createSeller(app)]);
  // More than two rows show (6 each: 'Picked for you' after the seller's search, 'New in Furniture'), so some are left
  // for 'New arrivals'.
  for (let i = 0; i < 14; i += 1) othersProducts.push(await createProduct(others.client, { title: `Steel folding chair ${i}`, category: 'Furniture' }));
  // Listed after: the newest products anywhere, more of them than a row reads (twice its 6).
  for (let i = 0; i < 13; i += 1) ownProducts.push(await createProduct(busy.client, { title: `Teak wood stool ${i}`, category: 'Furniture' }));
  await app.drain();
});
afterAll(() => app?.close());

type Row = { title: string; products: RestProduct[] };
const rows = async (client: ApiClient): Promise<Row[]> => {
  const res = await client.get('/homepage/recommendations');
  expect(res.status).toBe(200);
  return res.body.rows as Row[];
};
const own = new Set<string>();

describe("a seller's own products and their recommendations", () => {
  it("a visitor's 'New arrivals' are the busy seller's listings (the newest anywhere)", async () => {
    for (const p of ownProducts) own.add(p.product_id);
    const fresh = (await rows(new ApiClient(app.url))).find((r) => r.title === 'New arrivals');
    expect(fresh?.products.length).toBeGreaterThan(0);
    expect(fresh!.products.every((p) => own.has(p.product_id))).toBe(true);
  });

  it("are in none of the seller's rows, and 'New arrivals' shows them others' products", async () => {
    // The seller's own search finds their stools: the row of that search leaves them out too.
    const form = new FormData();
    form.append('body', JSON.stringify({ query: 'teak wood stool' }));
    expect((await busy.client.request('POST', '/products/search', form)).status).toBe(200);
    const inHindi = new ApiClient(app.url, { 'x-locale': 'hi' });
    inHindi.cookie = busy.client.cookie;
    for (const client of [busy.client, inHindi]) {
      const got = await rows(client);
      const shown = got.flatMap((r) => r.products);
      expect(shown.filter((p) => own.has(p.product_id) || p.user_id === busy.user.uid).map((p) => p.title)).toEqual([]);
      const fresh = got[got.length - 1];
      const title = client === busy.client ? 'New arrivals' : 'नए प्रोडक्ट';
      expect(fresh?.title, JSON.stringify(got.map((r) => [r.title, r.products.map((p) => p.title)]))).toBe(title);
      expect(fresh.products.length).toBeGreaterThan(0);
      expect(fresh.products.every((p) => othersProducts.some((o) => o.product_id === p.product_id))).toBe(true);
    }
  });
});

describe('how many rows (home asks for 3)', () => {
  const ROWS = 'query($rows: Int) { recommendations(rows: $rows) { rows { title products { id } } } }';
  it("answers at most that many, what is new anywhere last, the newest listings in it", async () => {
    const res = await new ApiClient(app.url).gql<{ recommendations: { rows: Array<{ title: string; products: Array<{ id: string }> }> } }>(ROWS, { rows: 3 });
    expect(res.errors).toBeUndefined();
    const got = res.data!.recommendations.rows;
    expect(got.length).toBeLessThanOrEqual(3);
    expect(got.at(-1)?.title).toBe('New arrivals');
    expect(got.at(-1)!.products.some((p) => ownProducts.some((o) => o.product_id === p.id))).toBe(true);
  });

  it('refuses 0 or more than 8 in the language asked, with the field named', async () => {
    for (const [rows, client, message] of [
      [0, new ApiClient(app.url), 'rows must be a whole number from 1 to 8'],
      [9, new ApiClient(app.url, { 'x-locale': 'hi' }), 'एक बार में 1 से 8 तक ही पंक्तियाँ दिखा सकते हैं'],
    ] as const) {
      const res = await client.gql(ROWS, { rows });
      expect(res.data?.recommendations ?? null).toBeNull();
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
  });
});
