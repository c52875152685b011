import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedApp, type TestApp } from '../support/app.js';
import { ApiClient, waitFor } from '../support/client.js';
import { registerAndLogin } from '../support/accounts.js';
import { PROBE_EVENT, watchAccountEvents, type WatchedSocket } from '../support/subscriptions.js';
import { PrivatePostgres, PrivateRedis } from '../support/private-services.js';
import { createProduct } from '../factories/products.js';
import { serverMain } from '../support/server-build.js';

/**
 * What the server promises under faults (docs/faults.md), on PRIVATE PostgreSQL and Redis servers
 * (tests/support/private-services.ts; the shared ones are never touched): the api runs in this process,
 * the worker in a child process (`server/src/main.ts worker`, as production runs it) so it can be killed.
 *
 * - a worker SIGKILLed in the middle of an indexing job: the job runs again after the stall interval
 *   (QUEUE_STALLED_SECONDS, 3 s here) and the product is found;
 * - Redis stopped for 30 s: requests that need it answer 503 quickly, nothing hangs; afterwards
 *   sessions, subscriptions and workers resume and no outbox event is lost;
 * - PostgreSQL restarted: the pools recover without restarting either process; PostgreSQL down for
 *   5 s: 503 quickly, then everything answers again;
 * - afterwards every product is one search document and every search document one product.
 */

const root = path.resolve(import.meta.dirname, '../..');
const STALLED_SECONDS = 3;
const REDIS_OUTAGE_MS = 30_000;

let redis: PrivateRedis;
let postgres: PrivatePostgres;
let app: TestApp;
let seller: ApiClient;
let sellerId: string;
let queue: Queue;
const products: string[] = [];

