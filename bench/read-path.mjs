// The read path (bench/README.md#read-path): ordinary reads through the running app, each beside its
// floor, a bare node:http server doing the same reads straight from PostgreSQL (and Redis, where the app
// needs the session) with the same ids, in the same run:
//   - GraphQL `product(id)` with the fields the product page asks for (gallery and seller name included);
//   - GraphQL `myProducts` (the seller's own list, 20 per page: needs the session);
//   - REST `GET /products/{id}`;
// at 8 and at 64 concurrent clients over keep-alive. Target: app >= 0.5x the floor's throughput, p99 <= 2x.
//
// Settings (environment): BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bb_bench_read,
// recreated each run), BENCH_REDIS_URL, BENCH_SECONDS (5 per case), BENCH_LOG_LEVEL (info, the production default),
// BENCH_CONCURRENCY (8,64), BENCH_PRODUCTS (200).
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { pino } from 'pino';
import { Agent, request } from 'undici';
import { root } from '../scripts/lib/proc.mjs';
import { builtServer, cleanUp, freshDatabase } from './lib/app.mjs';
import { pct } from './lib/live.mjs';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bb_bench_read';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '8,64').split(',').map(Number);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 200);
const POOL = 10; // DATABASE_POOL_MAX of the API (its default); the floor gets the same



