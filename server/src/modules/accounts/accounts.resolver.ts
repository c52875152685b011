import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import type { AccountService } from './accounts.service.js';
import { toUserType, UserType } from '../users/user.types.js';
import { AccountSettingsInput, DeleteAccountInput } from './accounts.types.js';

/** What these resolvers use of the services. */
type Context = GqlContext<{ accounts: AccountService }>;

@Resolver()
export class AccountsResolver {
  @Mutation(() => UserType, { description: 'Changes username, language or email notifications of the viewer' })
  async updateAccountSettings(@Arg('input') input: AccountSettingsInput, @Ctx() { ctx, services }: Context): Promise<UserType> {
    return toUserType(await services.accounts.updateSettings(ctx, withoutNulls(input)));
  }

  @Mutation(() => Boolean, { description: 'Deletes the viewer\'s account (password asked again); ends every session' })
  deleteAccount(@Arg('input') input: DeleteAccountInput, @Ctx() { ctx, services }: Context): Promise<boolean> {
    return services.accounts.deleteAccount(ctx, { ...input });
  }
}

/** GraphQL's null for an optional input field means "not given", as leaving it out does. */
function withoutNulls(input: AccountSettingsInput): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
}
