import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresSearchEngine } from '../../server/src/adapters/search/postgres-search-engine.js';
import type { EngineQuery, SearchDocument } from '../../server/src/adapters/search/search-engine.js';
import { sqlDbOf } from '../../server/src/adapters/search/sql-runner.js';
import { placeKey } from '../../server/src/modules/search/understanding/places.js';
import { ACCESSORY_WORDS, SYNONYMS } from '../../server/src/modules/search/understanding/synonyms.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { doc } from './search-engine-contract.js';

/**
 * A broad search (here: words in at least 5 documents) reads its set (the newest RANKING_SET
 * matches; here 3) through the word index in date order (search_postings) and proves it there; a search the postings cannot prove (too few of
 * their newest candidates match its filters) gets the same set from the text index. Writes keep the
 * postings with the vector.
 */

const SET = 3;
let app: TestApp;
let engine: PostgresSearchEngine;
// 30 listings a day apart (the later, the newer): 20 chairs, 10 tables; every fifth in Bangalore.
const docs: SearchDocument[] = Array.from({ length: 30 }, (_v, i) =>
  doc({
    title: i % 3 === 2 ? `Office table ${i}` : `Office chair ${i}`,
    category: 'Furniture',
    city: i % 5 === 0 ? 'Bangalore' : 'Pune',
    state: i % 5 === 0 ? 'Karnataka' : 'Maharashtra',
    pricePaise: BigInt(1000 + (i % 7) * 500) * 100n,
    maxQuantity: i % 4 === 0 ? 50 : 1,
    productType: i % 6 < 2 ? 'used' : 'new',
  }),
);
const chairs = docs.filter((d) => d.title.includes('chair'));
const newestFirst = (list: SearchDocument[]) => [...list].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id));
const q = (over: Partial<EngineQuery>): EngineQuery => ({ text: 'chair', matching: 'all', filters: {}, sort: 'relevance', limit: SET, offset: 0, ...over });
const ids = (hits: { id: string }[]) => hits.map((h) => h.id);
const postingsOf = async (id: string, lexeme: string) =>
  Number((await app.sql<{ n: string }>('select count(*) as n from search_postings where product_id = $1 and lexeme = $2', [id, lexeme]))[0].n);

beforeAll(async () => {
  app = await startTestApp({}, { worker: false });
  engine = new PostgresSearchEngine(sqlDbOf(app.infra.orm), { synonyms: SYNONYMS, placeKey, accessories: ACCESSORY_WORDS }, undefined, { rankingSet: SET, postingsFrom: 5 });
  // Written in no particular order: the set follows the listings' dates, not the table's order.
  await engine.replaceAll(
    (async function* () {
      yield [...docs].reverse().filter((_d, i) => i % 2 === 0);
      yield docs.filter((_d, i) => i % 2 === 0);
    })(),
  );
});
afterAll(() => app?.close());

