import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Worker, type Queue } from 'bullmq';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { addOutboxEvent, OUTBOX_KEEP_MS, OutboxRelay, outboxTopic } from '../../server/src/outbox/outbox.js';
import { RelayPublisher } from '../../server/src/pubsub/pubsub.js';
import { liveMessage } from '../../server/src/pubsub/topics.js';
import type { Queues } from '../../server/src/queue/queues.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { countRows } from '../support/accounts.js';
import { createProduct } from '../factories/products.js';
import { createSeller } from '../factories/users.js';
import { waitFor } from '../support/client.js';

const TOPIC = 'test.thing-happened';
const thing = outboxTopic(TOPIC, z.object({ n: z.number() }));
const QUEUE = 'test-outbox';

let app: TestApp;
let queue: Queue;
/** A relay of this app's connections with a route for the test topic (as a second api/worker process would have). */
const relay = () =>
  new OutboxRelay(app.infra.orm, app.infra.queues, app.infra.redis, { [TOPIC]: QUEUE }, app.infra.log, app.config.REDIS_PREFIX);

beforeAll(async () => {
  // No worker: the app's own relay does not run, and the test queue's jobs stay where they are.
  app = await startTestApp({}, { worker: false });
  queue = app.infra.queues.queue(QUEUE);
});
afterAll(() => app?.close());
beforeEach(async () => {
  await queue.obliterate({ force: true });
  await app.sql('delete from outbox_events');
});

