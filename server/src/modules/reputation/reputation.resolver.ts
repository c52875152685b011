import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GqlContext } from '../../graphql/context.js';
import { SearchResultType } from '../search/search.types.js';
import type { ReputationService } from './reputation.service.js';
import type { ReviewService } from './reviews.service.js';
import { ReviewInputType, ReviewType, SellerBadgeType, SellerProfileType, SellerReviewsType } from './reputation.types.js';

/** What these resolvers use of the services. */
type Context = GqlContext<{ reputation: ReputationService; reviews: ReviewService }>;

/** Seller profiles and reviews over GraphQL: the same service calls as the REST shim (docs/product.md#seller-profiles, #reviews). */
@Resolver()
export class ReputationResolver {
  @Query(() => SellerProfileType, { description: "A seller's public profile: business name and place, member since, earned badges, rating, listed products (paged)" })
  sellerProfile(
    @Arg('username') username: string,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Ctx() { ctx, services }: Context,
  ): Promise<SellerProfileType> {
    return services.reputation.profile(ctx, username, { limit: limit ?? undefined, offset: offset ?? undefined });
  }

  @Query(() => [SellerBadgeType], { description: "A user's earned badges, for the compact row beside their name (none for an unknown account)" })
  sellerBadges(@Arg('userId', () => ID) userId: string, @Ctx() { ctx, services }: Context): Promise<SellerBadgeType[]> {
    return services.reputation.badges(ctx, userId);
  }

  @Query(() => SellerReviewsType, { description: "A seller's reviews, newest first, with the average once 3 count" })
  sellerReviews(
    @Arg('username') username: string,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Ctx() { ctx, services }: Context,
  ): Promise<SellerReviewsType> {
    return services.reputation.reviews(ctx, username, { limit: limit ?? undefined, offset: offset ?? undefined });
  }

  @Query(() => ReviewType, { nullable: true, description: "The viewer's review of one of their orders, if they wrote one" })
  orderReview(@Arg('orderId', () => ID) orderId: string, @Ctx() { ctx, services }: Context): Promise<ReviewType | null> {
    return services.reviews.ofOrder(ctx, orderId);
  }

  @Mutation(() => ReviewType, { description: "The buyer's review of a delivered order (once, within 60 days of delivery)" })
  reviewOrder(@Arg('orderId', () => ID) orderId: string, @Arg('input', () => ReviewInputType) input: ReviewInputType, @Ctx() { ctx, services }: Context): Promise<ReviewType> {
    return services.reviews.write(ctx, { orderId, rating: input.rating, text: input.text });
  }

  @Mutation(() => ReviewType, { description: 'Changes a review (its author, within 48 hours of writing it)' })
  editReview(@Arg('reviewId', () => ID) reviewId: string, @Arg('input', () => ReviewInputType) input: ReviewInputType, @Ctx() { ctx, services }: Context): Promise<ReviewType> {
    return services.reviews.edit(ctx, { reviewId, rating: input.rating, text: input.text });
  }

  @Mutation(() => ReviewType, { description: "The seller's one answer to a review" })
  replyToReview(@Arg('reviewId', () => ID) reviewId: string, @Arg('text') text: string, @Ctx() { ctx, services }: Context): Promise<ReviewType> {
    return services.reviews.reply(ctx, { reviewId, text });
  }

  @Mutation(() => Boolean, { description: 'Operators only: removes a review (it leaves the average), with a note for the audit log' })
  removeReview(@Arg('reviewId', () => ID) reviewId: string, @Arg('note') note: string, @Ctx() { ctx, services }: Context): Promise<boolean> {
    return services.reviews.remove(ctx, { reviewId, note });
  }
}

/** What reputation adds to a search result: its seller's badges, for the card's compact row (docs/product.md#seller-profiles). */
@Resolver(() => SearchResultType)
export class SearchResultBadgesResolver {
  @FieldResolver(() => [SellerBadgeType], { description: "The seller's earned badges, compact on the result card (read once per seller and request)" })
  sellerBadges(@Root() result: SearchResultType, @Ctx() { ctx, services }: Context): Promise<SellerBadgeType[]> {
    return services.reputation.badgesOnce(ctx, result.product.sellerId);
  }
}
