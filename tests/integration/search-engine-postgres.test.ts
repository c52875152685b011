import { afterAll, describe } from 'vitest';
import { PostgresSearchEngine } from '../../server/src/adapters/search/postgres-search-engine.js';
import { sqlDbOf } from '../../server/src/adapters/search/sql-runner.js';
import { placeKey } from '../../server/src/modules/search/understanding/places.js';
import { ACCESSORY_WORDS, SYNONYMS } from '../../server/src/modules/search/understanding/synonyms.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { engineContract } from './search-engine-contract.js';
import { indexingContract } from './search-indexing-contract.js';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

describe('search engine contract: PostgreSQL', () => {
  engineContract(async () => {
    // No worker: its reconcile pass would remove the contract's documents (they have no products).
    const app = await startTestApp({}, { worker: false });
    apps.push(app);
    return new PostgresSearchEngine(sqlDbOf(app.infra.orm), { synonyms: SYNONYMS, placeKey, accessories: ACCESSORY_WORDS });
  });
});

describe('search indexing contract: PostgreSQL (API, outbox, worker)', () => {
  indexingContract(async () => {
    const app = await startTestApp({ SEARCH_ENGINE: 'postgres' });
    apps.push(app);
    return {
      app,
      lose: async (ids) => {
        await app.sql('delete from search_documents where product_id = any($1::uuid[])', [ids]);
      },
    };
  });
});
