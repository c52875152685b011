import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { countRows, expectGqlError } from '../support/accounts.js';
import { ApiClient, waitFor } from '../support/client.js';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

let app: TestApp;
let seller: Seller;
let buyer: Seller;
let stranger: Seller;

beforeAll(async () => {
  app = await startTestApp();
  [seller, buyer, stranger] = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
});
afterAll(() => app?.close());

/**
 * Many logged-in buyers at once: accounts written straight to the users table and a session opened
 * in the session store (what register + login would leave), so 50 or 200 buyers take no time.
 */
async function quickBuyers(n: number): Promise<Array<{ id: string; client: ApiClient }>> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const id = randomUUID();
      const tag = randomBytes(6).toString('hex');
      await app.sql(
        `insert into users (id, created_at, updated_at, email, username, password_hash, email_verified) values ($1, now(), now(), $2, $3, 'x', true)`,
        [id, `b.${tag}@example.com`, `b_${tag}`],
      );
      const client = new ApiClient(app.url);
      client.cookie = `bb_sid=${await app.services.sessions.create(id)}`;
      return { id, client };
    }),
  );
}

const stockOf = async (productId: string) => (await app.sql<{ max_quantity: number }>('select max_quantity from products where id = $1', [productId]))[0].max_quantity;
const ordersOf = (productId: string) => countRows(app, 'orders', 'product_id = $1', [productId]);

async function product(overrides: Record<string, unknown> = {}, owner: Seller = seller) {
  return createProduct(owner.client, { price: '250.50', quantity: { min_quantity: 1, max_quantity: 20 }, ...overrides });
}

const buy = (client: ApiClient, body: Record<string, unknown>, key?: string) =>
  client.request('POST', '/products/buy-now', body, key ? { 'idempotency-key': key } : {});

