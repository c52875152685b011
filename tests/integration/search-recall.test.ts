import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestProduct } from '../factories/products.js';
import { searchRest } from '../factories/search.js';
import { startDemoTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';
import { ABSENT, NO_CONTENT, type SpokenCase, type SweepRow } from './search-recall/recall-cases.js';
import { SPOKEN_ENGLISH } from './search-recall/spoken-english.js';
import { SPOKEN_HINDI } from './search-recall/spoken-hindi.js';
import { SPOKEN_HINGLISH } from './search-recall/spoken-hinglish.js';
import { SWEEP_BOOKS_HEALTH } from './search-recall/sweep-books-health.js';
import { SWEEP_ELECTRONICS } from './search-recall/sweep-electronics.js';
import { SWEEP_FASHION } from './search-recall/sweep-fashion.js';
import { SWEEP_HOME } from './search-recall/sweep-home.js';
import { SWEEP_KIDS_TRADE } from './search-recall/sweep-kids-trade.js';
import { SWEEP_SPORTS_VEHICLES } from './search-recall/sweep-sports-vehicles.js';

/**
 * Recall on the demo catalogue, through POST /products/search as a buyer uses it (docs/search.md,
 * "Recall"): for goods in stock, the share of requests that found nothing and the share with a right
 * product in the top 5, per language, over requests written as people speak (search-recall/spoken-*.ts)
 * and a sweep asking for every demo product three ways (search-recall/sweep-*.ts). Inputs with no
 * goods word answer nothing and ask what the buyer is looking for; goods not in stock find nothing.
 * Each table prints its figures per language against the targets; SEARCH_QUALITY_REPORT=1 prints every miss too.
 */

const SWEEP: SweepRow[] = [...SWEEP_ELECTRONICS, ...SWEEP_FASHION, ...SWEEP_HOME, ...SWEEP_SPORTS_VEHICLES, ...SWEEP_BOOKS_HEALTH, ...SWEEP_KIDS_TRADE];
const LANGUAGES = ['English', 'Hinglish', 'Hindi'] as const;
type Language = (typeof LANGUAGES)[number];
const SPOKEN: Record<Language, SpokenCase[]> = { English: SPOKEN_ENGLISH, Hinglish: SPOKEN_HINGLISH, Hindi: SPOKEN_HINDI };

/** Targets (docs/search.md): at most this share of requests for goods in stock find nothing, at least this share has a right product in the top 5. */
const TARGET = { empty: 0.05, top5: 0.95 };
/**
 * What each table and language is held to: the target where it is met, else the measured figure
 * rounded down, against regressions (docs/search.md gives the figures; the output says which are met).
 */
const FLOOR: Record<'spoken' | 'sweep', Record<Language, { empty: number; top5: number }>> = {
  spoken: { English: TARGET, Hinglish: TARGET, Hindi: TARGET },
  sweep: { English: TARGET, Hinglish: TARGET, Hindi: TARGET },
};
const TOP = 5;
/** How long one table may take: 377 searches take about 20 s alone, several times that beside other test files on 2 cores. */
const ASKING_TIMEOUT = 180_000;
/** Requests sent at once (each is measured on its own answer; the catalogue does not change). */
const LANES = 4;

let app: TestApp;
/** Product ids by demo title. */
let idsByTitle: Map<string, string>;

beforeAll(async () => {
  app = await startDemoTestApp();
  const rows = await app.sql<{ id: string; title: string }>('select id, title from products');
  idsByTitle = new Map(rows.map((r) => [r.title, r.id]));
}, 180_000);
afterAll(async () => {
  await app?.close();
});

/** The id of the one demo product whose title starts with `start`. */
function productId(start: string): string {
  const found = [...idsByTitle].filter(([title]) => title.startsWith(start));
  if (found.length !== 1) throw new Error(`'${start}' names ${found.length} demo products`);
  return found[0][1];
}

interface Answer {
  total: number;
  ids: string[];
  body: Record<string, unknown>;
}

async function ask(client: ApiClient, query: string): Promise<Answer> {
  const res = await searchRest(client, { query, limit: TOP });
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return { total: res.body.total_count as number, ids: (res.body.results as RestProduct[]).map((r) => r.product_id), body: res.body };
}

/** Answers to many queries, a few at a time. */
async function askAll(queries: string[]): Promise<Answer[]> {
  const client = new ApiClient(app.url);
  const out: Answer[] = new Array(queries.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      while (next < queries.length) {
        const i = next++;
        out[i] = await ask(client, queries[i]);
      }
    }),
  );
  return out;
}

interface Recall {
  n: number;
  empty: number;
  top5: number;
  misses: string[];
}