/** A full garbage collection (V8's own `gc`, exposed to this process for it). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

const jobCount = async () =>
  Object.values(await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed')).reduce((a, b) => a + b, 0);

describe('outbox relay', () => {
  it('never relays an event whose transaction rolled back', async () => {
    const em = app.infra.orm.em.fork();
    await expect(
      em.transactional(async (tx) => {
        addOutboxEvent(tx, thing, { n: 1 });
        await tx.flush();
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countRows(app, 'outbox_events')).toBe(0);
    expect(await relay().drain()).toBe(0);
    expect(await jobCount()).toBe(0);
  });

  it('does not see an event before its transaction commits', async () => {
    const r = relay();
    const em = app.infra.orm.em.fork();
    let seenBeforeCommit = -1;
    await em.transactional(async (tx) => {
      addOutboxEvent(tx, thing, { n: 2 });
      await tx.flush();
      seenBeforeCommit = await r.drain();
    });
    expect(seenBeforeCommit).toBe(0);
    expect(await jobCount()).toBe(0);
    expect(await r.drain()).toBe(1);
    expect(await jobCount()).toBe(1);
  });

  it('relays each committed event exactly once, even with drains running concurrently', async () => {
    const em = app.infra.orm.em.fork();
    const ids = await em.transactional(async (tx) => {
      const events = Array.from({ length: 5 }, (_, n) => addOutboxEvent(tx, thing, { n }));
      await tx.flush();
      return events.map((e) => e.id);
    });
    const one = relay();
    const other = relay();
    const relayed = await Promise.all([one.drain(), one.drain(), other.drain(), other.drain()]);
    expect(relayed.reduce((a, b) => a + b, 0)).toBe(5);
    expect(await jobCount()).toBe(5);
    for (const [n, id] of ids.entries()) {
      const job = await queue.getJob(id);
      expect(job?.name).toBe(TOPIC);
      expect(job?.data).toEqual({ eventId: id, n });
    }
    expect(await countRows(app, 'outbox_events', 'dispatched_at is null')).toBe(0);
    // Nothing is left to relay.
    expect(await Promise.all([one.drain(), other.drain()])).toEqual([0, 0]);
    expect(await jobCount()).toBe(5);
  });

  it('after a crash between enqueue and marking the event sent, relaying again makes no second job and no second effect', async () => {
    const em = app.infra.orm.em.fork();
    const event = await em.transactional(async (tx) => addOutboxEvent(tx, thing, { n: 7 }));
    // A relay whose process dies right after BullMQ took the job: its transaction (the marking) never commits.
    const dying = {
      queue: (name: string) => ({
        add: async (...args: Parameters<Queue['add']>) => {
          await app.infra.queues.queue(name).add(...args);
          throw new Error('process died after enqueue');
        },
      }),
    } as unknown as Queues;
    await expect(
      new OutboxRelay(app.infra.orm, dying, app.infra.redis, { [TOPIC]: QUEUE }, app.infra.log, app.config.REDIS_PREFIX).drain(),
    ).rejects.toThrow('process died after enqueue');
    expect(await countRows(app, 'outbox_events', 'dispatched_at is null')).toBe(1);
    expect(await jobCount()).toBe(1);

    // The job runs (one effect) ...
    const effects: string[] = [];
    const connection = app.infra.redis.bull.duplicate();
    const worker = new Worker(QUEUE, async (job) => void effects.push(job.data.eventId), { connection, prefix: app.config.REDIS_PREFIX });
    try {
      await waitFor(async () => (await queue.getJobCounts('completed')).completed === 1, 5000, 'the job to complete');
      // ... then the next relay finds the event still pending and relays it again, with the same job id.
      expect(await relay().drain()).toBe(1);
      expect(await countRows(app, 'outbox_events', 'dispatched_at is null')).toBe(0);
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed');
      expect(counts).toMatchObject({ waiting: 0, active: 0, delayed: 0, prioritized: 0, completed: 1, failed: 0 });
      expect((await queue.getJob(event.id))?.data).toEqual({ eventId: event.id, n: 7 });
    } finally {
      await worker.close();
      await connection.quit();
    }
    expect(effects).toEqual([event.id]);
  });

  it('deletes relayed events once they are older than the keeping time, never a pending one', async () => {
    const day = 24 * 3600 * 1000;
    const at = (ago: number) => uuidv7({ msecs: Date.now() - ago });
    const [oldSent, oldPending, recentSent] = [at(OUTBOX_KEEP_MS + day), at(OUTBOX_KEEP_MS + day), at(OUTBOX_KEEP_MS - day)];
    await app.sql(
      `insert into outbox_events (id, topic, payload, created_at, dispatched_at) values
         ($1, 'test.old', '{}', now(), now()), ($2, 'test.old', '{}', now(), null), ($3, 'test.recent', '{}', now(), now())`,
      [oldSent, oldPending, recentSent],
    );
    expect(await relay().prune()).toBe(1);
    expect((await app.sql<{ id: string }>('select id from outbox_events order by id')).map((r) => r.id)).toEqual([oldSent, oldPending, recentSent].filter((id) => id !== oldSent).sort());
  });

  it('makes a job only for the events a route asks for (`when`), and marks the others done', async () => {
    const choosy = new OutboxRelay(app.infra.orm, app.infra.queues, app.infra.redis, { [TOPIC]: { queue: QUEUE, when: (e) => e.n === 2 } }, app.infra.log, app.config.REDIS_PREFIX);
    const events = await app.infra.orm.em.fork().transactional(async (tx) => [1, 2, 3].map((n) => addOutboxEvent(tx, thing, { n })));
    expect(await choosy.drain()).toBe(3);
    expect(await countRows(app, 'outbox_events', 'dispatched_at is null')).toBe(0);
    expect(await jobCount()).toBe(1);
    expect((await queue.getJob(events[1]!.id))?.data).toEqual({ eventId: events[1]!.id, n: 2 });
  });

  it('marks an event without a route as done instead of retrying it forever', async () => {
    const em = app.infra.orm.em.fork();
    await em.transactional(async (tx) => {
      addOutboxEvent(tx, outboxTopic('test.nobody-listens', thing.schema), { n: 1 });
    });
    expect(await relay().drain()).toBe(1);
    expect(await countRows(app, 'outbox_events', 'dispatched_at is null')).toBe(0);
    expect(await jobCount()).toBe(0);
  });

  it('claims soon after a commit only what needs it (a job to make); an event whose live messages went out at its commit waits for the poll', async () => {
    const LIVE = 'test.live-only';
    const key = uuidv7();
    const live = new RelayPublisher(app.infra.redis.pub, app.infra.pubSub, app.config.REDIS_PREFIX);
    const routes = { [TOPIC]: QUEUE, [LIVE]: { live: 'orderEvents' as const, messages: (p: Record<string, unknown>) => [liveMessage('orderEvents', key, p as never)] } };
    const r = new OutboxRelay(app.infra.orm, app.infra.queues, app.infra.redis, routes, app.infra.log, app.config.REDIS_PREFIX, {
      live,
      listenUrl: app.config.DATABASE_URL,
      pollMs: 60_000,
    });
    const listener = app.infra.redis.pub.duplicate();
    const heard: string[] = [];
    listener.on('message', (_channel, message: string) => heard.push(message));
    await listener.subscribe(app.infra.pubSub.channel('orderEvents', key));
    await r.start();
    try {
      // The passes the start runs (over an empty outbox) are over long before this.
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Live messages only, written by its own SQL in one statement: out at once (this relay does not
      // publish at commit, so its notification's path publishes), and still pending well after the
      // commit (no claiming transaction for it).
      const id = uuidv7();
      await app.sql(`insert into outbox_events (id, topic, payload, created_at) values ('${id}', '${LIVE}', '{"n": 2}', now())`);
      await r.publishCommitted([{ id, topic: LIVE, payload: { n: 2 } }]);
      await waitFor(() => heard.length === 1, 5000, 'the live message');
      expect(JSON.parse(heard[0]!)).toEqual({ n: 2 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await countRows(app, 'outbox_events', 'dispatched_at is null')).toBe(1);
      // A job to make: claimed a moment after the commit's notification, long before the next poll (the
      // pass marks the live event too, without publishing it again).
      await app.infra.orm.em.fork().transactional(async (tx) => addOutboxEvent(tx, thing, { n: 1 }));
      await waitFor(async () => (await jobCount()) === 1, 5000, 'the job');
      await waitFor(async () => (await countRows(app, 'outbox_events', 'dispatched_at is null')) === 0, 5000, 'the pass to commit');
      expect(heard).toHaveLength(1); // published once
    } finally {
      await r.stop();
      listener.disconnect();
    }
  });

  it("keeps nothing of a writer's transaction once its events' live messages went out at the commit (issue 31)", async () => {
    // This app's relay is an api process's: it publishes at commit and claims nothing (no worker here), as
    // when another process's relay claims the events. It remembers each event it published, and must not
    // keep the transaction that wrote it with it (its entity manager and every entity the request loaded).
    const [buyer, seller] = [await createSeller(app), await createSeller(app)];
    const product = await createProduct(seller.client, { price: '500', quantity: { min_quantity: 1, max_quantity: 1000 } });
    const transactions: Array<WeakRef<object>> = [];
    let watching = true;
    // The ORM's subscribers cannot be removed: this one stops watching when the test ends.
    app.infra.orm.em.getEventManager().registerSubscriber({
      afterTransactionCommit: ({ em }) => {
        if (watching) transactions.push(new WeakRef(em));
      },
    });
    try {
      for (let i = 0; i < 20; i++) expect((await buyer.client.post('/products/buy-now', { product_id: product.product_id, quantity: 1 })).status).toBe(201);
    } finally {
      watching = false;
    }
    expect(await countRows(app, 'outbox_events', 'dispatched_at is null')).toBeGreaterThanOrEqual(20); // unclaimed
    expect(transactions.length).toBeGreaterThanOrEqual(20);
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    // At most one per database connection is still held, by the timer that closes the connection when it
    // stays idle (made at its last release, in that transaction's async context): never one per event.
    expect(transactions.filter((t) => t.deref() !== undefined).length).toBeLessThanOrEqual(app.config.DATABASE_POOL_MAX);
  });
});
