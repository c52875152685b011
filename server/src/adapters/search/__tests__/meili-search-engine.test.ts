import type { Settings } from 'meilisearch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ACTIONS, keyUid, SEARCH_ACTIONS } from '../meili-clients.js';
import { indexSettings } from '../meili-index-settings.js';
import { MeiliSearchEngine, toMeili, type MeiliEngineOptions } from '../meili-search-engine.js';
import { doc as contractDoc } from '../../../../../tests/integration/search-engine-contract.js';
import type { EngineLanguage, EngineQuery, SearchDocument } from '../search-engine.js';
import {
  DEFAULT_SETTINGS,
  deferred,
  enqueued,
  HOST,
  INDEX,
  indexInfo,
  indexNotFound,
  keyAnswer,
  keyNotFound,
  MeiliHttp,
  multiSearchAnswer,
  searchAnswer,
  task,
  tasks,
  type Sent,
} from './meili-http.js';

/**
 * The Meilisearch adapter against the real `meilisearch` client: the requests it builds (captured at
 * the client's fetch) and how it reads answers shaped as Meilisearch documents them. What Meilisearch
 * then does with them is for the contract suites, wherever a Meilisearch runs
 * (tests/integration/search-engine-meili.test.ts).
 */

const LANGUAGE: EngineLanguage = {
  synonyms: [['ac', 'air conditioner'], ['fridge', 'refrigerator']],
  placeKey: (p) => (p ? p.trim().toLowerCase() : null),
  accessories: ['cover', 'stand', 'remote'],
};
/** As the app's searches go: offset up to 10,000, pages up to 50. */
const REACH = 10_050;

let http: MeiliHttp;
beforeEach(() => {
  http = new MeiliHttp();
  http.install();
});
afterEach(() => {
  vi.unstubAllGlobals();
  expect(http.unanswered.map((r) => `${r.method} /${r.path}`)).toEqual([]);
});

const engine = (opts: Partial<MeiliEngineOptions> = {}) => new MeiliSearchEngine({ host: HOST, index: INDEX, apiKey: 'admin-key', reach: REACH, ...opts }, LANGUAGE);
const q = (over: Partial<EngineQuery>): EngineQuery => ({ text: '', matching: 'all', filters: {}, sort: 'relevance', limit: 20, offset: 0, ...over });
/** A document as the indexer builds it (the engine contract's). */
const doc = (title: string, over: Partial<SearchDocument> = {}) => contractDoc({ title, category: 'HomeElectronics', ...over });
/** A document as Meilisearch returns it: as the engine wrote it. */
const stored = (d: SearchDocument) => toMeili(d, Date.UTC(2026, 5, 1), LANGUAGE);
const searchBody = (r: Sent) => r.body as { q: string | null; filter: string[]; limit: number; offset: number; attributesToSearchOn?: string[]; attributesToRetrieve?: string[] };
/** Answers a fresh index's settings reads and the settings change (task 2). */
const freshSettings = () =>
  http
    .on('GET', 'tasks', tasks([]))
    .on('GET', `indexes/${INDEX}/settings`, { status: 200, body: DEFAULT_SETTINGS })
    .on('PATCH', `indexes/${INDEX}/settings`, enqueued(2, 'settingsUpdate'))
    .on('GET', 'tasks/2', task(2, 'settingsUpdate'));

describe('totals and paging (Meilisearch counts up to pagination.maxTotalHits, default 1,000)', () => {
  it('sets maxTotalHits one past the deepest result the app asks for', async () => {
    http.on('GET', `indexes/${INDEX}`, indexInfo);
    freshSettings();
    await engine().init();
    const [patch] = http.to('PATCH', `indexes/${INDEX}/settings`);
    expect((patch.body as Settings).pagination).toEqual({ maxTotalHits: REACH + 1 });
  });

  it('a total that reached the cap is a lower bound (more than the reach), one below it is exact', async () => {
    const hits = [stored(doc('Voltas split AC'))];
    http.on('POST', `indexes/${INDEX}/search`, searchAnswer(hits, { query: 'ac', estimatedTotalHits: REACH + 1 }));
    expect(await engine().search(q({ text: 'ac' }))).toMatchObject({ total: REACH, totalExact: false });
    http.on('POST', `indexes/${INDEX}/search`, searchAnswer(hits, { query: 'ac', estimatedTotalHits: 1000 }));
    expect(await engine().search(q({ text: 'ac' }))).toMatchObject({ total: 1000, totalExact: true });
  });

  it('asks for the page the app asks for, past 1,000 too', async () => {
    http.on('POST', `indexes/${INDEX}/search`, searchAnswer([], { query: 'ac', offset: 1200, estimatedTotalHits: 1500 }));
    const res = await engine().search(q({ text: 'ac', offset: 1200, limit: 20 }));
    expect(searchBody(http.sent[0])).toMatchObject({ q: 'ac', offset: 1200, limit: 20 });
    expect(res).toEqual({ hits: [], total: 1500, totalExact: true });
  });
});

