import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/src/db/seed.js';
import { verifyPassword } from '../../server/src/modules/auth/password.js';
import { CATEGORIES } from '../../server/src/modules/products/categories.js';
import { DEMO_SELLERS } from '../../server/src/modules/search/seed/demo-sellers.js';
import { searchRest } from '../factories/search.js';
import { startDemoTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';

// The demo catalogue `npm start` writes into an empty database, seeded as a local run does: by an app with
// SEED_DEMO_DATA=true calling seedDemoData on a fresh copy of the migrations, then drained. That is how the run's
// demo template is made (startDemoTestApp), once for this file and the two that search the catalogue; `seeded` is
// seedDemoData's answer there. This file's database is a copy of it.
let app: TestApp;
let seeded: boolean;

beforeAll(async () => {
  const demo = await startDemoTestApp();
  app = demo;
  seeded = demo.demoSeeded;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const count = async (sql: string) => Number((await app.sql<{ n: string }>(sql))[0].n);

describe('the demo catalogue', () => {
  it('lists several hundred products in every category, by shops in a dozen cities', async () => {
    expect(seeded).toBe(true);
    expect(await count('select count(*) as n from products where enabled and deleted_at is null')).toBeGreaterThanOrEqual(300);
    const perCategory = await app.sql<{ category: string; n: string }>('select category, count(*) as n from products group by category');
    expect(perCategory.map((r) => r.category).sort()).toEqual(CATEGORIES.map((c) => c.id).sort());
    expect(Math.min(...perCategory.map((r) => Number(r.n)))).toBeGreaterThanOrEqual(5);
    expect(await count('select count(distinct city) as n from products')).toBeGreaterThanOrEqual(12);
    expect(await count('select count(distinct seller_id) as n from products')).toBe(DEMO_SELLERS.length);
  });

  it('reads like real listings: Hindi titles, minimum orders, used goods, prices on request, questions, pictures', async () => {
    expect(await count(`select count(*) as n from products where title ~ '[\u0900-\u097F]'`)).toBeGreaterThanOrEqual(30);
    expect(await count('select count(*) as n from products where min_quantity > 1')).toBeGreaterThanOrEqual(100);
    expect(await count(`select count(*) as n from products where product_type = 'used'`)).toBeGreaterThanOrEqual(30);
    expect(await count('select count(*) as n from products where price_paise is null')).toBeGreaterThanOrEqual(10);
    expect(await count(`select count(*) as n from products where jsonb_array_length(custom_questions) > 0`)).toBeGreaterThanOrEqual(100);
    expect(await count('select count(*) as n from products where thumbnail_key is null')).toBe(0);
    expect(await count('select count(*) as n from product_media')).toBeGreaterThanOrEqual(50);
    // Both ways of buying, with and without a minimum order; price on request is always an inquiry.
    expect(await count(`select count(*) as n from products where purchase_type = 'buy_now' and min_quantity > 1`)).toBeGreaterThanOrEqual(50);
    expect(await count(`select count(*) as n from products where purchase_type = 'inquire' and price_paise is not null`)).toBeGreaterThanOrEqual(50);
    expect(await count(`select count(*) as n from products where purchase_type = 'buy_now' and price_paise is null`)).toBe(0);
  });

  it('is searchable: several office chairs, and a broad search big enough for the follow-up questions', async () => {
    const buyer = new ApiClient(app.url);
    const chairs = await searchRest(buyer, { query: 'office chair' });
    expect(chairs.status).toBe(200);
    expect(chairs.body.total_count).toBeGreaterThanOrEqual(5);
    expect(chairs.body.results.every((r: { title: string; tags: string[] }) => /chair|चेयर/i.test(r.title))).toBe(true);
    // The assistant asks a follow-up question when more than 10 products match.
    const laptops = await searchRest(buyer, { query: 'laptop' });
    expect(laptops.body.total_count).toBeGreaterThan(10);
    const page = await buyer.get('/products/' + chairs.body.results[0].product_id);
    expect(page.status).toBe(200);
    const thumbnail = await fetch(app.url + new URL(page.body.product.thumbnail_url, app.url).pathname);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
  });

  it('gives nobody a login: demo sellers have a random password', async () => {
    const users = await app.sql<{ username: string; password_hash: string }>('select username, password_hash from users');
    expect(users.map((u) => u.username).sort()).toEqual(DEMO_SELLERS.map((s) => s.username).sort());
    const guesses = ['', 'password', 'demo', 'Demo@1234', 'Password1!', ...users.map((u) => u.username)];
    for (const hash of new Set(users.map((u) => u.password_hash))) {
      expect(hash).toMatch(/^\$argon2id\$/);
      for (const guess of guesses) expect(await verifyPassword(hash, guess)).toBe(false);
    }
    const res = await new ApiClient(app.url).post('/auth/login', { username: DEMO_SELLERS[0].username, password: 'Demo@1234' });
    expect(res.status).toBe(401);
  });

  it('is written only into an empty database', async () => {
    const before = await count('select count(*) as n from products');
    expect(await seedDemoData(app.services)).toBe(false);
    expect(await count('select count(*) as n from products')).toBe(before);
  });
});
