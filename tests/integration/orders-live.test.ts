import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppHandle } from '../../server/src/app/server.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, collect, waitFor } from '../support/client.js';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * Live order events: the one `orderEvents` subscription streams the viewer's own orders, as buyer
 * and as seller, from any api process, with positions for a gap-free reconnect.
 */
let a: TestApp;
let b: AppHandle;
let redis: Redis;
let seller: Seller;
let buyer: Seller;
let stranger: Seller;

beforeAll(async () => {
  a = await startTestApp();
  // A second api process of the same deployment: same database, same Redis prefix, no worker.
  b = await startApp({ ...a.config, PORT: 0 }, { api: true, worker: false, log: pino({ level: 'silent' }) });
  redis = new Redis(a.config.REDIS_URL);
  [seller, buyer, stranger] = await Promise.all([createSeller(a), createSeller(a), createSeller(a)]);
});
afterAll(async () => {
  redis?.disconnect();
  await b?.close();
  await a?.close();
});

interface OrderEventPayload {
  data?: { orderEvents: { type: string; position: string; order: { id: string; status: string; role: string; actions: string[] } } } | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

const EVENTS = 'subscription { orderEvents { type position order { id status role actions } } }';

/** A client of process `url` carrying `cookie` (the session store is shared). */
function clientOf(url: string, cookie: string | null) {
  const c = new ApiClient(url);
  c.cookie = cookie;
  return c;
}

/** Subscribes `client` to its order events and waits until the server listens on its topic. */
async function watch(client: ApiClient, userId: string) {
  const ws = client.ws();
  const before = await listeners(userId);
  const sub = collect<OrderEventPayload>(ws, EVENTS);
  await waitFor(async () => (await listeners(userId)) > before || sub.isDone(), 5000, 'the order subscription to start');
  const events = () => sub.events.map((e) => e.data?.orderEvents).filter((e) => !!e);
  /** Closes the socket and waits until the server stopped listening (the next watch can tell it started). */
  const close = async () => {
    await ws.dispose();
    await waitFor(async () => (await listeners(userId)) === 0, 5000, 'the order subscription to end');
  };
  return { ws, sub, events, close };
}

/** How many Redis subscribers listen on a user's order topic (over every api process). */
async function listeners(userId: string): Promise<number> {
  const [, n] = (await redis.pubsub('NUMSUB', `${a.config.REDIS_PREFIX}:orders:${userId}`)) as [string, number];
  return Number(n);
}

const buy = (client: ApiClient, productId: string, quantity = 1) => client.post('/products/buy-now', { product_id: productId, quantity });

describe('orderEvents', () => {
  it("streams a new order and the buyer's confirmation to the seller, the changes to the buyer, and nothing to a stranger", async () => {
    const p = await createProduct(seller.client, { quantity: { min_quantity: 1, max_quantity: 10 } });
    const onSeller = await watch(seller.client, seller.user.uid);
    const onBuyer = await watch(buyer.client, buyer.user.uid);
    const onStranger = await watch(stranger.client, stranger.user.uid);

    const placed = await buy(buyer.client, p.product_id);
    expect(placed.status).toBe(201);
    const id = placed.body.order_id as string;
    await waitFor(() => onSeller.events().length === 1, 5000, 'the new order to reach the seller');
    expect(onSeller.events()[0]).toMatchObject({ type: 'created', order: { id, status: 'unpaid', role: 'seller', actions: ['decline'] } });

    expect((await buyer.client.post('/orders/confirm', { order_id: id })).status).toBe(200);
    await waitFor(() => onSeller.events().length === 2, 5000, "the buyer's confirmation to reach the seller");
    expect(onSeller.events()[1]).toMatchObject({ type: 'status_changed', order: { id, status: 'payment_sent', role: 'seller' } });
    await waitFor(() => onBuyer.events().length === 2, 5000, 'both events to reach the buyer');
    expect(onBuyer.events().map((e) => [e.type, e.order.status, e.order.role])).toEqual([
      ['created', 'unpaid', 'buyer'],
      ['status_changed', 'payment_sent', 'buyer'],
    ]);
    // Positions grow per user.
    const positions = onSeller.events().map((e) => BigInt(e.position));
    expect(positions[1]).toBeGreaterThan(positions[0]);

    // Nothing more arrives once the outbox is drained (each event is delivered once).
    await a.drain();
    await new Promise((r) => setTimeout(r, 200));
    expect(onSeller.events()).toHaveLength(2);
    expect(onBuyer.events()).toHaveLength(2);
    expect(onStranger.events()).toEqual([]);
    for (const s of [onSeller, onBuyer, onStranger]) await s.close();
  });

  it('publishes an order before its buyer hears the answer: the seller hears of it no later than the buyer', async () => {
    const p = await createProduct(seller.client, { quantity: { min_quantity: 1, max_quantity: 100 } });
    const sub = new Redis(a.config.REDIS_URL);
    const heard = new Set<string>();
    sub.on('message', (_channel, raw: string) => heard.add((JSON.parse(raw) as { orderId: string }).orderId));
    await sub.subscribe(`${a.config.REDIS_PREFIX}:orders:${seller.user.uid}`);
    try {
      // A first order warms the path (the subscription's first message, the publisher's first command); then each
      // of ten is heard before its answer.
      expect((await buy(buyer.client, p.product_id)).status).toBe(201);
      const beforeAnswer: boolean[] = [];
      for (let i = 0; i < 10; i++) {
        const placed = await buy(buyer.client, p.product_id);
        expect(placed.status).toBe(201);
        beforeAnswer.push(heard.has(placed.body.order_id as string));
      }
      expect(beforeAnswer.filter(Boolean).length, JSON.stringify(beforeAnswer)).toBe(10);
    } finally {
      sub.disconnect();
    }
  });

  it('reaches a subscriber on another api process', async () => {
    const p = await createProduct(seller.client, { quantity: { min_quantity: 1, max_quantity: 10 } });
    const onB = await watch(clientOf(b.url!, seller.client.cookie), seller.user.uid);
    const id = (await buy(clientOf(b.url!, buyer.client.cookie), p.product_id)).body.order_id as string;
    await waitFor(() => onB.events().length === 1, 5000, 'the order to reach the other process');
    await buy(buyer.client, p.product_id).then(() => buyer.client.post('/orders/cancel', { order_id: id }));
    await waitFor(() => onB.events().some((e) => e.order.id === id && e.order.status === 'cancelled'), 5000, 'the cancellation on the other process');
    await onB.close();
  });

  it('after a reconnect, ordersAfter(position) returns exactly what was missed', async () => {
    const p = await createProduct(seller.client, { quantity: { min_quantity: 1, max_quantity: 10 } });
    const first = await watch(seller.client, seller.user.uid);
    const o1 = (await buy(buyer.client, p.product_id)).body.order_id as string;
    await waitFor(() => first.events().length === 1, 5000, 'the first order');
    const seen = first.events()[0].position;
    await first.close();

    // While the seller is away: a new order, and the first one is confirmed.
    const o2 = (await buy(buyer.client, p.product_id)).body.order_id as string;
    await buyer.client.post('/orders/confirm', { order_id: o1 });

    const missed = await seller.client.gql<{ ordersAfter: { position: string; items: Array<{ id: string; status: string; position: string }> } }>(
      'query($after: String!) { ordersAfter(after: $after) { position items { id status position } } }',
      { after: seen },
    );
    expect(missed.errors).toBeUndefined();
    const { items, position } = missed.data!.ordersAfter;
    expect(items.map((o) => [o.id, o.status])).toEqual([
      [o2, 'unpaid'],
      [o1, 'payment_sent'],
    ]);
    expect(position).toBe(items[1].position);
    // The REST twin.
    const rest = await seller.client.get(`/orders/changes?after=${seen}`);
    expect(rest.body.orders.map((o: { order_id: string }) => o.order_id)).toEqual([o2, o1]);
    // Nothing after the newest position.
    expect((await seller.client.get(`/orders/changes?after=${position}`)).body.orders).toEqual([]);
  });

  it('refuses a subscriber without a session, and stops one whose session ended', async () => {
    const anonymous = collect<OrderEventPayload>(new ApiClient(a.url).ws(), EVENTS);
    await waitFor(() => anonymous.isDone(), 5000, 'the refusal');
    expect(JSON.stringify([anonymous.events, anonymous.errors])).toContain('UNAUTHENTICATED');

    const s = await createSeller(a);
    const p = await createProduct(s.client, { quantity: { min_quantity: 1, max_quantity: 10 } });
    const watched = await watch(s.client, s.user.uid);
    await buy(buyer.client, p.product_id);
    await waitFor(() => watched.events().length === 1, 5000, 'the first order');
    // The session expires in Redis (not a logout): the next event is not delivered.
    const sid = decodeURIComponent(s.client.cookie!.split('=')[1]);
    await a.services.sessions.destroy(sid);
    await buy(buyer.client, p.product_id);
    await a.drain();
    await new Promise((r) => setTimeout(r, 300));
    expect(watched.events()).toHaveLength(1);
    await watched.close();
  });
});
