import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createProduct, jpeg, productBody } from '../factories/products.js';
import { registerAndLogin } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';

// docs/product.md#units, docs/product.md#price-bands
const BANDS = [
  { min_quantity: 10, unit_price_paise: '5000' },
  { min_quantity: 100, unit_price_paise: '4500' },
  { min_quantity: 500, unit_price_paise: '4000' },
];

let app: TestApp;
let seller: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  seller = new ApiClient(app.url);
  await registerAndLogin(app, seller);
});
afterAll(() => app?.close());

const create = async (overrides: Record<string, unknown>) =>
  seller.request('POST', '/seller/products/create', createForm(productBody(overrides), { thumbnail: await jpeg() }));

describe('a product\'s unit, HSN code, GST rate and price bands', () => {
  it('are saved and answered on both doors; bands without a price give it', async () => {
    const p = await createProduct(seller, { price: undefined, unit: 'kg', hsn_code: '1006', gst_rate: 5, quantity: { min_quantity: 10, max_quantity: 5000 }, price_tiers: BANDS });
    expect(p).toMatchObject({ unit: 'kg', hsn_code: '1006', gst_rate: 5, price_paise: '5000', price_tiers: BANDS });
    const gql = await seller.gql(`query($id: ID!) { product(id: $id) { unit hsnCode gstRate pricePaise priceTiers { minQuantity unitPricePaise } } }`, { id: p.product_id });
    expect(gql.data?.product).toEqual({
      unit: 'kg', hsnCode: '1006', gstRate: 5, pricePaise: '5000',
      priceTiers: BANDS.map((b) => ({ minQuantity: b.min_quantity, unitPricePaise: b.unit_price_paise })),
    });
    // The defaults: pieces, 18% (the standard rate), no HSN code, no bands.
    expect(await createProduct(seller)).toMatchObject({ unit: 'piece', hsn_code: null, gst_rate: 18, price_tiers: [] });
  });

  it('refuses every bad band by its number, and bad units, HSN codes and rates, writing nothing', async () => {
    const [{ n: before }] = await app.sql<{ n: number }>('select count(*)::int as n from products');
    const quantity = { min_quantity: 10, max_quantity: 5000 };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ price_tiers: [{ min_quantity: 5, unit_price_paise: '5000' }] }, 'price_tiers.0.min_quantity', 'Band 1 must start at the minimum order (10)'],
      [{ price_tiers: [BANDS[0], { min_quantity: 10, unit_price_paise: '4500' }] }, 'price_tiers.1.min_quantity', 'Band 2 must start at a larger quantity than band 1 (10)'],
      [{ price_tiers: [BANDS[0], { min_quantity: 100, unit_price_paise: '5100' }] }, 'price_tiers.1.unit_price_paise', 'Band 2 must not cost more than band 1'],
      [{ price_tiers: [BANDS[0], { min_quantity: 100, unit_price_paise: '45.5' }] }, 'price_tiers.1.unit_price_paise', 'Band 2: the price must be a whole number of paise of at least 1'],
      [{ price_tiers: [BANDS[0], { min_quantity: 0, unit_price_paise: '4500' }] }, 'price_tiers.1.min_quantity', 'Band 2: the quantity must be a whole number from 1 to 1000000'],
      [{ price_tiers: [...BANDS, { min_quantity: 600, unit_price_paise: '3900' }, { min_quantity: 700, unit_price_paise: '3800' }, { min_quantity: 800, unit_price_paise: '3700' }] }, 'price_tiers', 'At most 5 price bands'],
      [{ price: '49.00', price_tiers: BANDS }, 'price_tiers.0.unit_price_paise', "Band 1 must be the product's own price"],
      [{ unit: 'bucket' }, 'unit', 'Please choose a unit from the list'],
      [{ hsn_code: '12345' }, 'hsn_code', 'The HSN code must be 4, 6 or 8 digits'],
      [{ gst_rate: 15 }, 'gst_rate', 'The GST rate must be 0, 5, 12, 18 or 28 %'],
    ];
    for (const [change, field, message] of cases) {
      const res = await create({ quantity, ...change });
      expect(res.status, field).toBe(400);
      expect(res.body.details.fields[field], JSON.stringify(res.body)).toBe(message);
    }
    const [{ n: after }] = await app.sql<{ n: number }>('select count(*)::int as n from products');
    expect(after).toBe(before);
  });

  it('are edited on both doors, the bands kept in step with the minimum order', async () => {
    const p = await createProduct(seller, { quantity: { min_quantity: 10, max_quantity: 5000 }, price: '50' });
    const put = await seller.put(`/seller/products/${p.product_id}`, { unit: 'dozen', gst_rate: '12%', price_tiers: BANDS });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.product).toMatchObject({ unit: 'dozen', gst_rate: 12, price_tiers: BANDS, price_paise: '5000' });
    const moved = await seller.put(`/seller/products/${p.product_id}`, { quantity: 5000, min_quantity: 20 });
    expect(moved.status).toBe(400);
    expect(moved.body.details.fields['price_tiers.0.min_quantity']).toBe('Band 1 must start at the minimum order (20)');
    const gql = await seller.gql(`mutation($id: ID!) { updateProduct(id: $id, input: { minQuantity: 20, priceTiers: [{ minQuantity: 20, unitPricePaise: "4900" }], hsnCode: "73239390" }) { minQuantity pricePaise hsnCode priceTiers { minQuantity unitPricePaise } } }`, { id: p.product_id });
    expect(gql.errors).toBeUndefined();
    expect(gql.data?.updateProduct).toEqual({ minQuantity: 20, pricePaise: '4900', hsnCode: '73239390', priceTiers: [{ minQuantity: 20, unitPricePaise: '4900' }] });
  });

  it('reads a ladder typed or said in one line, for a logged-in seller', async () => {
    const read = await seller.gql(`query($text: String!) { readPriceLadder(text: $text) { tiers { minQuantity unitPricePaise } unread } }`, { text: '100 पीस से ऊपर 45 रुपये, 500 se upar 40, kuch bhi' });
    expect(read.data?.readPriceLadder).toEqual({ tiers: [{ minQuantity: 100, unitPricePaise: '4500' }, { minQuantity: 500, unitPricePaise: '4000' }], unread: ['kuch bhi'] });
    const visitor = await new ApiClient(app.url).gql(`{ readPriceLadder(text: "100: 45") { unread } }`);
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const empty = await seller.gql(`{ readPriceLadder(text: "  ") { unread } }`);
    expect(empty.errors?.[0]).toMatchObject({ message: 'Please type or say the price bands', extensions: { code: 'BAD_USER_INPUT' } });
  });
});
