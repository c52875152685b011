// Buy requirements under a real catalogue (bench/README.md#rfq): 1,000 sellers with 100,000 products (100 each, over
// 50 categories and 20 cities), a verified buyer posting requirements through the API (REST `POST /rfqs`).
//
// 1. Matching: the POST's round trip (the requirement is matched in its own transaction: its matched sellers are
//    committed when it answers, which the bench checks), beside its floor: the same MATCH_SQL on the same
//    requirements, sent straight to PostgreSQL in a transaction of its own (their matches deleted first). p50/p95.
// 2. Live: from the POST's answer until a matched seller's `rfqEvents` subscription hears 'matched' (published at
//    the commit, before the answer, as buy-now's order events are: bench/buy-now.mjs), beside the floor of a Redis
//    PUBLISH relayed to a raw WebSocket client (bench/lib/live.mjs). Target: p99 <= 3x.
//
// The catalogue and its search documents are loaded with SQL (then ANALYZEd), so the search index's reconcile pass
// at start has nothing to index beside the measurement.
//
// Settings (environment): BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bb_bench_rfq, recreated
// each run), BENCH_REDIS_URL, BENCH_RFQS (200), BENCH_LIVE (200).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Agent, request } from 'undici';
import { root } from '../scripts/lib/proc.mjs';
import { benchApp, cleanUp } from './lib/app.mjs';
import { liveClient, liveFloor, ms, pct } from './lib/live.mjs';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bb_bench_rfq';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RFQS = Number(process.env.BENCH_RFQS ?? 200);
const LIVE = Number(process.env.BENCH_LIVE ?? 200);
const SELLERS = 1000;
const PER_SELLER = 100;
const CATEGORIES = 50;
const CITIES = ['Pune', 'Mumbai', 'Delhi', 'Surat', 'Jaipur', 'Indore', 'Nagpur', 'Patna', 'Kanpur', 'Lucknow', 'Bhopal', 'Agra', 'Nashik', 'Rajkot', 'Vadodara', 'Ludhiana', 'Amritsar', 'Ranchi', 'Raipur', 'Kochi'];
const WORDS = ['steel', 'almirah', 'chair', 'table', 'bag', 'jute', 'cotton', 'shirt', 'lamp', 'fan', 'pipe', 'hose', 'tiffin', 'bottle', 'rack', 'shelf', 'bench', 'stool', 'mat', 'rope'];

const sleep = (t) => new Promise((r) => setTimeout(r, t));

