import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import { SellerProfileType } from './reputation.types.js';

/** Seller profiles over GraphQL: the same service calls as the REST shim (docs/product.md#seller-profiles). */
@Resolver()
export class ReputationResolver {
  @Query(() => SellerProfileType, { description: "A seller's public profile: business name and place, member since, earned badges, listed products (paged)" })
  sellerProfile(
    @Arg('username') username: string,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Ctx() { ctx, services }: GqlContext,
  ): Promise<SellerProfileType> {
    return services.reputation.profile(ctx, username, { limit: limit ?? undefined, offset: offset ?? undefined });
  }
}
