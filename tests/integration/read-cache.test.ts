import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppHandle } from '../../server/src/app/server.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, waitFor } from '../support/client.js';
import { createProduct, type RestProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * The visitor cache of product reads (docs/architecture.md#read-path), through the public surface of
 * two api processes of one deployment (same database, same Redis prefix): visitors' reads are kept,
 * and every committed change of the product (an edit, a buy, disable, delete, the seller's new name)
 * reaches both processes at once, well inside the cache's 10 s safety net.
 */
let a: TestApp;
let b: AppHandle;
let seller: Seller;
let buyer: Seller;
/** A visitor (no session) of each process. */
let onA: ApiClient;
let onB: ApiClient;

beforeAll(async () => {
  a = await startTestApp();
  b = await startApp({ ...a.config, PORT: 0 }, { api: true, worker: false, log: pino({ level: 'silent' }) });
  [seller, buyer] = await Promise.all([createSeller(a), createSeller(a)]);
  onA = new ApiClient(a.url);
  onB = new ApiClient(b.url!);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const PRODUCT = 'query($id: ID!) { product(id: $id) { id title sellerUsername maxQuantity enabled isOwner } }';

/** The product as `client` reads it over GraphQL (null when it is not found). */
async function gqlProduct(client: ApiClient, id: string) {
  const res = await client.gql<{ product: { id: string; title: string; sellerUsername: string; maxQuantity: number; enabled: boolean; isOwner: boolean } | null }>(PRODUCT, { id });
  if (res.errors?.length) {
    expect(res.errors[0].extensions?.code).toBe('NOT_FOUND');
    return null;
  }
  return res.data!.product;
}

/** The product as `client` reads it over REST (null when it is not found). */
async function restProduct(client: ApiClient, id: string): Promise<RestProduct | null> {
  const res = await client.get(`/products/${id}`);
  if (res.status === 404) return null;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.product as RestProduct;
}

/** Both visitors have read the product, over GraphQL and REST, so both processes keep it. */
async function readEverywhere(id: string) {
  for (const c of [onA, onB]) {
    expect(await gqlProduct(c, id)).not.toBeNull();
    expect(await restProduct(c, id)).not.toBeNull();
  }
}

/** Waits (2 s at most: far less than the cache's 10 s) until every visitor read of the product satisfies `ok`. */
async function untilVisitorsSee(id: string, ok: (gql: Awaited<ReturnType<typeof gqlProduct>>, rest: RestProduct | null) => boolean, what: string) {
  for (const c of [onA, onB]) {
    await waitFor(async () => ok(await gqlProduct(c, id), await restProduct(c, id)), 2000, `${what} (${c === onA ? 'first' : 'second'} process)`);
  }
}

async function product(overrides: Record<string, unknown> = {}) {
  return createProduct(seller.client, { price: '250.50', quantity: { min_quantity: 1, max_quantity: 20 }, ...overrides });
}

describe('visitor reads of a product', () => {
  it('are kept by each api process, while signed-in viewers always read the database', async () => {
    const p = await product({ title: 'Steel almirah, two doors' });
    await readEverywhere(p.product_id);
    // A change that writes no outbox event (as no service ever does): visitors keep what was read...
    await a.sql('update products set title = $2 where id = $1', [p.product_id, 'Steel almirah, three doors']);
    for (const c of [onA, onB]) {
      expect((await gqlProduct(c, p.product_id))!.title).toBe('Steel almirah, two doors');
      expect((await restProduct(c, p.product_id))!.title).toBe('Steel almirah, two doors');
    }
    // ...signed-in viewers, the seller or anyone else, on either process, read it as it is.
    for (const client of [buyer.client, seller.client]) {
      for (const url of [a.url, b.url!]) {
        const viewer = new ApiClient(url);
        viewer.cookie = client.cookie;
        expect((await gqlProduct(viewer, p.product_id))!.title).toBe('Steel almirah, three doors');
        expect((await restProduct(viewer, p.product_id))!.title).toBe('Steel almirah, three doors');
      }
    }
    const own = new ApiClient(b.url!);
    own.cookie = seller.client.cookie;
    expect((await gqlProduct(own, p.product_id))!.isOwner).toBe(true);
    expect((await gqlProduct(onB, p.product_id))!.isOwner).toBe(false);
  });

  it('show an edit through GraphQL at once on the editing process and on the other', async () => {
    const p = await product({ title: 'Brass door handles' });
    await readEverywhere(p.product_id);
    const edit = await seller.client.gql('mutation($id: ID!) { updateProduct(id: $id, input: { title: "Brass door handles, polished" }) { title } }', { id: p.product_id });
    expect(edit.errors).toBeUndefined();
    // The process that made the change drops its copy when the change commits.
    expect((await gqlProduct(onA, p.product_id))!.title).toBe('Brass door handles, polished');
    await untilVisitorsSee(p.product_id, (g, r) => g?.title === 'Brass door handles, polished' && r?.title === 'Brass door handles, polished', 'the edited title');
  });

  it('show an edit through REST on the other process', async () => {
    const p = await product({ title: 'Copper wire, 2.5 mm' });
    await readEverywhere(p.product_id);
    const seller2 = new ApiClient(b.url!);
    seller2.cookie = seller.client.cookie;
    const edit = await seller2.put(`/seller/products/${p.product_id}`, { title: 'Copper wire, 4 mm' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await restProduct(onB, p.product_id))!.title).toBe('Copper wire, 4 mm');
    await untilVisitorsSee(p.product_id, (g, r) => g?.title === 'Copper wire, 4 mm' && r?.title === 'Copper wire, 4 mm', 'the edited title');
  });

  it('show the stock a buy took', async () => {
    const p = await product({ quantity: { min_quantity: 1, max_quantity: 20 } });
    await readEverywhere(p.product_id);
    const res = await buyer.client.request('POST', '/products/buy-now', { product_id: p.product_id, quantity: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await untilVisitorsSee(p.product_id, (g, r) => g?.maxQuantity === 17 && r?.quantity.max_quantity === 17, 'the stock left after the buy');
  });

  it('stop showing a disabled product, and show it again once enabled', async () => {
    const p = await product();
    await readEverywhere(p.product_id);
    const off = await seller.client.gql('mutation($id: ID!) { setProductEnabled(id: $id, enabled: false) { enabled } }', { id: p.product_id });
    expect(off.errors).toBeUndefined();
    await untilVisitorsSee(p.product_id, (g, r) => g === null && r === null, 'the disabled product gone');
    // The seller still sees it (never from the visitors' copies).
    expect((await gqlProduct(seller.client, p.product_id))!.enabled).toBe(false);
    const on = await seller.client.gql('mutation($id: ID!) { setProductEnabled(id: $id, enabled: true) { enabled } }', { id: p.product_id });
    expect(on.errors).toBeUndefined();
    await untilVisitorsSee(p.product_id, (g, r) => g?.enabled === true && r?.enabled === true, 'the enabled product back');
  });

  it('stop showing a deleted product', async () => {
    const p = await product();
    await readEverywhere(p.product_id);
    expect((await seller.client.delete(`/seller/products/${p.product_id}`)).status).toBe(200);
    await untilVisitorsSee(p.product_id, (g, r) => g === null && r === null, 'the deleted product gone');
  });

  it("show the seller's new name on every product of theirs", async () => {
    const renamed = await createSeller(a);
    const client = renamed.client;
    const [p1, p2] = [
      await createProduct(client, { price: '99.00' }),
      await createProduct(client, { price: '199.00' }),
    ];
    await readEverywhere(p1.product_id);
    await readEverywhere(p2.product_id);
    const newName = `r_${renamed.username.slice(2, 20)}`;
    expect((await client.put('/auth/settings', { username: newName })).status).toBe(200);
    for (const p of [p1, p2]) {
      await untilVisitorsSee(p.product_id, (g, r) => g?.sellerUsername === newName && r?.username === newName, "the seller's new name");
    }
  });

  it('are kept per language', async () => {
    const p = await product();
    const hindi = new ApiClient(a.url, { 'accept-language': 'hi' });
    const CATEGORY = 'query($id: ID!) { product(id: $id) { categoryName } }';
    for (let i = 0; i < 2; i++) {
      expect((await onA.gql<{ product: { categoryName: string } }>(CATEGORY, { id: p.product_id })).data!.product.categoryName).toBe('Computers & Laptops');
      expect((await hindi.gql<{ product: { categoryName: string } }>(CATEGORY, { id: p.product_id })).data!.product.categoryName).toBe('कंप्यूटर और लैपटॉप');
    }
  });
});

describe("a visitor's home page rows", () => {
  const HOME = '{ recommendations { rows { title products { id title } } } }';
  const titles = async (c: ApiClient) => {
    const res = await c.gql<{ recommendations: { rows: Array<{ products: Array<{ title: string }> }> } }>(HOME);
    expect(res.errors).toBeUndefined();
    return res.data!.recommendations.rows.flatMap((r) => r.products.map((x) => x.title));
  };

  it('are kept a few seconds, never for signed-in viewers, and follow an edit once it is indexed', async () => {
    const p = await product({ title: 'Walnut writing desk' });
    await a.drain(); // indexed
    expect(await titles(onA)).toContain('Walnut writing desk');
    // The search index changed without an outbox event: visitors keep the rows they were given...
    await a.sql('update search_documents set title = $2 where product_id = $1', [p.product_id, 'Walnut writing desk, large']);
    expect(await titles(onA)).toContain('Walnut writing desk');
    // ...a signed-in viewer reads the index as it is.
    expect(await titles(buyer.client)).toContain('Walnut writing desk, large');
    const edit = await seller.client.gql('mutation($id: ID!) { updateProduct(id: $id, input: { title: "Walnut writing desk, small" }) { title } }', { id: p.product_id });
    expect(edit.errors).toBeUndefined();
    await a.drain();
    await waitFor(async () => (await titles(onA)).includes('Walnut writing desk, small'), 4000, "the edited title in a visitor's rows");
  });
});
