// Soak: the built server (`main.js all`: api + worker, as `npm start` runs it) under 1,000 open
// WebSocket subscriptions plus steady search and write traffic for 10 minutes. Reports the server's
// RSS, heap, event-loop delay and open handles at the start, middle and end (flat = no leak), the
// latency of each kind of request, the live events delivered, and the count of 5xx answers (must be 0).
//
//   flock /tmp/build.lock bash scripts/with-node.sh node scripts/start.mjs --build-only   # build first
//   bash scripts/with-node.sh node bench/soak.mjs
//
// Settings (environment): SOAK_MINUTES (10), SOAK_SOCKETS (1000), SOAK_USERS (50), SOAK_SEARCH_PER_S (10),
// SOAK_WRITES_PER_S (2), SOAK_EVENTS_PER_S (1), SOAK_DATABASE_URL (postgres://postgres@127.0.0.1:5432/bb_soak,
// created and dropped), SOAK_REDIS_URL (redis://127.0.0.1:6379; keys under a fresh prefix, removed at the end).
// Not part of `npm test`. Figures: bench/README.md.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { serverEntry } from '../scripts/lib/build.mjs';
import { root } from '../scripts/lib/proc.mjs';
import { liveClient } from './lib/live.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SOCKETS = Number(process.env.SOAK_SOCKETS ?? 1000);
const USERS = Number(process.env.SOAK_USERS ?? 50);
const SEARCH_PER_S = Number(process.env.SOAK_SEARCH_PER_S ?? 10);
const WRITES_PER_S = Number(process.env.SOAK_WRITES_PER_S ?? 2);
const EVENTS_PER_S = Number(process.env.SOAK_EVENTS_PER_S ?? 1);
const DB_URL = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bb_soak';
const REDIS_URL = process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `soak${randomBytes(4).toString('hex')}`;
const QUERIES = ['used laptop under 30000', 'office chair', 'पुराना लैपटॉप', 'printer 15k tak', 'steel almirah', 'laptp', 'welding machine', 'generator in Pune'];

const say = (m) => console.log(`[soak] ${m}`);
if (!existsSync(serverEntry)) throw new Error('The server is not built: run `npm run build` (or scripts/start.mjs --build-only) first');

// ------------------------------------------------------------------ database and server
const admin = new pg.Client({ connectionString: DB_URL.replace(/\/[^/]*$/, '/postgres') });
await admin.connect();
const dbName = new URL(DB_URL).pathname.slice(1);
await admin.query(`drop database if exists "${dbName}" with (force)`);
await admin.query(`create database "${dbName}"`);
await admin.end();

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', './bench/soak-probe.mjs', serverEntry, 'all'], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    DATABASE_URL: DB_URL,
    REDIS_URL,
    REDIS_PREFIX: PREFIX,
    SEED_DEMO_DATA: 'false',
    UPLOAD_DIR: path.join('.data', 'soak-uploads', PREFIX),
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
    OTP_DAILY_CAP_PER_CLIENT: '1000000',
  },
  stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
});
const serverLog = [];
server.stdout.on('data', (c) => serverLog.push(c.toString()));
server.stderr.on('data', (c) => serverLog.push(c.toString()));
let serverExit = null;
server.on('exit', (code, signal) => (serverExit = { code, signal }));

async function until(what, fn, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (serverExit) throw new Error(`the server exited (${JSON.stringify(serverExit)}):\n${serverLog.join('')}`);
    if (await fn().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
await until('the server to answer', async () => (await fetch(`${base}/readyz`)).ok);
say(`server up at ${base} (pid ${server.pid})`);

function sample() {
  return new Promise((resolve) => {
    server.once('message', resolve);
    server.send('sample');
  });
}

// ------------------------------------------------------------------ accounts, products, sockets
const db = new pg.Client({ connectionString: DB_URL });
await db.connect();

async function call(method, p, body, cookie, extra = {}) {
  const headers = { accept: 'application/json', ...(cookie ? { cookie } : {}), ...extra };
  let payload;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(base + p, { method, headers, body: payload });
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('bb_sid='));
  await res.arrayBuffer();
  return { status: res.status, cookie: setCookie ? setCookie.split(';')[0] : cookie };
}

const users = [];
for (let i = 0; i < USERS; i++) {
  const tag = `${PREFIX}${i}`;
  const creds = { email: `${tag}@example.com`, username: tag, password: 'Soak!pass2026' };
  const reg = await call('POST', '/auth/register', creds);
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}`);
  await db.query('update users set email_verified = true where email = $1', [creds.email]);
  const login = await call('POST', '/auth/login', { username: creds.username, password: creds.password });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  users.push({ ...creds, cookie: login.cookie, notifications: true });
}
const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2980b9' } }).jpeg().toBuffer();
const products = [];
for (let i = 0; i < 10; i++) {
  const owner = users[i % users.length];
  const form = new FormData();
  form.append('product', JSON.stringify({ title: `Soak laptop ${i}`, description: 'Refurbished business laptops for offices, GST invoice.', product_type: 'used', purchase_type: 'buy_now', category: 'Computers', tags: ['laptop'], price: '25000', quantity: { min_quantity: 1, max_quantity: 50 }, custom_questions: { questions: [] } }));
  form.append('thumbnail', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'thumb.jpg');
  const res = await fetch(`${base}/seller/products/create`, { method: 'POST', headers: { accept: 'application/json', cookie: owner.cookie }, body: form });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(body)}`);
  products.push({ id: body.product_id, owner });
}
say(`${users.length} users, ${products.length} products`);