describe('buy now', () => {
  it('creates an unpaid order with the price, title and thumbnail as they were, and takes the stock', async () => {
    const p = await product({ quantity: { min_quantity: 2, max_quantity: 10 } });
    const res = await buy(buyer.client, { product_id: p.product_id, quantity: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const o = res.body.order;
    expect(res.body.order_id).toBe(o.order_id);
    expect(o).toMatchObject({
      display_id: o.order_id.slice(-8),
      product_id: p.product_id,
      product_title: p.title,
      quantity: 3,
      price: '250.50',
      total_price: '751.50',
      price_paise: '25050',
      total_paise: '75150',
      status: 'unpaid',
      role: 'buyer',
      seller_username: seller.username,
      buyer_username: buyer.username,
      buyer_phone: null,
      actions: ['confirm_payment', 'cancel'],
    });
    expect(o.thumbnail_url).toMatch(/\.webp$/);
    expect(Math.abs(o.created_at - Date.now() / 1000)).toBeLessThan(120);
    expect(await stockOf(p.product_id)).toBe(7);
    // A later price or title change never alters the order.
    expect((await seller.client.put(`/seller/products/${p.product_id}`, { price: 999, title: 'Renamed laptops' })).status).toBe(200);
    const listed = (await buyer.client.get('/orders/list')).body.orders.find((x: { order_id: string }) => x.order_id === o.order_id);
    expect(listed).toMatchObject({ price: '250.50', total_price: '751.50', product_title: p.title });
    // The stock change is re-indexed through the outbox.
    expect(await countRows(app, 'outbox_events', `topic = 'product.changed' and payload->>'productId' = $1`, [p.product_id])).toBeGreaterThanOrEqual(2);
  });

  it('buys the minimum order quantity when none is given, and over GraphQL too', async () => {
    const p = await product({ quantity: { min_quantity: 4, max_quantity: 10 } });
    const rest = await buy(buyer.client, { product_id: p.product_id });
    expect(rest.status).toBe(201);
    expect(rest.body.order.quantity).toBe(4);
    const gql = await buyer.client.gql<{ buyNow: { quantity: number; total: string; status: string; role: string; createdAt: string; payBy: string } }>(
      'mutation($p: ID!, $q: Int, $k: String) { buyNow(productId: $p, quantity: $q, idempotencyKey: $k) { quantity total status role createdAt payBy } }',
      { p: p.product_id, q: 5, k: randomUUID() },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.buyNow).toMatchObject({ quantity: 5, total: '1252.50', status: 'unpaid', role: 'buyer' });
    // The times the buyer's screen shows, as ISO times.
    expect(new Date(gql.data!.buyNow.payBy).getTime()).toBeGreaterThan(new Date(gql.data!.buyNow.createdAt).getTime());
    expect(await stockOf(p.product_id)).toBe(1);
  });

  it('refuses with a clear error and writes nothing', async () => {
    const p = await product({ quantity: { min_quantity: 2, max_quantity: 5 } });
    const inquire = await product({ purchase_type: 'inquire', price: null });
    const disabled = await product();
    expect((await seller.client.gql('mutation($id: ID!) { setProductEnabled(id: $id, enabled: false) { id } }', { id: disabled.product_id })).errors).toBeUndefined();
    const deleted = await product();
    expect((await seller.client.delete(`/seller/products/${deleted.product_id}`)).status).toBe(200);
    const unverified = await createSeller(app);
    await app.sql('update users set email_verified = false where id = $1', [unverified.user.uid]);
    const anonymous = new ApiClient(app.url);

    const cases: Array<[ApiClient, Record<string, unknown>, number, string]> = [
      [anonymous, { product_id: p.product_id, quantity: 2 }, 401, 'Please log in to continue'],
      [seller.client, { product_id: p.product_id, quantity: 2 }, 403, 'You cannot buy your own product'],
      [buyer.client, { product_id: inquire.product_id, quantity: 1 }, 400, 'This product is sold on inquiry only. Please send an inquiry to the seller.'],
      [buyer.client, { product_id: disabled.product_id, quantity: 1 }, 404, 'Product not found'],
      [buyer.client, { product_id: deleted.product_id, quantity: 1 }, 404, 'Product not found'],
      [buyer.client, { product_id: randomUUID(), quantity: 1 }, 404, 'Product not found'],
      [buyer.client, { product_id: p.product_id, quantity: 1 }, 400, 'The minimum order for this product is 2'],
      [buyer.client, { product_id: p.product_id, quantity: 6 }, 409, 'Only 5 left'],
      [buyer.client, { product_id: p.product_id, quantity: 0 }, 400, 'Quantity must be a whole number of at least 1'],
      [buyer.client, { product_id: p.product_id, quantity: 2.5 }, 400, 'Quantity must be a whole number of at least 1'],
      [buyer.client, { product_id: p.product_id, quantity: 'lots' }, 400, 'Quantity must be a whole number of at least 1'],
      [buyer.client, { product_id: p.product_id, quantity: 2_000_000 }, 400, 'Quantity must be at most 1000000'],
      [buyer.client, { product_id: 'not-an-id', quantity: 2 }, 400, 'Please choose a valid product'],
      [unverified.client, { product_id: p.product_id, quantity: 2 }, 403, 'Please verify your email before buying'],
    ];
    const before = { orders: await countRows(app, 'orders'), keys: await countRows(app, 'order_idempotency_keys'), events: await countRows(app, 'outbox_events') };
    for (const [client, body, status, message] of cases) {
      const res = await buy(client, body, randomUUID());
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect(await countRows(app, 'orders')).toBe(before.orders);
    expect(await countRows(app, 'order_idempotency_keys')).toBe(before.keys);
    expect(await countRows(app, 'outbox_events')).toBe(before.events);
    expect(await stockOf(p.product_id)).toBe(5);
    // The same refusals over GraphQL, with the REST codes.
    expectGqlError(await seller.client.gql('mutation($p: ID!) { buyNow(productId: $p, quantity: 2) { id } }', { p: p.product_id }), 'FORBIDDEN', 'You cannot buy your own product');
    expectGqlError(await buyer.client.gql('mutation($p: ID!) { buyNow(productId: $p, quantity: 6) { id } }', { p: p.product_id }), 'CONFLICT', 'Only 5 left');
  });

  it('refuses a total beyond what an order may come to (price x quantity past 64 bits) with 400, writing nothing', async () => {
    // A listing priced before today's price limit (₹10,00,00,000 a unit) could ask ₹1,00,00,00,00,00,000: its
    // price x 1,000 in paise is past a 64-bit integer, where the order's total was answered 500 by PostgreSQL. A
    // purchase may come to the highest price times the largest quantity (10^16 paise).
    const p = await product({ quantity: { min_quantity: 1, max_quantity: 1_000_000 } });
    await app.sql(`update products set price_paise = 10000000000000000 where id = $1`, [p.product_id]);
    const before = { orders: await countRows(app, 'orders'), events: await countRows(app, 'outbox_events') };
    for (const res of [await buy(buyer.client, { product_id: p.product_id, quantity: 1000 }, randomUUID()), await buy(buyer.client, { product_id: p.product_id, quantity: 1000 })]) {
      expect([res.status, res.body.code, res.body.message]).toEqual([400, 'BAD_USER_INPUT', 'This order is too large. Please order a smaller quantity.']);
    }
    expectGqlError(await buyer.client.gql('mutation($p: ID!) { buyNow(productId: $p, quantity: 1000) { id } }', { p: p.product_id }), 'BAD_USER_INPUT', 'This order is too large. Please order a smaller quantity.');
    expect(await countRows(app, 'orders')).toBe(before.orders);
    expect(await countRows(app, 'outbox_events')).toBe(before.events);
    expect(await stockOf(p.product_id)).toBe(1_000_000);
    expect((await buy(buyer.client, { product_id: p.product_id, quantity: 2 })).body.message).toBe('This order is too large. Please order a smaller quantity.');
    // A total within it is bought as ever (one at 10^16 paise).
    const fits = await buy(buyer.client, { product_id: p.product_id, quantity: 1 });
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    expect(fits.body.order.total_paise).toBe('10000000000000000');
  });

  it('says Sold out once the stock is gone; the product stays visible, sold out in search, and restocking sells again', async () => {
    const p = await product({ title: 'Brass door handles soldout', quantity: { min_quantity: 1, max_quantity: 2 } });
    expect((await buy(buyer.client, { product_id: p.product_id, quantity: 2 })).status).toBe(201);
    const refused = await buy(buyer.client, { product_id: p.product_id, quantity: 1 });
    expect([refused.status, refused.body.message, refused.body.code]).toEqual([409, 'Sold out', 'CONFLICT']);
    const page = await stranger.client.get(`/products/${p.product_id}`);
    expect(page.status).toBe(200);
    expect(page.body.product.quantity.max_quantity).toBe(0);
    await app.drain();
    const form = new FormData();
    form.append('body', JSON.stringify({ query: 'Brass door handles soldout', limit: 10 }));
    const found = await stranger.client.request('POST', '/products/search', form);
    const hit = found.body.results.find((r: { product_id: string }) => r.product_id === p.product_id);
    expect(hit, JSON.stringify(found.body).slice(0, 500)).toMatchObject({ sold_out: true });
    // Editing other fields keeps it sold out; entering a quantity restocks it.
    const edited = await seller.client.put(`/seller/products/${p.product_id}`, { title: 'Brass door handles, restocking soon' });
    expect([edited.status, edited.body.product?.quantity?.max_quantity]).toEqual([200, 0]);
    expect((await seller.client.put(`/seller/products/${p.product_id}`, { quantity: 3 })).status).toBe(200);
    expect((await buy(buyer.client, { product_id: p.product_id, quantity: 3 })).status).toBe(201);
  });
});

describe('stock under concurrency', () => {
  it('50 buyers racing for the last unit: one order, 49 Sold out, stock 0', async () => {
    const p = await product({ quantity: { min_quantity: 1, max_quantity: 1 } });
    const buyers = await quickBuyers(50);
    const results = await Promise.all(buyers.map((b) => buy(b.client, { product_id: p.product_id, quantity: 1 })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect([r.status, r.body.message]).toEqual([409, 'Sold out']);
    expect(await stockOf(p.product_id)).toBe(0);
    expect(await ordersOf(p.product_id)).toBe(1);
  });

  it('200 buys of 3 on a stock of 100: 33 orders, stock 1', async () => {
    const p = await product({ quantity: { min_quantity: 1, max_quantity: 100 } });
    const buyers = await quickBuyers(20);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => buy(buyers[i % 20].client, { product_id: p.product_id, quantity: 3 })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(33);
    for (const r of results.filter((x) => x.status !== 201)) expect([r.status, r.body.message]).toEqual([409, 'Only 1 left']);
    expect(await stockOf(p.product_id)).toBe(1);
    expect(await ordersOf(p.product_id)).toBe(33);
    const [sum] = await app.sql<{ n: string }>('select sum(quantity)::text as n from orders where product_id = $1', [p.product_id]);
    expect(sum.n).toBe('99');
  });

  it('10 concurrent retries with one idempotency key: one order, the same answer each time', async () => {
    const p = await product({ quantity: { min_quantity: 1, max_quantity: 50 } });
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => buy(buyer.client, { product_id: p.product_id, quantity: 2 }, key)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.order_id)).size).toBe(1);
    expect(await ordersOf(p.product_id)).toBe(1);
    expect(await stockOf(p.product_id)).toBe(48);
    // GraphQL with the same key and body answers the same order.
    const gql = await buyer.client.gql<{ buyNow: { id: string } }>('mutation($p: ID!, $k: String) { buyNow(productId: $p, quantity: 2, idempotencyKey: $k) { id } }', { p: p.product_id, k: key });
    expect(gql.data?.buyNow.id).toBe(results[0].body.order_id);
    // A different body with the key is refused and changes nothing.
    const other = await buy(buyer.client, { product_id: p.product_id, quantity: 3 }, key);
    expect([other.status, other.body.message]).toEqual([409, 'This Idempotency-Key was already used for a different purchase']);
    // Another user may use the same key for their own purchase.
    expect((await buy(stranger.client, { product_id: p.product_id, quantity: 2 }, key)).body.order_id).not.toBe(results[0].body.order_id);
    // An hour later the key still answers the same order.
    app.clock.advance(3600 * 1000);
    const hourLater = await buy(buyer.client, { product_id: p.product_id, quantity: 2 }, key);
    expect([hourLater.status, hourLater.body.order_id]).toEqual([201, results[0].body.order_id]);
    expect(await stockOf(p.product_id)).toBe(46);
    // After 24 hours the key is forgotten: the same call is a new purchase.
    app.clock.advance(23 * 3600 * 1000 + 1000);
    const later = await buy(buyer.client, { product_id: p.product_id, quantity: 2 }, key);
    expect(later.status).toBe(201);
    expect(later.body.order_id).not.toBe(results[0].body.order_id);
    expect(await ordersOf(p.product_id)).toBe(3);
  });

  it('refuses a bad Idempotency-Key', async () => {
    const p = await product();
    const res = await buy(buyer.client, { product_id: p.product_id, quantity: 1 }, 'x'.repeat(101));
    expect([res.status, res.body.message]).toEqual([400, 'Idempotency-Key must be 1 to 100 printable characters']);
    expect(await ordersOf(p.product_id)).toBe(0);
  });
});

type Status = 'unpaid' | 'payment_sent' | 'delivery_pending' | 'delivered' | 'cancelled';
type Action = 'confirm_payment' | 'payment_received' | 'payment_not_received' | 'confirm_delivery' | 'cancel' | 'decline';
const PATHS: Record<Action, (id: string) => string> = {
  confirm_payment: () => '/orders/confirm',
  payment_received: (id) => `/sellers/orders/${id}/payment-received`,
  payment_not_received: (id) => `/sellers/orders/${id}/payment-not-received`,
  confirm_delivery: () => '/sellers/orders/confirm-delivery',
  cancel: () => '/orders/cancel',
  decline: () => '/sellers/orders/decline',
};
const MUTATIONS: Record<Action, string> = {
  confirm_payment: 'confirmOrderPayment',
  payment_received: 'markOrderPaymentReceived',
  payment_not_received: 'markOrderPaymentNotReceived',
  confirm_delivery: 'confirmOrderDelivery',
  cancel: 'cancelOrder',
  decline: 'declineOrder',
};
/** The allowed transitions: (from, actor, action) -> to. Every other triple is refused. */
const ALLOWED: Record<string, Status> = {
  'unpaid buyer confirm_payment': 'payment_sent',
  'unpaid buyer cancel': 'cancelled',
  'unpaid seller decline': 'cancelled',
  'payment_sent seller payment_received': 'delivery_pending',
  'payment_sent seller payment_not_received': 'unpaid',
  'delivery_pending seller confirm_delivery': 'delivered',
};
/** A party's repeat of its own mark (a double tap): answered with the order as it is, nothing changed. */
const REPEATS = new Set(['payment_sent buyer confirm_payment', 'delivery_pending seller payment_received', 'delivered seller payment_received']);
/** How to bring a fresh order to each status. */
const PATH_TO: Record<Status, Array<[Action, 'buyer' | 'seller']>> = {
  unpaid: [],
  payment_sent: [['confirm_payment', 'buyer']],
  delivery_pending: [['confirm_payment', 'buyer'], ['payment_received', 'seller']],
  delivered: [['confirm_payment', 'buyer'], ['payment_received', 'seller'], ['confirm_delivery', 'seller']],
  cancelled: [['decline', 'seller']],
};

describe('the order lifecycle', () => {
  const who = () => ({ buyer: buyer.client, seller: seller.client, stranger: stranger.client });

  it('every (status, actor, action): allowed ones succeed, the others are refused and change nothing', async () => {
    const statuses: Status[] = ['unpaid', 'payment_sent', 'delivery_pending', 'delivered', 'cancelled'];
    const actors = ['buyer', 'seller', 'stranger'] as const;
    const actions = Object.keys(PATHS) as Action[];
    let checked = 0;
    // The statuses side by side, each on its own product (its stock checked alone).
    await Promise.all(statuses.map(async (status, n) => {
      const p = await product({ quantity: { min_quantity: 1, max_quantity: 1000 } });
      let cases = n;
      for (const actor of actors) {
        for (const action of actions) {
          const placed = await buy(buyer.client, { product_id: p.product_id, quantity: 2 });
          const id = placed.body.order_id as string;
          for (const [a, by] of PATH_TO[status]) expect((await who()[by].post(PATHS[a](id), { order_id: id })).status).toBe(200);
          // A paid order's invoice is made by a job that names it on the order (docs/product.md#gst-invoices):
          // the snapshot below is taken once that is done, so it compares only what the action did.
          const paid = PATH_TO[status].some(([a]) => a === 'payment_received');
          if (paid) await waitFor(async () => (await app.sql('select invoice_number from orders where id = $1', [id]))[0].invoice_number !== null, 30_000, `the invoice of ${id}`);
          const row = async () => {
            const { purchase_recorded: _recorded, ...rest } = (await app.sql('select * from orders where id = $1', [id]))[0];
            return rest; // purchase_recorded is the worker's bookkeeping, set whenever its job runs
          };
          const before = await row();
          const stockBefore = await stockOf(p.product_id);
          // Half the cases over REST, half over GraphQL: both doors share the service.
          const viaGql = cases++ % 2 === 1;
          // One shape for both doors: the status reached, or the refusal's code and message.
          let outcome: { status?: string; code?: string; message?: string };
          if (viaGql) {
            const res = await who()[actor].gql<Record<string, { status: string }>>(`mutation($id: ID!) { ${MUTATIONS[action]}(orderId: $id) { status } }`, { id });
            const err = res.errors?.[0];
            outcome = err ? { code: err.extensions?.code, message: err.message } : { status: res.data?.[MUTATIONS[action]].status };
          } else {
            const res = await who()[actor].post(PATHS[action](id), { order_id: id });
            outcome = res.status === 200 ? { status: res.body.order.status } : { code: res.body.code, message: res.body.message };
          }
          const to = actor === 'stranger' ? undefined : ALLOWED[`${status} ${actor} ${action}`];
          const after = await row();
          const label = `${status} ${actor} ${action} (${viaGql ? 'GraphQL' : 'REST'})`;
          if (actor !== 'stranger' && REPEATS.has(`${status} ${actor} ${action}`)) {
            expect(outcome, label).toEqual({ status });
            expect(after, label).toEqual(before);
          } else if (to) {
            expect(outcome, label).toEqual({ status: to });
            expect(after.status, label).toBe(to);
            expect(await stockOf(p.product_id), label).toBe(to === 'cancelled' ? stockBefore + 2 : stockBefore);
          } else {
            const expected =
              actor === 'stranger'
                ? ['NOT_FOUND', 'Order not found']
                : Object.keys(ALLOWED).some((k) => k.endsWith(` ${action}`) && k.split(' ')[1] !== actor)
                  ? ['FORBIDDEN', expect.stringMatching(/^Only the /)]
                  : ['CONFLICT', 'This order can no longer be changed'];
            expect([outcome.code, outcome.message], label).toEqual(expected);
            expect(after, label).toEqual(before);
            expect(await stockOf(p.product_id), label).toBe(stockBefore);
          }
          checked++;
        }
      }
    }));
    expect(checked).toBe(90);
  }, 120_000);

  it('a wrong role with a wrong status is told whose action it is; the same refusal in Hindi', async () => {
    const p = await product();
    const id = (await buy(buyer.client, { product_id: p.product_id, quantity: 1 })).body.order_id;
    const res = await seller.client.request('POST', '/orders/confirm', { order_id: id }, { 'x-locale': 'hi' });
    expect([res.status, res.body.code, res.body.message]).toEqual([403, 'FORBIDDEN', 'पेमेंट सिर्फ़ ख़रीदार कन्फ़र्म कर सकता है']);
  });

  it('an unpaid order is cancelled when the payment window closes, and its stock comes back', async () => {
    const p = await product({ quantity: { min_quantity: 1, max_quantity: 10 } });
    const id = (await buy(buyer.client, { product_id: p.product_id, quantity: 4 })).body.order_id as string;
    const paid = (await buy(buyer.client, { product_id: p.product_id, quantity: 1 })).body.order_id as string;
    expect((await buyer.client.post('/orders/confirm', { order_id: paid })).status).toBe(200);
    await app.drain(); // the order events schedule the payment-window jobs
    const queue = app.infra.queues.queue('order-expiry');
    const job = await queue.getJob(`expire-${id}`);
    expect(job, 'a delayed payment-window job').toBeTruthy();
    expect(job!.delay).toBeGreaterThan(47 * 3600 * 1000);
    // Run early (the clock says the window is open): nothing changes and the job waits again.
    await job!.promote();
    await new Promise((r) => setTimeout(r, 300));
    expect((await app.sql('select status from orders where id = $1', [id]))[0].status).toBe('unpaid');
    expect(await stockOf(p.product_id)).toBe(5);
    // 48 hours later on the manual clock the job cancels it.
    app.clock.advance(48 * 3600 * 1000 + 1000);
    const waiting = await queue.getJob(`expire-${id}`);
    expect(await waiting!.getState()).toBe('delayed');
    await waiting!.promote();
    await app.drain();
    const [row] = await app.sql<{ status: string; cancelled_by: string }>('select status, cancelled_by from orders where id = $1', [id]);
    expect(row).toEqual({ status: 'cancelled', cancelled_by: 'expiry' });
    expect(await stockOf(p.product_id)).toBe(9);
    // The order the buyer says is paid waits for the seller's check, however late.
    const paidJob = await queue.getJob(`expire-${paid}`);
    if (paidJob && (await paidJob.getState()) === 'delayed') await paidJob.promote();
    await app.drain();
    expect((await app.sql('select status from orders where id = $1', [paid]))[0].status).toBe('payment_sent');
  });
});

describe('search gives the stock back', () => {
  /** The product as a stranger's search finds it (after the outbox and the index caught up). */
  async function searched(title: string, productId: string) {
    await app.drain();
    const form = new FormData();
    form.append('body', JSON.stringify({ query: title, limit: 20 }));
    const found = await stranger.client.request('POST', '/products/search', form);
    expect(found.status).toBe(200);
    const hit = found.body.results.find((r: { product_id: string }) => r.product_id === productId);
    expect(hit, JSON.stringify(found.body).slice(0, 500)).toBeDefined();
    return { soldOut: hit.sold_out as boolean, left: hit.quantity.max_quantity as number };
  }

  // Re-indexed through the outbox at once, not by the hourly reconcile pass (which does not run here).
  it('after a cancel, a decline and an expiry, search shows the product in stock again', async () => {
    const ends: Array<[string, (orderId: string) => Promise<void>]> = [
      ['Teak garden bench restock cancel', async (id) => expect((await buyer.client.post('/orders/cancel', { order_id: id })).status).toBe(200)],
      ['Teak garden bench restock decline', async (id) => expect((await seller.client.post('/sellers/orders/decline', { order_id: id })).status).toBe(200)],
      [
        'Teak garden bench restock expiry',
        async (id) => {
          app.clock.advance(48 * 3600 * 1000 + 1000);
          const job = await app.infra.queues.queue('order-expiry').getJob(`expire-${id}`);
          await job!.promote();
        },
      ],
    ];
    for (const [title, end] of ends) {
      const p = await product({ title, quantity: { min_quantity: 1, max_quantity: 3 } });
      const placed = await buy(buyer.client, { product_id: p.product_id, quantity: 3 });
      expect(placed.status).toBe(201);
      expect(await searched(title, p.product_id), title).toEqual({ soldOut: true, left: 0 });
      await end(placed.body.order_id);
      expect(await searched(title, p.product_id), title).toEqual({ soldOut: false, left: 3 });
      expect((await app.sql('select status from orders where id = $1', [placed.body.order_id]))[0].status, title).toBe('cancelled');
    }
  });
});

describe('who sees what', () => {
  it("a stranger can neither read nor change another's order, on either door", async () => {
    const p = await product();
    const id = (await buy(buyer.client, { product_id: p.product_id, quantity: 1 })).body.order_id as string;
    expect((await stranger.client.get(`/orders/${id}`)).status).toBe(404);
    for (const path of Object.values(PATHS)) {
      const res = await stranger.client.post(path(id), { order_id: id });
      expect([res.status, res.body.message]).toEqual([404, 'Order not found']);
    }
    expectGqlError(await stranger.client.gql('query($id: ID!) { order(id: $id) { id } }', { id }), 'NOT_FOUND', 'Order not found');
    for (const m of Object.values(MUTATIONS)) {
      expectGqlError(await stranger.client.gql(`mutation($id: ID!) { ${m}(orderId: $id) { id } }`, { id }), 'NOT_FOUND', 'Order not found');
    }
    const lists = [await stranger.client.get('/orders/list'), await stranger.client.get('/sellers/orders/list')];
    for (const l of lists) expect(l.body.orders.map((o: { order_id: string }) => o.order_id)).not.toContain(id);
    const after = await stranger.client.get('/orders/changes?after=0');
    expect(after.body.orders.map((o: { order_id: string }) => o.order_id)).not.toContain(id);
    expect((await new ApiClient(app.url).get('/orders/list')).status).toBe(401);
    expect((await app.sql('select status from orders where id = $1', [id]))[0].status).toBe('unpaid');
  });

  it("lists each side's orders newest first with paging; the seller sees the buyer's phone only once the order is confirmed", async () => {
    const s = await createSeller(app);
    const b = await createSeller(app);
    await app.sql(`update users set whatsapp_number = '+919876543210', whatsapp_verified = true where id = $1`, [b.user.uid]);
    const p = await product({}, s);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await buy(b.client, { product_id: p.product_id, quantity: 1 })).body.order_id);
    const mine = await b.client.get('/orders/list?limit=2&offset=0');
    expect(mine.body).toMatchObject({ total_count: 3, limit: 2, offset: 0 });
    expect(mine.body.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[2], ids[1]]);
    const theirs = await s.client.get('/sellers/orders/list');
    expect(theirs.body.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(theirs.body.orders[0]).toMatchObject({ role: 'seller', buyer_username: b.username, buyer_phone: null, actions: ['decline'] });
    expect((await b.client.post('/orders/confirm', { order_id: ids[2] })).status).toBe(200);
    expect((await s.client.get('/sellers/orders/list')).body.orders[0]).toMatchObject({ status: 'payment_sent', buyer_phone: null, actions: ['payment_received', 'payment_not_received'] });
    expect((await s.client.post(`/sellers/orders/${ids[2]}/payment-received`, {})).status).toBe(200);
    const after = (await s.client.get('/sellers/orders/list')).body.orders[0];
    expect(after).toMatchObject({ status: 'delivery_pending', buyer_phone: '+919876543210', actions: ['confirm_delivery'] });
    expect((await b.client.get(`/orders/${ids[2]}`)).body.order.buyer_phone).toBeNull();
    expect((await b.client.get('/orders/list?limit=0')).status).toBe(400);
    const gql = await s.client.gql<{ sellerOrders: { totalCount: number; items: Array<{ id: string; displayId: string }> } }>(
      'query { sellerOrders(limit: 10) { totalCount items { id displayId } } }',
    );
    expect(gql.data!.sellerOrders.totalCount).toBe(3);
    expect(gql.data!.sellerOrders.items[0].displayId).toBe(ids[2].slice(-8));
  });

  it("keeps orders when an account is deleted; the other side sees 'Deleted user'", async () => {
    const s = await createSeller(app);
    const b = await createSeller(app);
    const p = await product({}, s);
    const id = (await buy(b.client, { product_id: p.product_id, quantity: 1 })).body.order_id;
    expect((await b.client.post('/auth/delete-account', { password: b.password })).status).toBe(200);
    const order = (await s.client.get(`/orders/${id}`)).body.order;
    expect(order).toMatchObject({ order_id: id, buyer_username: 'Deleted user', seller_username: s.username });
  });
});

