import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PostgresSearchEngine } from '../../server/src/adapters/search/postgres-search-engine.js';
import type { EngineQuery } from '../../server/src/adapters/search/search-engine.js';
import { sqlDbOf } from '../../server/src/adapters/search/sql-runner.js';
import { assistantReply } from '../../server/src/modules/search/replies.js';
import { SearchService, type SearchServiceDeps } from '../../server/src/modules/search/search.service.js';
import { placeKey } from '../../server/src/modules/search/understanding/places.js';
import { ACCESSORY_WORDS, SYNONYMS } from '../../server/src/modules/search/understanding/synonyms.js';
import { searchRest } from '../factories/search.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ApiClient } from '../support/client.js';
import { doc } from './search-engine-contract.js';

/**
 * Broad searches read a bounded set of matches (RANKING_SET, 1,000; here 3 so a handful of
 * documents shows it): exact totals and ranking up to it, and beyond it a total flagged as a lower
 * bound ('more than 3'), pages that never repeat or skip a product, and filters that find the same
 * products through the vector's filter markers as through the columns.
 */

const SET = 3;
const rupees = (n: number) => BigInt(n) * 100n;

let app: TestApp;
let engine: PostgresSearchEngine;
const chairs = Array.from({ length: 8 }, (_v, i) =>
  doc({
    title: i % 3 === 0 ? `Office chair ${i}` : `Ergonomic seat ${i}`,
    description: i % 3 === 0 ? 'Mesh back.' : 'A comfortable office chair with mesh back.',
    category: 'Furniture',
    pricePaise: rupees(2000 + i * 1000),
    productType: i % 2 ? 'used' : 'new',
    city: i % 4 ? 'Pune' : 'Bangalore',
    state: i % 4 ? 'Maharashtra' : 'Karnataka',
  }),
);
const q = (over: Partial<EngineQuery>): EngineQuery => ({ text: 'chair', matching: 'all', filters: {}, sort: 'relevance', limit: 10, offset: 0, ...over });

beforeAll(async () => {
  app = await startTestApp({}, { worker: false });
  engine = new PostgresSearchEngine(sqlDbOf(app.infra.orm), { synonyms: SYNONYMS, placeKey, accessories: ACCESSORY_WORDS }, undefined, { rankingSet: SET });
});
afterAll(() => app?.close());
beforeEach(async () => {
  await engine.replaceAll(
    (async function* () {
      yield chairs;
    })(),
  );
});

describe('a bounded ranking set (PostgreSQL)', () => {
  it('counts exactly up to the set, and beyond it says "at least" instead of counting on', async () => {
    const broad = await engine.search(q({ limit: 2 }));
    expect(broad).toMatchObject({ total: SET, totalExact: false });
    // A page larger than the set reads as many blocks as it needs (here every match: exact).
    expect(await engine.search(q({ limit: 10 }))).toMatchObject({ total: chairs.length, totalExact: true });
    const narrow = await engine.search(q({ text: 'office chair', filters: { productType: 'new', location: 'Bengaluru' } }));
    expect(narrow.totalExact).toBe(true);
    expect(narrow.total).toBe(chairs.filter((c) => c.productType === 'new' && c.city === 'Bangalore').length);
    // Sorted by price: the page is exact (an index walk) and the count is bounded the same way.
    const cheapest = await engine.search(q({ sort: 'price_asc', limit: 2 }));
    expect(cheapest.hits.map((h) => h.id)).toEqual([chairs[0].id, chairs[1].id]);
    expect(cheapest).toMatchObject({ total: SET, totalExact: false });
  });

  it('pages through every match once, each block of the set ranked (title matches first within it)', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < chairs.length + 4; offset += 2) {
      const page = await engine.search(q({ limit: 2, offset }));
      seen.push(...page.hits.map((h) => h.id));
    }
    expect(seen).toHaveLength(chairs.length);
    expect(new Set(seen)).toEqual(new Set(chairs.map((c) => c.id)));
    // The same request twice reads the same set in the same order.
    expect((await engine.search(q({ limit: 5 }))).hits.map((h) => h.id)).toEqual(seen.slice(0, 5));
    // Within the first block (the first three matches read), a title match ranks above description matches.
    const block = seen.slice(0, SET);
    const titled = block.filter((id) => chairs.find((c) => c.id === id)!.title.startsWith('Office chair'));
    expect(block.slice(0, titled.length)).toEqual(titled);
  });

  it('filters find the same products through the markers as through the columns', async () => {
    const wide = new PostgresSearchEngine(sqlDbOf(app.infra.orm), { synonyms: SYNONYMS, placeKey, accessories: ACCESSORY_WORDS });
    const cases: EngineQuery['filters'][] = [
      { category: 'Furniture' },
      { category: 'Computers' },
      { productType: 'used' },
      { location: 'Maharashtra' },
      { location: 'Bengaluru' },
      { minPricePaise: rupees(4000), maxPricePaise: rupees(7000) },
      { maxPricePaise: rupees(3000) },
      { minPricePaise: rupees(8999) },
      { maxPricePaise: 0n },
    ];
    for (const filters of cases) {
      const expected = chairs.filter(
        (c) =>
          (filters.category === undefined || c.category === filters.category) &&
          (filters.productType === undefined || c.productType === filters.productType) &&
          (filters.location === undefined || placeKey(c.city) === placeKey(filters.location) || placeKey(c.state) === placeKey(filters.location)) &&
          (filters.minPricePaise === undefined || c.pricePaise! >= filters.minPricePaise) &&
          (filters.maxPricePaise === undefined || c.pricePaise! <= filters.maxPricePaise),
      );
      const res = await wide.search(q({ filters, limit: 20 }));
      expect(res.hits.map((h) => h.id).sort(), JSON.stringify(filters, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).toEqual(expected.map((c) => c.id).sort());
      expect(res.totalExact).toBe(true);
    }
  });

  it('the API says so: total_count_exact, has_more while pages come full, and the reply says "more than"', async () => {
    const deps = (app.services.search as unknown as { deps: SearchServiceDeps }).deps;
    const service = new SearchService({ ...deps, engine });
    const visitor = { viewer: null, locale: 'en' } as unknown as Parameters<SearchService['search']>[0];
    const first = await service.search(visitor, { query: 'chair', limit: 2 });
    expect(first).toMatchObject({ totalCount: SET, totalCountExact: false, hasMore: true });
    const later = await service.search(visitor, { query: 'chair', limit: 2, offset: 4 });
    expect(later).toMatchObject({ totalCountExact: false, hasMore: true });
    const last = await service.search(visitor, { query: 'chair', limit: 4, offset: 6 });
    expect(last.results).toHaveLength(2);
    expect(last.hasMore).toBe(false);
    expect(assistantReply('en', 'new', SET, null, false)).toBe('I found more than 3 products.');
    expect(assistantReply('en', 'refine', 1000, null, false)).toBe('Updated: more than 1000 products match now.');
    expect(assistantReply('hi', 'new', 1000, null, false)).toBe('मुझे 1000 से ज़्यादा प्रोडक्ट मिले।');
    expect(assistantReply('en', 'new', 3)).toBe('I found 3 products.');
    // The app's own engine (RANKING_SET 1,000): a small catalogue is counted exactly, and says so.
    const res = await searchRest(new ApiClient(app.url), { query: 'office chair', limit: 10 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_count_exact: true });
  });
});
