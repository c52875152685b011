import { sqlDbOf } from '../../adapters/search/sql-runner.js';
import type { Infra } from '../../app/infra.js';
import type { AppModule } from '../../app/module.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ProductService } from '../products/products.service.js';
import { ModerationResolver } from './moderation.resolver.js';
import { moderationRoutes } from './moderation.routes.js';
import { ModerationService } from './moderation.service.js';

/** Bull Board for operators (docs/operations.md#queue-dashboard), mounted by the api before the web app's pages. */
export { QUEUE_DASHBOARD_PATH, queueDashboard } from './queue-dashboard.js';

/** Reports and the operator console (docs/product.md#operators-and-reports). */
/** The services this module's routes, jobs and seed take (each names its own). */
type ModerationDeps = { moderation: ModerationService };

export const moderationModule: AppModule<ModerationDeps> = {
  name: 'moderation',
  resolvers: [ModerationResolver],
  routes: moderationRoutes,
};

/** The moderation service; a suspended account's login is refused through the auth hooks. */
export function createModerationServices(infra: Infra, deps: { auth: AuthService; products: ProductService }) {
  const moderation = new ModerationService({ auth: deps.auth, products: deps.products, db: sqlDbOf(infra.orm), clock: infra.clock });
  deps.auth.addHooks(moderation.loginHooks());
  return { moderation };
}
export type ModerationServices = ReturnType<typeof createModerationServices>;
