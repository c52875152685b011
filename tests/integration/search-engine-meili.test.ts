import { randomBytes } from 'node:crypto';
import { Meilisearch, MeilisearchApiError } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyUid } from '../../server/src/adapters/search/meili-clients.js';
import { MeiliSearchEngine, type MeiliEngineOptions } from '../../server/src/adapters/search/meili-search-engine.js';
import type { EngineQuery } from '../../server/src/adapters/search/search-engine.js';
import { placeKey } from '../../server/src/modules/search/understanding/places.js';
import { ACCESSORY_WORDS, SYNONYMS } from '../../server/src/modules/search/understanding/synonyms.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { doc, engineContract } from './search-engine-contract.js';
import { indexingContract } from './search-indexing-contract.js';

/** The Meilisearch minor version docker-compose.yml runs. */
const IMAGE = 'getmeili/meilisearch:v1.48';
const LANGUAGE = { synonyms: SYNONYMS, placeKey, accessories: ACCESSORY_WORDS };
/** As the app's searches go: offset up to 10,000, pages up to 50. */
const REACH = 10_050;

interface Meili {
  host: string;
  /** The master key (MEILI_MASTER_KEY, or the container's): the app makes its own keys with it. */
  masterKey?: string;
  /** A key given instead (MEILI_API_KEY), for a Meilisearch whose master key the tests do not have. */
  apiKey?: string;
  stop?: () => Promise<unknown>;
}

/**
 * A Meilisearch to test against: MEILI_HOST (with MEILI_MASTER_KEY or MEILI_API_KEY) when set, else a
 * testcontainers one where a container runtime answers, else none (the suites report themselves skipped).
 */
async function findMeili(): Promise<Meili | { skip: string }> {
  if (process.env.MEILI_HOST) return { host: process.env.MEILI_HOST, masterKey: process.env.MEILI_MASTER_KEY || undefined, apiKey: process.env.MEILI_API_KEY || undefined };
  if (process.env.TESTCONTAINERS === 'off') return { skip: 'MEILI_HOST is not set and TESTCONTAINERS=off' };
  try {
    const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    const masterKey = randomBytes(24).toString('base64');
    const container = await new GenericContainer(IMAGE)
      .withEnvironment({ MEILI_MASTER_KEY: masterKey, MEILI_ENV: 'production', MEILI_NO_ANALYTICS: 'true' })
      .withExposedPorts(7700)
      .withWaitStrategy(Wait.forHttp('/health', 7700))
      .start();
    return { host: `http://${container.getHost()}:${container.getMappedPort(7700)}`, masterKey, stop: () => container.stop() };
  } catch {
    return { skip: 'MEILI_HOST is not set and no container runtime was found for testcontainers' };
  }
}

const meili = await findMeili();
const suffix = randomBytes(4).toString('hex');
const contractIndex = `contract_${suffix}`;
const appIndex = `indexing_${suffix}`;
const deepIndex = `deep_${suffix}`;

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
  describe.skip(`Meilisearch engine specifics (skipped: ${meili.skip})`, () => {
    it('settings, keys and deep pages against a real Meilisearch', () => {});
  });
} else {
  // Tests read and clean up with the master key (or the given key).
  const client = new Meilisearch({ host: meili.host, apiKey: meili.masterKey ?? meili.apiKey });
  const engine = (index: string, over: Partial<MeiliEngineOptions> = {}) =>
    new MeiliSearchEngine({ host: meili.host, index, masterKey: meili.masterKey, apiKey: meili.apiKey, reach: REACH, ...over }, LANGUAGE);
  let app: TestApp | undefined;
  afterAll(async () => {
    await app?.close();
    for (const index of [contractIndex, appIndex, deepIndex]) await client.deleteIndexIfExists(index);
    if (meili.masterKey) {
      for (const index of [contractIndex, appIndex, deepIndex]) for (const kind of ['search', 'admin'] as const) await client.deleteKey(keyUid(kind, index)).catch(() => undefined);
    }
    await meili.stop?.();
  });

  describe('search engine contract: Meilisearch', () => {
    engineContract(async () => engine(contractIndex));
  });

  describe('search indexing contract: Meilisearch (API, outbox, worker)', () => {
    indexingContract(async () => {
      const keys: Record<string, string> = meili.masterKey ? { MEILI_MASTER_KEY: meili.masterKey } : { MEILI_API_KEY: meili.apiKey ?? '' };
      app = await startTestApp({ SEARCH_ENGINE: 'meilisearch', MEILI_HOST: meili.host, MEILI_INDEX: appIndex, ...keys });
      return {
        app,
        // Only the engine loses them: PostgreSQL's documents (the read model) stay, as after a lost Meilisearch volume.
        lose: async (ids) => {
          await client.index(appIndex).deleteDocuments(ids).waitTask({ timeout: 30_000 });
        },
      };
    });
  });

  describe('Meilisearch engine specifics', () => {
    const q = (over: Partial<EngineQuery>): EngineQuery => ({ text: '', matching: 'all', filters: {}, sort: 'relevance', limit: 20, offset: 0, ...over });
    const deep = engine(deepIndex, { reach: 100 });
    const settingsTasks = async () => (await client.tasks.getTasks({ indexUids: [deepIndex], types: ['settingsUpdate'] })).results.length;

    beforeAll(async () => {
      await deep.init();
    });

    it('applies its settings once: a second init (another start) queues nothing', async () => {
      const before = await settingsTasks();
      expect(before).toBeGreaterThan(0);
      await deep.init();
      expect(await settingsTasks()).toBe(before);
      expect((await client.index(deepIndex).getPagination()).maxTotalHits).toBe(101);
    });

    it('past its reach a total is a lower bound, and the last pages within it are full', async () => {
      await deep.upsert(Array.from({ length: 150 }, (_, i) => doc({ title: `Basalt paver block B${i}`, category: 'HomeImprovement' })));
      const first = await deep.search(q({ text: 'basalt paver' }));
      expect(first).toMatchObject({ total: 100, totalExact: false });
      const last = await deep.search(q({ text: 'basalt paver', offset: 90, limit: 10 }));
      expect(last.hits).toHaveLength(10);
      const narrow = await deep.search(q({ text: 'basalt paver', filters: { ids: first.hits.slice(0, 5).map((h) => h.id) } }));
      expect(narrow).toMatchObject({ total: 5, totalExact: true });
    });

    it('one typo from five letters, none below, none in numbers', async () => {
      await deep.upsert([doc({ title: 'Dell Vostro 3520 laptop', category: 'Computers' }), doc({ title: 'Hand pump for borewell', category: 'Agriculture' })]);
      expect((await deep.search(q({ text: 'vostri' }))).total).toBe(1);
      expect((await deep.search(q({ text: 'dall' }))).total).toBe(0);
      expect((await deep.search(q({ text: '3530' }))).total).toBe(0);
    });

    it.runIf(meili.masterKey)('with the master key, searches go with a key that can do nothing but search the index', async () => {
      const searchKey = (await client.getKey(keyUid('search', deepIndex))).key;
      const searcher = new Meilisearch({ host: meili.host, apiKey: searchKey });
      await expect(searcher.index(deepIndex).search('basalt', { limit: 1 })).resolves.toMatchObject({ hits: [expect.anything()] });
      const refused = await searcher.index(deepIndex).addDocuments([{ id: 'x' }]).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(MeilisearchApiError);
      expect((refused as MeilisearchApiError).cause?.code).toBe('invalid_api_key');
      const admin = await client.getKey(keyUid('admin', deepIndex));
      expect(admin.indexes).toEqual([deepIndex]);
    });
  });
}
