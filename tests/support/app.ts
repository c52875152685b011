import { randomBytes } from 'node:crypto';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import { startApp, type AppHandle, type StartOptions } from '../../server/src/app/server.js';
import { seedDemoData } from '../../server/src/db/seed.js';
import { loadConfig, type Config } from '../../server/src/config/env.js';
import { ManualClock } from './clock.js';
import { trackOpen } from './open-apps.js';
import { copyOfTemplate, dropCopy, removeRedisKeys, renameCopy } from './test-databases.js';

export interface TestApp extends AppHandle {
  url: string;
  config: Config;
  clock: ManualClock;
  databaseUrl: string;
  /** Runs SQL on this file's database (for assertions on what was, or was not, written). */
  sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Relays the outbox now and waits until every queue is idle (jobs drained). */
  drain(): Promise<void>;
  /** Stops the app and removes its database and Redis keys (`keepAs`: renames its database to that instead). */
  close(opts?: { keepAs?: string }): Promise<void>;
}

/**
 * Starts the whole app (api + worker) for one test file, on an ephemeral port, with its own
 * database (a copy of the migrated template) and its own Redis prefix.
 */
export function startTestApp(
  overrides: Record<string, string> = {},
  opts: Partial<Pick<StartOptions, 'worker' | 'clientDist' | 'log' | 'publishAtCommit'>> = {},
): Promise<TestApp> {
  return startIsolatedApp({ templateDatabaseUrl: inject('templateDatabaseUrl'), redisUrl: inject('redisUrl'), overrides, ...opts, spare: true, dropLater: true });
}

/** The demo catalogue's uploads (its pictures), shared by every copy of the demo template of this run. */
const demoUploads = (templateName: string) => path.join('.data', 'test-uploads', `${templateName}_demo`);

/**
 * `startTestApp` on the demo catalogue (`seedDemoData`, indexed): its database is a copy of a template of this run
 * holding the migrations and the demo data seeded and drained, made by the first file that asks for it (seeding
 * takes about 15 s of CPU, and three files read the same catalogue). Equivalent to seeding the copy itself: the
 * template is made by the app with `SEED_DEMO_DATA=true` exactly so, its outbox relayed and its queues drained
 * (what it relayed is in the database); its pictures are in an upload directory the copies share. `demoSeeded` is
 * what `seedDemoData` answered when it wrote the catalogue into the template (kept as the template's comment).
 */
