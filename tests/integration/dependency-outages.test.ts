import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedApp, type TestApp } from '../support/app.js';
import { ApiClient, waitFor } from '../support/client.js';
import { registerAndLogin } from '../support/accounts.js';
import { memoryLogger } from '../support/logs.js';
import { PrivatePostgres, PrivateRedis } from '../support/private-services.js';

/**
 * An unreachable PostgreSQL or Redis answers 503 (docs/faults.md), and the log tells the outage once:
 * one warning when it starts (no stack: nothing of ours failed), one line when the dependency is back,
 * never an error line per request; every 503 is counted (dependency_unavailable_total). On private
 * servers (tests/support/private-services.ts), which this file stops and starts.
 */

const TOKEN = 'metrics-token-for-tests-0123456789';
let redis: PrivateRedis;
let postgres: PrivatePostgres;
let app: TestApp;
const logs = memoryLogger();
let productId: string;
let signedIn: ApiClient;

beforeAll(async () => {
  [redis, postgres] = await Promise.all([PrivateRedis.start(), PrivatePostgres.start()]);
  const template = await postgres.migratedTemplate(`bb_test_${process.pid}_template_outages`);
  app = await startIsolatedApp({ templateDatabaseUrl: template, redisUrl: redis.url, worker: false, log: logs.log, overrides: { METRICS_TOKEN: TOKEN } });
  signedIn = new ApiClient(app.url);
  await registerAndLogin(app, signedIn);
  productId = '00000000-0000-7000-8000-000000000000';
}, 120_000);

afterAll(async () => {
  await redis?.up();
  try {
    postgres?.up();
  } catch {
    // already up
  }
  await app?.close().catch(() => undefined);
  await Promise.all([redis?.destroy(), postgres?.destroy()]);
}, 60_000);

const linesOf = (dependency: string) => logs.lines.filter((l) => l.dependency === dependency);
const errorLines = () => logs.lines.filter((l) => (l.level as number) >= 50);

async function unavailableCount(dependency: string): Promise<number> {
  const text = await (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  return Number(new RegExp(`^dependency_unavailable_total\\{dependency="${dependency}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
}

/** Ten visitor reads, REST and GraphQL, each answered 503. */
async function readsDuringOutage(client: ApiClient): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const rest = await client.get(`/products/${productId}`);
    expect(rest.status).toBe(503);
    expect(rest.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const gql = await client.gql(`{ product(id: "${productId}") { id } }`);
    expect(gql.status).toBe(503);
    expect(gql.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
  }
}

describe('dependency outages in the log and the metrics', () => {
  it('PostgreSQL down twice: one warning per outage, its return logged, every 503 counted, no error line', async () => {
    const before = errorLines().length;
    for (let outage = 1; outage <= 2; outage++) {
      postgres.down();
      try {
        await readsDuringOutage(new ApiClient(app.url));
        expect((await new ApiClient(app.url).get('/readyz')).body.checks.postgres).toBe('down');
      } finally {
        postgres.up();
      }
      await waitFor(() => linesOf('postgres').filter((l) => /available again/.test(String(l.msg))).length === outage, 15_000, 'the return to be logged');
    }
    const warnings = linesOf('postgres').filter((l) => l.level === 40);
    expect(warnings).toHaveLength(2);
    for (const w of warnings) {
      expect(w.msg).toBe('postgres is unavailable: requests that need it answer 503 until it is back');
      expect(typeof w.err).toBe('string'); // the driver's message, no stack
    }
    expect(linesOf('postgres').filter((l) => l.level === 30)).toEqual([
      expect.objectContaining({ msg: 'postgres is available again' }),
      expect.objectContaining({ msg: 'postgres is available again' }),
    ]);
    // 10 reads and a readiness check per outage.
    expect(await unavailableCount('postgres')).toBe(22);
    expect(errorLines().slice(before)).toEqual([]);
    expect((await new ApiClient(app.url).get(`/products/${productId}`)).status).toBe(404);
  }, 90_000);

  it('Redis down: signed-in requests answer 503, one warning, its return logged, no error line', async () => {
    const before = errorLines().length;
    await redis.down();
    try {
      for (let i = 0; i < 5; i++) {
        const res = await signedIn.gql('{ me { id } }');
        expect(res.status).toBe(503);
        expect((await new ApiClient(app.url).get('/readyz')).body.checks.redis).toBe('down');
      }
    } finally {
      await redis.up();
    }
    await waitFor(() => linesOf('redis').some((l) => l.msg === 'redis is available again'), 15_000, 'the return to be logged');
    expect(linesOf('redis').filter((l) => l.level === 40)).toEqual([
      expect.objectContaining({ msg: 'redis is unavailable: requests that need it answer 503 until it is back' }),
    ]);
    expect(await unavailableCount('redis')).toBe(10);
    expect(errorLines().slice(before)).toEqual([]);
    await waitFor(async () => (await signedIn.gql('{ me { id } }')).status === 200, 15_000, 'signed-in requests to answer again');
  }, 90_000);
});
