import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppHandle } from '../../server/src/app/server.js';
import { topicRoutes } from '../../server/src/app/create-services.js';
import { MODULES } from '../../server/src/modules/index.js';
import { ORDER_CHANGED, orderChanged, ORDERS_QUEUE, type OrderView } from '../../server/src/modules/orders/orders.service.js';
import { addOutboxEvent, DuplicateRouteError, OutboxRelay, OutboxRoutes } from '../../server/src/outbox/outbox.js';
import type { RelayPublisher } from '../../server/src/pubsub/pubsub.js';
import { countRows, login } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, collect, waitFor } from '../support/client.js';
import { untilSubscribed, watchAccountEvents, wsOnce } from '../support/subscriptions.js';
import { createProduct } from '../factories/products.js';
import { createSeller, type Seller } from '../factories/users.js';

/**
 * The live-event backbone (docs/architecture.md#live-events): outbox topics are published by the
 * relay after commit only, a rolled-back change publishes nothing, a relay that dies before
 * publishing loses nothing, and every event is authorised again (a session that expired in Redis
 * stops delivery and closes the socket with 4401).
 */
let app: TestApp;
let redis: Redis;

beforeAll(async () => {
  // No worker, and no publishing at commit: no relay runs in this process, so a test decides when
  // events are relayed (as when the writer died right after its commit).
  app = await startTestApp({}, { worker: false, publishAtCommit: false });
  redis = new Redis(app.config.REDIS_URL);
});
afterAll(async () => {
  redis?.disconnect();
  await app?.close();
});

interface OrderEventPayload {
  data?: { orderEvents: { type: string; position: string; order: { id: string; status: string } } } | null;
}
const EVENTS = 'subscription { orderEvents { type position order { id status } } }';

async function listeners(userId: string): Promise<number> {
  const [, n] = (await redis.pubsub('NUMSUB', `${app.config.REDIS_PREFIX}:orders:${userId}`)) as [string, number];
  return Number(n);
}

/** Subscribes to the user's order events and waits until the server listens. */
async function watchOrders(user: Seller) {
  let code: number | null = null;
  const ws = user.client.ws({ onClose: (c) => (code = c) });
  const before = await listeners(user.user.uid);
  const sub = collect<OrderEventPayload>(ws, EVENTS);
  await waitFor(async () => (await listeners(user.user.uid)) > before || sub.isDone(), 5000, 'the order subscription to start');
  return { ws, sub, closeCode: () => code, events: () => sub.events.map((e) => e.data?.orderEvents).filter((e) => !!e) };
}

const buy = (client: ApiClient, productId: string) => client.post('/products/buy-now', { product_id: productId, quantity: 1 });
const sessionKey = (client: ApiClient) => `${app.config.REDIS_PREFIX}:sess:${createHash('sha256').update(decodeURIComponent(client.cookie!.split('=')[1])).digest('base64url')}`;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** What is left of a session near the end of its TTL: enough to open a socket and see one event. */
const SESSION_LEFT_MS = 3000;
/** Waits until Redis has let the key expire. */
const untilExpired = (key: string) => waitFor(async () => (await redis.exists(key)) === 0, SESSION_LEFT_MS + 2000, 'the session to expire');