describe('notifications', () => {
  it("emails the seller a new order and the buyer each change, in the recipient's language, only when notifications are on", async () => {
    const s = await createSeller(app);
    const b = await createSeller(app);
    await app.sql(`update users set language = 'hi' where id = $1`, [s.user.uid]);
    const p = await product({ title: 'Steel almirah' }, s);
    const id = (await buy(b.client, { product_id: p.product_id, quantity: 1 })).body.order_id as string;
    await b.client.post('/orders/confirm', { order_id: id, utr: '4123 4567 8901' });
    await s.client.post(`/sellers/orders/${id}/payment-received`, {});
    await app.drain();
    const mails = async (email: string) => app.sql<{ subject: string; body: string }>(`select subject, body from dev_outbox_messages where recipient = $1 and dedupe_key like 'order-%' order by id`, [email]);
    // Each event's mail is its own job, so the two may be written in either order.
    const toSeller = (await mails(s.email)).sort((x, y) => Number(y.subject.startsWith('नया')) - Number(x.subject.startsWith('नया')));
    expect(toSeller).toHaveLength(2);
    expect(toSeller[0].subject).toBe(`नया ऑर्डर ${id.slice(-8)}: Steel almirah`);
    expect(toSeller[0].body).toContain('UPI');
    // The buyer's "I paid", with the UTR, for the seller to check.
    expect(toSeller[1].subject).toBe(`ऑर्डर ${id.slice(-8)}: ख़रीदार ने पेमेंट भेजा है`);
    expect(toSeller[1].body).toContain('UTR 412345678901');
    const toBuyer = await mails(b.email);
    expect(toBuyer.map((m) => m.subject)).toEqual([`Order ${id.slice(-8)} confirmed`]);
    // Notifications off: nothing more is sent.
    await app.sql('update users set email_notifications = false where id = $1', [b.user.uid]);
    await s.client.post('/sellers/orders/confirm-delivery', { order_id: id });
    await app.drain();
    expect(await mails(b.email)).toHaveLength(1);
  });

  it('records the purchase for recommendations', async () => {
    const p = await product();
    await buy(stranger.client, { product_id: p.product_id, quantity: 1 });
    await app.drain();
    // Once, even when the order's event job runs again.
    const [event] = await app.sql<{ id: string; payload: Record<string, unknown> }>(
      `select id, payload from outbox_events where topic = 'order.changed' and payload->>'buyerId' = $1 order by id desc limit 1`,
      [stranger.user.uid],
    );
    await app.services.orders.afterChange(app.infra.orm.em, event.id, event.payload as never);
    expect(await countRows(app, 'search_interactions', `kind = 'purchase' and user_id = $1 and product_id = $2`, [stranger.user.uid, p.product_id])).toBe(1);
  });
});
