import type { AppModule } from '../../app/module.js';
import { AccountsResolver } from './accounts.resolver.js';
import { accountsRoutes } from './accounts.routes.js';

/** Account settings and account deletion. */
export const accountsModule: AppModule = {
  name: 'accounts',
  resolvers: [AccountsResolver],
  routes: accountsRoutes,
};
