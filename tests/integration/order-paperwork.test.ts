import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';
import { startTestApp, type TestApp } from '../support/app.js';

// docs/product.md#orders: an order's price follows the band of its quantity (a quote's price wins),
// it counts in the product's unit, and its GST and amount to pay are fixed at purchase.
const BANDS = [
  { min_quantity: 10, unit_price_paise: '5000' },
  { min_quantity: 100, unit_price_paise: '4500' },
  { min_quantity: 500, unit_price_paise: '4000' },
];
const MUMBAI = { line1: '12, Lohar Chawl, Kalbadevi', city: 'Mumbai', state: 'Maharashtra', pincode: '400002' };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const business = (gstin: string | null, pricesIncludeGst: boolean) => ({
  legal_name: 'Sharma Steel Traders Pvt Ltd',
  trade_name: 'Sharma Steel',
  gstin,
  address: MUMBAI,
  upi_vpa: 'sharma.steel@okhdfc',
  invoice_prefix: 'SS/',
  prices_include_gst: pricesIncludeGst,
});

async function bandedProduct(seller: Seller, extra: Record<string, unknown> = {}) {
  return createProduct(seller.client, {
    price: undefined,
    unit: 'kg',
    hsn_code: '7323',
    gst_rate: 18,
    quantity: { min_quantity: 10, max_quantity: 100_000 },
    price_tiers: BANDS,
    ...extra,
  });
}

describe('an order follows the band of its quantity and carries the unit', () => {
  it('prices each quantity at each band boundary on REST and GraphQL, totals in paise', async () => {
    const [seller, buyer] = await Promise.all([createSeller(app), createSeller(app)]);
    const p = await bandedProduct(seller);
    const cases: Array<[number, string]> = [
      [10, '5000'],
      [99, '5000'],
      [100, '4500'],
      [499, '4500'],
      [500, '4000'],
      [1234, '4000'],
    ];
    for (const [quantity, price] of cases) {
      const res = await buyer.client.post('/products/buy-now', { product_id: p.product_id, quantity });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.order, String(quantity)).toMatchObject({
        quantity,
        unit: 'kg',
        price_paise: price,
        total_paise: String(BigInt(price) * BigInt(quantity)),
        // No business details: no GSTIN, no tax; the buyer pays the total.
        taxed: false,
        tax_paise: '0',
        payable_paise: String(BigInt(price) * BigInt(quantity)),
      });
    }
    // The minimum order when no quantity is given: band 1.
    const least = await buyer.client.post('/products/buy-now', { product_id: p.product_id });
    expect(least.body.order).toMatchObject({ quantity: 10, price_paise: '5000', total_paise: '50000' });

    const gql = await buyer.client.gql<{ buyNow: Record<string, unknown> }>(
      'mutation($p: ID!) { buyNow(productId: $p, quantity: 250) { quantity unit unitPricePaise totalPaise payablePaise payable taxed } }',
      { p: p.product_id },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.buyNow).toEqual({ quantity: 250, unit: 'kg', unitPricePaise: '4500', totalPaise: '1125000', payablePaise: '1125000', payable: '11250.00', taxed: false });
    // A later change of the bands never changes an order made.
    const [{ n }] = await app.sql<{ n: number }>(`select count(*)::int as n from orders where product_id = $1 and unit = 'kg' and total_paise = unit_price_paise * quantity`, [p.product_id]);
    expect(n).toBe(cases.length + 2);
  });

  it("a quote's price overrides the bands; the order still counts in the product's unit", async () => {
    const [seller, buyer] = await Promise.all([createSeller(app), createSeller(app)]);
    const p = await bandedProduct(seller);
    const q = await seller.client.post(`/chat/${buyer.user.uid}/quotes`, { product_id: p.product_id, quantity: 600, unit_price_paise: '4200', valid_days: 3 });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    const placed = await buyer.client.post('/chat/quotes/create-order', { message_id: q.body.message.message_id });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({ quantity: 600, unit: 'kg', price_paise: '4200', total_paise: '2520000' });
  });
});