describe('index lifecycle: settings applied by init (worker start, migrate), never on the search path', () => {
  it('a search on a fresh engine sends the search alone: no index creation, no settings', async () => {
    http.on('POST', `indexes/${INDEX}/search`, searchAnswer([], { query: 'ac', estimatedTotalHits: 0 }));
    await engine().search(q({ text: 'ac' }));
    await engine().search(q({ text: 'ac' }));
    expect(http.sent.map((r) => `${r.method} /${r.path}`)).toEqual([`POST /indexes/${INDEX}/search`, `POST /indexes/${INDEX}/search`]);
  });

  it('writes send the documents and wait for their task, nothing else', async () => {
    http.on('POST', `indexes/${INDEX}/documents`, enqueued(7, 'documentAdditionOrUpdate')).on('GET', 'tasks/7', task(7, 'documentAdditionOrUpdate'));
    await engine().upsert([doc('Voltas split AC')]);
    expect(http.sent.map((r) => `${r.method} /${r.path}`)).toEqual([`POST /indexes/${INDEX}/documents`, 'GET /tasks/7']);
    expect(http.sent[0].query.get('primaryKey')).toBe('id');
  });

  it('init creates a missing index and applies every setting, waiting for both tasks', async () => {
    http.on('GET', `indexes/${INDEX}`, indexNotFound).on('POST', 'indexes', enqueued(1, 'indexCreation')).on('GET', 'tasks/1', task(1, 'indexCreation'));
    freshSettings();
    await engine().init();
    expect(http.sent.map((r) => `${r.method} /${r.path}`)).toEqual([`GET /indexes/${INDEX}`, 'POST /indexes', 'GET /tasks/1', 'GET /tasks', `GET /indexes/${INDEX}/settings`, `PATCH /indexes/${INDEX}/settings`, 'GET /tasks/2']);
    expect(http.sent[1].body).toEqual({ uid: INDEX, primaryKey: 'id' });
    expect(http.sent[5].body).toEqual(indexSettings(LANGUAGE, REACH + 1));
  });

  it('init sends no change when the settings are applied (Meilisearch answering lists in its own order)', async () => {
    const wanted = indexSettings(LANGUAGE, REACH + 1);
    const applied: Settings = {
      ...DEFAULT_SETTINGS,
      ...wanted,
      filterableAttributes: [...(wanted.filterableAttributes as string[])].sort(),
      typoTolerance: { ...DEFAULT_SETTINGS.typoTolerance, ...wanted.typoTolerance },
      synonyms: { 'air conditioner': ['ac'], ac: ['air conditioner'], refrigerator: ['fridge'], fridge: ['refrigerator'] },
    };
    http.on('GET', `indexes/${INDEX}`, indexInfo).on('GET', 'tasks', tasks([])).on('GET', `indexes/${INDEX}/settings`, { status: 200, body: applied });
    await engine().init();
    expect(http.to('PATCH', `indexes/${INDEX}/settings`)).toEqual([]);
  });

  it('init sends only what changed', async () => {
    const wanted = indexSettings(LANGUAGE, REACH + 1);
    const before: Settings = { ...DEFAULT_SETTINGS, ...wanted, typoTolerance: DEFAULT_SETTINGS.typoTolerance };
    http.on('GET', `indexes/${INDEX}`, indexInfo);
    freshSettings().on('GET', `indexes/${INDEX}/settings`, { status: 200, body: before });
    await engine().init();
    expect(http.to('PATCH', `indexes/${INDEX}/settings`).map((r) => r.body)).toEqual([{ typoTolerance: wanted.typoTolerance }]);
  });

  it('init waits for a settings change still under way instead of queuing the same again', async () => {
    const wanted = indexSettings(LANGUAGE, REACH + 1);
    let polls = 0;
    http
      .on('GET', `indexes/${INDEX}`, indexInfo)
      .on('GET', 'tasks', (r) => {
        expect(Object.fromEntries(r.query)).toEqual({ indexUids: INDEX, types: 'settingsUpdate', statuses: 'enqueued,processing' });
        return tasks([task(9, 'settingsUpdate', 'processing').body as never]);
      })
      .on('GET', 'tasks/9', () => task(9, 'settingsUpdate', (polls += 1) < 2 ? 'processing' : 'succeeded'))
      .on('GET', `indexes/${INDEX}/settings`, () => ({ status: 200, body: polls >= 2 ? { ...DEFAULT_SETTINGS, ...wanted } : DEFAULT_SETTINGS }));
    await engine().init();
    expect(polls).toBe(2);
    expect(http.to('PATCH', `indexes/${INDEX}/settings`)).toEqual([]);
  });
});

