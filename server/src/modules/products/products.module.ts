import { createQuestionGenerator } from '../../adapters/llm/create-question-generator.js';
import { sqlDbOf } from '../../adapters/search/sql-runner.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { Infra } from '../../app/infra.js';
import type { AppModule } from '../../app/module.js';
import { usernameChanged, type AccountService } from '../accounts/accounts.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { uploadsRouter } from '../../adapters/storage/serve-uploads.js';
import { ProductMedia } from './product-media.entity.js';
import { ProductMediaStore } from './product-media-store.js';
import { ProductStock } from './product-stock.js';
import type { MediaUrls } from './product-view.js';
import { Product } from './product.entity.js';
import { registerProductJobs } from './products.jobs.js';
import { ProductsResolver } from './products.resolver.js';
import { productDerivedFields } from './products.types.js';
import { productRoutes, productUploadRoutes } from './products.routes.js';
import { productChanged } from './product-events.js';
import { ProductService } from './products.service.js';
import { VisitorProductCache } from './visitor-product-cache.js';

/** The catalogue: products, galleries, buyer questions, uploads. */
/** The services this module's routes, jobs and seed take (each names its own). */
type ProductsDeps = { products: ProductService; storage: Storage; infra: Pick<Infra, 'config' | 'queues'> };

export const productsModule: AppModule<ProductsDeps> = {
  name: 'products',
  entities: [Product, ProductMedia],
  resolvers: [ProductsResolver],
  fieldResolvers: { Product: productDerivedFields },
  routes: productRoutes,
  rawRoutes: productUploadRoutes,
  publicRoutes: (r, { storage }) => r.use(uploadsRouter(storage)),
  jobs: registerProductJobs,
};

/**
 * The catalogue service (its question generator is its own), and what other modules use of it: the
 * media URLs product views are built with, and stock. A deleted seller's products are withdrawn.
 */
export function createProductServices(infra: Infra, deps: { auth: AuthService; accounts: AccountService; storage: Storage }) {
  const { config } = infra;
  const media = new ProductMediaStore(deps.storage, infra.log);
  const products = new ProductService({
    auth: deps.auth,
    db: sqlDbOf(infra.orm),
    media,
    generator: createQuestionGenerator(config),
    queues: infra.queues,
    relay: infra.relay,
    clock: infra.clock,
    questionTimeoutMs: config.QUESTION_JOB_TIMEOUT_MS,
    visitorCache: new VisitorProductCache({
      databaseUrl: config.DATABASE_URL,
      log: infra.log,
      topics: { productChanged, usernameChanged },
    }),
  });
  deps.accounts.addDeletionHook(async (ctx, account) => {
    await products.disableAllForSeller(ctx, account.id);
  });
  const mediaUrls: MediaUrls = media;
  return { products, mediaUrls, media, stock: new ProductStock() };
}
export type ProductServices = ReturnType<typeof createProductServices>;
