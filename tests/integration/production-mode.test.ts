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

  it('suggests no field, argument or enum names in its errors, over HTTP and WebSocket', async () => {
    const client = new ApiClient(app.url);
    const field = await client.gql('{ mee { id } }');
    expect(field.status).toBe(400);
    expectGqlError(field, 'GRAPHQL_VALIDATION_FAILED', 'Cannot query field "mee" on type "Query".');
    const argument = await client.gql('{ productCategories(lang: "hi") { id } }');
    expect(argument.errors?.[0]?.message).toBe('Unknown argument "lang" on field "Query.productCategories".');
    const type = await client.gql('query($x: SearchProductInput) { __typename }');
    expect(type.errors?.map((e) => e.message).join(' ')).not.toMatch(/Did you mean/);
    const ws = client.ws();
    const errors = await wsOnce(ws, '{ mee { id } }').then(
      () => [],
      (e: unknown) => e as Array<{ message: string }>,
    );
    expect(errors.map((e) => e.message)).toEqual(['Cannot query field "mee" on type "Query".']);
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
    expect(line).toMatchObject({ level: 40, redis: 'probe' });
    expect(String(line.err)).toMatch(/ECONNREFUSED/);
    client.disconnect();
  });

  it('says which check failed without the driver error, and logs the outage once, as a warning (last: it breaks this app)', async () => {
    expect((await new ApiClient(app.url).get('/readyz')).body).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok', search: 'ok', shuttingDown: false } });
    app.infra.redis.cmd.disconnect();
    for (let i = 0; i < 3; i++) {
      const res = await new ApiClient(app.url).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable', checks: { postgres: 'ok', redis: 'down', search: 'ok', shuttingDown: false } });
    }
    const logged = logs.lines.filter((l) => l.dependency === 'redis');
    expect(logged).toEqual([expect.objectContaining({ level: 40, msg: 'redis is unavailable: requests that need it answer 503 until it is back' })]);
    expect(String(logged[0].err)).toMatch(/closed/i);
  });
});
