import type { Infra } from '../../app/infra.js';
import type { AppModule } from '../../app/module.js';
import type { AccountService } from '../accounts/accounts.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { BusinessResolver } from './business.resolver.js';
import { businessRoutes } from './business.routes.js';
import { BusinessService } from './business.service.js';

/** Business details of sellers and buyers: the names, GSTINs, addresses and payee details invoices and payments use. */
/** The services this module's routes, jobs and seed take (each names its own). */
type BusinessDeps = { business: BusinessService };

export const businessModule: AppModule<BusinessDeps> = {
  name: 'business',
  resolvers: [BusinessResolver],
  routes: businessRoutes,
};

/** The business-details service; a deleted account's details go with it. */
export function createBusinessServices(infra: Infra, deps: { auth: AuthService; accounts: AccountService }) {
  const business = new BusinessService(deps.auth, infra.clock);
  deps.accounts.addDeletionHook((ctx, account) => business.forgetUser(ctx.em, account.id));
  return { business };
}
export type BusinessServices = ReturnType<typeof createBusinessServices>;
