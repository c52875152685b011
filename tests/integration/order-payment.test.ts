import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';
import { countRows } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { collect, waitFor, type ApiClient } from '../support/client.js';

// docs/product.md#paying: how the buyer pays, the UTR, and the seller's marks, live on both sides.
const MUMBAI = { line1: '12, Lohar Chawl', city: 'Mumbai', state: 'Maharashtra', pincode: '400002' };

let app: TestApp;
let redis: Redis;
beforeAll(async () => {
  app = await startTestApp();
  redis = new Redis(app.config.REDIS_URL);
});
afterAll(async () => {
  redis?.disconnect();
  await app?.close();
});

async function sellerWith(details: Record<string, unknown> | null): Promise<Seller> {
  const s = await createSeller(app);
  if (details) {
    const res = await s.client.put('/sellers/business', { legal_name: 'Sharma & Sons Pvt Ltd', gstin: null, address: MUMBAI, invoice_prefix: 'SS/', prices_include_gst: true, ...details });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return s;
}

async function order(s: Seller, b: Seller, price = '17400.00'): Promise<string> {
  const p = await createProduct(s.client, { price, quantity: { min_quantity: 1, max_quantity: 100 } });
  const res = await b.client.post('/products/buy-now', { product_id: p.product_id, quantity: 1 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order_id as string;
}

/** An order's row without the worker's bookkeeping (purchase_recorded, set whenever its job runs). */
const row = async (id: string) => {
  const { purchase_recorded: _recorded, ...rest } = (await app.sql<Record<string, string | null>>('select * from orders where id = $1', [id]))[0];
  return rest;
};

describe('how the buyer pays', () => {
  it("gives a upi://pay link and QR with the seller's UPI ID, name, amount, INR and the order, every value escaped", async () => {
    const [s, b] = await Promise.all([sellerWith({ trade_name: 'Sharma & Sons=1 #Steel', upi_vpa: 'sharma.steel@okhdfc' }), createSeller(app)]);
    const id = await order(s, b);
    const res = await b.client.get(`/orders/${id}/payment`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ method: 'upi', payee: { name: 'Sharma & Sons=1 #Steel', vpa: 'sharma.steel@okhdfc', bank: null }, amount_paise: '1740000', amount: '17400.00', currency: 'INR', reference: id.slice(-8) });
    const uri: string = res.body.upi_uri;
    expect(uri.startsWith('upi://pay?')).toBe(true);
    // Exactly five parameters: the '&', '=' and '#' of the name cannot add or change one.
    const params = new URLSearchParams(uri.slice('upi://pay?'.length));
    expect([...params.keys()]).toEqual(['pa', 'pn', 'am', 'cu', 'tn']);
    expect(Object.fromEntries(params)).toEqual({ pa: 'sharma.steel@okhdfc', pn: 'Sharma & Sons=1 #Steel', am: '17400.00', cu: 'INR', tn: `Order ${id.slice(-8)}` });
    expect(res.body.qr.size).toBeGreaterThanOrEqual(21);
    expect(res.body.qr.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);

    const gql = await b.client.gql<{ orderPayment: Record<string, unknown> }>(
      'query($id: ID!) { orderPayment(orderId: $id) { method upiUri amountPaise currency reference payee { name vpa } qr { size } } }',
      { id },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.orderPayment).toMatchObject({ method: 'upi', upiUri: uri, amountPaise: '1740000', currency: 'INR', payee: { name: 'Sharma & Sons=1 #Steel', vpa: 'sharma.steel@okhdfc' } });
  });

  it('without a UPI ID: bank details when given, else ask the seller in chat; for the buyer only', async () => {
    const bank = { account_name: 'Sharma Steel Traders', account_number: '123456789012', ifsc: 'HDFC0001234' };
    const [withBank, bare, b, stranger] = await Promise.all([sellerWith({ bank }), createSeller(app), createSeller(app), createSeller(app)]);
    const byBank = await b.client.get(`/orders/${await order(withBank, b)}/payment`);
    expect(byBank.body).toMatchObject({ method: 'bank', upi_uri: null, qr: null, payee: { name: 'Sharma & Sons Pvt Ltd', vpa: null, bank } });
    const id = await order(bare, b);
    const byChat = await b.client.get(`/orders/${id}/payment`);
    expect(byChat.body).toMatchObject({ method: 'chat', upi_uri: null, qr: null, payee: { name: bare.username, vpa: null, bank: null } });
    expect((await bare.client.get(`/orders/${id}/payment`)).status).toBe(403);
    expect((await stranger.client.get(`/orders/${id}/payment`)).status).toBe(404);
  });
});

describe("the buyer's UTR and the seller's marks", () => {
  it('refuses a UTR that is not 12 digits with a 400 at its field, in English and Hindi, writing nothing', async () => {
    const [s, b] = await Promise.all([sellerWith({ upi_vpa: 'shop@okaxis' }), createSeller(app)]);
    const id = await order(s, b);
    const before = await row(id);
    for (const utr of ['12345', '4123456789012', 'ABCDEFGHIJKL', '41234567890x']) {
      const res = await b.client.post('/orders/confirm', { order_id: id, utr });
      expect([res.status, res.body.details?.fields?.utr], utr).toEqual([400, 'The UTR must be the 12 digits of the UPI transaction reference']);
    }
    const hi = await b.client.request('POST', '/orders/confirm', { order_id: id, utr: '123' }, { 'x-locale': 'hi' });
    expect([hi.status, hi.body.message]).toEqual([400, 'UTR में UPI ट्रांज़ैक्शन रेफ़रेंस के 12 अंक होने चाहिए']);
    const gql = await b.client.gql('mutation($id: ID!) { confirmOrderPayment(orderId: $id, utr: "99") { status } }', { id });
    expect(gql.errors?.[0]).toMatchObject({ message: 'The UTR must be the 12 digits of the UPI transaction reference' });
    expect(await row(id)).toEqual(before);
  });

  it('payment sent with a UTR; not received reopens the window and tells the buyer; received moves it to deliver; live on both sides', async () => {
    const [s, b] = await Promise.all([sellerWith({ upi_vpa: 'shop@okaxis' }), createSeller(app)]);
    const id = await order(s, b);
    const onSeller = await watch(s.client, s.user.uid);
    const onBuyer = await watch(b.client, b.user.uid);

    const sent = await b.client.post('/orders/confirm', { order_id: id, utr: '4123 4567 8901' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.order).toMatchObject({ status: 'payment_sent', payment_utr: '412345678901', actions: [] });
    await waitFor(() => onSeller.events().some((e) => e.order.status === 'payment_sent'), 5000, "the buyer's payment to reach the seller");
    expect(onSeller.events().at(-1)!.order).toMatchObject({ paymentUtr: '412345678901', actions: ['payment_received', 'payment_not_received'] });

    // Not received: unpaid again, a new 48-hour window from now with its own job, the buyer told (live and by email).
    app.clock.advance(3600 * 1000);
    const notReceived = await s.client.post(`/sellers/orders/${id}/payment-not-received`, {});
    expect(notReceived.status, JSON.stringify(notReceived.body)).toBe(200);
    expect(notReceived.body.order).toMatchObject({ status: 'unpaid', actions: ['decline'] });
    const reopened = await row(id);
    expect(new Date(reopened.pay_by!).getTime()).toBe(app.clock.now().getTime() + 48 * 3600 * 1000);
    expect(reopened.payment_not_received_at).not.toBeNull();
    await waitFor(() => onBuyer.events().some((e) => e.order.status === 'unpaid' && e.order.paymentNotReceivedAt), 5000, "the seller's 'not received' to reach the buyer");
    await app.drain();
    expect(await app.infra.queues.queue('order-expiry').getJob(`expire-${id}-${new Date(reopened.pay_by!).getTime()}`)).toBeTruthy();
    const mails = await app.sql<{ subject: string }>(`select subject from dev_outbox_messages where recipient = $1 and dedupe_key like 'order-%' order by id`, [b.email]);
    expect(mails.map((m) => m.subject)).toContain(`Order ${id.slice(-8)}: payment not received`);

    // The buyer pays again; the seller marks it received: to deliver, live on the buyer's screen.
    expect((await b.client.post('/orders/confirm', { order_id: id, utr: '412345678902' })).status).toBe(200);
    const received = await s.client.gql<{ markOrderPaymentReceived: { status: string; paidAt: string; actions: string[] } }>(
      'mutation($id: ID!) { markOrderPaymentReceived(orderId: $id) { status paidAt actions } }',
      { id },
    );
    expect(received.errors).toBeUndefined();
    expect(received.data!.markOrderPaymentReceived).toMatchObject({ status: 'delivery_pending', actions: ['confirm_delivery'] });
    await waitFor(() => onBuyer.events().some((e) => e.order.status === 'delivery_pending'), 5000, "the seller's 'received' to reach the buyer");
    expect((await row(id)).payment_utr).toBe('412345678902');
    await onSeller.close();
    await onBuyer.close();
  });

  it('double marks are safe: 10 concurrent "received" change the order once; "received" racing "not received": one wins', async () => {
    const [s, b] = await Promise.all([sellerWith({ upi_vpa: 'shop@okaxis' }), createSeller(app)]);
    const id = await order(s, b);
    expect((await b.client.post('/orders/confirm', { order_id: id })).status).toBe(200);
    // The order's status changes (a paid order's invoice, made by a job meanwhile, is an order.changed of its own).
    const changes = `topic = 'order.changed' and payload->>'type' = 'status_changed' and payload->>'orderId' = $1`;
    const events = () => countRows(app, 'outbox_events', changes, [id]);
    const before = await events();
    const marks = await Promise.all(Array.from({ length: 10 }, () => s.client.post(`/sellers/orders/${id}/payment-received`, {})));
    expect(marks.map((r) => [r.status, r.body.order?.status])).toEqual(Array.from({ length: 10 }, () => [200, 'delivery_pending']));
    expect(await events()).toBe(before + 1);

    const race = await order(s, b);
    expect((await b.client.post('/orders/confirm', { order_id: race })).status).toBe(200);
    const raceBefore = await countRows(app, 'outbox_events', changes, [race]);
    const mixed = await Promise.all(
      Array.from({ length: 10 }, (_, i) => s.client.post(`/sellers/orders/${race}/${i % 2 ? 'payment-received' : 'payment-not-received'}`, {})),
    );
    const final = (await row(race)).status as string;
    expect(['delivery_pending', 'unpaid']).toContain(final);
    // Every answer is the winner's outcome (200) or too late for the other mark (409): never both applied.
    for (const r of mixed) {
      if (r.status === 200) expect(r.body.order.status).toBe(final);
      else expect([r.status, r.body.message]).toEqual([409, 'This order can no longer be changed']);
    }
    expect(await countRows(app, 'outbox_events', changes, [race])).toBe(raceBefore + 1);
  });
});

interface OrderEvent {
  type: string;
  order: { id: string; status: string; actions: string[]; paymentUtr: string | null; paymentNotReceivedAt: string | null };
}

/** Subscribes to a user's order events and waits until the server listens. */
async function watch(client: ApiClient, userId: string) {
  const topic = `${app.config.REDIS_PREFIX}:orders:${userId}`;
  const listeners = async () => Number(((await redis.pubsub('NUMSUB', topic)) as [string, number])[1]);
  const ws = client.ws();
  const before = await listeners();
  const sub = collect<{ data?: { orderEvents: OrderEvent } | null }>(ws, 'subscription { orderEvents { type order { id status actions paymentUtr paymentNotReceivedAt } } }');
  await waitFor(async () => (await listeners()) > before || sub.isDone(), 5000, 'the order subscription to start');
  return {
    events: () => sub.events.map((e) => e.data?.orderEvents).filter((e): e is OrderEvent => !!e),
    close: () => ws.dispose(),
  };
}
