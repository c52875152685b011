// What the benchmarks that start the built app share: the server's modules, a fresh database, cleanup.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { pino } from 'pino';
import { request } from 'undici';
import WebSocket from 'ws';
import { ensureServerBuilt, serverEntry } from '../../scripts/lib/build.mjs';
import { root } from '../../scripts/lib/proc.mjs';

/** Builds the server when its sources changed, then loads what a benchmark starts it with. */
export async function builtServer() {
  await ensureServerBuilt();
  const dist = (p) => path.join(root, 'server/dist/server/src', p);
  const { loadConfig } = await import(dist('config/env.js'));
  const { startApp } = await import(dist('app/server.js'));
  const { createOrm, migrate } = await import(dist('db/connect.js'));
  return { loadConfig, startApp, createOrm, migrate };
}

/**
 * The built server on a fresh, migrated database for a benchmark that starts the app itself: production mode, quiet,
 * mail to a local SMTP port and no WhatsApp, a Redis prefix of its own. `more`: further settings, or a function of the
 * prefix giving them. Answers the server's modules, the settings (`env`, for child processes), the config and a logger.
 */
export async function benchApp(dbUrl, redisUrl, more = {}) {
  const server = await builtServer();
  await freshDatabase(dbUrl);
  const prefix = `bench${randomBytes(3).toString('hex')}`;
  const env = {
    NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: dbUrl, REDIS_URL: redisUrl, REDIS_PREFIX: prefix,
    SEED_DEMO_DATA: 'false', OTP_SECRET: 'bench-only-secret-0123456789abcdef0123', COOKIE_SECURE: 'false',
    MAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525', WHATSAPP_DRIVER: 'off', PUBLIC_URL: 'http://127.0.0.1',
    ...(typeof more === 'function' ? more(prefix) : more),
  };
  const config = server.loadConfig({ ...env, PORT: '0' });
  const log = pino({ level: 'warn' });
  const orm = await server.createOrm(config, log);
  await server.migrate(orm);
  await orm.close(true);
  return { ...server, prefix, env, config, log };
}

/** Writes `n` verified accounts named `${tag}1`... straight to the table, e-mail notices off; answers their ids. */
export async function benchUsers(db, n, tag) {
  const { rows } = await db.query(
    `insert into users (id, created_at, updated_at, email, username, password_hash, email_verified, email_notifications)
     select gen_random_uuid(), now(), now(), $2 || i || '@bench.example', $2 || i, 'x', true, false from generate_series(1, $1) as i
     returning id`,
    [n, tag],
  );
  return rows.map((r) => r.id);
}

/** Runs `sql` against the server's maintenance database (the one named in `url` cannot drop itself). */
async function onAdmin(url, sql) {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  try {
    for (const statement of sql) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Drops and creates the database of `url`; answers its name. */
export async function freshDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  await onAdmin(url, [`drop database if exists "${name}" with (force)`, `create database "${name}"`]);
  return name;
}

/** Drops the database of `url` and every Redis key under `prefix`. */
export async function cleanUp(url, redisUrl, prefix) {
  await onAdmin(url, [`drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`]);
  const r = new Redis(redisUrl);
  const keys = await r.keys(`${prefix}:*`);
  for (let i = 0; i < keys.length; i += 1000) await r.del(...keys.slice(i, i + 1000));
  r.disconnect();
}

/** A free TCP port on 127.0.0.1. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * The built server in a process of its own (`role`: api or worker, as production runs them), with
 * `env`; resolves once its /readyz answers 200. `stop()` ends it with SIGTERM and waits. `ipc` opens an
 * IPC channel to it (for a probe loaded with `nodeArgs`, e.g. bench/soak-probe.mjs).
 */
export async function serverProcess(role, env, { nodeArgs = [], ipc = false } = {}) {
  const port = await freePort();
  const portEnv = role === 'worker' ? { WORKER_HEALTH_PORT: String(port) } : { PORT: String(port) };
  const stdio = ['ignore', 'inherit', 'inherit', ...(ipc ? ['ipc'] : [])];
  const child = spawn(process.execPath, [...nodeArgs, serverEntry, role], { env: { ...process.env, ...env, ...portEnv }, stdio });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      const r = await request(`${url}/readyz`);
      await r.body.text();
      if (r.statusCode === 200) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`the ${role} process exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((res) => child.once('exit', res));
  };
  return { child, url, stop };
}

/** A DevTools protocol session on the inspector of a process started with `--inspect=127.0.0.1:port`. */
export async function inspectorSession(inspectPort) {
  const res = await request(`http://127.0.0.1:${inspectPort}/json/list`);
  const [target] = await res.body.json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const replies = new Map();
  let next = 0;
  ws.on('message', (m) => {
    const reply = JSON.parse(String(m));
    replies.get(reply.id)?.(reply.result);
  });
  const call = (method, params) =>
    new Promise((resolve) => {
      const id = ++next;
      replies.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { call, close: () => ws.close() };
}

/**
 * The memory of a process started with `--inspect=127.0.0.1:<inspectPort>` after a full garbage
 * collection (through the inspector protocol), so a figure counts what is live, not garbage not yet
 * collected: `process.memoryUsage()` of that process.
 */
export async function memoryAfterGc(inspectPort) {
  const session = await inspectorSession(inspectPort);
  await session.call('HeapProfiler.collectGarbage');
  const usage = await session.call('Runtime.evaluate', { expression: 'process.memoryUsage()', returnByValue: true });
  session.close();
  return usage.result.value;
}
