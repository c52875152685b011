import type { AppModule } from '../../app/module.js';
import { uploadsRouter } from '../../adapters/storage/serve-uploads.js';
import { ProductMedia } from './product-media.entity.js';
import { Product } from './product.entity.js';
import { registerProductJobs } from './products.jobs.js';
import { ProductsResolver } from './products.resolver.js';
import { productRoutes, productUploadRoutes } from './products.routes.js';

/** The catalogue: products, galleries, buyer questions, uploads. */
export const productsModule: AppModule = {
  name: 'products',
  entities: [Product, ProductMedia],
  resolvers: [ProductsResolver],
  routes: productRoutes,
  rawRoutes: productUploadRoutes,
  publicRoutes: (r, services) => r.use(uploadsRouter(services.storage)),
  jobs: registerProductJobs,
};