describe('outbox live topics', () => {
  it('a relay that dies between commit and publish loses nothing: the next relay delivers the event once, to the parties only', async () => {
    const [seller, buyer, stranger] = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
    const p = await createProduct(seller.client, { quantity: { min_quantity: 1, max_quantity: 10 } });
    const onSeller = await watchOrders(seller);
    const onStranger = await watchOrders(stranger);

    const placed = await buy(buyer.client, p.product_id);
    expect(placed.status).toBe(201);
    const id = placed.body.order_id as string;
    // Committed, but nothing published (this process does not publish at commit: its writer "died").
    await pause(300);
    expect(onSeller.events()).toEqual([]);
    expect(await countRows(app, 'outbox_events', 'dispatched_at is null and topic = $1', [ORDER_CHANGED])).toBe(1);

    // A relay claims the event and dies before its publish: its transaction never commits.
    const dying = { publishOnce: () => Promise.reject(new Error('relay killed before publishing')) } as unknown as RelayPublisher;
    await expect(new OutboxRelay(app.infra.orm, app.infra.queues, app.infra.redis, topicRoutes(), app.infra.log, app.config.REDIS_PREFIX, { live: dying }).drain()).rejects.toThrow(
      'relay killed before publishing',
    );
    expect(await countRows(app, 'outbox_events', 'dispatched_at is null and topic = $1', [ORDER_CHANGED])).toBe(1);
    await pause(100);
    expect(onSeller.events()).toEqual([]);

    // A worker process starts (its relay LISTENs for commits and relays what is pending).
    const worker: AppHandle = await startApp(app.config, { api: false, worker: true, log: pino({ level: 'silent' }) });
    try {
      await waitFor(() => onSeller.events().length === 1, 5000, 'the event after the relay restarted');
      expect(onSeller.events()[0]).toMatchObject({ type: 'created', order: { id, status: 'unpaid' } });

      // With the relay running, the next change follows its commit.
      expect((await buyer.client.post('/orders/confirm', { order_id: id })).status).toBe(200);
      await waitFor(() => onSeller.events().length === 2, 5000, 'the confirmation');
      expect(onSeller.events()[1]).toMatchObject({ type: 'status_changed', order: { id, status: 'payment_sent' } });
      await pause(200);
      expect(onSeller.events()).toHaveLength(2);
      expect(onStranger.events()).toEqual([]);
    } finally {
      await worker.close();
    }
    await onSeller.ws.dispose();
    await onStranger.ws.dispose();
  });

  it('a rolled-back change publishes nothing; the same event committed is delivered', async () => {
    const [seller, buyer] = await Promise.all([createSeller(app), createSeller(app)]);
    const p = await createProduct(seller.client, { quantity: { min_quantity: 1, max_quantity: 10 } });
    const id = (await buy(buyer.client, p.product_id)).body.order_id as string;
    await app.infra.relay.drain();
    const onSeller = await watchOrders(seller);
    const [placed] = await app.sql<{ view: unknown }>(`select payload->'views'->$2 as view from outbox_events where topic = $1 and payload->>'orderId' = $3`, [
      ORDER_CHANGED,
      seller.user.uid,
      id,
    ]);
    const event = (position: string) => ({
      orderId: id,
      type: 'status_changed' as const,
      status: 'unpaid' as const,
      buyerId: buyer.user.uid,
      sellerId: seller.user.uid,
      buyerPosition: position,
      sellerPosition: position,
      // What each party is shown (the subscription here reads the id and the status).
      views: { [seller.user.uid]: { ...(placed!.view as OrderView), id, status: 'unpaid' as const, position } },
    });

    await expect(
      app.infra.orm.em.fork().transactional(async (tx) => {
        addOutboxEvent(tx, orderChanged, event('100'));
        await tx.flush();
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await app.infra.relay.drain()).toBe(0);
    await pause(200);
    expect(onSeller.events()).toEqual([]);

    await app.infra.orm.em.fork().transactional(async (tx) => void addOutboxEvent(tx, orderChanged, event('101')));
    expect(await app.infra.relay.drain()).toBe(1);
    await waitFor(() => onSeller.events().length === 1, 5000, 'the committed event');
    expect(onSeller.events()[0]).toMatchObject({ position: '101', order: { id } });
    await onSeller.ws.dispose();
  });

  it('the same event published twice reaches a subscriber once (the relay publishes once; a second publish is told by its position)', async () => {
    const [seller, buyer] = await Promise.all([createSeller(app), createSeller(app)]);
    const p = await createProduct(seller.client, { quantity: { min_quantity: 1, max_quantity: 10 } });
    const onSeller = await watchOrders(seller);
    // What Redis carries on the seller's channel, publish by publish.
    const raw = new Redis(app.config.REDIS_URL);
    const published: string[] = [];
    try {
      const channel = `${app.config.REDIS_PREFIX}:orders:${seller.user.uid}`;
      await raw.subscribe(channel);
      raw.on('message', (ch: string, message: string) => ch === channel && published.push(message));
      const id = (await buy(buyer.client, p.product_id)).body.order_id as string;
      const [{ id: eventId }] = await app.sql<{ id: string }>(`select id from outbox_events where topic = $1 and payload->>'orderId' = $2`, [ORDER_CHANGED, id]);
      await app.infra.relay.drain();
      await waitFor(() => onSeller.events().length === 1 && published.length === 1, 5000, 'the order event');

      // Relayed again (a relay whose marking of the event was lost): its publish marker stops a second publish.
      await app.sql('update outbox_events set dispatched_at = null where id = $1', [eventId]);
      expect(await app.infra.relay.drain()).toBe(1);
      await pause(300);
      expect(published).toHaveLength(1);

      // Relayed once more after its marker is gone: published twice, delivered once.
      expect(await redis.del(`${app.config.REDIS_PREFIX}:outbox:published:${eventId}`)).toBe(1);
      await app.sql('update outbox_events set dispatched_at = null where id = $1', [eventId]);
      expect(await app.infra.relay.drain()).toBe(1);
      await waitFor(() => published.length === 2, 5000, 'the second publish');
      expect(published[1]).toBe(published[0]);
      await pause(300);
      expect(onSeller.events()).toHaveLength(1);
      // The next change still comes through (the repeat was dropped, not the subscription).
      expect((await buyer.client.post('/orders/confirm', { order_id: id })).status).toBe(200);
      await app.infra.relay.drain();
      await waitFor(() => onSeller.events().length === 2, 5000, 'the confirmation');
      expect(onSeller.events().map((e) => e.type)).toEqual(['created', 'status_changed']);
    } finally {
      raw.disconnect();
      await onSeller.ws.dispose();
    }
  });

  it('a route registered twice fails start-up; another destination of the same topic is a fan-out', () => {
    expect(() => topicRoutes()).not.toThrow();
    const again = { name: 'copy', topics: { [ORDER_CHANGED]: ORDERS_QUEUE } };
    expect(() => OutboxRoutes.fromModules([...MODULES, again])).toThrow(DuplicateRouteError);
    expect(() => OutboxRoutes.fromModules([...MODULES, again])).toThrow(
      "Outbox route registered twice: topic 'order.changed' -> queue orders (by module 'orders' and by module 'copy')",
    );
    const names = (routes: OutboxRoutes) => routes.destinations(ORDER_CHANGED).map((d) => ('queue' in d ? d.queue : d.live));
    const modulesOwn = names(OutboxRoutes.fromModules(MODULES));
    expect(modulesOwn).toEqual(expect.arrayContaining(['orders', 'orderEvents', 'invoices']));
    const fanOut = OutboxRoutes.fromModules([...MODULES, { name: 'audit', topics: { [ORDER_CHANGED]: 'audit' } }]);
    expect(names(fanOut)).toEqual([...modulesOwn, 'audit']);
  });
});

describe('per-event authorisation', () => {
  it('a session that expires in Redis stops delivery at its expiry and closes the socket (4401)', async () => {
    const [seller, buyer] = await Promise.all([createSeller(app), createSeller(app)]);
    const p = await createProduct(seller.client, { quantity: { min_quantity: 1, max_quantity: 10 } });
    // The seller's session is near the end of its life when the socket opens (the socket reads its expiry).
    expect(await redis.pexpire(sessionKey(seller.client), SESSION_LEFT_MS)).toBe(1);
    const onSeller = await watchOrders(seller);
    await buy(buyer.client, p.product_id);
    await app.infra.relay.drain();
    await waitFor(() => onSeller.events().length === 1, 5000, 'the first order');

    // The key expires (its TTL runs out; no logout, no message); the next event finds it gone.
    await untilExpired(sessionKey(seller.client));
    await buy(buyer.client, p.product_id);
    await app.infra.relay.drain();
    await waitFor(() => onSeller.closeCode() !== null, 5000, 'the socket to close');
    expect(onSeller.closeCode()).toBe(4401);
    expect(onSeller.events()).toHaveLength(1);
  });

  it('after a logout has answered, its socket delivers nothing published later (5 times, racing the ending)', async () => {
    const [seller, buyer] = await Promise.all([createSeller(app), createSeller(app)]);
    const p = await createProduct(seller.client, { quantity: { min_quantity: 1, max_quantity: 100 } });
    for (let round = 0; round < 5; round++) {
      if (round > 0) expect((await login(app, seller.client, seller.username, seller.password)).status).toBe(200);
      const onSeller = await watchOrders(seller);
      await buy(buyer.client, p.product_id);
      await app.infra.relay.drain();
      await waitFor(() => onSeller.events().length === 1, 5000, 'an order while logged in');
      // Logged out, then at once an order: its event is published after the logout answered.
      expect((await seller.client.post('/auth/logout', {})).status).toBe(200);
      await buy(buyer.client, p.product_id);
      await app.infra.relay.drain();
      await waitFor(() => onSeller.closeCode() !== null, 5000, 'the socket to close');
      expect(onSeller.closeCode()).toBe(4401);
      expect(onSeller.events()).toHaveLength(1);
    }
  });

  it('every operation on a socket whose session expired closes it (4401), and an idle socket is closed too', async () => {
    const user = await createSeller(app);
    expect(await redis.pexpire(sessionKey(user.client), SESSION_LEFT_MS)).toBe(1);
    const idle = watchAccountEvents(user.client);
    // A socket kept open by a subscription, also used for queries.
    const busy = watchAccountEvents(user.client);
    await untilSubscribed(app, user.user.uid, [idle, busy]);
    const me = await wsOnce<{ me: { username: string } | null }>(busy.ws, '{ me { username } }');
    expect(me.data?.me?.username).toBe(user.username);

    await untilExpired(sessionKey(user.client));
    // The socket no longer acts as the user: its next operation closes it instead of running.
    const after = wsOnce(busy.ws, '{ me { username } }').catch((err: unknown) => err);
    await waitFor(() => busy.closeCode() !== null, 5000, 'the busy socket to close');
    expect(busy.closeCode()).toBe(4401);
    expect(await after).not.toMatchObject({ data: { me: { username: user.username } } });
    expect(idle.closeCode()).toBeNull();
    // No operation, no event: the periodic check closes the idle socket too.
    await waitFor(() => idle.closeCode() !== null, 8000, 'the idle socket to close');
    expect(idle.closeCode()).toBe(4401);
  });

  it("a stranger's subscription hears nothing of other people's orders", async () => {
    const [seller, buyer, stranger] = await Promise.all([createSeller(app), createSeller(app), createSeller(app)]);
    const p = await createProduct(seller.client, { quantity: { min_quantity: 1, max_quantity: 10 } });
    const onStranger = await watchOrders(stranger);
    const onSeller = await watchOrders(seller);
    await buy(buyer.client, p.product_id);
    await app.infra.relay.drain();
    await waitFor(() => onSeller.events().length === 1, 5000, "the seller's event");
    await pause(100);
    expect(onStranger.events()).toEqual([]);
    await Promise.all([onStranger.ws.dispose(), onSeller.ws.dispose()]);
  });
});
