import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import { BlockedUserType, BlockStateType } from './blocks.types.js';

/** Blocking over GraphQL: the same service calls as the REST shim (docs/product.md#blocking). */
@Resolver()
export class BlocksResolver {
  @Mutation(() => BlockStateType, { description: 'Blocks a user: neither can then message, bid, quote or see the other\'s requirements' })
  blockUser(@Arg('userId', () => ID) userId: string, @Ctx() { ctx, services }: GqlContext): Promise<BlockStateType> {
    return services.blocks.block(ctx, { userId });
  }

  @Mutation(() => BlockStateType, { description: 'Unblocks a user the viewer blocked' })
  unblockUser(@Arg('userId', () => ID) userId: string, @Ctx() { ctx, services }: GqlContext): Promise<BlockStateType> {
    return services.blocks.unblock(ctx, { userId });
  }

  @Query(() => [BlockedUserType], { description: 'The users the viewer blocked, the latest first' })
  blockedUsers(@Ctx() { ctx, services }: GqlContext): Promise<BlockedUserType[]> {
    return services.blocks.blockedUsers(ctx);
  }
}
