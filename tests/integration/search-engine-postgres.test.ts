import { afterAll, describe } from 'vitest';
import { PostgresSearchEngine } from '../../server/src/adapters/search/postgres-search-engine.js';
import { sqlDbOf } from '../../server/src/adapters/search/sql-runner.js';
import { SYNONYMS } from '../../server/src/modules/search/understanding/synonyms.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { engineContract } from './search-engine-contract.js';

let app: TestApp | undefined;
afterAll(() => app?.close());

describe('search engine contract: PostgreSQL', () => {
  engineContract(async () => {
    app = await startTestApp({}, { worker: false });
    return new PostgresSearchEngine(sqlDbOf(app.infra.orm), SYNONYMS);
  });
});
