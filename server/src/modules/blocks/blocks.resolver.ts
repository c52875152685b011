import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import type { BlockService } from './blocks.service.js';
import { BlockedUserType, BlockStateType } from './blocks.types.js';

/** What these resolvers use of the services. */
type Context = GqlContext<{ blocks: BlockService }>;

/** Blocking over GraphQL: the same service calls as the REST shim (docs/product.md#blocking). */
@Resolver()
export class BlocksResolver {
  @Mutation(() => BlockStateType, { description: 'Blocks a user: neither can then message, bid, quote or see the other\'s requirements' })
  blockUser(@Arg('userId', () => ID) userId: string, @Ctx() { ctx, services }: Context): Promise<BlockStateType> {
    return services.blocks.block(ctx, { userId });
  }

  @Mutation(() => BlockStateType, { description: 'Unblocks a user the viewer blocked' })
  unblockUser(@Arg('userId', () => ID) userId: string, @Ctx() { ctx, services }: Context): Promise<BlockStateType> {
    return services.blocks.unblock(ctx, { userId });
  }

  @Query(() => [BlockedUserType], { description: 'The users the viewer blocked, the latest first' })
  blockedUsers(@Ctx() { ctx, services }: Context): Promise<BlockedUserType[]> {
    return services.blocks.blockedUsers(ctx);
  }
}