async function main() {
  const { loadConfig, startApp, createOrm, migrate } = await builtServer();
  await freshDatabase(DB_URL);
  const prefix = `bench${randomBytes(3).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL, DATABASE_URL: DB_URL, DATABASE_POOL_MAX: String(POOL), REDIS_URL,
    REDIS_PREFIX: prefix, SEED_DEMO_DATA: 'false', OTP_SECRET: 'bench-only-secret-0123456789abcdef0123', COOKIE_SECURE: 'false',
    MAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525', WHATSAPP_DRIVER: 'off', PUBLIC_URL: 'http://127.0.0.1',
  });
  // The app logs as in production (one line per request at info) to a file, not to this terminal.
  const log = pino({ level: LOG_LEVEL }, pino.destination({ dest: '/dev/null', sync: false }));
  const orm = await createOrm(config, log);
  await migrate(orm);
  await orm.close(true);

  const db = new pg.Pool({ connectionString: DB_URL, max: POOL });
  db.on('error', () => undefined); // a connection the database drop below ends
  const sellerId = randomUUID();
  await db.query(
    `insert into users (id, created_at, updated_at, email, username, password_hash, email_verified, email_notifications) values ($1, now(), now(), 'seller@bench.example', 'bench_seller', 'x', true, false)`,
    [sellerId],
  );
  const ids = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const id = randomUUID();
    ids.push(id);
    await db.query(
      `insert into products (id, created_at, updated_at, seller_id, title, description, product_type, purchase_type, category, tags, price_paise, min_quantity, max_quantity, city, state, contact, thumbnail_key, custom_questions)
       values ($1, now() - ($2 || ' seconds')::interval, now(), $3, $4, 'A sturdy product for the benchmark, described in a sentence or two.', 'new', 'buy_now', 'Computers', '{laptop,office}', 4599900, 5, 500, 'Pune', 'Maharashtra', '9876543210', $5, $6)`,
      [id, String(i), sellerId, `Benchmark laptop ${i}`, `products/${id}/thumb.webp`, JSON.stringify([{ id: randomUUID(), question: 'Do you need a GST invoice?', questionType: 'yes_no', mandatory: false }])],
    );
    for (let k = 0; k < 4; k++) {
      await db.query(
        `insert into product_media (id, product_id, item_type, storage_key, content_type, size_bytes, position, created_at) values ($1, $2, 'picture', $3, 'image/webp', 120000, $4, now())`,
        [randomUUID(), id, `products/${id}/g${k}.webp`, k],
      );
    }
  }
  await db.query('analyze');

  const app = await startApp(config, { api: true, worker: false, migrate: false, log });
  const sessionId = await app.services.sessions.create(sellerId);
  const cookie = `bb_sid=${sessionId}`;
  const redis = new Redis(REDIS_URL);

  // ---- The floor: the same reads, straight from PostgreSQL (and the session from Redis), as JSON.
  const picture = (key) => ({ sm: `/uploads/${key}?w=sm`, md: `/uploads/${key}?w=md`, lg: `/uploads/${key}?w=lg` });
  const productJson = (p, media) => ({
    id: p.id, sellerId: p.seller_id, sellerUsername: p.username, title: p.title, description: p.description, productType: p.product_type,
    purchaseType: p.purchase_type, condition: p.condition, category: p.category, tags: p.tags, pricePaise: p.price_paise,
    minQuantity: p.min_quantity, maxQuantity: p.max_quantity, city: p.city, state: p.state, contact: p.contact,
    thumbnail: p.thumbnail_key ? picture(p.thumbnail_key) : null,
    gallery: media.map((m) => ({ id: m.id, itemType: m.item_type, url: `/uploads/${m.storage_key}`, contentType: m.content_type, order: m.position, urls: picture(m.storage_key) })),
    customQuestions: p.custom_questions, enabled: p.enabled,
  });
  const PRODUCT_SQL = `select p.*, p.price_paise::text as price_paise, u.username from products p join users u on u.id = p.seller_id where p.id = $1 and p.deleted_at is null and p.enabled`;
  const MEDIA_SQL = `select id, product_id, item_type, storage_key, content_type, position from product_media where product_id = any($1) order by product_id, position`;
  const floor = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    try {
      let body;
      if (url.pathname === '/product') {
        const id = url.searchParams.get('id');
        const [p, m] = await Promise.all([db.query(PRODUCT_SQL, [id]), db.query(MEDIA_SQL, [[id]])]);
        body = { data: { product: productJson(p.rows[0], m.rows) } };
      } else {
        const sid = (req.headers.cookie ?? '').replace(/^bb_sid=/, '');
        const session = await redis.get(`${prefix}:sess:${sid}`); // the app's look-up of the session, one GET
        void session;
        const p = await db.query(
          `select id, title, category, purchase_type, price_paise::text as price_paise, max_quantity, enabled, created_at, thumbnail_key, (select count(*) from products where seller_id = $1 and deleted_at is null)::int as total
             from products where seller_id = $1 and deleted_at is null order by created_at desc limit 20`,
          [sellerId],
        );
        const items = p.rows.map((r) => ({
          id: r.id, title: r.title, category: r.category, purchaseType: r.purchase_type, priceInInr: r.price_paise, maxQuantity: r.max_quantity,
          enabled: r.enabled, createdAt: r.created_at, thumbnail: r.thumbnail_key ? picture(r.thumbnail_key) : null,
        }));
        body = { data: { myProducts: { totalCount: p.rows[0]?.total ?? 0, limit: 20, offset: 0, items } } };
      }
      const text = JSON.stringify(body);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    } catch (err) {
      res.writeHead(500);
      res.end(String(err));
    }
  });
  await new Promise((r) => floor.listen(0, '127.0.0.1', r));
  const floorUrl = `http://127.0.0.1:${floor.address().port}`;

  const productQuery = readFileSync(path.join(root, 'client/src/features/products/graphql/product-details.graphql'), 'utf8'); // as the client sends it
  const myProductsQuery = readFileSync(path.join(root, 'client/src/features/seller/graphql/my-products.graphql'), 'utf8');
  const gql = (query, variables, operationName, withCookie) => ({
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(withCookie ? { cookie } : {}) },
    body: JSON.stringify({ query, variables, operationName }),
  });
  let next = 0;
  const pick = () => ids[next++ % ids.length];
  const cases = [
    {
      name: 'GraphQL product(id)',
      app: () => ({ url: app.url, ...gql(productQuery, { id: pick() }, 'ProductDetails', false) }),
      floor: () => ({ url: floorUrl, method: 'GET', path: `/product?id=${pick()}`, headers: {} }),
      check: (b) => b.data?.product?.gallery?.length === 4,
    },
    {
      name: 'GraphQL myProducts (20)',
      app: () => ({ url: app.url, ...gql(myProductsQuery, { limit: 20, offset: 0 }, 'MyProducts', true) }),
      floor: () => ({ url: floorUrl, method: 'GET', path: '/mine', headers: { cookie } }),
      check: (b) => b.data?.myProducts?.items?.length === 20,
    },
    {
      name: 'REST GET /products/{id}',
      app: () => ({ url: app.url, method: 'GET', path: `/products/${pick()}`, headers: { accept: 'application/json' } }),
      floor: () => ({ url: floorUrl, method: 'GET', path: `/product?id=${pick()}`, headers: {} }),
      check: (b) => !!b.product?.product_id,
    },
  ];

  async function load(make, check, clients) {
    const agent = new Agent({ connections: clients, pipelining: 1, keepAliveTimeout: 30_000 });
    const one = async () => {
      const r = make();
      const t = performance.now();
      const res = await request(r.url + r.path, { method: r.method, headers: r.headers, body: r.body, dispatcher: agent });
      const body = await res.body.json();
      if (res.statusCode !== 200 || !check(body)) throw new Error(`bad answer ${res.statusCode}: ${JSON.stringify(body).slice(0, 300)}`);
      return performance.now() - t;
    };
    // Warm-up: one second.
    let end = performance.now() + 1000;
    await Promise.all(Array.from({ length: clients }, async () => { while (performance.now() < end) await one(); }));
    const lat = [];
    const start = performance.now();
    end = start + SECONDS * 1000;
    await Promise.all(Array.from({ length: clients }, async () => { while (performance.now() < end) lat.push(await one()); }));
    const secs = (performance.now() - start) / 1000;
    await agent.close();
    return { requests: lat.length, perSecond: lat.length / secs, p50: pct(lat, 50), p99: pct(lat, 99) };
  }

  const results = [];
  for (const c of cases) {
    for (const clients of CONCURRENCY) {
      const a = await load(c.app, c.check, clients);
      const f = await load(c.floor, (b) => !!b.data, clients);
      const row = { case: c.name, clients, app: a, floor: f, throughputRatio: a.perSecond / f.perSecond, p99Ratio: a.p99 / f.p99 };
      results.push(row);
      console.log(
        `${c.name.padEnd(26)} ${String(clients).padStart(3)} clients: app ${a.perSecond.toFixed(0).padStart(5)} req/s p50 ${a.p50.toFixed(1)} p99 ${a.p99.toFixed(1)} ms | ` +
          `floor ${f.perSecond.toFixed(0).padStart(5)} req/s p50 ${f.p50.toFixed(1)} p99 ${f.p99.toFixed(1)} ms | ` +
          `throughput ${row.throughputRatio.toFixed(2)}x (target >= 0.5), p99 ${row.p99Ratio.toFixed(2)}x (target <= 2)`,
      );
    }
  }

  floor.close();
  redis.disconnect();
  await app.close();
  await db.end();
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results', `read-path-${Date.now()}.json`), JSON.stringify({ at: new Date().toISOString(), logLevel: LOG_LEVEL, results }, null, 2));
  await cleanUp(DB_URL, REDIS_URL, prefix);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
