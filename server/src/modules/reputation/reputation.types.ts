import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { Locale } from '../../common/request-context.js';
import { toRestProduct } from '../products/products.public.js';
import { ProductPageType } from '../products/products.types.js';
import type { ProductPage } from '../products/products.service.js';
import type { Badge, SellerProfileView, SellerReviewsView } from './reputation.service.js';
import type { ReviewView } from './reviews.service.js';

@ObjectType('SellerBadge', { description: 'A badge a seller earned (docs/product.md#seller-profiles)', simpleResolvers: true })
export class SellerBadgeType implements Badge {
  @Field(() => String, { description: 'email_verified | whatsapp_verified | gstin_checked | replies_within | orders_delivered | cancellation_rate' })
  kind!: Badge['kind'];
  @Field(() => Int, { nullable: true, description: 'Hours (replies_within), a count (orders_delivered) or a percentage (cancellation_rate)' })
  value!: number | null;
}

@ObjectType('SellerProfile', { description: "A seller's public profile with their earned badges and listed products", simpleResolvers: true })
export class SellerProfileType implements SellerProfileView {
  @Field(() => ID) userId!: string;
  @Field() username!: string;
  @Field(() => String, { nullable: true }) tradeName!: string | null;
  @Field(() => String, { nullable: true }) city!: string | null;
  @Field(() => String, { nullable: true, description: "The state's name in the request's language" }) state!: string | null;
  @Field() memberSince!: Date;
  @Field(() => [SellerBadgeType]) badges!: Badge[];
  @Field(() => Float, { nullable: true, description: 'The average rating to one decimal, once 3 reviews count' }) ratingAverage!: number | null;
  @Field(() => Int, { description: 'How many reviews count (removed ones never do)' }) reviewCount!: number;
  @Field(() => ProductPageType, { description: 'Their listed products, newest first' }) products!: ProductPage;
}

/** The REST shape of a profile (snake_case; member_since in seconds). */
export const toRestSellerProfile = (p: SellerProfileView) => ({
  user_id: p.userId,
  username: p.username,
  trade_name: p.tradeName,
  city: p.city,
  state: p.state,
  member_since: Math.floor(p.memberSince.getTime() / 1000),
  badges: p.badges.map((b) => ({ kind: b.kind, value: b.value })),
  rating_average: p.ratingAverage,
  review_count: p.reviewCount,
});

export const toRestProductPage = (page: ProductPage, locale: Locale) => ({
  products: page.items.map((p) => toRestProduct(p, locale)),
  total_count: page.totalCount,
  limit: page.limit,
  offset: page.offset,
});

@ObjectType('Review', { description: "A buyer's review of a delivered order, with the seller's answer", simpleResolvers: true })
export class ReviewType implements ReviewView {
  @Field(() => ID) id!: string;
  @Field(() => ID) orderId!: string;
  @Field(() => ID) sellerId!: string;
  @Field({ description: "The buyer's username (empty for a deleted account)" }) buyerName!: string;
  @Field() productTitle!: string;
  @Field(() => Int) rating!: number;
  @Field(() => String, { nullable: true }) text!: string | null;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true }) editedAt!: Date | null;
  @Field({ description: 'Until when its author may change it' }) editableUntil!: Date;
  @Field(() => String, { nullable: true }) reply!: string | null;
  @Field(() => Date, { nullable: true }) repliedAt!: Date | null;
}

@ObjectType('SellerReviews', { simpleResolvers: true })
export class SellerReviewsType implements SellerReviewsView {
  @Field(() => Float, { nullable: true, description: 'The average rating to one decimal, once 3 reviews count' }) ratingAverage!: number | null;
  @Field(() => Int) reviewCount!: number;
  @Field(() => [ReviewType], { description: 'Newest first' }) items!: ReviewView[];
  @Field(() => Int) totalCount!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) offset!: number;
}

@InputType('ReviewInput')
export class ReviewInputType {
  @Field(() => Int, { description: '1 to 5 stars' }) rating!: number;
  @Field(() => String, { nullable: true }) text?: string | null;
}

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** The REST shape of a review (snake_case; times in seconds). */
export const toRestReview = (r: ReviewView) => ({
  review_id: r.id,
  order_id: r.orderId,
  seller_id: r.sellerId,
  buyer_name: r.buyerName,
  product_title: r.productTitle,
  rating: r.rating,
  text: r.text,
  created_at: seconds(r.createdAt),
  edited_at: seconds(r.editedAt),
  editable_until: seconds(r.editableUntil),
  reply: r.reply,
  replied_at: seconds(r.repliedAt),
});

export const toRestSellerReviews = (v: SellerReviewsView) => ({
  rating_average: v.ratingAverage,
  review_count: v.reviewCount,
  reviews: v.items.map(toRestReview),
  total_count: v.totalCount,
  limit: v.limit,
  offset: v.offset,
});
