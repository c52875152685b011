import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, type RestProduct } from '../factories/products.js';
import { expectGqlError, registerAndLogin } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';

// docs/product.md#price-bands: the assistant opened from a product page answers 'how much for 500?' with the
// price of the band the quantity reaches and the total, in the request's language, with the unit.
const ASK = `mutation($input: AssistantTurnInput!) { assistantTurn(input: $input) {
  assistantSessionId kind reply search { totalCount }
  price { productId quantity unit unitPricePaise totalPaise gstAdded { rate taxPaise } payablePaise bandFrom } } }`;

let app: TestApp;
let seller: ApiClient;
let tiffin: RestProduct;
let rice: RestProduct;
let generator: RestProduct;

beforeAll(async () => {
  app = await startTestApp();
  seller = new ApiClient(app.url);
  await registerAndLogin(app, seller);
  const kitchen = { category: 'Kitchen', tags: ['tiffin'], description: 'Three tier steel tiffin boxes with a lid lock, food grade, packed in cartons.' };
  tiffin = await createProduct(seller, {
    ...kitchen,
    title: 'Steel tiffin box, 3 tier',
    price: undefined,
    quantity: { min_quantity: 10, max_quantity: 5000 },
    price_tiers: [
      { min_quantity: 10, unit_price_paise: '5000' },
      { min_quantity: 100, unit_price_paise: '4500' },
      { min_quantity: 500, unit_price_paise: '4000' },
    ],
  });
  rice = await createProduct(seller, { ...kitchen, title: 'Sona masoori rice', unit: 'kg', price: '62.50', quantity: { min_quantity: 1, max_quantity: 300 } });
  generator = await createProduct(seller, { ...kitchen, title: 'Diesel generator 5 kVA', purchase_type: 'inquire', price: null });
});
afterAll(() => app?.close());

interface Turn {
  assistantSessionId: string;
  kind: string;
  reply: string;
  search: { totalCount: number };
  price: {
    productId: string;
    quantity: number;
    unit: string;
    unitPricePaise: string;
    totalPaise: string;
    gstAdded: { rate: number; taxPaise: string } | null;
    payablePaise: string;
    bandFrom: number | null;
  } | null;
}

const ask = async (text: string, productId?: string | null, opts: { locale?: 'en' | 'hi'; assistantSessionId?: string } = {}): Promise<Turn> => {
  const res = await new ApiClient(app.url, { 'x-locale': opts.locale ?? 'en' }).gql<{ assistantTurn: Turn }>(ASK, { input: { text, productId, assistantSessionId: opts.assistantSessionId } });
  expect(res.errors, text).toBeUndefined();
  return res.data!.assistantTurn;
};

