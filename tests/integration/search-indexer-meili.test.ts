import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deferred, enqueued, HOST, INDEX, MeiliHttp, searchAnswer, task } from '../../server/src/adapters/search/__tests__/meili-http.js';
import { makeImage } from '../factories/images.js';
import type { RestProduct } from '../factories/products.js';
import { listProduct, searchRest } from '../factories/search.js';
import { createSeller, type Seller } from '../factories/users.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { memoryLogger } from '../support/logs.js';
import { ApiClient, waitFor } from '../support/client.js';

/**
 * The indexer and /readyz over the Meilisearch engine, on real PostgreSQL, with the `meilisearch`
 * client's HTTP captured and answered as Meilisearch documents it (server/src/adapters/search/__tests__/meili-http.ts).
 * The same behaviour against a real Meilisearch: the indexing contract, wherever one runs.
 * No worker runs here: the test drives the indexer itself.
 */
let app: TestApp;
let http: MeiliHttp;
const logs = memoryLogger();
let seller: Seller;
const products: RestProduct[] = [];

beforeAll(async () => {
  http = new MeiliHttp();
  http.install();
  app = await startTestApp({ SEARCH_ENGINE: 'meilisearch', MEILI_HOST: HOST, MEILI_INDEX: INDEX }, { worker: false, log: logs.log });
  seller = await createSeller(app);
  for (const title of ['Voltas 1.5 ton split air conditioner', 'Daikin inverter split AC']) {
    products.push(await listProduct(seller.client, { title, category: 'HomeElectronics' }, { name: 'p.jpg', data: await makeImage({ color: '#2980b9' }) }));
  }
});
afterAll(async () => {
  await app?.close();
  vi.unstubAllGlobals();
});

const openTransactions = () => app.sql(`select state from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`);
const advisoryLocks = () => app.sql(`select 1 from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and d.datname = current_database()`);
const readyz = () => new ApiClient(app.url).get('/readyz');

describe('indexing a product', () => {
  it('no transaction (nor the product\'s lock) stays open while Meilisearch makes the write searchable', async () => {
    const held = deferred<void>();
    http.on('POST', `indexes/${INDEX}/documents`, enqueued(11, 'documentAdditionOrUpdate')).on('GET', 'tasks/11', async () => {
      await held.promise;
      return task(11, 'documentAdditionOrUpdate');
    });
    const indexing = app.services.searchIndexer.indexProduct(products[0].product_id);
    await waitFor(async () => http.to('GET', 'tasks/11').length > 0, 10_000, 'the indexer to wait for its task');
    expect(await openTransactions()).toEqual([]);
    expect(await advisoryLocks()).toEqual([]);
    // The PostgreSQL copy is committed already; the document went to Meilisearch under the lock.
    expect(await app.sql('select 1 from search_documents where product_id = $1', [products[0].product_id])).toHaveLength(1);
    expect((http.to('POST', `indexes/${INDEX}/documents`)[0].body as { id: string }[]).map((d) => d.id)).toEqual([products[0].product_id]);
    held.resolve();
    expect(await indexing).toBe('indexed');
  });

  it('a write Meilisearch does not take rolls the PostgreSQL copy back (the job retries it)', async () => {
    http.on('POST', `indexes/${INDEX}/documents`, { status: 503, body: { message: 'Meilisearch is overloaded.', code: 'too_many_search_requests', type: 'system', link: 'https://docs.meilisearch.com/errors#too_many_search_requests' } });
    await expect(app.services.searchIndexer.indexProduct(products[1].product_id)).rejects.toThrow(/overloaded/);
    expect(await app.sql('select 1 from search_documents where product_id = $1', [products[1].product_id])).toEqual([]);
    expect(await openTransactions()).toEqual([]);
  });
});

describe('a Meilisearch index that lost everything under an existing catalogue', () => {
  it('/readyz reports it empty, the reconcile pass rebuilds it whole, then /readyz reports it ok', async () => {
    let documents = 0;
    http
      .on('POST', `indexes/${INDEX}/search`, () => searchAnswer([], { limit: 0, estimatedTotalHits: documents }))
      .on('POST', `indexes/${INDEX}/documents`, (r) => {
        documents += (r.body as unknown[]).length;
        return enqueued(12, 'documentAdditionOrUpdate');
      })
      .on('GET', 'tasks/12', task(12, 'documentAdditionOrUpdate'))
      .on('POST', `indexes/${INDEX}/documents/delete`, enqueued(13, 'documentDeletion'))
      .on('GET', 'tasks/13', task(13, 'documentDeletion'));
    const before = await readyz();
    expect(before.status).toBe(200);
    expect(before.body.checks).toMatchObject({ postgres: 'ok', redis: 'ok', search: 'empty' });

    const sent = http.sent.length;
    await app.services.searchIndexer.reconcile();
    const written = http.sent.slice(sent).filter((r) => r.method === 'POST' && r.path === `indexes/${INDEX}/documents`).flatMap((r) => (r.body as { id: string }[]).map((d) => d.id));
    // Every searchable product from the catalogue; then the pass indexes again the one PostgreSQL's copy lacked.
    expect(written).toEqual([...products.map((p) => p.product_id), products[1].product_id]);
    const [sweep] = http.to('POST', `indexes/${INDEX}/documents/delete`);
    expect(sweep.body).toEqual({ filter: expect.stringMatching(/^indexed_at_ms < \d+$/) });
    expect((await readyz()).body.checks).toMatchObject({ search: 'ok' });
  });

  it('/readyz reports an unreachable Meilisearch as down without failing readiness (the rest of the marketplace works)', async () => {
    http.on('POST', `indexes/${INDEX}/search`, () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    });
    const res = await readyz();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', checks: { postgres: 'ok', redis: 'ok', search: 'down' } });
    // A search then answers 503 with the usual message, not a 500.
    const search = await searchRest(new ApiClient(app.url), { query: 'split ac' });
    expect(search.status, JSON.stringify(search.body)).toBe(503);
    expect(search.body.message).toMatch(/temporarily unavailable/);
    // One warning, naming the search engine (not PostgreSQL, which answers).
    expect(logs.lines.filter((l) => l.level === 40 && typeof l.dependency === 'string').map((l) => l.dependency)).toEqual(['search']);
  });
});