/** How many of the cases found nothing, and how many had one of their products in the top 5. */
async function recall(cases: Array<[query: string, ids: string[]]>): Promise<Recall> {
  const answers = await askAll(cases.map(([q]) => q));
  const out: Recall = { n: cases.length, empty: 0, top5: 0, misses: [] };
  for (const [i, [query, ids]] of cases.entries()) {
    const a = answers[i];
    if (a.total === 0) out.empty += 1;
    if (a.ids.some((id) => ids.includes(id))) out.top5 += 1;
    else out.misses.push(`${query} (${a.total} found)`);
  }
  return out;
}

/** The figures of one table and language, against the targets (every miss too with SEARCH_QUALITY_REPORT=1). */
function report(name: string, r: Recall): void {
  const empty = r.empty / r.n;
  const top5 = r.top5 / r.n;
  const met = empty <= TARGET.empty && top5 >= TARGET.top5 ? 'target met' : 'target NOT met';
  console.info(
    `recall, ${name}: ${r.n} requests, nothing found ${(100 * empty).toFixed(1)} % (target <= ${100 * TARGET.empty} %), a right product in the top 5 ${(100 * top5).toFixed(1)} % (target >= ${100 * TARGET.top5} %): ${met}`,
  );
  if (process.env.SEARCH_QUALITY_REPORT) console.info(r.misses);
}

function expectFloors(r: Recall, floor: { empty: number; top5: number }): void {
  expect(r.empty / r.n, `nothing found for ${r.empty} of ${r.n}`).toBeLessThanOrEqual(floor.empty);
  expect(r.top5 / r.n, `misses:\n${r.misses.join('\n')}`).toBeGreaterThanOrEqual(floor.top5);
}

describe('recall on the demo catalogue', () => {
  it('the tables hold at least 300 spoken requests and every demo product asked for three ways', () => {
    expect(LANGUAGES.reduce((n, l) => n + SPOKEN[l].length, 0)).toBeGreaterThanOrEqual(300);
    const swept = new Set(SWEEP.map(([title]) => productId(title)));
    expect(swept.size).toBe(SWEEP.length);
    expect([...idsByTitle.values()].filter((id) => !swept.has(id)), 'demo products not in the sweep').toEqual([]);
    for (const l of LANGUAGES) for (const [, titles] of SPOKEN[l]) for (const t of titles) productId(t);
  });

  it.each(LANGUAGES)('spoken requests in %s: few find nothing, a right product is in the top 5', async (language) => {
    const r = await recall(SPOKEN[language].map(([q, titles]) => [q, titles.map(productId)]));
    report(`spoken ${language}`, r);
    expectFloors(r, FLOOR.spoken[language]);
  }, ASKING_TIMEOUT);

  it.each(LANGUAGES.map((l, i) => [l, i + 1] as const))('every demo product asked for in %s finds it in the top 5', async (language, column) => {
    const r = await recall(SWEEP.map((row) => [row[column] as string, [productId(row[0])]]));
    report(`sweep ${language}`, r);
    expectFloors(r, FLOOR.sweep[language]);
  }, ASKING_TIMEOUT);

  it('inputs with no goods word answer nothing and ask what the buyer is looking for', async () => {
    const answers = await askAll(NO_CONTENT);
    const wrong = NO_CONTENT.filter((_q, i) => answers[i].total !== 0 || !answers[i].body.question);
    if (process.env.SEARCH_QUALITY_REPORT) console.info(`no content: ${NO_CONTENT.length - wrong.length} of ${NO_CONTENT.length} answer nothing and ask`, wrong);
    expect(wrong).toEqual([]);
  });

  it('a quantity gives way before any word; a machine is found by what it does to what', async () => {
    const client = new ApiClient(app.url);
    // The listing of a 1000-piece pack sells up to 300 packs: the goods as asked come first, said so.
    const bags = await searchRest(client, { query: 'non woven carry bags 1000 pcs', limit: TOP });
    expect((bags.body.results as RestProduct[])[0]?.product_id).toBe(productId('Non-woven carry bags'));
    expect(bags.body.relaxed).toMatchObject({ words: [], filters: ['minQuantity'] });
    expect(bags.body.relaxed.message).toContain('can supply 1000');
    // Listings name the doer ('grass cutter'); 'washing machine' (absent) is still no 'car washer'.
    const cutter = await searchRest(client, { query: 'petrol grass cutting machine', limit: TOP });
    expect((cutter.body.results as RestProduct[]).map((r) => r.product_id)).toContain(productId('Petrol brush cutter'));
    expect((await searchRest(client, { query: 'washing machine for home', limit: TOP })).body.total_count).toBe(0);
  });

  it('goods the catalogue does not have find nothing, never goods sharing a word', async () => {
    const answers = await askAll(ABSENT);
    const found = ABSENT.flatMap((q, i) => (answers[i].total ? [`${q} (${answers[i].total})`] : []));
    if (process.env.SEARCH_QUALITY_REPORT) console.info(`absent goods: ${ABSENT.length - found.length} of ${ABSENT.length} find nothing`, found);
    expect(found).toEqual([]);
  });
});