export async function startDemoTestApp(overrides: Record<string, string> = {}): Promise<TestApp & { demoSeeded: boolean }> {
  const base = inject('templateDatabaseUrl');
  const baseName = new URL(base).pathname.slice(1);
  const demoName = `${baseName}_demo`;
  const redisUrl = inject('redisUrl');
  const settings = { SEED_DEMO_DATA: 'true', UPLOAD_DIR: demoUploads(baseName) };
  const admin = new pg.Client({ connectionString: base.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  let demoSeeded: boolean;
  try {
    // One maker per run: a second worker asking meanwhile waits here, then finds it made.
    await admin.query('select pg_advisory_lock(hashtext($1))', [demoName]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [demoName]);
    if (!rowCount) {
      const maker = await startIsolatedApp({ templateDatabaseUrl: base, redisUrl, overrides: settings });
      let made = false;
      let seeded = false;
      try {
        seeded = await seedDemoData(maker.services);
        await maker.drain();
        made = true;
      } finally {
        await maker.close(made ? { keepAs: demoName } : {});
      }
      await admin.query(`comment on database "${demoName}" is 'seedDemoData: ${seeded}'`);
    }
    const [{ note }] = (await admin.query<{ note: string | null }>(`select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`, [demoName])).rows;
    demoSeeded = note === 'seedDemoData: true';
  } finally {
    await admin.end(); // ends the session, and with it the lock
  }
  const app = await startIsolatedApp({ templateDatabaseUrl: base.replace(/\/[^/]*$/, `/${demoName}`), redisUrl, overrides: { ...settings, ...overrides }, dropLater: true });
  return Object.assign(app, { demoSeeded });
}

/** A port nothing listens on right now (the kernel's pick for an ephemeral listener). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** `startTestApp` for callers outside a test worker (the e2e global setup), given the services. */
export async function startIsolatedApp(args: {
  templateDatabaseUrl: string;
  redisUrl: string;
  overrides?: Record<string, string>;
  worker?: boolean;
  clientDist?: string;
  /** The app's logger (a test that reads the logs passes one writing to memory); silent otherwise. */
  log?: StartOptions['log'];
  publishAtCommit?: boolean;
  /**
   * In a test worker (tests/support/test-databases.ts): take the copy of the template the worker made ahead, and
   * make the next; `close()` drops the copy after the caller has gone on. The global teardown drops what is left.
   */
  spare?: boolean;
  dropLater?: boolean;
}): Promise<TestApp> {
  const overrides = args.overrides ?? {};
  const opts = { worker: args.worker, clientDist: args.clientDist, log: args.log, publishAtCommit: args.publishAtCommit };
  const databaseUrl = await copyOfTemplate(args.templateDatabaseUrl, { spare: args.spare });
  const prefix = `t${randomBytes(5).toString('hex')}`;
  // The Origin check compares with PUBLIC_URL (never the Host header), so the app's own URL is known
  // before it starts: a free port is picked here.
  const port = overrides.PORT ?? String(await freePort());

  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '4',
    REDIS_URL: args.redisUrl,
    REDIS_PREFIX: prefix,
    SEED_DEMO_DATA: 'false',
    // Test accounts are all minutes old and write to strangers; the file that tests the new-account limit sets it.
    NEW_ACCOUNT_DAYS: '0',
    UPLOAD_DIR: path.join('.data', 'test-uploads', prefix),
    // Thousands of test accounts each cost a hash and a verification: a small argon2 memory cost (README.md#tests);
    // an app started as production keeps the baseline, which production requires.
    ...(overrides.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_MEMORY_KIB: '1024' }),
    ...overrides,
  });
  const clock = new ManualClock();
  const handle = await startApp(config, {
    api: true,
    worker: opts.worker ?? true,
    migrate: false,
    seed: false,
    clock,
    log: opts.log ?? pino({ level: config.LOG_LEVEL }),
    clientDist: opts.clientDist,
    publishAtCommit: opts.publishAtCommit,
    // Closed with nothing but its clients' idle keep-alive connections left: they need not be kept a second for a
    // request on its way (the grace itself is the shutdown files', on child servers started as production).
    httpIdleGraceMs: 0,
  });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => undefined); // an idle connection cut by a database restart (tests/integration/faults.test.ts)

  /** The first queue with work waiting or under way (a job delayed far ahead, like an order's payment window, is not). */
  async function busyQueue(): Promise<{ name: string; counts: Record<string, number> } | undefined> {
    for (const name of handle.infra.queues.registeredQueues()) {
      const q = handle.infra.queues.queue(name);
      const counts = await q.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
      if (counts.delayed) counts.delayed = (await q.getDelayed()).filter((j) => j.timestamp + j.delay < Date.now() + 60_000).length;
      if (Object.values(counts).some((n) => n > 0)) return { name, counts };
    }
    return undefined;
  }

  const app: TestApp = {
    ...handle,
    url: handle.url!,
    config,
    clock,
    databaseUrl,
    async sql(text, params) {
      return (await db.query(text, params)).rows;
    },
    async drain() {
      await handle.infra.relay.drain();
      const deadline = Date.now() + 20_000;
      // BullMQ's counts can show nothing for a moment while a due retry moves from delayed to active:
      // the queues are idle only when two passes in a row, 25 ms apart, find every one of them empty.
      for (let quietPasses = 0; quietPasses < 2; ) {
        const busy = await busyQueue();
        if (!busy) quietPasses++;
        else if (Date.now() > deadline) throw new Error(`queue ${busy.name} did not drain: ${JSON.stringify(busy.counts)}`);
        else quietPasses = 0;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close({ keepAs }: { keepAs?: string } = {}) {
      forget();
      await handle.close();
      await db.end();
      if (!keepAs) return dropCopy(databaseUrl, { url: config.REDIS_URL, prefix }, { later: args.dropLater });
      await removeRedisKeys(config.REDIS_URL, prefix);
      await renameCopy(databaseUrl, keepAs);
    },
  };
  const forget = trackOpen(`the test app on ${handle.url ?? databaseUrl}`, () => app.close());
  return app;
}
