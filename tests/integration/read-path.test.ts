import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * The seller's list reads only what its query asks for (docs/architecture.md#read-path): the gallery
 * of each item when selected (directly, through a fragment or an inline fragment), and the page with
 * its count in one statement.
 */
let app: TestApp;
let seller: Seller;
let other: Seller;

beforeAll(async () => {
  app = await startTestApp();
  [seller, other] = await Promise.all([createSeller(app), createSeller(app)]);
  await createProduct(seller.client, { title: 'Oldest teak stool' }, { galleryCount: 2 });
  await createProduct(seller.client, { title: 'Middle teak stool' });
  await createProduct(seller.client, { title: 'Newest teak stool' }, { galleryCount: 1 });
});
afterAll(() => app?.close());

type Page = { totalCount: number; items: Array<{ title: string; gallery?: Array<{ order: number }> }> };
const myProducts = async (selection: string, variables: Record<string, unknown> = {}, who = seller) => {
  const res = await who.client.gql<{ myProducts: Page }>(`query($limit: Int, $offset: Int) { myProducts(limit: $limit, offset: $offset) { ${selection} } }${selection.includes('...G') ? ' fragment G on Product { gallery { order } }' : ''}`, variables);
  expect(res.errors).toBeUndefined();
  return res.data!.myProducts;
};

describe("the seller's list", () => {
  it('gives each item its gallery when the query asks for it, however it is asked', async () => {
    const galleries = [[0], [], [0, 1]];
    for (const items of ['items { title gallery { order } }', 'items { title ...G }', 'items { title ... on Product { gallery { order } } }']) {
      const page = await myProducts(`totalCount ${items}`);
      expect(page.items.map((i) => i.title)).toEqual(['Newest teak stool', 'Middle teak stool', 'Oldest teak stool']);
      expect(page.items.map((i) => i.gallery!.map((g) => g.order))).toEqual(galleries);
    }
  });

  it('counts every product of the seller on every page, also past the end, and no one else’s', async () => {
    expect(await myProducts('totalCount items { title }', { limit: 2 })).toEqual({ totalCount: 3, items: [{ title: 'Newest teak stool' }, { title: 'Middle teak stool' }] });
    expect(await myProducts('totalCount items { title }', { limit: 2, offset: 2 })).toEqual({ totalCount: 3, items: [{ title: 'Oldest teak stool' }] });
    expect(await myProducts('totalCount items { title }', { offset: 5 })).toEqual({ totalCount: 3, items: [] });
    expect(await myProducts('totalCount items { title }', {}, other)).toEqual({ totalCount: 0, items: [] });
  });

  it('over REST gives every item its gallery', async () => {
    const res = await seller.client.get('/seller/products');
    expect(res.status).toBe(200);
    expect(res.body.total_count).toBe(3);
    expect(res.body.products.map((p: { gallery: unknown[] }) => p.gallery.length)).toEqual([1, 0, 2]);
  });
});
