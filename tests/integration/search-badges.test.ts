import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories/products.js';
import { createSeller } from '../factories/users.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, waitFor } from '../support/client.js';

/**
 * Search result cards show their seller's badges compactly (docs/product.md#seller-profiles): the GraphQL
 * `SearchResult.sellerBadges` field, the same badges as the seller's profile, for every result of a seller.
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
