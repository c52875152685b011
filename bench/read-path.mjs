// The read path (bench/README.md#read-path): ordinary reads through the running app, each beside its
// floor, a bare node:http server doing the same reads straight from PostgreSQL (and Redis, where the app
// needs the session) with the same ids, in the same run:
//   - GraphQL `product(id)` with the fields the product page asks for (gallery and seller name included),
//     as a visitor without a session;
//   - GraphQL `myProducts` (the seller's own list, 20 per page: needs the session);
//   - REST `GET /products/{id}`, as a visitor;
//   - GraphQL `recommendations` (the home page's rows) as a visitor;
//   - the product page's HTML (`GET /product/{id}`, brotli) as a visitor, beside a floor that sends the same bytes
//     the app sent, kept in memory (what serving a rendered page can cost at least);
// at 8 and at 64 concurrent clients over keep-alive. Target: app >= 0.5x the floor's throughput, p99 <= 2x.
//
// The app runs as production does, an api process and a worker process of their own; the floor runs in a
// process of its own too; this process only generates the load (so neither side shares its event loop
// with the load generator).
//
// Settings (environment): BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bb_bench_read,
// recreated each run), BENCH_REDIS_URL, BENCH_SECONDS (5 per case), BENCH_LOG_LEVEL (info, the production default),
// BENCH_CONCURRENCY (8,64), BENCH_PRODUCTS (200), BENCH_CASES (all; a comma list of case names' first or second words:
// product,myProducts,rest,recommendations,page), BENCH_API_NODE_ARGS (node options of the api process, e.g.
// `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile), BENCH_FLOOR_NODE_ARGS (the same for the floor's process), BENCH_APOLLO (unset; 1 adds an A/B of `myProducts` on the signed-in reads' direct
// path and through Apollo's whole pipeline: the same request with an empty `extensions`, which the direct path leaves to
// Apollo, in alternating half-second slices of one run, so both meet the same load of the shared machine).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Agent, request } from 'undici';
import { brotliDecompressSync } from 'node:zlib';
import { ensureClientBuilt, serverEntry } from '../scripts/lib/build.mjs';
import { root } from '../scripts/lib/proc.mjs';
import { benchApp, cleanUp, freePort } from './lib/app.mjs';
import { pct } from './lib/live.mjs';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bb_bench_read';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '8,64').split(',').map(Number);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 200);
const CASES = process.env.BENCH_CASES ? process.env.BENCH_CASES.split(',') : null;
const APOLLO = process.env.BENCH_APOLLO === '1';
const API_NODE_ARGS = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
const COMPARE = process.env.BENCH_COMPARE;
const FLOOR_NODE_ARGS = (process.env.BENCH_FLOOR_NODE_ARGS ?? '').split(' ').filter(Boolean);
const POOL = 10; // DATABASE_POOL_MAX of the API (its default); the floor gets the same
/** The categories the products are spread over (id and English name), so the home page has several rows. */
const CATEGORIES = [
  ['Computers', 'Computers & Laptops'], ['Smartphones', 'Smartphones & Tablets'], ['Audio', 'Audio & Headphones'], ['Cameras', 'Cameras & Photography'],
  ['Furniture', 'Furniture'], ['Kitchen', 'Kitchen & Dining'], ['Shoes', 'Shoes & Footwear'], ['Bags', 'Bags & Luggage'],
];
const DAY_MS = 24 * 3600 * 1000;
/** A visitor's browser asking for a page (no session cookie: the page is rendered, and kept). */
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'br' };
/** A product page as sent: brotli of the rendered HTML, with its title in the heading. */
const pageCheck = (bytes) => /<h1[^>]*>Benchmark laptop \d+<\/h1>/.test(brotliDecompressSync(bytes).toString('utf8'));