async function main() {
  // One buyer posts every requirement: the per-buyer limits are not what is measured.
  const { startApp, prefix, config, log } = await benchApp(DB_URL, REDIS_URL, { RFQ_OPEN_LIMIT: '1000', RFQ_DAILY_LIMIT: '10000' });

  // ---- The catalogue, in SQL: seller i sells in the (i % 50)th category (20 sellers a category), in city i % 20.
  const { CATEGORIES: ALL } = await import(path.join(root, 'server/dist/server/src/modules/products/categories.js'));
  const categories = ALL.map((c) => c.id).slice(0, CATEGORIES);
  const db = new pg.Pool({ connectionString: DB_URL, max: 4 });
  const t0 = performance.now();
  await db.query(
    `insert into users (id, created_at, updated_at, email, username, password_hash, email_verified, email_notifications)
     select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, now(), now(), 'seller' || i || '@bench.example', 'seller_' || i, 'x', true, false
       from generate_series(1, $1::int) i`,
    [SELLERS],
  );
  await db.query(
    `insert into products (id, created_at, updated_at, seller_id, title, description, purchase_type, category, price_paise, min_quantity, max_quantity, city, state, tags)
     select gen_random_uuid(), now(), now(), ('00000000-0000-4000-8000-' || lpad(to_hex(s), 12, '0'))::uuid,
            ($3::text[])[1 + (s * 7 + k) % 20] || ' ' || ($3::text[])[1 + (s + k * 3) % 20] || ' ' || k,
            'Benchmark product', 'buy_now', ($4::text[])[1 + s % 50], 49950, 1, 500,
            ($5::text[])[1 + s % 20], null, array[($3::text[])[1 + (k * 11) % 20]]
       from generate_series(1, $1::int) s, generate_series(1, $2::int) k`,
    [SELLERS, PER_SELLER, WORDS, categories, CITIES],
  );
  // Their search documents too (a running site's catalogue is indexed already; matching reads the products, this
  // benchmark searches nothing), so the reconcile pass queued at start finds nothing to do beside the measurement.
  await db.query(
    `insert into search_documents (product_id, seller_id, seller_name, title, description, tags, category, product_type, purchase_type, price_paise,
       min_quantity, max_quantity, city, product_created_at, product_updated_at, search_vector, indexed_at)
     select p.id, p.seller_id, u.username, p.title, p.description, p.tags, p.category, p.product_type, p.purchase_type, p.price_paise,
       p.min_quantity, p.max_quantity, p.city, p.created_at, p.updated_at, to_tsvector('simple', p.title), now()
       from products p join users u on u.id = p.seller_id`,
  );
  await db.query('analyze');
  const buyerId = randomUUID();
  await db.query(
    `insert into users (id, created_at, updated_at, email, username, password_hash, email_verified, email_notifications) values ($1, now(), now(), 'buyer@bench.example', 'buyer_bench', 'x', true, false)`,
    [buyerId],
  );
  console.log(`catalogue: ${SELLERS} sellers, ${SELLERS * PER_SELLER} products in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const app = await startApp(config, { api: true, worker: true, migrate: false, log });
  const buyerCookie = `bb_sid=${await app.services.sessions.create(buyerId)}`;
  const agent = new Agent({ connections: 4, pipelining: 1 });
  /** Posts a requirement; answers its id and when its answer arrived. */
  const post = async (body) => {
    const res = await request(`${app.url}/rfqs`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', accept: 'application/json', origin: config.PUBLIC_URL, cookie: buyerCookie },
      body: JSON.stringify({ quantity: 100, unit: 'piece', ...body }),
    });
    const json = await res.body.json();
    if (res.statusCode !== 201) throw new Error(`POST /rfqs answered ${res.statusCode}: ${JSON.stringify(json)}`);
    return { id: json.rfq.id, at: performance.now() };
  };
  /** Posts a requirement and answers its round trip; its sellers must be matched by the answer. */
  const postMatched = async (body) => {
    const t = performance.now();
    const r = await post(body);
    if ((await matchedCount(r.id)) === 0) throw new Error(`requirement ${r.id} answered before its sellers were matched`);
    return { id: r.id, ms: r.at - t };
  };
  const matchedCount = async (rfqId) => (await db.query('select count(*)::int as n from rfq_matches where rfq_id = $1', [rfqId])).rows[0].n;
  const requirement = (i) => ({ text: `${WORDS[i % 20]} ${WORDS[(i * 7 + 3) % 20]}`, category: categories[i % CATEGORIES], city: CITIES[i % 20] });

  // ---- 1. Matching through the app: the POST's round trip, the matches committed by its answer.
  for (let i = 0; i < 10; i++) await postMatched(requirement(i)); // warm-up
  const ids = [];
  const appLat = [];
  for (let i = 0; i < RFQS; i++) {
    const r = await postMatched(requirement(i));
    appLat.push(r.ms);
    ids.push(r.id);
  }
  const [{ n: matchesPerRfq }] = (await db.query('select (count(*)::float / count(distinct rfq_id))::float as n from rfq_matches where rfq_id = any($1::uuid[])', [ids])).rows;

  console.log(`matching: ${appLat.length} requirements matched through the app`);
  // ---- Floor: the same MATCH_SQL on the same requirements, straight to PostgreSQL (their matches deleted first).
  const { MATCH_SQL } = await import(path.join(root, 'server/dist/server/src/modules/rfqs/rfq-matching.js'));
  await db.query('delete from rfq_matches where rfq_id = any($1::uuid[])', [ids]);
  const floorLat = [];
  const c = await db.connect();
  try {
    for (const id of ids) {
      const t = performance.now();
      await c.query('begin');
      const { rowCount } = await c.query(MATCH_SQL, [id, new Date(), config.RFQ_MATCH_CAP]);
      await c.query('commit');
      if (!rowCount) throw new Error(`the floor matched nobody for ${id}`);
      floorLat.push(performance.now() - t);
    }
  } finally {
    c.release();
  }

  // ---- 2. Live: POST -> a matched seller's rfqEvents 'matched'. Seller 1 alone sells 'zari', so it is matched first.
  const liveSeller = '00000000-0000-4000-8000-000000000001';
  await db.query(`update products set title = 'zari border ' || title where seller_id = $1`, [liveSeller]);
  const [{ category }] = (await db.query('select category from products where seller_id = $1 limit 1', [liveSeller])).rows;
  const sellerCookie = `bb_sid=${await app.services.sessions.create(liveSeller)}`;
  const ws = liveClient(app.url, { cookie: sellerCookie, origin: config.PUBLIC_URL });
  const seen = new Map();
  let onSeen = null;
  ws.subscribe({ query: 'subscription { rfqEvents { type rfq { id } } }' }, {
    next: (v) => {
      const e = v.data?.rfqEvents;
      if (e?.type === 'matched') {
        seen.set(e.rfq.id, performance.now());
        onSeen?.();
      }
    },
    error: (e) => console.error('subscription error', e),
    complete: () => {},
  });
  const liveRfq = () => post({ text: 'zari border', category, city: CITIES[1] });
  for (;;) {
    const r = await liveRfq(); // until the subscription listens
    await sleep(300);
    if (seen.has(r.id)) break;
  }
  const liveLat = [];
  for (let i = 0; i < LIVE; i++) {
    const r = await liveRfq();
    while (!seen.has(r.id)) await new Promise((res) => (onSeen = res));
    liveLat.push(seen.get(r.id) - r.at);
  }
  await ws.dispose();
  console.log(`live: ${liveLat.length} events heard`);
  const floorLive = await liveFloor({ redisUrl: REDIS_URL, channel: `${prefix}:floor`, count: LIVE, warmup: 20, payload: (i) => ({ rfqId: randomUUID(), position: String(i) }) });

  await agent.close();
  await app.close();
  await db.end();

  const out = {
    at: new Date().toISOString(),
    catalogue: { sellers: SELLERS, products: SELLERS * PER_SELLER, categories: CATEGORIES },
    requirements: RFQS,
    matchesPerRequirement: matchesPerRfq,
    matching: { p50: pct(appLat, 50), p95: pct(appLat, 95), p99: pct(appLat, 99) },
    matchingFloor: { p50: pct(floorLat, 50), p95: pct(floorLat, 95), p99: pct(floorLat, 99) },
    matchingRatioP95: pct(appLat, 95) / pct(floorLat, 95),
    live: { events: liveLat.length, p50: pct(liveLat, 50), p99: pct(liveLat, 99) },
    liveFloor: { p50: pct(floorLive, 50), p99: pct(floorLive, 99) },
    liveRatioP99: pct(liveLat, 99) / pct(floorLive, 99),
  };
  console.log(`matching: ${RFQS} requirements, ${matchesPerRfq.toFixed(1)} sellers each; POST round trip (matched by its answer) p50 ${ms(out.matching.p50)}, p95 ${ms(out.matching.p95)}`);
  console.log(`floor   : MATCH_SQL straight to PostgreSQL p50 ${ms(out.matchingFloor.p50)}, p95 ${ms(out.matchingFloor.p95)}; p95 ratio ${out.matchingRatioP95.toFixed(1)}`);
  console.log(`live    : POST -> seller's 'matched' p50 ${ms(out.live.p50)}, p99 ${ms(out.live.p99)}; floor (Redis PUBLISH -> raw WebSocket) p50 ${ms(out.liveFloor.p50)}, p99 ${ms(out.liveFloor.p99)}; p99 ratio ${out.liveRatioP99.toFixed(1)} (target <= 3)`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results', `rfq-${Date.now()}.json`), JSON.stringify(out, null, 2));
  await cleanUp(DB_URL, REDIS_URL, prefix);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
