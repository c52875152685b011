import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, waitFor, type JsonBody } from '../support/client.js';
import { latestCode } from '../support/otp.js';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * Seller profiles through the public surface (docs/product.md#seller-profiles): the profile over REST
 * and GraphQL alike, its listed products paged, and each badge earned from what the platform saw
 * (verifications, a checked GSTIN, first replies, delivered and seller-cancelled orders), every figure
 * kept by the jobs from events, each shown only from its threshold.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ SWEEP_SECONDS: '1', CHAT_MESSAGES_PER_MINUTE: '500' });
});
afterAll(() => app?.close());

const PROFILE = `query($u: String!, $limit: Int, $offset: Int) { sellerProfile(username: $u, limit: $limit, offset: $offset) {
  userId username tradeName city state memberSince badges { kind value } products { totalCount limit offset items { id title } } } }`;
const visitor = () => new ApiClient(app.url);
const profile = async (username: string, query = ''): Promise<JsonBody> => {
  const res = await visitor().get(`/sellers/${username}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const badges = async (s: Seller) => (await profile(s.username)).seller.badges as Array<{ kind: string; value: number | null }>;
const buy = async (buyer: Seller, productId: string): Promise<string> => {
  const res = await buyer.client.request('POST', '/products/buy-now', { product_id: productId, quantity: 1 }, { 'idempotency-key': randomUUID() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order_id as string;
};
const act = async (who: Seller, path: string, orderId: string) => {
  const res = await who.client.post(path, { order_id: orderId });
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
};
const deliver = async (buyer: Seller, seller: Seller, orderId: string) => {
  await act(buyer, '/orders/confirm', orderId);
  const paid = await seller.client.post(`/sellers/orders/${orderId}/payment-received`, {});
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await act(seller, '/sellers/orders/confirm-delivery', orderId);
};
const send = async (from: Seller, to: Seller, content: string) => {
  const res = await from.client.post(`/chat/${to.user.uid}/messages`, { content });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

describe('a seller profile', () => {
  it('shows the business name and place, member since and the listed products, paged; the same over GraphQL', async () => {
    const seller = await createSeller(app);
    const saved = await seller.client.put('/sellers/business', {
      legal_name: 'Sharma Steel Traders Pvt Ltd',
      trade_name: 'Sharma Steel',
      gstin: '27AAPFU0939F1ZV',
      address: { line1: '12, Lohar Chawl', city: 'Mumbai', state: 'Maharashtra', pincode: '400002' },
      invoice_prefix: 'SS/',
      prices_include_gst: false,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const made = [];
    for (const title of ['Steel almirah', 'Steel rack', 'Steel stool', 'Old steel bench']) made.push(await createProduct(seller.client, { title }));
    expect((await seller.client.put(`/seller/products/${made[3].product_id}`, { enabled: false })).status).toBe(200);

    const first = await profile(seller.username.toUpperCase(), '?limit=2');
    expect(first.seller).toEqual({
      user_id: seller.user.uid,
      username: seller.username,
      trade_name: 'Sharma Steel',
      city: 'Mumbai',
      state: 'Maharashtra',
      member_since: expect.any(Number),
      badges: [
        { kind: 'email_verified', value: null },
        { kind: 'gstin_checked', value: null },
      ],
      rating_average: null,
      review_count: 0,
    });
    expect(Math.abs(first.seller.member_since * 1000 - Date.now())).toBeLessThan(3600_000);
    // Newest first; the switched-off product is not shown; total and paging as asked.
    expect(first.products.map((p: JsonBody) => p.title)).toEqual(['Steel stool', 'Steel rack']);
    expect(first).toMatchObject({ total_count: 3, limit: 2, offset: 0 });
    expect((await profile(seller.username, '?limit=2&offset=2')).products.map((p: JsonBody) => p.title)).toEqual(['Steel almirah']);

    const gql = await visitor().gql(PROFILE, { u: seller.username, limit: 2, offset: 0 });
    expect(gql.errors).toBeUndefined();
    expect(gql.data?.sellerProfile).toMatchObject({
      userId: seller.user.uid,
      tradeName: 'Sharma Steel',
      state: 'Maharashtra',
      badges: [
        { kind: 'email_verified', value: null },
        { kind: 'gstin_checked', value: null },
      ],
      products: { totalCount: 3, limit: 2, offset: 0, items: [{ title: 'Steel stool' }, { title: 'Steel rack' }] },
    });
    // The compact row beside the seller's name (product pages, chat headers): the same badges by user id.
    const compact = await visitor().gql('query($id: ID!) { sellerBadges(userId: $id) { kind value } }', { id: seller.user.uid });
    expect(compact.data?.sellerBadges).toEqual([
      { kind: 'email_verified', value: null },
      { kind: 'gstin_checked', value: null },
    ]);
    for (const id of ['0190d9f0-0000-7000-8000-000000000000', 'not-an-id']) {
      expect((await visitor().gql('query($id: ID!) { sellerBadges(userId: $id) { kind } }', { id })).data?.sellerBadges).toEqual([]);
    }
    // The state's name in the request's language.
    const hindi = await new ApiClient(app.url, { 'accept-language': 'hi' }).get(`/sellers/${seller.username}`);
    expect(hindi.body.seller.state).toBe('महाराष्ट्र');
  });

  it('earns no GSTIN badge without business details, and shows the username alone', async () => {
    const seller = await createSeller(app);
    expect((await profile(seller.username)).seller).toMatchObject({ trade_name: null, city: null, state: null, badges: [{ kind: 'email_verified', value: null }] });
    expect((await profile(seller.username)).products).toEqual([]);
  });

  it('answers 404 for an unknown, malformed or suspended seller, and 400 for a bad page', async () => {
    for (const name of ['nobody_here_at_all', 'x', 'a'.repeat(31), 'a-b-c', 'bad%20name']) {
      const res = await visitor().get(`/sellers/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Seller not found' });
    }
    const hi = await new ApiClient(app.url, { 'accept-language': 'hi' }).get('/sellers/nobody_here_at_all');
    expect(hi.body.message).toBe('यह सेलर नहीं मिला');
    const gone = await createSeller(app);
    await app.sql('update users set suspended_at = now() where id = $1', [gone.user.uid]);
    expect((await visitor().get(`/sellers/${gone.username}`)).status).toBe(404);
    const gql = await visitor().gql(PROFILE, { u: gone.username });
    expect(gql.errors?.[0]).toMatchObject({ message: 'Seller not found', extensions: { code: 'NOT_FOUND' } });

    const seller = await createSeller(app);
    for (const q of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc']) expect((await visitor().get(`/sellers/${seller.username}${q}`)).status, q).toBe(400);
  });

  it('earns the WhatsApp badge once the number is verified', async () => {
    const seller = await createSeller(app);
    const phone = `+9198${String(Date.now()).slice(-8)}`;
    expect((await seller.client.post('/auth/send-whatsapp-otp', { whatsapp_number: phone })).status).toBe(200);
    const code = await latestCode(app, phone);
    const verified = await seller.client.post('/auth/verify-whatsapp-otp', { whatsapp_number: phone, otp: code });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await badges(seller)).map((b) => b.kind)).toEqual(['email_verified', 'whatsapp_verified']);
  });
});

