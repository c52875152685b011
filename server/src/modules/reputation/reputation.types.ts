import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { Locale } from '../../common/request-context.js';
import { toRestProduct } from '../products/products.public.js';
import { ProductPageType } from '../products/products.types.js';
import type { ProductPage } from '../products/products.service.js';
import type { Badge, SellerProfileView } from './reputation.service.js';

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
});

export const toRestProductPage = (page: ProductPage, locale: Locale) => ({
  products: page.items.map((p) => toRestProduct(p, locale)),
  total_count: page.totalCount,
  limit: page.limit,
  offset: page.offset,
});
