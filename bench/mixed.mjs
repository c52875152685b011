// Mixed load (bench/README.md#mixed-load): search, product reads, chat with live subscribers, buy-now and
// uploads together at fixed rates against two api processes and a worker, as production runs them (built
// server, NODE_ENV=production, each in a process of its own). First each operation alone at its rate for
// --solo-seconds (its solo p99), then all together for --minutes: each operation's p99 beside its solo
// figure (target <= 3x), every process's resident memory, heap after a full collection and open handles after
// warm-up, at the middle and at the end (flat: see HEAP_SLACK_MB), and the errors (target
// 0: any 5xx, network error or unexpected answer; every chat message delivered once to its receiver's
// subscription). Exits non-zero on any error or memory not flat.
//
//   bash scripts/with-node.sh node bench/mixed.mjs                      # 10 minutes
//   bash scripts/with-node.sh node bench/mixed.mjs --minutes=2 --solo-seconds=15
//
// Settings (environment): BENCH_DATABASE_URL (bb_bench_mixed, re-created and dropped), BENCH_REDIS_URL,
// rates per second MIXED_SEARCH (8), MIXED_READS (10), MIXED_CHAT (3), MIXED_BUYS (2), MIXED_UPLOADS (0.5),
// MIXED_SUBSCRIBERS (200 idle `accountEvents` subscriptions beside the chat receivers'). Not part of `npm test`.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import sharp from 'sharp';
import { Agent, request } from 'undici';
import { root } from '../scripts/lib/proc.mjs';
import { builtServer, cleanUp, freshDatabase, serverProcess } from './lib/app.mjs';
import { liveClient, pct } from './lib/live.mjs';

const { values: flags } = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, 'solo-seconds': { type: 'string', default: '30' }, 'sample-every': { type: 'string', default: '0' }, snapshots: { type: 'string' } },
});
const MINUTES = Number(flags.minutes);
const SOLO_SECONDS = Number(flags['solo-seconds']);
const SAMPLE_EVERY = Number(flags['sample-every']);
const SNAPSHOTS = flags.snapshots && path.resolve(flags.snapshots);
if (SNAPSHOTS) mkdirSync(SNAPSHOTS, { recursive: true });
const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bb_bench_mixed';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RATES = {
  search: Number(process.env.MIXED_SEARCH ?? 8),
  read: Number(process.env.MIXED_READS ?? 10),
  chat: Number(process.env.MIXED_CHAT ?? 3),
  buy: Number(process.env.MIXED_BUYS ?? 2),
  upload: Number(process.env.MIXED_UPLOADS ?? 0.5),
};
const SUBSCRIBERS = Number(process.env.MIXED_SUBSCRIBERS ?? 200);
const PAIRS = 20;
const QUERIES = ['used laptop under 30000', 'office chair', 'पुराना लैपटॉप', 'printer 15k tak', 'steel almirah', 'laptp', 'welding machine', 'generator in Pune'];
const say = (m) => console.log(`[mixed] ${m}`);
const sleep = (t) => new Promise((r) => setTimeout(r, t));

/**
 * An SMTP server that takes every message and keeps none: the verification codes sent at sign-up go
 * somewhere (a refused connection would fail and retry each job five times in the worker, mid-run).
 */
