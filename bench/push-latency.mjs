// Push latency (bench/README.md#push-latency, issue 30): from an order's commit (the buy request's answer) to the
// Web Push request leaving the server for the seller's device, beside the same order's live event on the seller's
// `orderEvents` subscription, one order at a time. The device is a local HTTP push endpoint that notes when each
// request arrives and answers 201 as a push service does (it does not decrypt: the contract test in
// tests/integration/notifications.test.ts checks the payload). A loopback endpoint is allowed only outside
// production (WEB_PUSH_ALLOW_LOOPBACK), so the app runs with NODE_ENV=development here, otherwise as production
// settings have it (api and worker in this process, as `npm start`, logging at warn).
//
// Settings (environment): BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bb_bench_push, recreated
// each run), BENCH_REDIS_URL, BENCH_ORDERS (200).
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Agent, request } from 'undici';
import webPush from 'web-push';
import { root } from '../scripts/lib/proc.mjs';
import { benchApp, cleanUp } from './lib/app.mjs';
import { ms, pct, watchNewOrders } from './lib/live.mjs';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bb_bench_push';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const WARMUP = 10;

async function main() {
  const vapid = webPush.generateVAPIDKeys();
  const { startApp, prefix, config, log } = await benchApp(DB_URL, REDIS_URL, {
    NODE_ENV: 'development', WEB_PUSH_ALLOW_LOOPBACK: 'true',
    WEB_PUSH_VAPID_PUBLIC_KEY: vapid.publicKey, WEB_PUSH_VAPID_PRIVATE_KEY: vapid.privateKey, WEB_PUSH_SUBJECT: 'mailto:bench@example.com',
  });

  // ---- The seller's device: a push service on 127.0.0.1 noting each request's arrival.
  const arrivals = [];
  let onArrival = null;
  const device = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(performance.now());
      onArrival?.();
      res.writeHead(201).end();
    });
  });
  await new Promise((r) => device.listen(0, '127.0.0.1', r));
  const endpoint = `http://127.0.0.1:${device.address().port}/push/seller`;

  const db = new pg.Pool({ connectionString: DB_URL, max: 4 });
  const user = async (name) => {
    const id = randomUUID();
    await db.query(
      `insert into users (id, created_at, updated_at, email, username, password_hash, email_verified, email_notifications) values ($1, now(), now(), $2, $3, 'x', true, false)`,
      [id, `${name}@bench.example`, name],
    );
    return id;
  };
  const sellerId = await user('seller_push');
  const buyerId = await user('buyer_push');
  const productId = randomUUID();
  await db.query(
    `insert into products (id, created_at, updated_at, seller_id, title, description, purchase_type, category, price_paise, min_quantity, max_quantity)
     values ($1, now(), now(), $2, 'Push bench product', 'Benchmark product', 'buy_now', 'Other', 49950, 1, 100000)`,
    [productId, sellerId],
  );
  // A browser's subscription keys: a P-256 public key and 16 bytes of auth secret (the payload is encrypted to them).
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  await db.query('insert into push_subscriptions (endpoint, user_id, p256dh, auth, created_at) values ($1, $2, $3, $4, now())', [
    endpoint, sellerId, ecdh.getPublicKey().toString('base64url'), randomBytes(16).toString('base64url'),
  ]);

  const app = await startApp(config, { api: true, worker: true, migrate: false, log });
  const sellerCookie = `bb_sid=${await app.services.sessions.create(sellerId)}`;
  const buyerCookie = `bb_sid=${await app.services.sessions.create(buyerId)}`;
  const agent = new Agent({ connections: 2 });
  const buy = async () => {
    const res = await request(`${app.url}/products/buy-now`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', accept: 'application/json', origin: config.PUBLIC_URL, cookie: buyerCookie, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ product_id: productId, quantity: 1 }),
    });
    const body = await res.body.json();
    if (res.statusCode !== 201) throw new Error(`buy-now answered ${res.statusCode}: ${JSON.stringify(body)}`);
    return { id: body.order_id, at: performance.now() };
  };

  const orders = watchNewOrders(app.url, { cookie: sellerCookie, origin: config.PUBLIC_URL });
  await orders.ready(async () => (await buy()).id);
  await new Promise((r) => setTimeout(r, 500));

  const push = [];
  const live = [];
  for (let i = 0; i < ORDERS + WARMUP; i++) {
    const pushed = arrivals.length;
    const { id, at } = await buy();
    const heardAt = await orders.heard(id);
    while (arrivals.length <= pushed) await new Promise((r) => (onArrival = r));
    if (i < WARMUP) continue;
    live.push(heardAt - at);
    push.push(arrivals[pushed] - at);
  }
  await orders.dispose();
  await agent.close();
  await app.close();
  await db.end();
  device.close();

  const out = {
    at: new Date().toISOString(),
    load: loadavg().map((l) => Number(l.toFixed(1))),
    orders: push.length,
    push: { p50: pct(push, 50), p90: pct(push, 90), p99: pct(push, 99), max: Math.max(...push) },
    live: { p50: pct(live, 50), p90: pct(live, 90), p99: pct(live, 99), max: Math.max(...live) },
    pushToLiveP99: pct(push, 99) / pct(live, 99),
  };
  console.log(`push : p50 ${ms(out.push.p50)}, p90 ${ms(out.push.p90)}, p99 ${ms(out.push.p99)}, max ${ms(out.push.max)} (order commit -> the push request at the device)`);
  console.log(`live : p50 ${ms(out.live.p50)}, p90 ${ms(out.live.p90)}, p99 ${ms(out.live.p99)}, max ${ms(out.live.max)} (the same orders' live events)`);
  console.log(`ratio: push p99 / live p99 = ${out.pushToLiveP99.toFixed(2)}; load ${out.load.join(' / ')}`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results', `push-latency-${Date.now()}.json`), JSON.stringify(out, null, 2));
  await cleanUp(DB_URL, REDIS_URL, prefix);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
