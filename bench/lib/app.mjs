// What the benchmarks that start the built app share: the server's modules, a fresh database, cleanup.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
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
