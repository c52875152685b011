import { Arg, Ctx, Mutation, Query, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import { unauthenticated } from '../../common/app-error.js';
import type { GqlContext } from '../../graphql/context.js';
import { toUserType, UserType } from '../users/user.types.js';
import { AccountEvent, accountTopic } from './account-events.js';
import { ChangePasswordInput, LoginInput, RegisterInput } from './auth.types.js';

@Resolver()
export class AuthResolver {
  @Query(() => UserType, { nullable: true, description: 'The logged-in user, or null' })
  async me(@Ctx() { ctx, services }: GqlContext): Promise<UserType | null> {
    const user = await services.auth.currentUser(ctx);
    return user && toUserType(user);
  }

  @Mutation(() => UserType)
  async register(@Arg('input') input: RegisterInput, @Ctx() { ctx, services }: GqlContext): Promise<UserType> {
    return toUserType(await services.auth.register(ctx, { ...input }));
  }

  @Mutation(() => UserType, { description: 'Starts a session (a new session id every time)' })
  async login(@Arg('input') input: LoginInput, @Ctx() { ctx, services }: GqlContext): Promise<UserType> {
    return toUserType(await services.auth.login(ctx, { ...input }));
  }

  @Mutation(() => Boolean)
  logout(@Ctx() { ctx, services }: GqlContext): Promise<boolean> {
    return services.auth.logout(ctx);
  }

  @Mutation(() => Boolean, { description: 'Ends every session of the user; this device gets a new one' })
  changePassword(@Arg('input') input: ChangePasswordInput, @Ctx() { ctx, services }: GqlContext): Promise<boolean> {
    return services.auth.changePassword(ctx, { ...input });
  }

  @Subscription(() => AccountEvent, {
    description: "The viewer's own account events; refused without a session",
    subscribe: ({ context }: SubscribeResolverData<unknown, Record<string, never>, GqlContext>) => {
      const { ctx, services } = context;
      if (!ctx.viewer) throw unauthenticated('Log in to subscribe to account events');
      return services.infra.pubSub.subscribe(accountTopic(ctx.viewer.userId));
    },
  })
  accountEvents(@Root() event: AccountEvent): AccountEvent {
    return event;
  }
}