describe('the settings init applies', () => {
  let sent: Settings;
  beforeEach(async () => {
    http.on('GET', `indexes/${INDEX}`, indexInfo);
    freshSettings();
    await engine().init();
    sent = http.to('PATCH', `indexes/${INDEX}/settings`)[0].body as Settings;
  });
  it('no typos in numbers (model 5490 is not 5480); one typo from five letters, two from nine', () => {
    expect(sent.typoTolerance).toEqual({ enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 }, disableOnNumbers: true });
  });
  it('languages pinned to English and Hindi (ISO 639-3, as Meilisearch names them)', () => {
    expect(sent.localizedAttributes).toEqual([{ attributePatterns: ['*'], locales: ['eng', 'hin'] }]);
  });
  it('each synonym group both ways', () => {
    expect(sent.synonyms).toEqual({ ac: ['air conditioner'], 'air conditioner': ['ac'], fridge: ['refrigerator'], refrigerator: ['fridge'] });
  });
});

describe('the accessory rule with multi-word synonyms', () => {
  it("'ac' leaves out the accessories of 'air' and 'conditioner', the words listings are indexed by (as on PostgreSQL)", async () => {
    http.on('POST', `indexes/${INDEX}/search`, searchAnswer([], { query: 'ac', estimatedTotalHits: 0 }));
    await engine().search(q({ text: 'ac', goods: ['ac'] }));
    expect(searchBody(http.sent[0]).filter).toContain('accessory_of NOT IN ["ac", "acs", "air", "airs", "conditioner", "conditioners"]');
  });
  it('a query naming an accessory, or matching any word, leaves nothing out', async () => {
    http.on('POST', `indexes/${INDEX}/search`, searchAnswer([], { estimatedTotalHits: 0 }));
    await engine().search(q({ text: 'ac remote', goods: ['ac'] }));
    await engine().search(q({ text: 'ac', goods: ['ac'], matching: 'any' }));
    for (const r of http.sent) expect(searchBody(r).filter.join(' ')).not.toMatch(/accessory_of/);
  });
});

