import { Field, Int, ObjectType } from 'type-graphql';
import type { SellerFigures } from './dashboard.service.js';

@ObjectType('SellerFigures', { description: "The viewer's own figures as a seller (docs/product.md#seller-figures)" })
export class SellerFiguresType implements SellerFigures {
  @Field(() => Int, { description: 'Orders whose buyer has yet to pay' }) ordersAwaitingPayment!: number;
  @Field(() => Int, { description: 'Paid orders to deliver' }) ordersToDeliver!: number;
  @Field(() => Int, { description: 'Unread chat messages, in every conversation' }) unreadMessages!: number;
  @Field(() => Int, { description: 'Listings buyers can see' }) listingsActive!: number;
  @Field(() => Int, { description: 'Listings switched off (buyers do not see them)' }) listingsOff!: number;
}

/** The REST shim's shape (snake_case). */
export const toRestSellerFigures = (f: SellerFigures) => ({
  orders_awaiting_payment: f.ordersAwaitingPayment,
  orders_to_deliver: f.ordersToDeliver,
  unread_messages: f.unreadMessages,
  listings_active: f.listingsActive,
  listings_off: f.listingsOff,
});
