import type { Logger } from 'pino';
import type { Config } from '../../config/env.js';
import { MeiliSearchEngine } from './meili-search-engine.js';
import type { PostgresSearchEngine } from './postgres-search-engine.js';
import type { EngineLanguage, SearchEngine } from './search-engine.js';

/**
 * The engine SEARCH_ENGINE names: PostgreSQL (the document store itself) or Meilisearch at MEILI_HOST.
 * `reach`: the deepest result the app asks for (largest offset plus largest page).
 */
export function createSearchEngine(config: EngineConfig, store: PostgresSearchEngine, language: EngineLanguage, opts: EngineOptions): SearchEngine {
  return createExternalSearchEngine(config, language, opts) ?? store;
}

type EngineConfig = Pick<Config, 'SEARCH_ENGINE' | 'MEILI_HOST' | 'MEILI_MASTER_KEY' | 'MEILI_API_KEY' | 'MEILI_SEARCH_KEY' | 'MEILI_INDEX'>;
type EngineOptions = { reach: number; log?: Logger };

/** The engine SEARCH_ENGINE names when it is not PostgreSQL (null when it is). */
export function createExternalSearchEngine(config: EngineConfig, language: EngineLanguage, opts: EngineOptions): SearchEngine | null {
  if (config.SEARCH_ENGINE === 'meilisearch' && config.MEILI_HOST) {
    return new MeiliSearchEngine(
      {
        host: config.MEILI_HOST,
        index: config.MEILI_INDEX,
        masterKey: config.MEILI_MASTER_KEY,
        apiKey: config.MEILI_API_KEY,
        searchKey: config.MEILI_SEARCH_KEY,
        reach: opts.reach,
        log: opts.log,
      },
      language,
    );
  }
  return null;
}
