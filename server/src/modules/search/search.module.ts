import type { AppModule } from '../../app/module.js';
import { USERNAME_CHANGED } from '../accounts/accounts.service.js';
import { PRODUCT_CHANGED } from '../products/products.service.js';
import { registerSearchJobs, SEARCH_INDEX_QUEUE } from './search.jobs.js';
import { SearchResolver } from './search.resolver.js';
import { searchRoutes, searchUploadRoutes } from './search.routes.js';
import { seedSearchDemo } from './seed/search.seed.js';

/** The search assistant: query understanding, search engines, photo search, recommendations. */
export const searchModule: AppModule = {
  name: 'search',
  resolvers: [SearchResolver],
  routes: searchRoutes,
  rawRoutes: searchUploadRoutes,
  // A product shows its seller's name: a new username re-indexes the seller's products.
  topics: { [PRODUCT_CHANGED]: SEARCH_INDEX_QUEUE, [USERNAME_CHANGED]: SEARCH_INDEX_QUEUE },
  jobs: registerSearchJobs,
  seed: seedSearchDemo,
};