/** The worker role in a child process; its output is kept for a failure message. */
class WorkerProcess {
  readonly output: string[] = [];
  private readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  constructor() {
    this.child = spawn(process.execPath, [serverMain(), 'worker'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: app.databaseUrl,
        DATABASE_POOL_MAX: '4',
        REDIS_URL: app.config.REDIS_URL,
        REDIS_PREFIX: app.config.REDIS_PREFIX,
        UPLOAD_DIR: app.config.UPLOAD_DIR,
        SEED_DEMO_DATA: 'false',
        QUEUE_STALLED_SECONDS: String(STALLED_SECONDS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (c: Buffer) => this.output.push(c.toString()));
    this.child.stderr!.on('data', (c: Buffer) => this.output.push(c.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }
  get alive() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }
  kill(signal: NodeJS.Signals) {
    this.child.kill(signal);
    return this.exited;
  }
}
let worker: WorkerProcess;

/** Search documents by product id (the PostgreSQL engine's index). */
const documents = async () => new Map((await app.sql<{ product_id: string; title: string }>('select product_id, title from search_documents')).map((r) => [r.product_id, r.title]));

async function retitle(id: string, title: string) {
  const res = await seller.put(`/seller/products/${id}`, { title });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - t0 };
}

beforeAll(async () => {
  [redis, postgres] = await Promise.all([PrivateRedis.start(), PrivatePostgres.start()]);
  const template = await postgres.migratedTemplate(`bb_test_${process.pid}_template_faults`);
  app = await startIsolatedApp({ templateDatabaseUrl: template, redisUrl: redis.url, worker: false, overrides: { QUEUE_STALLED_SECONDS: String(STALLED_SECONDS) } });
  worker = new WorkerProcess();
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined); // while Redis is down
  queue = new Queue('search-index', { connection, prefix: app.config.REDIS_PREFIX });
  queue.on('error', () => undefined);
  seller = new ApiClient(app.url);
  sellerId = (await registerAndLogin(app, seller)).user.uid;
  for (let i = 0; i < 3; i++) products.push((await createProduct(seller, { title: `Fault test product ${i}` })).product_id);
  await waitFor(async () => (await documents()).size === 3, 20_000, 'the worker to index the first products');
}, 120_000);

afterAll(async () => {
  await redis?.up(); // in case a test failed during the outage: closing needs it
  if (worker?.alive) await worker.kill('SIGTERM');
  await queue?.close().catch(() => undefined);
  await app?.close().catch(() => undefined);
  await Promise.all([redis?.destroy(), postgres?.destroy()]);
}, 60_000);

describe('faults', () => {
  it('a worker SIGKILLed in the middle of an indexing job: the job runs again after the stall interval', async () => {
    const id = products[0];
    // Hold the product's indexing lock, so the job is caught inside indexProduct.
    const blocker = new pg.Client({ connectionString: app.databaseUrl });
    await blocker.connect();
    await blocker.query('select pg_advisory_lock(hashtextextended($1, 0))', [`search-index:${id}`]);
    try {
      await retitle(id, 'Killed worker laptop');
      const [{ id: eventId }] = await app.sql<{ id: string }>(`select id from outbox_events where topic = 'product.changed' order by created_at desc, id desc limit 1`);
      await waitFor(async () => (await queue.getJob(eventId))?.processedOn !== undefined && (await queue.getJobState(eventId)) === 'active', 15_000, 'the job to be active');
      expect(await worker.kill('SIGKILL')).toBeNull();
      await blocker.query('select pg_advisory_unlock(hashtextextended($1, 0))', [`search-index:${id}`]);
      expect((await documents()).get(id)).not.toBe('Killed worker laptop');
      worker = new WorkerProcess();
      // BullMQ finds the job's lock expired, moves it back to waiting, and the new worker runs it. The wait holds the
      // new worker's start from its TypeScript sources too (seconds of CPU, many more on a busy machine).
      await waitFor(async () => (await queue.getJobState(eventId)) === 'completed', 45_000, 'the stalled job to run again');
      const job = await queue.getJob(eventId);
      expect(job?.stalledCounter ?? 0).toBeGreaterThanOrEqual(1);
      expect(job?.returnvalue).toEqual({ [id]: 'indexed' });
      expect((await documents()).get(id)).toBe('Killed worker laptop');
      const found = await new ApiClient(app.url).post('/products/search', { query: 'killed worker laptop', force_original: true });
      expect(found.body.results.map((r: { product_id: string }) => r.product_id)).toContain(id);
    } finally {
      await blocker.end();
    }
  }, 60_000);

  it('Redis stopped for 30 s: requests needing it answer 503 quickly; sessions, subscriptions and workers resume; no outbox event is lost', async () => {
    const watched: WatchedSocket = watchAccountEvents(seller);
    await waitFor(
      () => {
        if (watched.sub.events.length) return true;
        void app.services.auth.publishAccountEvent(sellerId, PROBE_EVENT);
        return false;
      },
      5000,
      'the subscription to start',
    );
    // Changes committed as Redis goes away: their outbox events must all arrive.
    await retitle(products[1], 'Outage drill one');
    await retitle(products[2], 'Outage drill two');
    await redis.down();
    const outageStart = Date.now();

    // A socket opened now is told to try again later (1013), at once.
    const refused = await timed(
      () =>
        new Promise<number>((resolve) => {
          const socket = new WebSocket(`${app.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers: { cookie: seller.cookie! } });
          socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
          socket.on('close', (code) => resolve(code));
          socket.on('error', () => undefined);
        }),
    );
    expect(refused.value).toBe(1013);
    expect(refused.ms).toBeLessThan(3000);

    const slowest: number[] = [];
    const timings: string[] = [];
    while (Date.now() - outageStart < REDIS_OUTAGE_MS) {
      const me = await timed(() => seller.get('/auth/user'));
      const gql = await timed(() => seller.gql('{ me { id } }'));
      const anonymous = await timed(() => new ApiClient(app.url).get(`/products/${products[0]}`));
      const ready = await timed(() => new ApiClient(app.url).get('/readyz'));
      // A login counts its attempt in Redis before anything else: the resolver's error is a 503 too.
      const login = await timed(() => new ApiClient(app.url).gql('mutation { login(input: { username: "nobody", password: "Wrong!pass1" }) { id } }'));
      slowest.push(Math.max(me.ms, gql.ms, anonymous.ms, ready.ms, login.ms));
      timings.push(`${Date.now() - outageStart}: me ${me.ms} gql ${gql.ms} product ${anonymous.ms} readyz ${ready.ms} login ${login.ms}`);
      expect(login.value.status).toBe(503);
      expect(login.value.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(me.value.status).toBe(503);
      expect(me.value.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/temporarily unavailable/) });
      // The session is read before GraphQL runs: the same 503 answer.
      expect(gql.value.status).toBe(503);
      expect(gql.value).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      // A page that needs no Redis still answers.
      expect(anonymous.value.status).toBe(200);
      expect(ready.value.status).toBe(503);
      await new Promise((r) => setTimeout(r, 1000));
    }
    // Nothing hangs: every answer came within a few seconds.
    expect(Math.max(...slowest), timings.join('\n')).toBeLessThan(3000);
    expect(worker.alive).toBe(true);

    await redis.up();
    // The same session works again (kept by Redis's append-only file).
    await waitFor(async () => (await seller.get('/auth/user')).status === 200, 15_000, 'sessions to answer again');
    // The socket opened before the outage gets events again.
    const before = watched.sub.events.length;
    await waitFor(
      () => {
        if (watched.sub.events.length > before) return true;
        void app.services.auth.publishAccountEvent(sellerId, PROBE_EVENT);
        return false;
      },
      15_000,
      `the subscription to resume (${JSON.stringify({ done: watched.sub.isDone(), errors: watched.sub.errors, last: watched.sub.events.slice(-3), close: watched.closeCode() })})`,
    );
    expect(watched.closeCode()).toBeNull();
    await watched.ws.dispose();
    // Every outbox event was relayed and every change indexed, those of just before the outage too.
    await waitFor(async () => (await app.sql(`select 1 from outbox_events where dispatched_at is null`)).length === 0, 20_000, 'the outbox to drain');
    await retitle(products[0], 'After the outage');
    await waitFor(async () => {
      const docs = await documents();
      return docs.get(products[0]) === 'After the outage' && docs.get(products[1]) === 'Outage drill one' && docs.get(products[2]) === 'Outage drill two';
    }, 20_000, 'the worker to index every change');
    expect(worker.alive).toBe(true);
  }, 90_000);

  it('PostgreSQL restarted: the pools of the api and the worker recover without a process restart', async () => {
    await redis.up(); // (already up unless the test before failed)
    const httpServer = app.httpServer;
    postgres.restart();
    // The first requests may find a dead pooled connection: 503 at worst, never 500, then 200.
    const statuses: number[] = [];
    await waitFor(
      async () => {
        const res = await new ApiClient(app.url).get(`/products/${products[1]}`);
        statuses.push(res.status);
        return res.status === 200;
      },
      15_000,
      'the api to read from PostgreSQL again',
    );
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // Writes too, and the worker (same process) indexes them.
    await waitFor(async () => (await seller.put(`/seller/products/${products[1]}`, { title: 'After the restart' })).status === 200, 15_000, 'a write to succeed');
    await waitFor(async () => (await documents()).get(products[1]) === 'After the restart', 20_000, 'the worker to index after the restart');
    products.push((await createProduct(seller, { title: 'Created after the restart' })).product_id);
    expect(app.httpServer).toBe(httpServer);
    expect(worker.alive).toBe(true);
  }, 60_000);

  it('PostgreSQL down for 5 s: requests answer 503 quickly, /readyz names it; then everything answers again', async () => {
    postgres.down();
    const t0 = Date.now();
    try {
      while (Date.now() - t0 < 5000) {
        const rest = await timed(() => new ApiClient(app.url).get(`/products/${products[2]}`));
        expect(rest.value.status).toBe(503);
        expect(rest.value.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        const gql = await timed(() => new ApiClient(app.url).gql(`{ product(id: "${products[2]}") { id } }`));
        expect(gql.value.status).toBe(503);
        expect(gql.value.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
        const ready = await new ApiClient(app.url).get('/readyz');
        expect(ready.status).toBe(503);
        expect(ready.body.checks.postgres).toMatch(/^down/);
        expect(Math.max(rest.ms, gql.ms)).toBeLessThan(3000);
        await new Promise((r) => setTimeout(r, 500));
      }
    } finally {
      postgres.up();
    }
    await waitFor(async () => (await new ApiClient(app.url).get(`/products/${products[2]}`)).status === 200, 15_000, 'the api to read again');
    expect((await seller.put(`/seller/products/${products[2]}`, { title: 'After the outage of PostgreSQL' })).status).toBe(200);
    await waitFor(async () => (await documents()).get(products[2]) === 'After the outage of PostgreSQL', 20_000, 'the worker to index again');
    expect(worker.alive).toBe(true);
  }, 60_000);

  it('afterwards every product is exactly one search document and every document a product', async () => {
    await waitFor(async () => (await documents()).size === products.length, 20_000, 'the last product to be indexed');
    const ids = (await app.sql<{ id: string }>('select id from products order by id')).map((r) => r.id);
    expect([...(await documents()).keys()].sort()).toEqual(ids);
    expect(ids.sort()).toEqual([...products].sort());
    expect(worker.output.join(''), 'the worker logged a fatal error').not.toMatch(/"level":60|uncaught exception/);
  }, 30_000);
});