let delivered = 0;
let socketErrors = 0;
let socketsClosed = 0;
const sockets = [];
for (let i = 0; i < SOCKETS; i++) {
  const user = users[i % users.length];
  const client = liveClient(base, { cookie: user.cookie }, { lazy: false, on: { closed: () => socketsClosed++ } });
  await new Promise((resolve) => {
    client.subscribe({ query: 'subscription { accountEvents { type at } }' }, { next: () => delivered++, error: () => socketErrors++, complete: () => undefined });
    client.on('connected', resolve);
  });
  sockets.push(client);
}
say(`${sockets.length} subscriptions open`);

// ------------------------------------------------------------------ steady traffic
const stats = {};
const record = (kind, status, ms) => {
  const s = (stats[kind] ??= { count: 0, status5xx: 0, other: {}, ms: [] });
  s.count++;
  if (status >= 500) s.status5xx++;
  if (status >= 400 || status === 0) s.other[status] = (s.other[status] ?? 0) + 1;
  s.ms.push(ms);
};
async function timed(kind, fn) {
  const t0 = performance.now();
  let status;
  try {
    status = (await fn()).status;
  } catch {
    status = 0;
  }
  record(kind, status, performance.now() - t0);
}
let n = 0;
const loops = [
  setInterval(() => void timed('search', () => call('POST', '/products/search', { query: QUERIES[n++ % QUERIES.length], limit: 10 })), 1000 / SEARCH_PER_S),
  setInterval(() => {
    const p = products[n++ % products.length];
    void timed('write', () => call('PUT', `/seller/products/${p.id}`, { title: `Soak laptop ${p.id.slice(-4)} ${n}` }, p.owner.cookie));
  }, 1000 / WRITES_PER_S),
  setInterval(() => {
    const u = users[n++ % users.length];
    u.notifications = !u.notifications;
    void timed('settings (live event)', () => call('PUT', '/auth/settings', { email_notifications: u.notifications }, u.cookie));
  }, 1000 / EVENTS_PER_S),
];

const samples = [];
const take = async (label) => {
  const s = { label, atMinute: Math.round(((Date.now() - t0) / 60000) * 10) / 10, sockets: sockets.length - socketsClosed, delivered, machineLoad: os.loadavg().map((x) => Math.round(x * 100) / 100), ...(await sample()) };
  samples.push(s);
  say(`${label}: rss ${s.rssMb} MB, heap ${s.heapUsedMb} MB, event-loop delay p99 ${s.eventLoopDelayMs.p99} ms (max ${s.eventLoopDelayMs.max}), handles ${s.handlesTotal}, events delivered ${delivered}, load ${s.machineLoad.join(' ')}`);
};
const t0 = Date.now();
await sample(); // resets the event-loop histogram after the setup
await new Promise((r) => setTimeout(r, 15_000));
await take('start');
const durationMs = MINUTES * 60_000;
for (let minute = 1; minute * 60_000 < durationMs; minute++) {
  await new Promise((r) => setTimeout(r, t0 + minute * 60_000 - Date.now()));
  await take(minute * 60_000 === durationMs / 2 ? 'middle' : `minute ${minute}`);
}
await new Promise((r) => setTimeout(r, Math.max(0, t0 + durationMs - Date.now())));
await take('end');
for (const l of loops) clearInterval(l);
await new Promise((r) => setTimeout(r, 2000));

// ------------------------------------------------------------------ report and clean up
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10;
};
const requests = Object.fromEntries(
  Object.entries(stats).map(([k, s]) => [k, { count: s.count, status5xx: s.status5xx, refusedOrFailed: s.other, p50Ms: pct(s.ms, 50), p99Ms: pct(s.ms, 99) }]),
);
const total5xx = Object.values(stats).reduce((a, s) => a + s.status5xx, 0);
const report = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 1e9), node: process.version },
  minutes: MINUTES,
  sockets: SOCKETS,
  rates: { searchPerS: SEARCH_PER_S, writesPerS: WRITES_PER_S, eventsPerS: EVENTS_PER_S },
  samples,
  requests,
  total5xx,
  liveEventsDelivered: delivered,
  socketErrors,
  socketsClosedByServer: socketsClosed,
};
console.log(JSON.stringify(report, null, 2));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, `bench/results/soak-${report.date.replace(/[:.]/g, '-')}.json`), JSON.stringify(report, null, 2));

await Promise.all(sockets.map((c) => c.dispose()));
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await db.end();
const dropper = new pg.Client({ connectionString: DB_URL.replace(/\/[^/]*$/, '/postgres') });
await dropper.connect();
await dropper.query(`drop database if exists "${dbName}" with (force)`);
await dropper.end();
rmSync(path.join(root, '.data', 'soak-uploads', PREFIX), { recursive: true, force: true });
const redis = new Redis(REDIS_URL);
const keys = await redis.keys(`${PREFIX}:*`);
for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
await redis.quit();
say(total5xx === 0 ? 'no 5xx answers' : `${total5xx} 5xx answers`);
process.exit(total5xx === 0 && !serverExit?.code ? 0 : 1);