describe('boosted searches keep goods words to the product\'s own text', () => {
  it('a candidate matching a goods word only by its seller\'s name is neither boosted nor counted', async () => {
    // 'saree' with the boost 'bridal': the lehenga has 'bridal' in its title and 'saree' only in its seller's name.
    const lehenga = doc('Bridal lehenga choli', { sellerName: 'surat_saree_house' });
    const saree = doc('Banarasi bridal silk saree', { sellerName: 'surat_saree_house' });
    http
      .on('POST', 'multi-search', multiSearchAnswer([{ hits: [{ id: lehenga.id }, { id: saree.id }], estimatedTotalHits: 2, query: 'saree bridal', limit: 200 }]))
      .on('POST', `indexes/${INDEX}/search`, (r) => {
        const body = searchBody(r);
        const filter = body.filter.join(' AND ');
        // The boosted candidates checked against the words alone, on the goods attributes.
        if (body.attributesToRetrieve) return searchAnswer([{ id: saree.id }], { query: 'saree', estimatedTotalHits: 1 });
        if (filter.includes('id IN')) return searchAnswer([stored(saree)], { estimatedTotalHits: 1 });
        return searchAnswer([], { query: 'saree', estimatedTotalHits: 0 });
      });
    const res = await engine().search(q({ text: 'saree', goods: ['saree'], boost: 'bridal' }));
    expect(res.hits.map((h) => h.id)).toEqual([saree.id]);
    expect(res.total).toBe(1);
    const [multi] = http.to('POST', 'multi-search');
    expect((multi.body as { queries: { q: string }[] }).queries.map((x) => x.q)).toEqual(['saree bridal']);
    const check = http.to('POST', `indexes/${INDEX}/search`).map(searchBody).find((b) => b.attributesToRetrieve);
    expect(check).toMatchObject({ q: 'saree', attributesToSearchOn: ['title', 'tags', 'extra_terms'], matchingStrategy: 'all' });
    expect(check!.filter).toContain(`id IN ["${lehenga.id}", "${saree.id}"]`);
    // The other matches leave out only what was boosted.
    const others = http.to('POST', `indexes/${INDEX}/search`).map(searchBody).find((b) => b.filter.some((f) => f.startsWith('id NOT IN')));
    expect(others!.filter).toContain(`id NOT IN ["${saree.id}"]`);
  });
});

describe('keys: the master key only makes the index\'s own search and admin keys', () => {
  const searchUid = keyUid('search', INDEX);
  const adminUid = keyUid('admin', INDEX);

  it('makes missing keys scoped to the index, then searches with the search key and administers with the admin key', async () => {
    http
      .on('GET', `keys/${searchUid}`, keyNotFound(searchUid))
      .on('GET', `keys/${adminUid}`, keyNotFound(adminUid))
      .on('POST', 'keys', (r) => {
        const body = r.body as { uid: string; actions: string[]; indexes: string[] };
        return keyAnswer(201, { uid: body.uid, key: body.uid === searchUid ? 'search-key-value' : 'admin-key-value', actions: body.actions, indexes: body.indexes });
      })
      .on('GET', `indexes/${INDEX}`, indexInfo)
      .on('POST', `indexes/${INDEX}/search`, searchAnswer([], { estimatedTotalHits: 0 }));
    freshSettings();
    const meili = engine({ apiKey: undefined, masterKey: 'the-master-key-0123456789' });
    await meili.init();
    await meili.search(q({ text: 'ac' }));
    const created = http.to('POST', 'keys').map((r) => r.body);
    expect(created).toEqual([
      { uid: searchUid, name: `Bol Bazaar search (${INDEX})`, description: expect.any(String), actions: SEARCH_ACTIONS, indexes: [INDEX], expiresAt: null },
      { uid: adminUid, name: `Bol Bazaar admin (${INDEX})`, description: expect.any(String), actions: ADMIN_ACTIONS, indexes: [INDEX], expiresAt: null },
    ]);
    // The master key goes to /keys only.
    for (const r of http.sent) expect(r.key === 'the-master-key-0123456789').toBe(r.path.startsWith('keys'));
    expect(http.to('POST', `indexes/${INDEX}/search`)[0].key).toBe('search-key-value');
    expect(http.to('PATCH', `indexes/${INDEX}/settings`)[0].key).toBe('admin-key-value');
    expect(ADMIN_ACTIONS).not.toContain('*');
    expect(ADMIN_ACTIONS.some((a) => a.startsWith('keys.') || a.startsWith('dumps.') || a === 'indexes.delete')).toBe(false);
  });

  it('reads existing keys, and makes again one that grants something else (a key\'s actions cannot change)', async () => {
    http
      .on('GET', `keys/${searchUid}`, keyAnswer(200, { uid: searchUid, key: 'search-key-value', actions: ['search'], indexes: [INDEX] }))
      .on('GET', `keys/${adminUid}`, keyAnswer(200, { uid: adminUid, key: 'old-admin-key', actions: ['*'], indexes: ['*'] }))
      .on('DELETE', `keys/${adminUid}`, { status: 204 })
      .on('POST', 'keys', (r) => keyAnswer(201, { uid: adminUid, key: 'admin-key-value', actions: (r.body as { actions: string[] }).actions, indexes: [INDEX] }))
      .on('POST', `indexes/${INDEX}/documents`, enqueued(3, 'documentAdditionOrUpdate'))
      .on('GET', 'tasks/3', task(3, 'documentAdditionOrUpdate'))
      .on('POST', `indexes/${INDEX}/search`, searchAnswer([], { estimatedTotalHits: 0 }));
    const meili = engine({ apiKey: undefined, masterKey: 'the-master-key-0123456789' });
    await meili.search(q({ text: 'ac' }));
    await meili.upsert([doc('Voltas split AC')]);
    expect(http.to('POST', 'keys').map((r) => (r.body as { uid: string }).uid)).toEqual([adminUid]);
    expect(http.to('DELETE', `keys/${adminUid}`)).toHaveLength(1);
    expect(http.to('POST', `indexes/${INDEX}/documents`)[0].key).toBe('admin-key-value');
  });

  it('given keys are used as they are: the search key for searches, the admin key for the rest', async () => {
    http.on('POST', `indexes/${INDEX}/search`, searchAnswer([], { estimatedTotalHits: 0 })).on('POST', `indexes/${INDEX}/documents`, enqueued(4, 'documentAdditionOrUpdate')).on('GET', 'tasks/4', task(4, 'documentAdditionOrUpdate'));
    const meili = engine({ apiKey: 'admin-key', searchKey: 'search-key' });
    await meili.search(q({ text: 'ac' }));
    await meili.upsert([doc('Voltas split AC')]);
    expect(http.sent.map((r) => [r.path, r.key])).toEqual([
      [`indexes/${INDEX}/search`, 'search-key'],
      [`indexes/${INDEX}/documents`, 'admin-key'],
      ['tasks/4', 'admin-key'],
    ]);
  });
});