// ---- The floor, in a process of its own (BENCH_ROLE=floor): the same reads, straight from PostgreSQL
// (and the session from Redis), as JSON of the same shape.
async function floorProcess() {
  const { BENCH_PREFIX: prefix, BENCH_SELLER: sellerId, BENCH_PAGES: pagesFile } = process.env;
  // The product pages as the app sent them (brotli), by id: sent as they are.
  const pages = new Map(Object.entries(pagesFile ? JSON.parse(readFileSync(pagesFile, 'utf8')) : {}).map(([id, b64]) => [id, Buffer.from(b64, 'base64')]));
  const db = new pg.Pool({ connectionString: DB_URL, max: POOL });
  db.on('error', () => undefined); // a connection the database drop ends
  const redis = new Redis(REDIS_URL);
  const names = new Map(CATEGORIES);
  const picture = (key) => ({ sm: `/uploads/${key}?w=sm`, md: `/uploads/${key}?w=md`, lg: `/uploads/${key}?w=lg` });
  const rupees = (paise) => (paise === null ? null : `${paise.slice(0, -2) || '0'}.${paise.slice(-2).padStart(2, '0')}`);
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
  // A visitor's home page: the categories most viewed and bought lately with their products (the same
  // statement as the recommendations service's), then the newest products not shown yet.
  const CATEGORY_ROWS_SQL = `with popularity as materialized (
       select product_id, count(*) filter (where kind = 'view') + 3 * count(*) filter (where kind = 'purchase') as score
       from search_interactions where product_id is not null and created_at >= $1 group by product_id),
     top as (
       select d.category, coalesce(sum(p.score), 0) as score, count(*) as products
       from search_documents d left join popularity p on p.product_id = d.product_id
       group by d.category order by 2 desc, 3 desc, d.category limit 5)
     select d.product_id, d.title, d.category, d.price_paise::text as price_paise, d.thumbnail_key, t.category as row_category, x.score::int as score
     from top t
     cross join lateral (
       select d.product_id, coalesce(p.score, 0) as score from search_documents d
       left join popularity p on p.product_id = d.product_id
       where d.category = t.category
       order by coalesce(p.score, 0) desc, d.product_created_at desc, d.product_id limit 12) x
     join search_documents d on d.product_id = x.product_id
     order by t.score desc, t.products desc, t.category, x.score desc, d.product_created_at desc, d.product_id`;
  const NEWEST_SQL = `select d.product_id, d.title, d.category, d.price_paise::text as price_paise, d.thumbnail_key from search_documents d
     where d.product_id <> all($1::uuid[]) order by d.product_created_at desc, d.product_id limit 12`;
  const card = (r) => ({ id: r.product_id, title: r.title, priceInInr: rupees(r.price_paise), category: r.category, categoryName: names.get(r.category) ?? r.category, thumbnail: r.thumbnail_key ? picture(r.thumbnail_key) : null });
  const floor = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    try {
      let body;
      if (url.pathname === '/page') {
        const bytes = pages.get(url.searchParams.get('id'));
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'content-length': bytes.length });
        return res.end(bytes);
      }
      if (url.pathname === '/product') {
        const id = url.searchParams.get('id');
        const [p, m] = await Promise.all([db.query(PRODUCT_SQL, [id]), db.query(MEDIA_SQL, [[id]])]);
        body = { data: { product: productJson(p.rows[0], m.rows) } };
      } else if (url.pathname === '/recommendations') {
        const { rows } = await db.query(CATEGORY_ROWS_SQL, [new Date(Date.now() - 30 * DAY_MS)]);
        const out = [];
        const seen = [];
        for (const r of rows) {
          let row = out[out.length - 1];
          if (row?.category !== r.row_category) out.push((row = { category: r.row_category, popular: false, products: [] }));
          if (row.products.length < 6) {
            row.products.push(card(r));
            seen.push(r.product_id);
          }
          if (r.score > 0) row.popular = true;
        }
        const fresh = (await db.query(NEWEST_SQL, [seen])).rows.slice(0, 6).map(card);
        const name = (c) => names.get(c) ?? c;
        const rowsJson = out.map((r) => ({ title: r.popular ? `Popular in ${name(r.category)}` : `New in ${name(r.category)}`, products: r.products }));
        if (fresh.length) rowsJson.push({ title: 'New arrivals', products: fresh });
        body = { data: { recommendations: { rows: rowsJson } } };
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
          id: r.id, title: r.title, category: r.category, purchaseType: r.purchase_type, priceInInr: rupees(r.price_paise), maxQuantity: r.max_quantity,
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
  process.stdout.write(`${JSON.stringify({ port: floor.address().port })}\n`);
  process.on('SIGTERM', () => {
    floor.close();
    floor.closeAllConnections();
    redis.disconnect();
    void db.end().then(() => process.exit(0));
  });
}

