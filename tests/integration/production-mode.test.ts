import { getIntrospectionQuery } from 'graphql';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logRedisErrors } from '../../server/src/redis/redis.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient, waitFor } from '../support/client.js';
import { expectGqlError } from '../support/accounts.js';
import { wsOnce } from '../support/subscriptions.js';
import { memoryLogger } from '../support/logs.js';

/** What production requires besides NODE_ENV (senders that are never called here: no worker runs). */
const PRODUCTION = {
  NODE_ENV: 'production',
  OTP_SECRET: 'p'.repeat(40),
  MAIL_DRIVER: 'smtp',
  SMTP_URL: 'smtp://127.0.0.1:9',
  WHATSAPP_DRIVER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC-test',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_API_URL: 'http://127.0.0.1:9',
};

let app: TestApp;
const logs = memoryLogger();
beforeAll(async () => {
  app = await startTestApp(PRODUCTION, { worker: false, log: logs.log });
});
afterAll(() => app?.close());

describe('production mode', () => {
  it('refuses introspection over HTTP', async () => {
    const client = new ApiClient(app.url);
    for (const query of [getIntrospectionQuery(), '{ __schema { types { name } } }', '{ __type(name: "User") { name } }']) {
      const res = await client.gql(query);
      expect(res.status).toBe(400);
      expect(res.data ?? null).toBeNull();
      expectGqlError(res, 'GRAPHQL_VALIDATION_FAILED', /introspection has been disabled/);
    }
    // Ordinary queries (and __typename) still work.
    expect((await client.gql('{ __typename me { id } }')).data).toEqual({ __typename: 'Query', me: null });
  });

  it('refuses introspection over WebSocket', async () => {
    const ws = new ApiClient(app.url).ws();
    for (const query of [getIntrospectionQuery(), '{ __type(name: "User") { name } }']) {
      const errors = await wsOnce(ws, query).then(
        () => [],
        (e: unknown) => e as Array<{ message: string; extensions?: { code?: string } }>,
      );
      expect(errors.length).toBeGreaterThan(0);
      for (const e of errors) {
        expect(e.message).toMatch(/introspection has been disabled/);
        expect(e.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      }
    }
    expect(await wsOnce(ws, '{ me { id } }')).toEqual({ data: { me: null } });
    await ws.dispose();
  });

  it('does not serve GraphiQL to a browser at /graphql', async () => {
    const res = await fetch(`${app.url}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    const text = await res.text();
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toMatch(/html/);
    expect(text).toBe('GraphiQL is off in this environment');
  });
});

describe('HTTP answers (any mode)', () => {
  it('answers a subscription sent over HTTP with a clear 400', async () => {
    const res = await new ApiClient(app.url).gql('subscription { accountEvents { type } }');
    expect(res.status).toBe(400);
    expectGqlError(res, 'BAD_REQUEST', 'Subscriptions are served over WebSocket at /graphql');
  });
});

describe('readiness and Redis errors', () => {
  it('logs Redis connection errors instead of swallowing them', async () => {
    const mem = memoryLogger();
    // Port 9 (discard) has no Redis: the connection is refused.
    const client = new Redis('redis://127.0.0.1:9', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    logRedisErrors(client, mem.log, 'probe');
    await client.connect().catch(() => undefined);
    await waitFor(() => mem.lines.some((l) => l.msg === 'redis connection error'), 5000, 'the error to be logged');
    const line = mem.lines.find((l) => l.msg === 'redis connection error')!;
    expect(line).toMatchObject({ level: 50, redis: 'probe' });
    expect(String(line.err)).toMatch(/ECONNREFUSED/);
    client.disconnect();
  });

  it('says which check failed without the driver error, and logs the error (last: it breaks this app)', async () => {
    expect((await new ApiClient(app.url).get('/readyz')).body).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok', shuttingDown: false } });
    app.infra.redis.cmd.disconnect();
    const res = await new ApiClient(app.url).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable', checks: { postgres: 'ok', redis: 'down', shuttingDown: false } });
    const logged = logs.lines.find((l) => l.msg === 'readiness check failed');
    expect(logged).toMatchObject({ check: 'redis', level: 50 });
    expect(String(logged!.err)).toMatch(/closed/i);
  });
});
