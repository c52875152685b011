import { sqlDbOf } from '../../adapters/search/sql-runner.js';
import type { Infra } from '../../app/infra.js';
import type { AppModule } from '../../app/module.js';
import type { AccountService } from '../accounts/accounts.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { BlocksResolver } from './blocks.resolver.js';
import { blockRoutes } from './blocks.routes.js';
import { BlockService } from './blocks.service.js';

/** Blocking between users (docs/product.md#blocking). */
/** The services this module's routes, jobs and seed take (each names its own). */
type BlocksDeps = { blocks: BlockService };

export const blocksModule: AppModule<BlocksDeps> = {
  name: 'blocks',
  resolvers: [BlocksResolver],
  routes: blockRoutes,
};

/** The blocking service; a deleted account's blocks go with it. */
export function createBlockServices(infra: Infra, deps: { auth: AuthService; accounts: AccountService }) {
  const blocks = new BlockService(deps.auth, sqlDbOf(infra.orm), infra.clock);
  deps.accounts.addDeletionHook((ctx, account) => blocks.forgetUser(ctx.em, account.id));
  return { blocks };
}
export type BlockServices = ReturnType<typeof createBlockServices>;
