import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, waitFor } from '../support/client.js';

/**
 * Search result cards show their seller's badges compactly (docs/product.md#seller-profiles): the GraphQL
 * `SearchResult.sellerBadges` field, the same badges as the seller's profile, for every result of a seller.
 * And a seller's standing (rating, reply time) orders equally relevant results, never above relevance.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const SEARCH = `query($input: SearchProductsInput!) { searchProducts(input: $input) {
  results { sellerName sellerBadges { kind value } product { id sellerId } } } }`;

interface Result {
  sellerName: string;
  sellerBadges: Array<{ kind: string; value: number | null }>;
  product: { id: string; sellerId: string };
}

describe('search results carry their seller’s badges', () => {
  it('each card names its own seller’s badges, as the profile does, in English and Hindi requests alike', async () => {
    const checked = await createSeller(app);
    const saved = await checked.client.put('/sellers/business', {
      legal_name: 'Verma Brass Works',
      gstin: '27AAPFU0939F1ZV',
      address: { line1: '4, Bhandi Bazaar', city: 'Mumbai', state: 'Maharashtra', pincode: '400003' },
      invoice_prefix: 'VB/',
      prices_include_gst: false,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const plain = await createSeller(app);
    const made = [
      await createProduct(checked.client, { title: 'Brass lota kalash', category: 'Kitchen' }),
      await createProduct(checked.client, { title: 'Brass lota small', category: 'Kitchen' }),
      await createProduct(plain.client, { title: 'Brass lota plain', category: 'Kitchen' }),
    ];
    const search = async (client: ApiClient): Promise<Result[]> => {
      const res = await client.gql(SEARCH, { input: { query: 'brass lota', limit: 10 } });
      expect(res.errors).toBeUndefined();
      return res.data!.searchProducts.results as Result[];
    };
    // The indexer's usual lag.
    let results: Result[] = [];
    await waitFor(async () => (results = await search(new ApiClient(app.url))).length === 3, 20_000, 'the three products in search');
    expect(new Set(results.map((r) => r.product.id))).toEqual(new Set(made.map((p) => p.product_id)));
    const profileBadges = async (username: string) => (await new ApiClient(app.url).get(`/sellers/${username}`)).body.seller.badges;
    expect(await profileBadges(checked.username)).toEqual([
      { kind: 'email_verified', value: null },
      { kind: 'gstin_checked', value: null },
    ]);
    for (const r of results) {
      const seller = r.product.sellerId === checked.user.uid ? checked : plain;
      expect(r.sellerBadges, r.sellerName).toEqual(await profileBadges(seller.username));
    }
    expect(results.filter((r) => r.product.sellerId === plain.user.uid).map((r) => r.sellerBadges)).toEqual([[{ kind: 'email_verified', value: null }]]);
    // A Hindi request: the same badges (the words are the app's).
    const hindi = await search(new ApiClient(app.url, { 'x-locale': 'hi' }));
    expect(hindi.map((r) => [r.product.id, r.sellerBadges]).sort()).toEqual(results.map((r) => [r.product.id, r.sellerBadges]).sort());
  });
});

describe('a seller’s standing orders equally relevant results', () => {
  const titles = async (query: string): Promise<string[]> => {
    const res = await new ApiClient(app.url).post('/products/search', { query, limit: 10 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.results as Array<{ product_id: string }>).map((r) => r.product_id);
  };

  it('three five-star reviews put the reviewed seller’s listing ahead of a newer one alike, never ahead of a closer match', async () => {
    const [reviewed, other, buyer] = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
    const listing = { title: 'Kansa thali set', description: 'Bronze kansa thali set for hotels.', category: 'Kitchen', quantity: { min_quantity: 1, max_quantity: 100 } };
    const older = (await createProduct(reviewed.client, listing)).product_id;
    const newer = (await createProduct(other.client, listing)).product_id;
    const closest = (await createProduct(other.client, { ...listing, title: 'Kansa thali set', description: 'Kansa thali set, bronze kansa thali set.', tags: ['kansa thali set'] })).product_id;
    await waitFor(async () => (await titles('kansa thali set')).length === 3, 20_000, 'the three listings in search');
    // Before any review: the newer of the two alike comes first.
    expect(await titles('kansa thali set')).toEqual([closest, newer, older]);

    const ok = async (p: Promise<{ status: number; body: unknown }>) => expect((await p).status).toBe(200);
    const deliveredTo = async (seller: Seller): Promise<string> => {
      const bought = await buyer.client.request('POST', '/products/buy-now', { product_id: older, quantity: 1 }, { 'idempotency-key': randomUUID() });
      expect(bought.status, JSON.stringify(bought.body)).toBe(201);
      const id = bought.body.order_id as string;
      await ok(buyer.client.post('/orders/confirm', { order_id: id }));
      await ok(seller.client.post(`/sellers/orders/${id}/payment-received`, {}));
      await ok(seller.client.post('/sellers/orders/confirm-delivery', { order_id: id }));
      return id;
    };
    for (let i = 0; i < 3; i++) {
      const orderId = await deliveredTo(reviewed);
      const res = await buyer.client.post(`/orders/${orderId}/review`, { rating: 5 });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    // The reputation job counts the reviews, the standing changes, the indexer writes the seller's listings again.
    await waitFor(async () => (await titles('kansa thali set'))[1] === older, 30_000, 'the reviewed seller’s listing second');
    expect(await titles('kansa thali set')).toEqual([closest, older, newer]);
    const profile = await new ApiClient(app.url).get(`/sellers/${reviewed.username}`);
    expect(profile.body.seller).toMatchObject({ rating_average: 5, review_count: 3 });
  }, 90_000);
});