describe("an order's GST and what the buyer pays", () => {
  it('adds the tax to prices before GST, holds it in prices with GST, and charges none without a GSTIN', async () => {
    const [excl, incl, unregistered, buyer] = await Promise.all([createSeller(app), createSeller(app), createSeller(app), createSeller(app)]);
    expect((await excl.client.put('/sellers/business', business('27AAPFU0939F1ZV', false))).status).toBe(200);
    expect((await incl.client.put('/sellers/business', business('27AAPFU0939F1ZV', true))).status).toBe(200);
    expect((await unregistered.client.put('/sellers/business', business(null, false))).status).toBe(200);

    const buy = async (seller: Seller, quantity: number) => {
      const p = await bandedProduct(seller);
      const res = await buyer.client.post('/products/buy-now', { product_id: p.product_id, quantity });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.order;
    };
    // 333 kg at ₹45: ₹14,985; 18% GST is ₹2,697.30.
    expect(await buy(excl, 333)).toMatchObject({ total_paise: '1498500', gst_rate: 18, taxed: true, prices_include_gst: false, tax_paise: '269730', payable_paise: '1768230' });
    // With GST inside: taxable 1498500 / 1.18 = 1269915.25 -> 1269915, tax 228585; the buyer pays the total.
    expect(await buy(incl, 333)).toMatchObject({ total_paise: '1498500', taxed: true, prices_include_gst: true, tax_paise: '228585', payable_paise: '1498500' });
    expect(await buy(unregistered, 333)).toMatchObject({ total_paise: '1498500', taxed: false, tax_paise: '0', payable_paise: '1498500' });
    // Half a paisa rounds up: 5% of ₹10.10 is 50.5 paise -> 51.
    const odd = await bandedProduct(excl, { gst_rate: 5, price_tiers: [], price: '10.10', quantity: { min_quantity: 1, max_quantity: 10 } });
    const res = await buyer.client.post('/products/buy-now', { product_id: odd.product_id, quantity: 1 });
    expect(res.body.order).toMatchObject({ total_paise: '1010', tax_paise: '51', payable_paise: '1061' });
  });
});

describe('how an order names its parties', () => {
  it('the seller by the trade name (else the legal name), the buyer by the billing name, else each by username, in every answer', async () => {
    const [traded, legalOnly, bare, buyer, billed] = await Promise.all([createSeller(app), createSeller(app), createSeller(app), createSeller(app), createSeller(app)]);
    expect((await traded.client.put('/sellers/business', business(null, true))).status).toBe(200);
    expect((await legalOnly.client.put('/sellers/business', { ...business(null, true), trade_name: null })).status).toBe(200);
    const billing = { legal_name: 'Gupta Kirana', gstin: null, billing_address: { line1: 'No. 4, Gandhi Bazaar', city: 'Bengaluru', state: '29', pincode: '560004' } };
    expect((await billed.client.put('/account/business', billing)).status).toBe(200);

    const cases: Array<[Seller, Seller, string, string]> = [
      [traded, buyer, 'Sharma Steel', buyer.username],
      [legalOnly, billed, 'Sharma Steel Traders Pvt Ltd', 'Gupta Kirana'],
      [bare, billed, bare.username, 'Gupta Kirana'],
    ];
    for (const [seller, b, sellerName, buyerName] of cases) {
      const p = await bandedProduct(seller);
      // The answer to the purchase (read with the change), both lists, GraphQL: the same names.
      const bought = await b.client.post('/products/buy-now', { product_id: p.product_id, quantity: 10 });
      const names = { seller_name: sellerName, buyer_name: buyerName, seller_username: seller.username, buyer_username: b.username };
      expect(bought.body.order).toMatchObject(names);
      const id = bought.body.order_id as string;
      const mine = (await b.client.get('/orders/list')).body.orders.find((o: { order_id: string }) => o.order_id === id);
      const theirs = (await seller.client.get('/sellers/orders/list')).body.orders.find((o: { order_id: string }) => o.order_id === id);
      expect([mine, theirs]).toEqual([expect.objectContaining(names), expect.objectContaining(names)]);
      const gql = await seller.client.gql<{ order: Record<string, string> }>('query($id: ID!) { order(id: $id) { sellerName buyerName } }', { id });
      expect(gql.data?.order).toEqual({ sellerName, buyerName });
    }
  });
});
