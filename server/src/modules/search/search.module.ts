import type { Logger } from 'pino';
import { createExternalSearchEngine, createSearchEngine } from '../../adapters/search/create-search-engine.js';
import type { EngineLanguage } from '../../adapters/search/search-engine.js';
import { PostgresSearchEngine } from '../../adapters/search/postgres-search-engine.js';
import { sqlDbOf } from '../../adapters/search/sql-runner.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { Infra } from '../../app/infra.js';
import type { Config } from '../../config/env.js';
import type { AppModule } from '../../app/module.js';
import type { ProductService } from '../products/products.service.js';
import type { MediaUrls } from '../products/products.public.js';
import { USERNAME_CHANGED } from '../accounts/accounts.service.js';
import { sellerStandingChanged } from '../reputation/reputation.public.js';
import { PRODUCT_CHANGED } from '../products/products.service.js';
import { AssistantSessionStore } from './assistant-session-store.js';
import { ImageIndex } from './images/image-index.js';
import { RecommendationService } from './recommendations.service.js';
import { SearchIndexer } from './search-indexer.js';
import { SearchResults } from './search-results.js';
import { registerSearchJobs, SEARCH_INDEX_QUEUE } from './search.jobs.js';
import { SearchResolver } from './search.resolver.js';
import { productSearchHandlers, searchRoutes, searchUploadRoutes } from './search.routes.js';
import { spellAsQueries } from './search-documents.js';
import { MAX_SEARCH_LIMIT, MAX_SEARCH_OFFSET } from './search.inputs.js';
import { SearchService } from './search.service.js';
import { SearchVocabulary } from './search-vocabulary.js';
import { seedSearchDemo } from './seed/search.seed.js';
import { placeKey } from './understanding/places.js';
import { createQueryUnderstander, type QueryUnderstander } from './understanding/query-understander.js';
import { ACCESSORY_WORDS, SYNONYMS } from './understanding/synonyms.js';

/** The search assistant: query understanding, search engines, photo search, recommendations. */
/** The services this module's routes, jobs and seed take (each names its own). */
type SearchDeps = { search: SearchService; recommendations: RecommendationService; searchIndexer: SearchIndexer; products: ProductService; infra: Pick<Infra, 'config' | 'queues' | 'log' | 'orm'> };

export const searchModule: AppModule<SearchDeps> = {
  name: 'search',
  resolvers: [SearchResolver],
  routes: searchRoutes,
  rawRoutes: searchUploadRoutes,
  directPosts: (deps) => ({ '/products/search': productSearchHandlers(deps) }),
  // A product shows its seller’s name and carries their standing: a new username or standing re-indexes the seller’s products.
  topics: { [PRODUCT_CHANGED]: SEARCH_INDEX_QUEUE, [USERNAME_CHANGED]: SEARCH_INDEX_QUEUE, [sellerStandingChanged.name]: SEARCH_INDEX_QUEUE },
  jobs: registerSearchJobs,
  seed: seedSearchDemo,
};

/** What the engines know of the buyers' language. `spell` lets their accessory rule read Hindi titles ('लैपटॉप स्टैंड' is a stand). */
const LANGUAGE: EngineLanguage = { synonyms: SYNONYMS, placeKey, accessories: ACCESSORY_WORDS, spell: spellAsQueries };
/** The deepest result a search may ask for: Meilisearch counts and serves matches that deep. */
const SEARCH_REACH = MAX_SEARCH_OFFSET + MAX_SEARCH_LIMIT;

/**
 * Makes an external engine's index ready before api and worker start (the `migrate` role): its keys,
 * the index and its settings, however long a settings change takes (progress in the log). PostgreSQL's
 * tables come from the migrations.
 */
export async function prepareSearchEngine(config: Config, log: Logger): Promise<void> {
  await createExternalSearchEngine(config, LANGUAGE, { reach: SEARCH_REACH, log })?.init();
}

/**
 * The search services over the engine SEARCH_ENGINE names (the PostgreSQL document store is always
 * written: recommendations read it), given the buyers' language; results are the catalogue's product views.
 */
export function createSearchServices(infra: Infra, deps: { storage: Storage; mediaUrls: MediaUrls }) {
  const sqlDb = sqlDbOf(infra.orm);
  const store = new PostgresSearchEngine(sqlDb, LANGUAGE);
  const engine = createSearchEngine(infra.config, store, LANGUAGE, { reach: SEARCH_REACH, log: infra.log });
  const images = new ImageIndex(sqlDb, deps.storage, infra.log);
  const results = new SearchResults(deps.mediaUrls);
  const vocabulary = new SearchVocabulary(sqlDb);
  const searchIndexer = new SearchIndexer({ db: sqlDb, engine, store, images, vocabulary, log: infra.log });
  const sessions = new AssistantSessionStore(infra.redis.cmd);
  const search = new SearchService({ engine, db: sqlDb, images, sessions, results, vocabulary, clock: infra.clock, understander: queryUnderstander(infra) });
  const recommendations = new RecommendationService({ db: sqlDb, search, results, clock: infra.clock });
  return { search, searchIndexer, recommendations };
}
export type SearchServices = ReturnType<typeof createSearchServices>;

/**
 * The query understander QUERY_UNDERSTANDING names ('rules', the default, or 'openai' with the
 * OPENAI_* settings the question generator uses and QUERY_UNDERSTANDING_TIMEOUT_MS).
 */
function queryUnderstander(infra: Infra): QueryUnderstander {
  const c = infra.config;
  return createQueryUnderstander(
    { mode: c.QUERY_UNDERSTANDING, baseUrl: c.OPENAI_BASE_URL, apiKey: c.OPENAI_API_KEY, model: c.OPENAI_MODEL, timeoutMs: c.QUERY_UNDERSTANDING_TIMEOUT_MS },
    (error) => infra.log.warn({ err: error }, 'query understanding model failed; the rules answered'),
  );
}
