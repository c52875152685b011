import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { waitFor } from './client.js';
import { childPidDir, trackOpen } from './open-apps.js';
import { serverMain } from './server-build.js';
import { copyOfTemplate, dropCopy } from './test-databases.js';

/** A pino line of the process (the fields tests read; any other field is there too). */
export type LogLine = {
  level?: number;
  msg?: string;
  signal?: string;
  err?: { message?: string; code?: string; stack?: string };
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
  [field: string]: unknown;
};

export interface ChildServer {
  child: ChildProcess;
  /** The api's URL (127.0.0.1), once its banner was printed; '' for a process that has no api. */
  url: string;
  databaseUrl: string;
  prefix: string;
  stdout: string[];
  stderr: () => string;
  /** The JSON log lines written so far. */
  logLines(): LogLine[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Kills the process if it still runs, drops its database and Redis keys. */
  cleanup(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

/** A database of this test file (a copy of the migrated template) and a Redis prefix of its own. */
export async function isolatedStore(): Promise<{ databaseUrl: string; prefix: string; drop(): Promise<void> }> {
  const redisUrl = inject('redisUrl');
  // The worker's copy made ahead, as a test app's (tests/support/test-databases.ts); dropped after the test has gone on.
  const databaseUrl = await copyOfTemplate(inject('templateDatabaseUrl'), { spare: true });
  const prefix = `t${randomBytes(5).toString('hex')}`;
  return { databaseUrl, prefix, drop: () => dropCopy(databaseUrl, { url: redisUrl, prefix }, { later: true }) };
}

/**
 * The real process, as `npm start` and the Dockerfile run it: `server/src/main.ts <role>` in a child
 * Node (its TypeScript transformed by @oxc-node, the server's dev loader, once for all: `serverMain`), with
 * production settings unless `env` says otherwise, on its own database and Redis prefix. Resolves once it is ready: its banner
 * printed (a role with an api), or `ready(lines)` true.
 */
export async function startChildServer(
  opts: {
    role?: 'all' | 'api' | 'worker';
    env?: Record<string, string>;
    /** Another process's store to share (a second api on the same database and Redis prefix). */
    store?: { databaseUrl: string; prefix: string };
    ready?: (server: ChildServer) => boolean;
    /** Resolve as soon as the process is spawned (a test that expects it to fail at start). */
    noWait?: boolean;
  } = {},
): Promise<ChildServer> {
  const own = opts.store ? null : await isolatedStore();
  const { databaseUrl, prefix } = opts.store ?? own!;
  const redisUrl = inject('redisUrl');
  const child = spawn(process.execPath, [serverMain(), opts.role ?? 'all'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '4',
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      SEED_DEMO_DATA: 'false',
      UPLOAD_DIR: path.join('.data', 'test-uploads', prefix),
      OTP_SECRET: 'l'.repeat(40),
      MAIL_DRIVER: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:9',
      WHATSAPP_DRIVER: 'off',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pidFile = child.pid ? path.join(childPidDir(new URL(inject('templateDatabaseUrl')).pathname.slice(1)), String(child.pid)) : null;
  if (pidFile) {
    mkdirSync(path.dirname(pidFile), { recursive: true });
    writeFileSync(pidFile, '');
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      if (pidFile) rmSync(pidFile, { force: true });
      resolve({ code, signal });
    }),
  );
  const stdout: string[] = [];
  let stderr = '';
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    stdout.push(...lines);
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => undefined);
  const forget = trackOpen(`the child server ${child.pid} (${opts.role ?? 'all'})`, () => server.cleanup());
  const server: ChildServer = {
    child,
    url: '',
    databaseUrl,
    prefix,
    stdout,
    stderr: () => stderr,
    logLines: () =>
      stdout.flatMap((l) => {
        try {
          return [JSON.parse(l) as LogLine];
        } catch {
          return [];
        }
      }),
    exited,
    async sql(text, params) {
      return (await db.query(text, params)).rows;
    },
    async cleanup() {
      forget();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await db.end();
      await own?.drop();
    },
  };
  if (opts.noWait) return server;
  // A process that did not start in time is killed here: the caller never gets it to clean up, and it would go on
  // running (reparented to init) after the run.
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${stderr}\n${stdout.join('\n')}`);
      if (opts.ready) return opts.ready(server);
      const banner = stdout.map((l) => /Bol Bazaar is running at (http:\/\/\S+)$/.exec(l.trim())).find(Boolean);
      if (banner) server.url = banner[1].replace('localhost', '127.0.0.1');
      return !!banner;
    },
    45_000,
    'the server to start',
  ).catch(async (err: unknown) => {
    await server.cleanup();
    throw err;
  });
  return server;
}
