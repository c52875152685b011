// Buy now under load (bench/README.md#buy-now): one hot product (stock 10,000), 200 concurrent buyers
// through the API (REST `POST /products/buy-now`), beside its floor: the same conditional stock
// UPDATE plus order INSERT sent straight to PostgreSQL by the same 200 clients (over a pool as large
// as the API's, so both get the same database connections). Then the live latency: from the buy
// request's answer to the seller's `orderEvents` subscription receiving the order, beside a floor of a
// Redis PUBLISH relayed to a raw WebSocket client.
//
// Settings (environment): BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bb_bench_orders,
// recreated each run), BENCH_REDIS_URL, BENCH_BUYERS (200), BENCH_BUYS_PER_BUYER (10), BENCH_LIVE (300), BENCH_WORKER (inline; `process`: the worker in a process of its own).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Agent, request } from 'undici';
import { root } from '../scripts/lib/proc.mjs';
import { benchApp, cleanUp, serverProcess } from './lib/app.mjs';
import { liveFloor, ms, pct, watchNewOrders } from './lib/live.mjs';

const WORKER_PROCESS = process.env.BENCH_WORKER === 'process';
const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bb_bench_orders';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUYERS = Number(process.env.BENCH_BUYERS ?? 200);
const PER_BUYER = Number(process.env.BENCH_BUYS_PER_BUYER ?? 10);
const LIVE = Number(process.env.BENCH_LIVE ?? 300);
const STOCK = 10_000;
const POOL = 10; // DATABASE_POOL_MAX of the API (its default)


