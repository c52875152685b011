import type { Config } from '../../config/env.js';
import { MeiliSearchEngine } from './meili-search-engine.js';
import type { PostgresSearchEngine } from './postgres-search-engine.js';
import type { EngineLanguage, SearchEngine } from './search-engine.js';

/** The engine SEARCH_ENGINE names: PostgreSQL (the document store itself) or Meilisearch at MEILI_HOST. */
export function createSearchEngine(
  config: Pick<Config, 'SEARCH_ENGINE' | 'MEILI_HOST' | 'MEILI_API_KEY' | 'MEILI_INDEX'>,
  store: PostgresSearchEngine,
  language: EngineLanguage,
): SearchEngine {
  if (config.SEARCH_ENGINE === 'meilisearch' && config.MEILI_HOST) {
    return new MeiliSearchEngine({ host: config.MEILI_HOST, apiKey: config.MEILI_API_KEY, index: config.MEILI_INDEX }, language);
  }
  return store;
}