describe('the word index in date order (PostgreSQL)', () => {
  it('pages through the newest matches block by block, every match once', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < chairs.length + SET; offset += SET) {
      const page = await engine.search(q({ offset }));
      // Each page here is one block: the next three newest chairs, ranked among themselves.
      expect(new Set(ids(page.hits))).toEqual(new Set(ids(newestFirst(chairs).slice(offset, offset + SET))));
      seen.push(...ids(page.hits));
    }
    expect(seen).toHaveLength(chairs.length);
    expect(new Set(seen)).toEqual(new Set(ids(chairs)));
  });

  it('a filter few of the newest candidates meet still finds its newest matches (through the text index)', async () => {
    const inBangalore = newestFirst(chairs.filter((c) => c.city === 'Bangalore'));
    const first = await engine.search(q({ filters: { location: 'Bengaluru' }, limit: 2 }));
    expect(first).toMatchObject({ total: SET, totalExact: false });
    expect(inBangalore.slice(0, SET).map((c) => c.id)).toEqual(expect.arrayContaining(ids(first.hits)));
    const all = await engine.search(q({ filters: { location: 'Bengaluru' }, limit: 10 }));
    expect(new Set(ids(all.hits))).toEqual(new Set(ids(inBangalore)));
    expect(all).toMatchObject({ total: inBangalore.length, totalExact: true });
  });

  it('category, price, quantity and new/used filters are checked on the postings, and agree with the documents', async () => {
    const cases: EngineQuery['filters'][] = [{ maxPricePaise: 200_000n }, { minPricePaise: 300_000n, maxPricePaise: 350_000n }, { minQuantity: 20 }, { bulk: true }, { minPricePaise: 250_000n, minQuantity: 20 }, { productType: 'used' }, { productType: 'new', maxPricePaise: 300_000n }, { category: 'Furniture' }, { category: 'Computers' }, { category: 'Furniture', maxPricePaise: 250_000n }];
    for (const filters of cases) {
      const expected = chairs.filter(
        (c) =>
          (filters.minPricePaise === undefined || c.pricePaise! >= filters.minPricePaise) &&
          (filters.maxPricePaise === undefined || c.pricePaise! <= filters.maxPricePaise) &&
          (filters.minQuantity === undefined || c.maxQuantity >= filters.minQuantity) &&
          (!filters.bulk || c.maxQuantity >= 10 || c.maxQuantity === 1) &&
          (filters.productType === undefined || c.productType === filters.productType) &&
          (filters.category === undefined || c.category === filters.category),
      );
      for (const limit of [2, 50]) {
        const res = await engine.search(q({ filters, limit }));
        const label = JSON.stringify(filters, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
        if (limit === 50) expect(new Set(ids(res.hits)), label).toEqual(new Set(ids(expected)));
        else expect(ids(newestFirst(expected).slice(0, SET)), label).toEqual(expect.arrayContaining(ids(res.hits)));
      }
    }
    // A new price reaches the postings.
    const [chair] = newestFirst(chairs);
    await engine.upsert([{ ...chair, pricePaise: 777_700n }]);
    const [row] = await app.sql<{ price_paise: string }>(`select price_paise from search_postings where product_id = $1 and lexeme = 'chair'`, [chair.id]);
    expect(row.price_paise).toBe('777700');
    await engine.upsert([chair]);
  });

  it('a broad search is read from the postings, which follow every write', async () => {
    const [newest, second, third, fourth] = newestFirst(chairs);
    // Without its postings the newest chair is not found: the set came from them.
    await app.sql(`delete from search_postings where product_id = $1 and lexeme = 'chair'`, [newest.id]);
    expect(new Set(ids((await engine.search(q({}))).hits))).toEqual(new Set([second.id, third.id, fourth.id]));
    // Writing it again writes its postings again.
    await engine.upsert([newest]);
    expect(new Set(ids((await engine.search(q({}))).hits))).toEqual(new Set([newest.id, second.id, third.id]));
    // A changed title takes its old words' postings away and brings the new ones.
    await engine.upsert([{ ...second, title: `Office sofa ${second.title.split(' ').pop()}`, description: 'A sofa.' }]);
    expect(await postingsOf(second.id, 'chair')).toBe(0);
    expect(await postingsOf(second.id, 'sofa')).toBe(1);
    expect(new Set(ids((await engine.search(q({}))).hits))).toEqual(new Set([newest.id, third.id, fourth.id]));
    // A removed document leaves no postings.
    await engine.remove([third.id]);
    expect(await postingsOf(third.id, 'chair')).toBe(0);
    expect(ids((await engine.search(q({}))).hits)).not.toContain(third.id);
    // A partial word (a prefix) cannot be read in date order: the text index answers.
    const partial = await engine.search(q({ text: 'chai', limit: 50 }));
    expect(partial.hits.length).toBe(chairs.length - 2);
    // A full reindex writes them all again.
    await engine.replaceAll(
      (async function* () {
        yield docs;
      })(),
    );
    expect(await postingsOf(second.id, 'chair')).toBe(1);
    expect(await postingsOf(third.id, 'chair')).toBe(1);
    // With both of its indexes: by word and date, and by word, category and date.
    const indexes = await app.sql<{ indexname: string }>(`select indexname from pg_indexes where tablename = 'search_postings' order by 1`);
    expect(indexes.map((r) => r.indexname)).toEqual(['search_postings_category_idx', 'search_postings_idx']);
  });
});

