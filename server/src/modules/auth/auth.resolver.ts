import { Arg, Ctx, Mutation, Query, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import type { AuthService } from './auth.service.js';
import { liveEvents, type LiveDeps } from '../../graphql/live.js';
import { toUserType, UserType } from '../users/user.types.js';
import { AccountEventType, ChangePasswordInput, LoginInput, RegisterInput } from './auth.types.js';
import { authMessages } from './auth.messages.js';

/** What these resolvers use of the services. */
type Context = GqlContext<{ auth: AuthService } & LiveDeps>;

@Resolver()
export class AuthResolver {
  @Query(() => UserType, { nullable: true, description: 'The logged-in user, or null' })
  async me(@Ctx() { ctx, services }: Context): Promise<UserType | null> {
    const user = await services.auth.currentUser(ctx);
    return user && toUserType(user);
  }

  @Mutation(() => UserType)
  async register(@Arg('input') input: RegisterInput, @Ctx() { ctx, services }: Context): Promise<UserType> {
    return toUserType(await services.auth.register(ctx, { ...input }));
  }

  @Mutation(() => UserType, { description: 'Starts a session (a new session id every time)' })
  async login(@Arg('input') input: LoginInput, @Ctx() { ctx, services }: Context): Promise<UserType> {
    return toUserType(await services.auth.login(ctx, { ...input }));
  }

  @Mutation(() => Boolean)
  logout(@Ctx() { ctx, services }: Context): Promise<boolean> {
    return services.auth.logout(ctx);
  }

  @Mutation(() => Boolean, { description: 'Ends every session of the user; this device gets a new one' })
  changePassword(@Arg('input') input: ChangePasswordInput, @Ctx() { ctx, services }: Context): Promise<boolean> {
    return services.auth.changePassword(ctx, { ...input });
  }

  @Subscription(() => AccountEventType, {
    description: "The viewer's own account events; refused without a session",
    subscribe: ({ context }: SubscribeResolverData<unknown, Record<string, never>, Context>) =>
      liveEvents(context, {
        topic: 'accountEvents',
        refusal: authMessages.logInToSubscribeToAccount,
        deliver: async (_userId, message) => ({ type: message.type, at: new Date(message.at) }),
        // Published just before the sessions end: the socket hears it, then closes (4401).
        endsSession: (message) => message.type === 'PASSWORD_CHANGED' || message.type === 'ACCOUNT_DELETED',
      }),
  })
  accountEvents(@Root() event: AccountEventType): AccountEventType {
    return event;
  }
}