describe('writes handed over without waiting (the indexer waits after its commit)', () => {
  it('enqueue resolves once Meilisearch took the write; its wait polls the task', async () => {
    const held = deferred<void>();
    http.on('POST', `indexes/${INDEX}/documents/delete-batch`, enqueued(5, 'documentDeletion')).on('GET', 'tasks/5', async () => {
      await held.promise;
      return task(5, 'documentDeletion');
    });
    const searchable = await engine().enqueue({ remove: ['0190b000-0000-7000-8000-000000000001'] });
    expect(http.sent.map((r) => `${r.method} /${r.path}`)).toEqual([`POST /indexes/${INDEX}/documents/delete-batch`]);
    expect(http.sent[0].body).toEqual(['0190b000-0000-7000-8000-000000000001']);
    const waiting = searchable();
    held.resolve();
    await waiting;
    expect(http.to('GET', 'tasks/5').length).toBeGreaterThanOrEqual(1);
  });

  it('a failed task fails the wait', async () => {
    http
      .on('POST', `indexes/${INDEX}/documents`, enqueued(6, 'documentAdditionOrUpdate'))
      .on('GET', 'tasks/6', task(6, 'documentAdditionOrUpdate', 'failed', { error: { message: 'The primary key is missing.', code: 'missing_document_id', type: 'invalid_request', link: 'https://docs.meilisearch.com/errors#missing_document_id' } }));
    await expect(engine().upsert([doc('Voltas split AC')])).rejects.toThrow(/task 6 failed: The primary key is missing/);
  });
});

describe('an index that is not there yet, or empty', () => {
  it('a search before the index exists finds nothing (no 500)', async () => {
    http.on('POST', `indexes/${INDEX}/search`, indexNotFound);
    expect(await engine().search(q({ text: 'ac' }))).toEqual({ hits: [], total: 0 });
  });
  it('isEmpty counts with a placeholder search of no hits', async () => {
    http.on('POST', `indexes/${INDEX}/search`, searchAnswer([], { estimatedTotalHits: 0, limit: 0 }));
    expect(await engine().isEmpty()).toBe(true);
    expect(searchBody(http.sent[0])).toMatchObject({ q: null, limit: 0 });
    http.on('POST', `indexes/${INDEX}/search`, searchAnswer([], { estimatedTotalHits: 3, limit: 0 }));
    expect(await engine().isEmpty()).toBe(false);
    http.on('POST', `indexes/${INDEX}/search`, indexNotFound);
    expect(await engine().isEmpty()).toBe(true);
  });
});