/** A child process (the api, the worker, the floor); resolves once `ready(child)` does. `stop()` ends it with SIGTERM and waits. */
async function child(args, env, ready) {
  const proc = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  proc.stdout.resume(); // the app's log lines (one per request at info), not to this terminal
  const exited = new Promise((res) => proc.once('exit', res));
  const value = await Promise.race([ready(proc), exited.then((code) => Promise.reject(new Error(`${args.join(' ')} exited with ${code}`)))]);
  const stop = async () => {
    if (proc.exitCode !== null) return;
    proc.kill('SIGTERM');
    await exited;
  };
  return { value, stop, pid: proc.pid };
}

/** Resolves with the URL once the server's /readyz answers 200. */
async function readyz(url) {
  for (;;) {
    try {
      const r = await request(`${url}/readyz`);
      await r.body.text();
      if (r.statusCode === 200) return url;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main() {
  if (!CASES || CASES.includes('page')) await ensureClientBuilt(); // the renderer of the product pages
  const { startApp, prefix, env, config, log } = await benchApp(DB_URL, REDIS_URL, { LOG_LEVEL, DATABASE_POOL_MAX: String(POOL) });

  const db = new pg.Pool({ connectionString: DB_URL, max: POOL });
  db.on('error', () => undefined); // a connection the database drop below ends
  const sellerId = randomUUID();
  const visitorId = randomUUID();
  for (const [id, name] of [[sellerId, 'seller'], [visitorId, 'visitor']]) {
    await db.query(
      `insert into users (id, created_at, updated_at, email, username, password_hash, email_verified, email_notifications) values ($1, now(), now(), $2, $3, 'x', true, false)`,
      [id, `${name}@bench.example`, `bench_${name}`],
    );
  }
  const ids = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const id = randomUUID();
    ids.push(id);
    await db.query(
      `insert into products (id, created_at, updated_at, seller_id, title, description, product_type, purchase_type, category, tags, price_paise, min_quantity, max_quantity, city, state, contact, thumbnail_key, custom_questions)
       values ($1, now() - ($2 || ' seconds')::interval, now(), $3, $4, 'A sturdy product for the benchmark, described in a sentence or two.', 'new', 'buy_now', $7, '{laptop,office}', 4599900, 5, 500, 'Pune', 'Maharashtra', '9876543210', $5, $6)`,
      [id, String(i), sellerId, `Benchmark laptop ${i}`, `products/${id}/thumb.webp`, JSON.stringify([{ id: randomUUID(), question: 'Do you need a GST invoice?', questionType: 'yes_no', mandatory: false }]), CATEGORIES[i % CATEGORIES.length][0]],
    );
    for (let k = 0; k < 4; k++) {
      await db.query(
        `insert into product_media (id, product_id, item_type, storage_key, content_type, size_bytes, position, created_at) values ($1, $2, 'picture', $3, 'image/webp', 120000, $4, now())`,
        [randomUUID(), id, `products/${id}/g${k}.webp`, k],
      );
    }
  }
  // Views of the last weeks, so the home page has popular rows (popularity counts the last 30 days).
  await db.query(
    `insert into search_interactions (id, user_id, kind, product_id, category, created_at)
     select gen_random_uuid(), $1, 'view', p.id, p.category, now() - (random() * 40 || ' days')::interval
     from products p cross join generate_series(1, 5)`,
    [visitorId],
  );
  // The search index the recommendations read, built as the reindex role builds it; the seller's session.
  const setup = await startApp(config, { api: false, worker: false, migrate: false, log });
  await setup.services.searchIndexer.reindexAll({ pictures: false });
  const sessionId = await setup.services.sessions.create(sellerId);
  await setup.close();
  await db.query('analyze');
  const cookie = `bb_sid=${sessionId}`;

  const apiPort = await freePort();
  const api = await child([...API_NODE_ARGS, serverEntry, 'api'], { ...env, PORT: String(apiPort) }, () => readyz(`http://127.0.0.1:${apiPort}`));
  const workerPort = await freePort();
  const worker = await child([serverEntry, 'worker'], { ...env, WORKER_HEALTH_PORT: String(workerPort) }, () => readyz(`http://127.0.0.1:${workerPort}`));
  // Every product page once from the app (rendered, then kept): the floor sends these bytes.
  const pagesFile = path.join(tmpdir(), `bb-bench-pages-${process.pid}.json`);
  const pageBytes = {};
  for (const id of CASES && !CASES.includes('page') ? [] : ids) {
    const res = await request(`http://127.0.0.1:${apiPort}/product/${id}`, { headers: PAGE_HEADERS });
    const bytes = Buffer.from(await res.body.arrayBuffer());
    if (res.statusCode !== 200 || res.headers['content-encoding'] !== 'br' || !pageCheck(bytes)) throw new Error(`the page of ${id}: ${res.statusCode}`);
    pageBytes[id] = bytes.toString('base64');
  }
  writeFileSync(pagesFile, JSON.stringify(pageBytes));
  const floor = await child([...FLOOR_NODE_ARGS, fileURLToPath(import.meta.url)], { BENCH_ROLE: 'floor', BENCH_PREFIX: prefix, BENCH_SELLER: sellerId, BENCH_PAGES: pagesFile }, (proc) =>
    new Promise((resolve) => proc.stdout.once('data', (d) => resolve(JSON.parse(String(d).split('\n')[0]).port))),
  );
  const other = COMPARE
    ? await (async () => {
        const port = await freePort();
        return child([path.join(path.resolve(COMPARE), 'server/dist/server/src/main.js'), 'api'], { ...env, PORT: String(port) }, () => readyz(`http://127.0.0.1:${port}`));
      })()
    : null;
  const app = { url: api.value };
  const floorUrl = `http://127.0.0.1:${floor.value}`;

  const productQuery = readFileSync(path.join(root, 'client/src/features/products/graphql/product-details.graphql'), 'utf8'); // as the client sends it
  const myProductsQuery = readFileSync(path.join(root, 'client/src/features/seller/graphql/my-products.graphql'), 'utf8');
  const recommendationsQuery = readFileSync(path.join(root, 'client/src/features/dashboard/graphql/recommendations.graphql'), 'utf8');
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
    {
      name: 'GraphQL recommendations',
      app: () => ({ url: app.url, ...gql(recommendationsQuery, {}, 'Recommendations', false) }),
      floor: () => ({ url: floorUrl, method: 'GET', path: '/recommendations', headers: {} }),
      check: (b) => b.data?.recommendations?.rows?.length === 6 && b.data.recommendations.rows.every((r) => r.products.length === 6),
      floorCheck: (b) => b.data?.recommendations?.rows?.length === 6 && b.data.recommendations.rows.every((r) => r.products.length === 6),
    },
    {
      name: 'HTML page /product/{id}',
      raw: true,
      app: () => ({ url: app.url, method: 'GET', path: `/product/${pick()}`, headers: PAGE_HEADERS }),
      floor: () => ({ url: floorUrl, method: 'GET', path: `/page?id=${pick()}`, headers: PAGE_HEADERS }),
      check: pageCheck,
      floorCheck: pageCheck,
    },
  ].filter((c) => !CASES || CASES.some((w) => c.name.split(' ')[1].toLowerCase().startsWith(w.toLowerCase()) || c.name.toLowerCase().startsWith(w.toLowerCase())));

  /** CPU time (user + system, ms) the process `pid` has used so far, from /proc (Linux). */
  const cpuMs = (pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
    } catch {
      return NaN;
    }
  };

  async function load(make, check, clients, pid, raw) {
    const agent = new Agent({ connections: clients, pipelining: 1, keepAliveTimeout: 30_000 });
    const one = async () => {
      const r = make();
      const t = performance.now();
      const res = await request(r.url + r.path, { method: r.method, headers: r.headers, body: r.body, dispatcher: agent });
      const body = raw ? Buffer.from(await res.body.arrayBuffer()) : await res.body.json();
      if (res.statusCode !== 200 || !check(body)) throw new Error(`bad answer ${res.statusCode}: ${JSON.stringify(body).slice(0, 300)}`);
      return performance.now() - t;
    };
    // Warm-up: one second.
    let end = performance.now() + 1000;
    await Promise.all(Array.from({ length: clients }, async () => { while (performance.now() < end) await one(); }));
    const lat = [];
    const start = performance.now();
    const cpuStart = cpuMs(pid);
    end = start + SECONDS * 1000;
    await Promise.all(Array.from({ length: clients }, async () => { while (performance.now() < end) lat.push(await one()); }));
    const secs = (performance.now() - start) / 1000;
    const cpuPerRequest = (cpuMs(pid) - cpuStart) / lat.length;
    await agent.close();
    return { requests: lat.length, perSecond: lat.length / secs, p50: pct(lat, 50), p99: pct(lat, 99), cpuPerRequest };
  }

  // The worker's start (its first passes over the outbox, the queues and the search index) takes some
  // seconds of CPU, which the first case would share: the cases start once the api and the worker are
  // quiet (under 5 % of a core for a second; 60 s at most).
  for (const deadline = performance.now() + 60_000; performance.now() < deadline; ) {
    const before = [cpuMs(api.pid), cpuMs(worker.pid)];
    await new Promise((r) => setTimeout(r, 1000));
    if (cpuMs(api.pid) - before[0] < 50 && cpuMs(worker.pid) - before[1] < 50) break;
  }

  const results = [];
  const load1 = [];
  for (const c of cases) {
    for (const clients of CONCURRENCY) {
      const a = await load(c.app, c.check, clients, api.pid, c.raw);
      const f = await load(c.floor, c.floorCheck ?? ((b) => !!b.data), clients, floor.pid, c.raw);
      load1.push(loadavg()[0]);
      const row = { case: c.name, clients, app: a, floor: f, throughputRatio: a.perSecond / f.perSecond, p99Ratio: a.p99 / f.p99 };
      results.push(row);
      console.log(
        `${c.name.padEnd(26)} ${String(clients).padStart(3)} clients: app ${a.perSecond.toFixed(0).padStart(5)} req/s p50 ${a.p50.toFixed(1)} p99 ${a.p99.toFixed(1)} ms | ` +
          `floor ${f.perSecond.toFixed(0).padStart(5)} req/s p50 ${f.p50.toFixed(1)} p99 ${f.p99.toFixed(1)} ms | ` +
          `throughput ${row.throughputRatio.toFixed(2)}x (target >= 0.5), p99 ${row.p99Ratio.toFixed(2)}x (target <= 2) | ` +
          `node CPU per request: app ${a.cpuPerRequest.toFixed(2)} ms, floor ${f.cpuPerRequest.toFixed(2)} ms (${(f.cpuPerRequest / a.cpuPerRequest).toFixed(2)}x)`,
      );
    }
  }

  if (APOLLO) {
    const direct = () => ({ url: app.url, ...gql(myProductsQuery, { limit: 20, offset: 0 }, 'MyProducts', true) });
    const full = () => {
      const r = direct();
      return { ...r, body: JSON.stringify({ ...JSON.parse(r.body), extensions: {} }) };
    };
    const check = (b) => b.data?.myProducts?.items?.length === 20;
    for (const clients of CONCURRENCY) {
      const agent = new Agent({ connections: clients, pipelining: 1, keepAliveTimeout: 30_000 });
      /** Runs `make` with `clients` at a time for `ms`; the requests answered and the api's CPU they took. */
      const slice = async (make, ms) => {
        let n = 0;
        const end = performance.now() + ms;
        const cpu0 = cpuMs(api.pid);
        await Promise.all(Array.from({ length: clients }, async () => {
          while (performance.now() < end) {
            const r = make();
            const res = await request(r.url + r.path, { method: r.method, headers: r.headers, body: r.body, dispatcher: agent });
            const body = await res.body.json();
            if (res.statusCode !== 200 || !check(body)) throw new Error(`bad answer ${res.statusCode}: ${JSON.stringify(body).slice(0, 300)}`);
            n++;
          }
        }));
        return { n, cpu: cpuMs(api.pid) - cpu0 };
      };
      await slice(direct, 500);
      await slice(full, 500);
      const sums = { direct: { n: 0, cpu: 0 }, apollo: { n: 0, cpu: 0 } };
      for (let i = 0; i < SECONDS * 2; i++) {
        for (const [k, make] of i % 2 ? [['direct', direct], ['apollo', full]] : [['apollo', full], ['direct', direct]]) {
          const r = await slice(make, 500);
          sums[k].n += r.n;
          sums[k].cpu += r.cpu;
        }
      }
      await agent.close();
      const per = (k) => sums[k].cpu / sums[k].n;
      const line = { case: 'A/B myProducts direct vs Apollo', clients, direct: { requests: sums.direct.n, cpuPerRequest: per('direct') }, apollo: { requests: sums.apollo.n, cpuPerRequest: per('apollo') }, load: loadavg()[0] };
      results.push(line);
      console.log(
        `A/B myProducts (20), ${String(clients).padStart(3)} clients, alternating 0.5 s slices: direct ${(sums.direct.n / SECONDS).toFixed(0)} req/s, ${per('direct').toFixed(2)} ms CPU per request | ` +
          `through Apollo ${(sums.apollo.n / SECONDS).toFixed(0)} req/s, ${per('apollo').toFixed(2)} ms (direct/Apollo CPU ${(per('direct') / per('apollo')).toFixed(2)}) | load ${line.load.toFixed(2)}`,
      );
    }
  }

  if (other) {
    const sides = [
      ['this code', api.pid, () => ({ url: app.url, ...gql(myProductsQuery, { limit: 20, offset: 0 }, 'MyProducts', true) }), (b) => b.data?.myProducts?.items?.length === 20],
      [COMPARE, other.pid, () => ({ url: other.value, ...gql(myProductsQuery, { limit: 20, offset: 0 }, 'MyProducts', true) }), (b) => b.data?.myProducts?.items?.length === 20],
      ['floor', floor.pid, () => ({ url: floorUrl, method: 'GET', path: '/mine', headers: { cookie } }), (b) => !!b.data],
    ];
    for (const clients of CONCURRENCY) {
      const agent = new Agent({ connections: clients * sides.length, pipelining: 1, keepAliveTimeout: 30_000 });
      /** Runs `make` with `clients` at a time for `ms`: the latencies and the CPU the process `pid` took meanwhile. */
      const slice = async ([, pid, make, check], ms, lat) => {
        const end = performance.now() + ms;
        const cpu0 = cpuMs(pid);
        await Promise.all(Array.from({ length: clients }, async () => {
          while (performance.now() < end) {
            const r = make();
            const t = performance.now();
            const res = await request(r.url + r.path, { method: r.method, headers: r.headers, body: r.body, dispatcher: agent });
            const body = await res.body.json();
            if (res.statusCode !== 200 || !check(body)) throw new Error(`bad answer ${res.statusCode}: ${JSON.stringify(body).slice(0, 300)}`);
            lat?.push(performance.now() - t);
          }
        }));
        return cpuMs(pid) - cpu0;
      };
      for (const s of sides) await slice(s, 1000);
      const sums = sides.map(() => ({ lat: [], cpu: 0 }));
      for (let i = 0; i < SECONDS * 2; i++) {
        const order = sides.map((_, k) => (k + i) % sides.length);
        for (const k of order) sums[k].cpu += await slice(sides[k], 500, sums[k].lat);
      }
      await agent.close();
      const line = sides.map(([name], k) => ({ name, requests: sums[k].lat.length, perSecond: sums[k].lat.length / SECONDS, p50: pct(sums[k].lat, 50), p99: pct(sums[k].lat, 99), cpuPerRequest: sums[k].cpu / sums[k].lat.length }));
      results.push({ case: 'compare myProducts', clients, sides: line, load: loadavg()[0] });
      console.log(
        `compare myProducts (20), ${String(clients).padStart(3)} clients, alternating 0.5 s slices: ` +
          line.map((l) => `${l.name}: ${l.perSecond.toFixed(0)} req/s p50 ${l.p50.toFixed(1)} p99 ${l.p99.toFixed(1)} ms, ${l.cpuPerRequest.toFixed(2)} ms CPU per request`).join(' | ') +
          ` | load ${loadavg()[0].toFixed(2)}`,
      );
    }
  }

  console.log(`load average (1 min) after each case: ${load1.map((x) => x.toFixed(2)).join(' ')}`);
  await Promise.all([floor.stop(), api.stop(), worker.stop(), other?.stop()]);
  rmSync(pagesFile, { force: true });
  await db.end();
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results', `read-path-${Date.now()}.json`), JSON.stringify({ at: new Date().toISOString(), logLevel: LOG_LEVEL, loadAverage: load1, results }, null, 2));
  await cleanUp(DB_URL, REDIS_URL, prefix);
}

(process.env.BENCH_ROLE === 'floor' ? floorProcess() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