async function main() {
  const { startApp, prefix, env, config, log } = await benchApp(DB_URL, REDIS_URL, { DATABASE_POOL_MAX: String(POOL) });

  const db = new pg.Pool({ connectionString: DB_URL, max: POOL });
  const user = async (name) => {
    const id = randomUUID();
    // Notifications off: the benchmark measures buying, not an SMTP server that is not there.
    await db.query(
      `insert into users (id, created_at, updated_at, email, username, password_hash, email_verified, email_notifications) values ($1, now(), now(), $2, $3, 'x', true, false)`,
      [id, `${name}@bench.example`, name],
    );
    return id;
  };
  const product = async (sellerId, title) => {
    const id = randomUUID();
    await db.query(
      `insert into products (id, created_at, updated_at, seller_id, title, description, purchase_type, category, price_paise, min_quantity, max_quantity)
       values ($1, now(), now(), $2, $3, 'Benchmark product', 'buy_now', 'Other', 49950, 1, $4)`,
      [id, sellerId, title, STOCK],
    );
    return id;
  };
  const sellerId = await user('seller_bench');
  const buyerIds = [];
  for (let i = 0; i < BUYERS; i++) buyerIds.push(await user(`buyer_${i}`));

  // The worker in this process (as `npm start` runs it), or with BENCH_WORKER=process in a process of
  // its own (as production runs it; on 2 cores it then competes with the api for the CPU).
  const worker = WORKER_PROCESS ? await serverProcess('worker', env) : null;
  const app = await startApp(config, { api: true, worker: !WORKER_PROCESS, migrate: false, log });
  const cookies = await Promise.all(buyerIds.map(async (id) => `bb_sid=${await app.services.sessions.create(id)}`));
  const sellerCookie = `bb_sid=${await app.services.sessions.create(sellerId)}`;
  const agent = new Agent({ connections: BUYERS, pipelining: 1 });
  const buy = async (cookie, productId, headers = {}) => {
    const t = performance.now();
    const res = await request(`${app.url}/products/buy-now`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', accept: 'application/json', origin: config.PUBLIC_URL, cookie, ...headers },
      body: JSON.stringify({ product_id: productId, quantity: 1 }),
    });
    const body = await res.body.json();
    return { status: res.statusCode, body, ms: performance.now() - t, at: performance.now() };
  };

  // ---- API: 200 buyers, each buying PER_BUYER times in a row, all at once.
  const hot = await product(sellerId, 'Hot product (API)');
  for (let i = 0; i < 20; i++) await buy(cookies[i], hot); // warm-up
  const apiLat = [];
  let t0 = performance.now();
  let failures = 0;
  await Promise.all(
    cookies.map(async (cookie) => {
      for (let i = 0; i < PER_BUYER; i++) {
        const r = await buy(cookie, hot, { 'idempotency-key': randomUUID() });
        if (r.status === 201) apiLat.push(r.ms);
        else failures++;
      }
    }),
  );
  const apiSecs = (performance.now() - t0) / 1000;
  const [hotRow] = (await db.query('select max_quantity from products where id = $1', [hot])).rows;
  const [hotOrders] = (await db.query('select count(*)::int as n, coalesce(sum(quantity), 0)::int as q from orders where product_id = $1', [hot])).rows;
  // Units sold beyond the stock (must be 0), and whether stock + sold still adds up to the start.
  const oversold = Math.max(0, hotOrders.q - STOCK);
  if (hotRow.max_quantity + hotOrders.q !== STOCK) throw new Error(`stock does not add up: ${hotRow.max_quantity} left + ${hotOrders.q} sold != ${STOCK}`);

  // ---- Floor: the same conditional UPDATE + INSERT, straight to PostgreSQL, by the same 200 clients.
  const floorProduct = await product(sellerId, 'Hot product (floor)');
  const floorOnce = async (buyerId) => {
    const t = performance.now(); // like the API's figure, waiting for a connection counts
    const c = await db.connect();
    try {
      await c.query('begin');
      const { rows } = await c.query(
        `update products set max_quantity = max_quantity - 1, updated_at = now()
          where id = $1 and deleted_at is null and enabled and purchase_type = 'buy_now' and price_paise is not null and seller_id <> $2 and max_quantity >= 1
          returning seller_id, title, thumbnail_key, price_paise`,
        [floorProduct, buyerId],
      );
      if (rows.length) {
        await c.query(
          `insert into orders (id, created_at, updated_at, product_id, buyer_id, seller_id, quantity, unit_price_paise, total_paise, payable_paise, status, product_title, product_thumbnail_key, pay_by, buyer_position, seller_position)
           values ($1, now(), now(), $2, $3, $4, 1, $5, $5, $5, 'unpaid', $6, $7, now() + interval '48 hours', 0, 0)`,
          [randomUUID(), floorProduct, buyerId, rows[0].seller_id, rows[0].price_paise, rows[0].title, rows[0].thumbnail_key],
        );
      }
      await c.query('commit');
    } finally {
      c.release();
    }
    return performance.now() - t;
  };
  for (let i = 0; i < 20; i++) await floorOnce(buyerIds[i]);
  const floorLat = [];
  t0 = performance.now();
  await Promise.all(buyerIds.map(async (id) => {
    for (let i = 0; i < PER_BUYER; i++) floorLat.push(await floorOnce(id));
  }));
  const floorSecs = (performance.now() - t0) / 1000;

  // ---- Live: buy-request answer -> the seller's orderEvents subscription.
  const live = await product(sellerId, 'Live product');
  const orders = watchNewOrders(app.url, { cookie: sellerCookie, origin: config.PUBLIC_URL });
  // Wait until the subscription listens (a first order arrives).
  await orders.ready(async () => (await buy(cookies[0], live)).body.order_id);
  const liveLat = [];
  for (let i = 0; i < LIVE; i++) {
    const r = await buy(cookies[i % BUYERS], live);
    liveLat.push((await orders.heard(r.body.order_id)) - r.at);
  }
  await orders.dispose();

  // ---- Live floor: Redis PUBLISH -> a subscriber -> a raw WebSocket client.
  const floorLive = await liveFloor({
    redisUrl: REDIS_URL,
    channel: `${prefix}:floor`,
    count: LIVE,
    warmup: 20,
    payload: (i) => ({ orderId: randomUUID(), position: String(i) }),
  });

  await agent.close();
  await app.close();
  await worker?.stop();
  await db.end();

  const apiRate = apiLat.length / apiSecs;
  const floorRate = floorLat.length / floorSecs;
  const out = {
    at: new Date().toISOString(),
    buyers: BUYERS,
    buysPerBuyer: PER_BUYER,
    api: { orders: apiLat.length, failures, ordersPerSecond: apiRate, p50: pct(apiLat, 50), p99: pct(apiLat, 99), stockLeft: hotRow.max_quantity, oversold },
    floor: { orders: floorLat.length, ordersPerSecond: floorRate, p50: pct(floorLat, 50), p99: pct(floorLat, 99) },
    ratio: apiRate / floorRate,
    live: { events: liveLat.length, p50: pct(liveLat, 50), p90: pct(liveLat, 90), p99: pct(liveLat, 99), max: Math.max(...liveLat) },
    liveFloor: { p50: pct(floorLive, 50), p99: pct(floorLive, 99) },
    liveRatioP99: pct(liveLat, 99) / pct(floorLive, 99),
  };
  console.log(`API   : ${out.api.orders} orders (${failures} refused) in ${apiSecs.toFixed(1)} s = ${apiRate.toFixed(0)} orders/s, p50 ${ms(out.api.p50)}, p99 ${ms(out.api.p99)}; stock left ${hotRow.max_quantity}; oversold ${oversold}`);
  console.log(`floor : ${out.floor.orders} orders in ${floorSecs.toFixed(1)} s = ${floorRate.toFixed(0)} orders/s, p50 ${ms(out.floor.p50)}, p99 ${ms(out.floor.p99)}`);
  console.log(`ratio : API / floor = ${out.ratio.toFixed(2)} (target >= 0.5)`);
  console.log(`live  : p50 ${ms(out.live.p50)}, p90 ${ms(out.live.p90)}, p99 ${ms(out.live.p99)}, max ${ms(out.live.max)}; floor (Redis PUBLISH -> raw WebSocket) p50 ${ms(out.liveFloor.p50)}, p99 ${ms(out.liveFloor.p99)}; p99 ratio ${out.liveRatioP99.toFixed(1)} (target <= 3)`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results', `buy-now-${Date.now()}.json`), JSON.stringify(out, null, 2));
  await cleanUp(DB_URL, REDIS_URL, prefix);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
