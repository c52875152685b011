import type { Infra } from '../../app/infra.js';
import type { AppModule } from '../../app/module.js';
import type { AuthService } from '../auth/auth.service.js';
import type { VerificationService } from '../verification/verification.service.js';
import { AccountsResolver } from './accounts.resolver.js';
import { accountsRoutes } from './accounts.routes.js';
import { AccountService } from './accounts.service.js';

/** Account settings and account deletion. */
/** The services this module's routes, jobs and seed take (each names its own). */
type AccountsDeps = { accounts: AccountService };

export const accountsModule: AppModule<AccountsDeps> = {
  name: 'accounts',
  resolvers: [AccountsResolver],
  routes: accountsRoutes,
};

/** Account settings and deletion; a deleted account's codes go with it (other modules add their own hooks). */
export function createAccountServices(infra: Infra, deps: { auth: AuthService; verification: VerificationService }) {
  const accounts = new AccountService(deps.auth, infra.clock);
  accounts.addDeletionHook((ctx, account) => deps.verification.forgetUser(ctx.em, account));
  return { accounts };
}
export type AccountServices = ReturnType<typeof createAccountServices>;