describe('few matches behind a narrow filter the postings carry', () => {
  it('reads every posting within the filter instead of the text index (none missed, none extra)', async () => {
    // 700 stools, a day apart; every tenth in a narrow price band: 70 matches, fewer than a set of 100
    // holds, and about 1 in 10 of the newest postings within the filter.
    const stools = Array.from({ length: 700 }, (_v, i) =>
      doc({ title: `Bar stool ${i}`, category: 'Furniture', city: 'Pune', state: 'Maharashtra', pricePaise: (i % 10 === 3 ? 250_000n : 900_000n) + BigInt(i) }),
    );
    await engine.upsert(stools);
    await app.sql('analyze search_documents');
    const wide = new PostgresSearchEngine(sqlDbOf(app.infra.orm), { synonyms: SYNONYMS, placeKey, accessories: ACCESSORY_WORDS }, undefined, { rankingSet: 100, postingsFrom: 5 });
    const banded = stools.filter((s) => s.pricePaise! < 900_000n);
    const search = () => wide.search(q({ text: 'stool', filters: { minPricePaise: 200_000n, maxPricePaise: 300_000n }, limit: 100 }));
    const all = await search();
    expect(new Set(ids(all.hits))).toEqual(new Set(ids(banded)));
    expect(all).toMatchObject({ total: banded.length, totalExact: true });
    // Read from the postings: one whose posting is gone is not found (the text index would find it).
    const [, gone] = newestFirst(banded);
    await app.sql(`delete from search_postings where product_id = $1 and lexeme = 'stool'`, [gone.id]);
    const without = await search();
    expect(new Set(ids(without.hits))).toEqual(new Set(ids(banded.filter((s) => s.id !== gone.id))));
    await wide.upsert([gone]);
    expect(new Set(ids((await search()).hits))).toEqual(new Set(ids(banded)));
  });
});

describe('accessories on the postings', () => {
  it("a posting says its listing is an accessory of the word, and a search for the goods skips it in the index", async () => {
    // 100 listings of 'laptop', a day apart: every fourth a laptop, the rest laptop bags and stands.
    const listings = Array.from({ length: 100 }, (_v, i) =>
      doc({ title: i % 4 === 0 ? `Dell laptop ${i}` : i % 2 ? `Laptop bag ${i}` : `Laptop stand ${i}`, category: i % 4 === 0 ? 'Computers' : 'Bags' }),
    );
    const laptops = listings.filter((l) => l.title.startsWith('Dell'));
    await engine.upsert(listings);
    await app.sql('analyze search_documents');
    const accessory = async (id: string) => (await app.sql<{ accessory: boolean }>(`select accessory from search_postings where product_id = $1 and lexeme = 'laptop'`, [id]))[0]?.accessory;
    expect(await accessory(listings[1]!.id)).toBe(true);
    expect(await accessory(listings[2]!.id)).toBe(true);
    expect(await accessory(laptops[0]!.id)).toBe(false);
    // A bag's own word is no accessory of anything.
    expect((await app.sql<{ accessory: boolean }>(`select accessory from search_postings where product_id = $1 and lexeme = 'bag'`, [listings[1]!.id]))[0]?.accessory).toBe(false);

    const wide = new PostgresSearchEngine(sqlDbOf(app.infra.orm), { synonyms: SYNONYMS, placeKey, accessories: ACCESSORY_WORDS }, undefined, { rankingSet: 10, postingsFrom: 5 });
    const search = () => wide.search(q({ text: 'laptop', goods: ['laptop'], limit: 30 }));
    expect(new Set(ids((await search()).hits))).toEqual(new Set(ids(laptops)));
    // Skipped in the index, not only by the document: a laptop whose posting is marked as an accessory is not found.
    const [, marked] = newestFirst(laptops);
    await app.sql(`update search_postings set accessory = true where product_id = $1 and lexeme = 'laptop'`, [marked!.id]);
    expect(new Set(ids((await search()).hits))).toEqual(new Set(ids(laptops.filter((l) => l.id !== marked!.id))));
    // A search for the accessory itself reads them all.
    const bags = await wide.search(q({ text: 'laptop bag', goods: ['laptop'], limit: 60 }));
    expect(new Set(ids(bags.hits))).toEqual(new Set(ids(listings.filter((l) => l.title.startsWith('Laptop bag')))));
    await wide.upsert([marked!]);
    expect(await accessory(marked!.id)).toBe(false);
  });
});