describe("a seller's figures, kept by jobs from events", () => {
  it('counts delivered orders from the first, and the cancellation rate (the seller\'s own) from 10 orders', async () => {
    const [seller, buyer] = await Promise.all([createSeller(app), createSeller(app)]);
    const product = await createProduct(seller.client, { title: 'Packing tape', quantity: { min_quantity: 1, max_quantity: 100 } });
    const orders: string[] = [];
    for (let i = 0; i < 9; i++) orders.push(await buy(buyer, product.product_id));
    await deliver(buyer, seller, orders[0]);
    await act(seller, '/sellers/orders/decline', orders[1]);
    await act(seller, '/sellers/orders/decline', orders[2]);
    await act(buyer, '/orders/cancel', orders[3]); // the buyer's cancellation is not the seller's
    await app.drain();
    // Nine orders: the rate is not shown yet.
    expect(await badges(seller)).toEqual([
      { kind: 'email_verified', value: null },
      { kind: 'orders_delivered', value: 1 },
    ]);
    orders.push(await buy(buyer, product.product_id));
    await deliver(buyer, seller, orders[9]);
    await app.drain();
    expect(await badges(seller)).toEqual([
      { kind: 'email_verified', value: null },
      { kind: 'orders_delivered', value: 2 },
      { kind: 'cancellation_rate', value: 20 },
    ]);
    // Kept by the jobs: the stored row says what the page shows.
    expect(await app.sql('select orders_total, orders_delivered, orders_cancelled_by_seller from seller_figures where seller_id = $1', [seller.user.uid])).toEqual([
      { orders_total: 10, orders_delivered: 2, orders_cancelled_by_seller: 2 },
    ]);
  }, 120_000);

  it("shows 'replies within N hours' from 5 first replies to conversations others started, over the last 30 days", async () => {
    const seller = await createSeller(app);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createSeller(app)));
    // The seller starts a conversation: their own first message is no reply.
    await send(seller, buyers[5], 'Hello, new stock has arrived');
    await send(buyers[5], seller, 'Thanks');
    // Five buyers ask; the seller answers after 1, 2, 3, 5 and 20 hours (the median: 3 hours).
    const delays = [1, 2, 3, 5, 20];
    for (const [i, hours] of delays.entries()) {
      await send(buyers[i], seller, `Question ${i}`);
      await send(buyers[i], seller, `Question ${i}, again`);
      app.clock.advance(hours * 3600_000);
      await send(seller, buyers[i], `Answer ${i}`);
      await send(seller, buyers[i], `Answer ${i}, more`);
      app.clock.advance(-hours * 3600_000);
      await app.drain();
      const kinds = (await badges(seller)).map((b) => b.kind);
      expect(kinds.includes('replies_within'), `after ${i + 1} replies`).toBe(i === 4);
    }
    expect((await badges(seller)).find((b) => b.kind === 'replies_within')).toEqual({ kind: 'replies_within', value: 3 });
    expect(await app.sql('select count(*)::int as n from first_replies where replier_id = $1', [seller.user.uid])).toEqual([{ n: 5 }]);
    // The buyer's reply to the seller's own conversation is the buyer's first reply, not the seller's.
    expect(await app.sql('select replier_id from first_replies where replier_id = $1', [buyers[5].user.uid])).toHaveLength(1);

    // 31 days on, the conversations have left the window: the sweep counts again and the badge goes.
    app.clock.advance(31 * 24 * 3600_000);
    await waitFor(async () => !(await badges(seller)).some((b) => b.kind === 'replies_within'), 15_000, 'the sweep to recount');
    expect(await app.sql('select replies_counted, reply_median_seconds from seller_figures where seller_id = $1', [seller.user.uid])).toEqual([
      { replies_counted: 0, reply_median_seconds: null },
    ]);
  }, 120_000);
});
