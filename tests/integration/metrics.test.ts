import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppHandle } from '../../server/src/app/server.js';
import { pino } from 'pino';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, collect, waitFor } from '../support/client.js';
import { registerAndLogin } from '../support/accounts.js';
import { untilSubscribed, watchAccountEvents } from '../support/subscriptions.js';

/**
 * GET /metrics (docs/operations.md#metrics): Prometheus text for the bearer of METRICS_TOKEN, with
 * every series the dashboards and alerts read; the worker role serves the same on its health port.
 * And the per-socket subscription cap (WS_MAX_SUBSCRIPTIONS, 50 by default).
 */

const TOKEN = 'metrics-token-for-tests-0123456789';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => app?.close());

async function scrape(url: string, token: string | null = TOKEN) {
  const res = await fetch(`${url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of one series (`name{labels}`) in Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[4]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('answers only the bearer of METRICS_TOKEN: 401 otherwise, and 404 where no token is set', async () => {
    expect((await scrape(app.url, null)).status).toBe(401);
    const wrong = await scrape(app.url, 'metrics-token-for-tests-0123456780');
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.text)).toMatchObject({ code: 'UNAUTHENTICATED' });
    const ok = await scrape(app.url);
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);

    const plain = await startTestApp({}, { worker: false });
    try {
      expect((await scrape(plain.url)).status).toBe(404);
      expect((await scrape(plain.url, null)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('times HTTP requests by route and status, GraphQL operations by name, and counts their errors', async () => {
    const client = new ApiClient(app.url);
    await registerAndLogin(app, client);
    for (let i = 0; i < 3; i++) expect((await client.request('POST', '/graphql', { query: 'query Me { me { id } }', operationName: 'Me' })).status).toBe(200);
    expect((await client.request('POST', '/graphql', { query: 'query Broken { mee }', operationName: 'Broken' })).status).toBe(400);
    expect((await client.get('/products/00000000-0000-7000-8000-000000000000')).status).toBe(404);
    const { text } = await scrape(app.url);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/graphql', status: '200' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/auth/login', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/products/:id', status: '404' })).toBe(1);
    expect(sample(text, 'graphql_operation_duration_seconds_count', { operation: 'Me', transport: 'http' })).toBe(3);
    expect(sample(text, 'graphql_operation_errors_total', { operation: 'Broken', code: 'GRAPHQL_VALIDATION_FAILED' })).toBe(1);
    expect(sample(text, 'graphql_operation_errors_total', { operation: 'Me' })).toBeUndefined();
  });

  it('counts open sockets, subscriptions by topic and live events delivered', async () => {
    const client = new ApiClient(app.url);
    const { user } = await registerAndLogin(app, client);
    const watched = [watchAccountEvents(client), watchAccountEvents(client)];
    await untilSubscribed(app, user.uid, watched);
    const { text } = await scrape(app.url);
    expect(sample(text, 'websocket_connections')).toBe(2);
    expect(sample(text, 'graphql_subscriptions', { topic: 'accountEvents' })).toBe(2);
    expect(sample(text, 'live_events_delivered_total', { topic: 'accountEvents' })).toBeGreaterThanOrEqual(2);
    for (const w of watched) await w.ws.dispose();
    await waitFor(async () => sample((await scrape(app.url)).text, 'websocket_connections') === 0, 5000, 'the sockets to be gone');
    expect(sample((await scrape(app.url)).text, 'graphql_subscriptions', { topic: 'accountEvents' })).toBeUndefined();
  });

  it('reads the outbox backlog, the queues, the database pool and the process at each scrape', async () => {
    const { text } = await scrape(app.url);
    expect(sample(text, 'outbox_pending_events')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'outbox_relay_lag_seconds')).toBeGreaterThanOrEqual(0);
    for (const state of ['waiting', 'active', 'delayed', 'failed']) expect(sample(text, 'bullmq_jobs', { queue: 'search-index', state })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);

    // An event committed and not yet relayed is pending, and its age is the lag (the relay is stopped a moment).
    await app.infra.relay.stop();
    try {
      await app.sql(`insert into outbox_events (id, topic, payload, created_at) values ('${'0190a0b0-0000-7000-8000-000000000001'}', 'test.ignored', '{}', now())`);
      const later = await scrape(app.url);
      expect(sample(later.text, 'outbox_pending_events')).toBeGreaterThanOrEqual(1);
      // The event's id is a UUIDv7 of 2024: its lag is that old.
      expect(sample(later.text, 'outbox_relay_lag_seconds')).toBeGreaterThan(365 * 24 * 3600);
    } finally {
      await app.sql(`delete from outbox_events where topic = 'test.ignored'`);
      await app.infra.relay.start();
    }
  });

  it('is served by the worker role on its health port, with its jobs', async () => {
    const worker: AppHandle = await startApp({ ...app.config, WORKER_HEALTH_PORT: 0 }, { api: false, worker: true, log: pino({ level: 'silent' }) });
    try {
      const url = `http://127.0.0.1:${worker.port}`;
      expect((await scrape(url, null)).status).toBe(401);
      // A registration's email job runs on a worker (here or the app's own).
      await registerAndLogin(app, new ApiClient(app.url));
      await app.drain();
      const { status, text } = await scrape(url);
      expect(status).toBe(200);
      expect(sample(text, 'bullmq_jobs', { queue: 'search-index', state: 'waiting' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'outbox_pending_events')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(text).toMatch(/^# TYPE bullmq_jobs_processed_total counter$/m);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
    } finally {
      await worker.close();
    }
  });
});

describe('subscriptions per socket (WS_MAX_SUBSCRIPTIONS, 50 by default)', () => {
  it('refuses the 51st with a clear RATE_LIMITED error, and takes one again once one ends', async () => {
    const client = new ApiClient(app.url);
    const { user } = await registerAndLogin(app, client);
    const ws = client.ws();
    try {
      const subs = Array.from({ length: 50 }, () => collect(ws, 'subscription { accountEvents { type } }'));
      // All 50 live: an event reaches each of them.
      await waitFor(
        () => {
          void app.services.auth.publishAccountEvent(user.uid, 'TEST_PROBE');
          return subs.every((s) => s.events.length > 0);
        },
        10_000,
        'the 50 subscriptions to start',
      );
      const extra = collect(ws, 'subscription { accountEvents { type } }');
      await waitFor(() => extra.isDone(), 5000, 'the 51st to be refused');
      expect(extra.errors).toEqual([[expect.objectContaining({ message: 'Too many live updates on one connection: at most 50 at a time', extensions: { code: 'RATE_LIMITED' } })]]);
      expect(subs.every((s) => !s.isDone())).toBe(true);
      // Queries still run on the socket.
      const me = collect(ws, '{ me { id } }');
      await waitFor(() => me.isDone(), 5000, 'a query');
      expect(me.events).toEqual([{ data: { me: { id: user.uid } } }]);

      subs[0].dispose();
      await waitFor(
        async () => {
          const again = collect(ws, 'subscription { accountEvents { type } }');
          await new Promise((r) => setTimeout(r, 100));
          if (again.isDone()) return false;
          again.dispose();
          return true;
        },
        5000,
        'a subscription to be taken again',
      );
    } finally {
      await ws.dispose();
    }
  });
});