describe("the assistant's price of a quantity on a product page", () => {
  it("answers at each band's boundary: the band's unit price and the total, in integer paise and as ₹ with Indian grouping", async () => {
    const cases: Array<[number, string, string, number, string]> = [
      [10, '5000', '50000', 10, '10 pcs: ₹50 / pc (the price from 10 pcs), ₹500 in all.'],
      [99, '5000', '495000', 10, '99 pcs: ₹50 / pc (the price from 10 pcs), ₹4,950 in all.'],
      [100, '4500', '450000', 100, '100 pcs: ₹45 / pc (the price from 100 pcs), ₹4,500 in all.'],
      [499, '4500', '2245500', 100, '499 pcs: ₹45 / pc (the price from 100 pcs), ₹22,455 in all.'],
      [500, '4000', '2000000', 500, '500 pcs: ₹40 / pc (the price from 500 pcs), ₹20,000 in all.'],
      [5000, '4000', '20000000', 500, '5,000 pcs: ₹40 / pc (the price from 500 pcs), ₹2,00,000 in all.'],
    ];
    for (const [quantity, unitPricePaise, totalPaise, bandFrom, reply] of cases) {
      const turn = await ask(`how much for ${quantity}?`, tiffin.product_id);
      expect(turn, String(quantity)).toMatchObject({ kind: 'price', reply, price: { productId: tiffin.product_id, quantity, unit: 'piece', unitPricePaise, totalPaise, bandFrom, gstAdded: null, payablePaise: totalPaise } });
      expect(BigInt(turn.price!.totalPaise)).toBe(BigInt(turn.price!.unitPricePaise) * BigInt(quantity));
    }
  });

  it('reads the question in English, Hinglish and Hindi, and answers in the request language', async () => {
    for (const text of ['how much for 500', 'price of 500 pcs?', "what's the rate for 500 pieces", '500 ka kitna', '500 pcs ka rate kya hai', '500 पीस का क्या रेट', 'पांच सौ पीस कितने के'])
      expect((await ask(text, tiffin.product_id)).price, text).toMatchObject({ quantity: 500, unitPricePaise: '4000', totalPaise: '2000000' });
    expect((await ask('500 पीस का क्या रेट', tiffin.product_id, { locale: 'hi' })).reply).toBe('500 पीस: ₹40 / पीस (500 पीस से यही दाम), कुल ₹20,000।');
    expect((await ask('1200 ka kitna', tiffin.product_id, { locale: 'hi' })).reply).toBe('1,200 पीस: ₹40 / पीस (500 पीस से यही दाम), कुल ₹48,000।');
    // A product of one price, sold by the kilogram.
    expect(await ask('how much for 250 kg', rice.product_id)).toMatchObject({ reply: '250 kg: ₹62.50 / kg, ₹15,625 in all.', price: { unit: 'kg', unitPricePaise: '6250', totalPaise: '1562500', bandFrom: null } });
    expect((await ask('250 किलो का दाम', rice.product_id, { locale: 'hi' })).reply).toBe('250 किलो: ₹62.50 / किलो, कुल ₹15,625।');
  });

  it('converts a quantity asked in another unit where that is exact and standard, naming both; else asks again', async () => {
    // Sold per piece: '2 dozen' is 24 pieces, '50 dozen' 600 (the band from 500).
    expect(await ask('how much for 2 dozen', tiffin.product_id)).toMatchObject({
      kind: 'price',
      reply: '2 dozen = 24 pcs: ₹50 / pc (the price from 10 pcs), ₹1,200 in all.',
      price: { quantity: 24, unit: 'piece', unitPricePaise: '5000', totalPaise: '120000' },
    });
    expect((await ask('50 दर्जन का क्या रेट', tiffin.product_id, { locale: 'hi' })).reply).toBe('50 दर्जन = 600 पीस: ₹40 / पीस (500 पीस से यही दाम), कुल ₹24,000।');
    // Sold per kilogram: quintals, tonnes and grams that make whole kilograms.
    const flour = await createProduct(seller, { category: 'Kitchen', title: 'Chakki atta, whole wheat', description: 'Stone ground whole wheat flour in 50 kg bags.', unit: 'kg', price: '32.00', quantity: { min_quantity: 50, max_quantity: 20_000 } });
    expect(await ask('1 quintal ka rate', flour.product_id)).toMatchObject({ reply: '1 quintal = 100 kg: ₹32 / kg, ₹3,200 in all.', price: { quantity: 100, unit: 'kg', totalPaise: '320000' } });
    expect((await ask('2 क्विंटल का भाव', flour.product_id, { locale: 'hi' })).reply).toBe('2 क्विंटल = 200 किलो: ₹32 / किलो, कुल ₹6,400।');
    expect((await ask('how much for 2 tonnes', flour.product_id)).reply).toBe('2 t = 2,000 kg: ₹32 / kg, ₹64,000 in all.');
    expect((await ask('price of 25 tonnes', flour.product_id)).reply).toBe('25 t = 25,000 kg: ₹32 / kg, ₹8,00,000 in all. Only 20,000 kg available now.');
    expect((await ask('how much for 60000 grams', flour.product_id)).price).toMatchObject({ quantity: 60, totalPaise: '192000' });
    // Sold per dozen: pieces that make whole dozens.
    const eggs = await createProduct(seller, { category: 'Kitchen', title: 'Farm eggs, brown', description: 'Brown farm eggs packed in trays of thirty.', unit: 'dozen', price: '84.00', quantity: { min_quantity: 1, max_quantity: 500 } });
    expect((await ask('how much for 36 pieces', eggs.product_id)).reply).toBe('36 pcs = 3 dozen: ₹84 / dozen, ₹252 in all.');
    // No exact conversion: asked again in the product's unit, nothing priced.
    for (const [text, product, reply] of [
      ['how much for 10 cartons', tiffin, 'This is priced per pc: please ask for a number of pieces.'],
      ['how much for 30 pieces', eggs, 'This is priced per dozen: please ask for a number of dozen.'],
      ['how much for 500 grams', flour, 'This is priced per kg: please ask for a number of kilograms.'],
      ['how much for 1 quintal', tiffin, 'This is priced per pc: please ask for a number of pieces.'],
      ['how much for 2 litres', flour, 'This is priced per kg: please ask for a number of kilograms.'],
    ] as const)
      expect(await ask(text, product.product_id), text).toMatchObject({ kind: 'price', reply, price: null });
    expect((await ask('1 क्विंटल का भाव', tiffin.product_id, { locale: 'hi' })).reply).toBe('इसका दाम प्रति पीस है: कृपया पीस की गिनती में पूछिए।');
  });

  it('says the minimum order and the stock when the quantity is outside them, and what cannot be priced', async () => {
    expect((await ask('how much for 5', tiffin.product_id)).reply).toBe('5 pcs: ₹50 / pc (the price from 10 pcs), ₹250 in all. The minimum order is 10 pcs.');
    expect((await ask('6000 ka kitna', tiffin.product_id, { locale: 'hi' })).reply).toBe('6,000 पीस: ₹40 / पीस (500 पीस से यही दाम), कुल ₹2,40,000। अभी सिर्फ़ 5,000 पीस उपलब्ध हैं।');
    expect(await ask('how much for 10 cartons', tiffin.product_id)).toMatchObject({ kind: 'price', reply: 'This is priced per pc: please ask for a number of pieces.', price: null });
    expect(await ask('how much for 20', generator.product_id)).toMatchObject({ kind: 'price', reply: 'The seller has not given a price for this; ask them in chat.', price: null });
  });

  it('is a search without a product, or when the words name a price limit or no single quantity; the search session carries on after a price turn', async () => {
    expect((await ask('how much for 500')).kind).toBe('new');
    for (const text of ['tiffin under 500', 'price 500 se kam', 'how much for 500 or 1000', '₹500 ka kitna', 'steel tiffin']) expect((await ask(text, tiffin.product_id)).kind, text).toBe('new');
    const first = await ask('steel tiffin', tiffin.product_id);
    const priced = await ask('how much for 100', tiffin.product_id, { assistantSessionId: first.assistantSessionId });
    expect(priced).toMatchObject({ assistantSessionId: first.assistantSessionId, kind: 'price', search: { totalCount: 0 } });
    expect((await ask('only new', tiffin.product_id, { assistantSessionId: first.assistantSessionId })).kind).toBe('refine');
  });

  it("refuses a product that is not there or not an id (404 / 400, both languages), and a disabled product to anyone but its seller", async () => {
    const missing = await new ApiClient(app.url).gql(ASK, { input: { text: 'how much for 500', productId: randomUUID() } });
    expectGqlError(missing, 'NOT_FOUND', 'Product not found');
    const bad = await new ApiClient(app.url, { 'x-locale': 'hi' }).gql(ASK, { input: { text: 'how much for 500', productId: 'tiffin' } });
    expectGqlError(bad, 'BAD_USER_INPUT', 'प्रोडक्ट नहीं मिला');
    await app.sql('update products set enabled = false where id = $1', [rice.product_id]);
    expectGqlError(await new ApiClient(app.url).gql(ASK, { input: { text: 'how much for 5 kg', productId: rice.product_id } }), 'NOT_FOUND');
    const own = await seller.gql<{ assistantTurn: Turn }>(ASK, { input: { text: 'how much for 5 kg', productId: rice.product_id } });
    expect(own.data?.assistantTurn.price).toMatchObject({ totalPaise: '31250' });
  });

  it("adds GST as an order does when the seller's prices exclude it: the reply's total is what buying that quantity charges", async () => {
    const business = await seller.put('/sellers/business', {
      legal_name: 'Sharma Steel Traders Pvt Ltd',
      gstin: '27AAPFU0939F1ZV',
      address: { line1: '12, Lohar Chawl, Kalbadevi', city: 'Mumbai', state: 'Maharashtra', pincode: '400002' },
      upi_vpa: 'sharma.steel@okhdfc',
      invoice_prefix: 'SS/',
      prices_include_gst: false,
    });
    expect(business.status, JSON.stringify(business.body)).toBe(200);
    const turn = await ask('how much for 500', tiffin.product_id);
    expect(turn).toMatchObject({
      reply: '500 pcs: ₹40 / pc (the price from 500 pcs), ₹20,000 + 18% GST ₹3,600 = ₹23,600 in all.',
      price: { totalPaise: '2000000', gstAdded: { rate: 18, taxPaise: '360000' }, payablePaise: '2360000' },
    });
    expect((await ask('499 ka kitna', tiffin.product_id, { locale: 'hi' })).reply).toBe('499 पीस: ₹45 / पीस (100 पीस से यही दाम), ₹22,455 + 18% GST ₹4,041.90 = कुल ₹26,496.90।');
    const buyer = new ApiClient(app.url);
    await registerAndLogin(app, buyer);
    for (const quantity of [499, 500]) {
      const bought = await buyer.post('/products/buy-now', { product_id: tiffin.product_id, quantity });
      expect(bought.status, JSON.stringify(bought.body)).toBe(201);
      const orderId = (bought.body.order_id ?? (bought.body.order as { order_id: string }).order_id) as string;
      const [{ payable }] = await app.sql<{ payable: string }>('select payable_paise::text as payable from orders where id = $1', [orderId]);
      expect(payable).toBe((await ask(`how much for ${quantity}`, tiffin.product_id)).price!.payablePaise);
    }
  });
});
