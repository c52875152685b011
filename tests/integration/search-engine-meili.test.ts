import { randomBytes } from 'node:crypto';
import { Meilisearch } from 'meilisearch';
import { afterAll, describe } from 'vitest';
import { MeiliSearchEngine } from '../../server/src/adapters/search/meili-search-engine.js';
import { placeKey } from '../../server/src/modules/search/understanding/places.js';
import { ACCESSORY_WORDS, SYNONYMS } from '../../server/src/modules/search/understanding/synonyms.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { engineContract } from './search-engine-contract.js';
import { indexingContract } from './search-indexing-contract.js';

/**
 * A Meilisearch to test against: MEILI_HOST (and MEILI_API_KEY) when set, else a testcontainers
 * one where a container runtime answers, else none (the suites report themselves skipped).
 */
async function findMeili(): Promise<{ host: string; apiKey?: string; stop?: () => Promise<unknown> } | { skip: string }> {
  if (process.env.MEILI_HOST) return { host: process.env.MEILI_HOST, apiKey: process.env.MEILI_API_KEY };
  if (process.env.TESTCONTAINERS === 'off') return { skip: 'MEILI_HOST is not set and TESTCONTAINERS=off' };
  try {
    const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    const apiKey = randomBytes(16).toString('hex');
    const container = await new GenericContainer('getmeili/meilisearch:v1.15')
      .withEnvironment({ MEILI_MASTER_KEY: apiKey, MEILI_NO_ANALYTICS: 'true' })
      .withExposedPorts(7700)
      .withWaitStrategy(Wait.forHttp('/health', 7700))
      .start();
    return { host: `http://${container.getHost()}:${container.getMappedPort(7700)}`, apiKey, stop: () => container.stop() };
  } catch {
    return { skip: 'MEILI_HOST is not set and no container runtime was found for testcontainers' };
  }
}

const meili = await findMeili();
const contractIndex = `contract_${randomBytes(4).toString('hex')}`;
const appIndex = `indexing_${randomBytes(4).toString('hex')}`;

if ('skip' in meili) {
  console.log(`search engine contract: Meilisearch skipped (${meili.skip})`);
  describe.skip(`search engine contract: Meilisearch (skipped: ${meili.skip})`, () => {
    engineContract(async () => {
      throw new Error('unreachable');
    });
  });
  describe.skip(`search indexing contract: Meilisearch (skipped: ${meili.skip})`, () => {
    indexingContract(async () => {
      throw new Error('unreachable');
    });
  });
} else {
  const client = new Meilisearch({ host: meili.host, apiKey: meili.apiKey });
  let app: TestApp | undefined;
  afterAll(async () => {
    await app?.close();
    await client.deleteIndexIfExists(contractIndex);
    await client.deleteIndexIfExists(appIndex);
    await meili.stop?.();
  });
  describe('search engine contract: Meilisearch', () => {
    engineContract(async () => new MeiliSearchEngine({ host: meili.host, apiKey: meili.apiKey, index: contractIndex }, { synonyms: SYNONYMS, placeKey, accessories: ACCESSORY_WORDS }));
  });
  describe('search indexing contract: Meilisearch (API, outbox, worker)', () => {
    indexingContract(async () => {
      app = await startTestApp({ SEARCH_ENGINE: 'meilisearch', MEILI_HOST: meili.host, MEILI_API_KEY: meili.apiKey ?? '', MEILI_INDEX: appIndex });
      return {
        app,
        // Only the engine loses them: PostgreSQL's documents (the read model) stay, as after a lost Meilisearch volume.
        lose: async (ids) => {
          await client.index(appIndex).deleteDocuments(ids).waitTask({ timeout: 30_000 });
        },
      };
    });
  });
}
