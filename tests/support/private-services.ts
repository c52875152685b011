import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { Redis } from 'ioredis';
import { createOrm, migrate } from '../../server/src/db/connect.js';
import { freePort } from './app.js';
import { waitFor } from './client.js';

/**
 * Private Redis and PostgreSQL servers for tests that stop, kill or restart them (tests/integration/
 * faults.test.ts): each on a free port in its own temporary directory, never the shared ones.
 */

/** PG_BIN, else Debian's newest /usr/lib/postgresql/<version>/bin (15 here and in CI). */
function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find((dir) => existsSync(path.join(dir, 'initdb')));
  if (!found) throw new Error('No PostgreSQL server programs (initdb, pg_ctl) under /usr/lib/postgresql/*/bin: install postgresql or set PG_BIN');
  return found;
}
const PG_BIN = pgBin();
const isRoot = process.getuid?.() === 0;

/** A Redis server with an append-only file, so a restart keeps queued jobs and sessions (as in production). */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<PrivateRedis> {
    const r = new PrivateRedis(await freePort(), await mkdtemp(path.join(tmpdir(), 'bb-redis-')));
    await r.up();
    return r;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    if (this.child && this.child.exitCode === null) return;
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', '', '--loglevel', 'warning'];
    this.child = spawn('redis-server', args, { stdio: 'ignore' });
    await waitFor(async () => {
      const c = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      c.on('error', () => undefined);
      try {
        await c.connect();
        return (await c.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        c.disconnect();
      }
    }, 10_000, 'the private Redis to start');
  }

  /** Stops the server as a shutdown would (the append-only file is kept). */
  async down(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    this.child = null;
  }

  async destroy(): Promise<void> {
    await this.down();
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** Runs a PostgreSQL program as the postgres user when we are root (initdb refuses root). */
function pgRun(program: string, args: string[]): void {
  const cmd = path.join(PG_BIN, program);
  const res = isRoot ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' }) : spawnSync(cmd, args, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${program} ${args.join(' ')} failed (${res.status}): ${res.stderr || res.stdout}`);
}

/** A PostgreSQL cluster of its own (initdb in a temporary directory, trust authentication). */
export class PrivatePostgres {
  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const dir = await mkdtemp(path.join(tmpdir(), 'bb-pg-'));
    if (isRoot) chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()));
    const p = new PrivatePostgres(await freePort(), dir);
    pgRun('initdb', ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
    p.up();
    return p;
  }

  get adminUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private ctl(action: string, extra: string[] = []): void {
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
    pgRun('pg_ctl', ['-D', path.join(this.dir, 'data'), '-o', opts, '-l', path.join(this.dir, 'log'), '-w', '-t', '30', ...extra, action]);
  }

  up(): void {
    this.ctl('start');
  }

  /** Stops the server (fast shutdown: connections are cut). */
  down(): void {
    this.ctl('stop', ['-m', 'fast']);
  }

  /** A fast restart: every connection is cut, the server is back a moment later. */
  restart(): void {
    this.ctl('restart', ['-m', 'fast']);
  }

  /** A database with every migration applied, to be used as the template of test databases. */
  async migratedTemplate(name: string): Promise<string> {
    const admin = new pg.Client({ connectionString: this.adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = this.adminUrl.replace(/\/postgres$/, `/${name}`);
    const orm = await createOrm({ DATABASE_URL: url, DATABASE_POOL_MAX: 2 }, pino({ level: 'silent' }));
    await migrate(orm);
    await orm.close(true);
    return url;
  }

  async destroy(): Promise<void> {
    try {
      this.ctl('stop', ['-m', 'immediate']);
    } catch {
      // already stopped
    }
    await rm(this.dir, { recursive: true, force: true });
  }
}