function smtpSink() {
  const server = createServer((socket) => {
    let data = false;
    socket.write('220 sink\r\n');
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      for (const line of String(chunk).split('\r\n')) {
        if (data) {
          if (line === '.') {
            data = false;
            socket.write('250 ok\r\n');
          }
        } else if (/^DATA/i.test(line)) {
          data = true;
          socket.write('354 go\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else if (/^EHLO/i.test(line)) socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (line) socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const { loadConfig, createOrm, migrate } = await builtServer();
const smtp = await smtpSink();
await freshDatabase(DB_URL);
const prefix = `mixed${randomBytes(3).toString('hex')}`;
const uploadDir = path.join(root, '.data', 'bench-mixed', prefix);
const env = {
  NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: DB_URL, REDIS_URL, REDIS_PREFIX: prefix,
  SEED_DEMO_DATA: 'false', OTP_SECRET: 'bench-only-secret-0123456789abcdef0123', COOKIE_SECURE: 'false', MAIL_DRIVER: 'smtp',
  SMTP_URL: `smtp://127.0.0.1:${smtp.address().port}`, WHATSAPP_DRIVER: 'off', PUBLIC_URL: 'http://127.0.0.1', UPLOAD_DIR: uploadDir,
  CHAT_MESSAGES_PER_MINUTE: '100000', NEW_ACCOUNT_DAYS: '0', LOGIN_MAX_ATTEMPTS_PER_IP: '1000000', SEARCH_ENGINE: 'postgres',
};
const orm = await createOrm(loadConfig({ ...env, PORT: '0' }), pino({ level: 'warn' }));
await migrate(orm);
await orm.close(true);

// Each process with the soak probe (memory, handles, event-loop delay on request, over IPC).
const probe = { nodeArgs: ['--expose-gc', '--import', path.join(root, 'bench/soak-probe.mjs')], ipc: true };
const worker = await serverProcess('worker', env, probe);
const apis = [await serverProcess('api', env, probe), await serverProcess('api', env, probe)];
const processes = { worker, api1: apis[0], api2: apis[1] };
const agents = apis.map(() => new Agent({ connections: 32 }));
let turn = 0;
/** One request to the next api in turn (or `api` when given); answers status, body and the time it took. */
async function call(method, p, { body, cookie, headers = {}, api } = {}) {
  const i = api ?? turn++ % apis.length;
  const h = { accept: 'application/json', origin: env.PUBLIC_URL, ...(cookie ? { cookie } : {}), ...headers };
  let payload = body;
  if (body !== undefined && !(body instanceof FormData)) {
    h['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  } else if (body instanceof FormData) {
    const r = new Response(body);
    h['content-type'] = r.headers.get('content-type');
    payload = Buffer.from(await r.arrayBuffer());
  }
  const res = await request(apis[i].url + p, { method, headers: h, body: payload, dispatcher: agents[i] });
  const text = await res.body.text();
  const setCookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('bb_sid='));
  return { status: res.statusCode, body: text ? JSON.parse(text) : null, cookie: setCookie?.split(';')[0] };
}

// ------------------------------------------------------------------ accounts, products, subscriptions
const db = new pg.Pool({ connectionString: DB_URL, max: 2 });
db.on('error', () => undefined);
async function account(tag) {
  const creds = { email: `${tag}@bench.example`, username: tag, password: 'Mixed!pass2026' };
  const reg = await call('POST', '/auth/register', { body: creds });
  if (reg.status !== 201) throw new Error(`register ${reg.status} ${JSON.stringify(reg.body)}`);
  await db.query('update users set email_verified = true, email_notifications = false where email = $1', [creds.email]);
  const login = await call('POST', '/auth/login', { body: { username: tag, password: creds.password } });
  if (login.status !== 200) throw new Error(`login ${login.status} ${JSON.stringify(login.body)}`);
  return { id: (await db.query('select id from users where email = $1', [creds.email])).rows[0].id, cookie: login.cookie };
}
const senders = [];
const receivers = [];
for (let i = 0; i < PAIRS; i++) {
  senders.push(await account(`${prefix}s${i}`));
  receivers.push(await account(`${prefix}r${i}`));
}
const image = (hue) => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: hue % 256, g: 90, b: 160 } } }).jpeg().toBuffer();
const thumb = await image(40);
const products = [];
for (let i = 0; i < 20; i++) {
  const owner = receivers[i % receivers.length];
  const form = new FormData();
  form.append('product', JSON.stringify({ title: `Mixed laptop ${i}`, description: 'Refurbished business laptops for offices, GST invoice.', product_type: 'used', purchase_type: 'buy_now', category: 'Computers', tags: ['laptop'], price: '25000', quantity: { min_quantity: 1, max_quantity: 1_000_000 }, custom_questions: { questions: [] } }));
  form.append('thumbnail', new Blob([new Uint8Array(thumb)], { type: 'image/jpeg' }), 'thumb.jpg');
  const res = await call('POST', '/seller/products/create', { body: form, cookie: owner.cookie });
  if (res.status !== 201) throw new Error(`create ${res.status} ${JSON.stringify(res.body)}`);
  products.push({ id: res.body.product_id, owner });
}
say(`${PAIRS * 2} accounts, ${products.length} products`);

// Chat receivers subscribed to chatEvents, half on each api; idle accountEvents subscribers beside them.
const sentAt = new Map();
const deliveries = [];
let duplicates = 0;
let subscriptionErrors = 0;
const clients = [];
const subscribe = (cookie, api, query, onData) =>
  new Promise((resolve) => {
    const client = liveClient(apis[api].url, { cookie, origin: env.PUBLIC_URL }, { lazy: false });
    client.on('connected', resolve);
    client.subscribe({ query }, { next: onData, error: () => subscriptionErrors++, complete: () => undefined });
    clients.push(client);
  });
const seen = new Set();
await Promise.all(
  receivers.map((r, i) =>
    subscribe(r.cookie, i % 2, 'subscription { chatEvents { type message { id content } } }', (v) => {
      const e = v.data?.chatEvents;
      if (e?.type !== 'message') return;
      if (seen.has(e.message.id)) return void duplicates++;
      seen.add(e.message.id);
      const t = sentAt.get(e.message.content);
      if (t !== undefined) deliveries.push(performance.now() - t);
    }),
  ),
);
for (let i = 0; i < SUBSCRIBERS; i++) await subscribe(senders[i % PAIRS].cookie, i % 2, 'subscription { accountEvents { type } }', () => undefined);
say(`${clients.length} subscriptions open (${PAIRS} chat receivers, ${SUBSCRIBERS} idle)`);
await sleep(1000); // every subscription listening before the first message

// ------------------------------------------------------------------ the operations
let n = 0;
let sent = 0;
const OPERATIONS = {
  search: () => call('POST', '/products/search', { body: { query: QUERIES[n++ % QUERIES.length], limit: 10 } }),
  read: () => (n++ % 2 ? call('GET', `/products/${products[n % products.length].id}`) : call('POST', '/graphql', { body: { query: 'query($id: ID!) { product(id: $id) { id title priceInInr sellerUsername } }', variables: { id: products[n % products.length].id } } })),
  chat: () => {
    const i = n++ % PAIRS;
    const content = `mixed ${randomUUID()}`;
    sentAt.set(content, performance.now());
    sent++;
    return call('POST', `/chat/${receivers[i].id}/messages`, { body: { content }, cookie: senders[i].cookie });
  },
  buy: () => call('POST', '/products/buy-now', { body: { product_id: products[n++ % products.length].id, quantity: 1 }, cookie: senders[n % PAIRS].cookie, headers: { 'idempotency-key': randomUUID() } }),
  upload: async () => {
    const p = products[n++ % products.length];
    const form = new FormData();
    form.append('thumbnail', new Blob([new Uint8Array(await image(n))], { type: 'image/jpeg' }), 'thumb.jpg');
    return call('PUT', `/seller/products/${p.id}/thumbnail`, { body: form, cookie: p.owner.cookie });
  },
};
const EXPECTED = { search: 200, read: 200, chat: 201, buy: 201, upload: 200 };

/** Runs `kinds` at their rates for `seconds`; answers each kind's latencies and its unexpected answers. */
async function run(kinds, seconds, onTick) {
  const stats = Object.fromEntries(kinds.map((k) => [k, { ms: [], errors: {} }]));
  const inFlight = new Set();
  const timers = kinds.map((kind) =>
    setInterval(() => {
      const t0 = performance.now();
      const job = OPERATIONS[kind]()
        .then(
          (res) => {
            stats[kind].ms.push(performance.now() - t0);
            if (res.status !== EXPECTED[kind]) stats[kind].errors[res.status] = (stats[kind].errors[res.status] ?? 0) + 1;
          },
          (err) => (stats[kind].errors[err.code ?? 'network'] = (stats[kind].errors[err.code ?? 'network'] ?? 0) + 1),
        )
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
    }, 1000 / RATES[kind]),
  );
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    await sleep(Math.min(1000, end - Date.now()));
    await onTick?.();
  }
  timers.forEach(clearInterval);
  await Promise.all(inFlight);
  return stats;
}

const sample = (proc, message = 'sample') =>
  new Promise((resolve) => {
    proc.child.once('message', resolve);
    proc.child.send(message);
  });
const samples = [];
async function sampleAll(label) {
  const row = { label, load: os.loadavg()[0].toFixed(1) };
  for (const [name, proc] of Object.entries(processes)) row[name] = await sample(proc);
  samples.push(row);
  if (SNAPSHOTS && !label.startsWith('minute')) {
    const file = path.join(SNAPSHOTS, `api1-${samples.length}-${label.replace(/\W+/g, '-')}.heapsnapshot`);
    const t = performance.now();
    await sample(processes.api1, { snapshot: file });
    say(`heap snapshot of api1 at ${label}: ${file} (${Math.round(performance.now() - t)} ms)`);
  }
  say(`${label}: ${Object.keys(processes).map((k) => `${k} rss ${row[k].rssMb} MB (heap ${row[k].heapTotalMb}, external ${row[k].externalMb}), heap after gc ${row[k].heapAfterGcMb} MB, handles ${row[k].handlesTotal}`).join('; ')}; load ${row.load}`);
}

// ------------------------------------------------------------------ solo, then mixed
const solo = {};
for (const kind of Object.keys(OPERATIONS)) {
  solo[kind] = (await run([kind], SOLO_SECONDS))[kind];
  say(`solo ${kind}: ${solo[kind].ms.length} at ${RATES[kind]}/s, p99 ${pct(solo[kind].ms, 99).toFixed(1)} ms, load ${os.loadavg()[0].toFixed(1)}`);
}
const soloDeliveries = deliveries.splice(0);
const warmUpSeconds = Math.min(60, MINUTES * 12);
const t0 = Date.now();
let taken = 0;
const marks = [warmUpSeconds, (MINUTES * 60) / 2];
let nextMinuteSample = SAMPLE_EVERY || Infinity;
await sampleAll('start');
const mixed = await run(Object.keys(OPERATIONS), MINUTES * 60, async () => {
  const elapsed = (Date.now() - t0) / 1000;
  if (taken < marks.length && elapsed >= marks[taken]) await sampleAll(taken++ === 0 ? 'after warm-up' : 'middle');
  else if (elapsed >= nextMinuteSample) await sampleAll(`minute ${(elapsed / 60).toFixed(1)}`);
  while (nextMinuteSample <= elapsed) nextMinuteSample += SAMPLE_EVERY;
});
await sleep(2000); // the last messages' deliveries
// The client's idle connections closed by the apis (HTTP_KEEP_ALIVE_TIMEOUT_SECONDS, 5 s): the end's handles are
// the processes' own.
await sleep(6000);
await sampleAll('end');

// ------------------------------------------------------------------ report
const rows = Object.keys(OPERATIONS).map((kind) => {
  const soloP99 = pct(solo[kind].ms, 99);
  const mixedP99 = pct(mixed[kind].ms, 99);
  return { kind, rate: RATES[kind], requests: mixed[kind].ms.length, soloP50: pct(solo[kind].ms, 50), soloP99, mixedP50: pct(mixed[kind].ms, 50), mixedP99, ratio: mixedP99 / soloP99, errors: { ...solo[kind].errors, ...mixed[kind].errors } };
});
const chatDelivered = soloDeliveries.length + deliveries.length;
rows.push({ kind: 'chat delivery', rate: RATES.chat, requests: deliveries.length, soloP50: pct(soloDeliveries, 50), soloP99: pct(soloDeliveries, 99), mixedP50: pct(deliveries, 50), mixedP99: pct(deliveries, 99), ratio: pct(deliveries, 99) / pct(soloDeliveries, 99), errors: { missing: sent - chatDelivered, duplicates, subscriptionErrors } });
const errors = rows.reduce((sum, r) => sum + Object.values(r.errors).reduce((a, b) => a + b, 0), 0);
const warm = samples.find((s) => s.label === 'after warm-up') ?? samples[0];
const last = samples[samples.length - 1];
const growth = Object.fromEntries(Object.keys(processes).map((k) => [k, { rssMb: last[k].rssMb - warm[k].rssMb, heapAfterGcMb: last[k].heapAfterGcMb - warm[k].heapAfterGcMb, handles: last[k].handlesTotal - warm[k].handlesTotal }]));
console.log('\noperation       rate/s  requests  solo p50/p99 ms   mixed p50/p99 ms   p99 ratio (target <= 3)  errors');
for (const r of rows) {
  console.log(`${r.kind.padEnd(15)} ${String(r.rate).padStart(6)}  ${String(r.requests).padStart(8)}  ${r.soloP50.toFixed(1).padStart(6)} / ${r.soloP99.toFixed(1).padEnd(7)}  ${r.mixedP50.toFixed(1).padStart(7)} / ${r.mixedP99.toFixed(1).padEnd(7)}  ${r.ratio.toFixed(2).padStart(5)}                    ${JSON.stringify(r.errors)}`);
}
// Memory is judged over the second half: the bench's caches are keyed by its 20 products, 8 queries and 40 accounts
// and are full within the first minute (docs/operations.md#memory). Flat: no process's heap after a full collection
// grew more than HEAP_SLACK_MB from the middle to the end (the figures are whole MB), nor its open handles more than
// HANDLE_SLACK from the sample after warm-up to the end (taken once the client's connections are closed: under load
// they come and go, up to 32 an api; the worker's timers follow its jobs).
const HEAP_SLACK_MB = 3;
const HANDLE_SLACK = 10;
const middle = samples.find((s) => s.label === 'middle') ?? warm;
const secondHalf = Object.fromEntries(Object.keys(processes).map((k) => [k, { heapAfterGcMb: last[k].heapAfterGcMb - middle[k].heapAfterGcMb, handles: last[k].handlesTotal - warm[k].handlesTotal }]));
const notFlat = Object.entries(secondHalf).filter(([, g]) => g.heapAfterGcMb > HEAP_SLACK_MB || g.handles > HANDLE_SLACK);
console.log(`\nafter warm-up -> end: ${Object.entries(growth).map(([k, g]) => `${k} rss ${g.rssMb >= 0 ? '+' : ''}${g.rssMb} MB, heap after gc ${g.heapAfterGcMb >= 0 ? '+' : ''}${g.heapAfterGcMb} MB, handles ${g.handles >= 0 ? '+' : ''}${g.handles}`).join('; ')}`);
console.log(`judged: ${Object.entries(secondHalf).map(([k, g]) => `${k} heap after gc ${g.heapAfterGcMb >= 0 ? '+' : ''}${g.heapAfterGcMb} MB (middle -> end), handles ${g.handles >= 0 ? '+' : ''}${g.handles} (after warm-up -> end)`).join('; ')}`);
console.log(`memory: ${notFlat.length ? `NOT flat (${notFlat.map(([k]) => k).join(', ')})` : 'flat'} (target: each process's heap after gc within +${HEAP_SLACK_MB} MB from the middle to the end, its open handles within +${HANDLE_SLACK} from after warm-up to the end)`);
console.log(`errors: ${errors} (target 0); chat: ${sent} sent, ${chatDelivered} delivered, ${duplicates} twice; ${MINUTES} min mixed, ${SOLO_SECONDS} s solo each; load ${samples.map((s) => s.load).join(' -> ')}; ${os.cpus().length} CPUs`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results', `mixed-${Date.now()}.json`), JSON.stringify({ minutes: MINUTES, soloSeconds: SOLO_SECONDS, rates: RATES, subscribers: SUBSCRIBERS, rows, samples, growth, secondHalf, memoryFlat: !notFlat.length, errors }, null, 2));

// ------------------------------------------------------------------ clean up
await Promise.all(clients.map((c) => c.dispose()));
await Promise.all(Object.values(processes).map((p) => p.stop()));
await Promise.all(agents.map((a) => a.close()));
await db.end();
smtp.close();
await cleanUp(DB_URL, REDIS_URL, prefix);
rmSync(uploadDir, { recursive: true, force: true });
process.exit(errors || notFlat.length ? 1 : 0);
