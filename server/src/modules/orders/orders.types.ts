import { Field, ID, Int, ObjectType } from 'type-graphql';
import { paiseToRupees } from '../../common/money.js';
import { ImageUrlsType } from '../products/products.types.js';
import type { ImageUrls } from '../products/products.public.js';
import type { OrderView } from './orders.service.js';

@ObjectType('Order', { description: 'An order as its buyer or its seller sees it' })
export class OrderGqlType {
  @Field(() => ID) id!: string;
  @Field({ description: 'The last 8 characters of the id' }) displayId!: string;
  @Field(() => ID) productId!: string;
  @Field({ description: 'The product title as it was at purchase' }) productTitle!: string;
  @Field(() => ImageUrlsType, { nullable: true, description: 'The thumbnail as it was at purchase' }) thumbnail!: ImageUrls | null;
  @Field(() => Int) quantity!: number;
  @Field({ description: 'Unit price in paise (integer, as text), as it was at purchase' }) unitPricePaise!: string;
  @Field({ description: 'Unit price in rupees, e.g. "1234.50"' }) unitPrice!: string;
  @Field({ description: 'Total in paise (integer, as text)' }) totalPaise!: string;
  @Field({ description: 'Total in rupees' }) total!: string;
  @Field({ description: 'unpaid, delivery_pending, delivered or cancelled' }) status!: string;
  @Field({ description: 'buyer or seller: the viewer in this order' }) role!: string;
  @Field(() => ID) buyerId!: string;
  @Field(() => ID) sellerId!: string;
  @Field({ description: "'Deleted user' when the account was deleted" }) buyerUsername!: string;
  @Field({ description: "'Deleted user' when the account was deleted" }) sellerUsername!: string;
  @Field(() => String, { nullable: true, description: "The buyer's verified WhatsApp number: for the seller of a confirmed order only" })
  buyerPhone!: string | null;
  @Field(() => [String], { description: 'What the viewer may do now: confirm_payment, cancel (buyer); confirm_delivery, decline (seller)' })
  actions!: string[];
  @Field({ description: "The viewer's live position at this order's last change" }) position!: string;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
  @Field({ description: 'An unpaid order is cancelled after this moment' }) payBy!: Date;
  @Field(() => Date, { nullable: true }) paidAt!: Date | null;
  @Field(() => Date, { nullable: true }) deliveredAt!: Date | null;
  @Field(() => Date, { nullable: true }) cancelledAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'buyer, seller or expiry' }) cancelledBy!: string | null;
}

@ObjectType('OrderPage')
export class OrderPageType {
  @Field(() => [OrderGqlType]) items!: OrderGqlType[];
  @Field(() => Int) totalCount!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) offset!: number;
}

@ObjectType('OrderChanges', { description: "The viewer's orders changed after a live position, and the current position" })
export class OrderChangesType {
  @Field(() => [OrderGqlType]) items!: OrderGqlType[];
  @Field() position!: string;
}

@ObjectType('OrderEvent', { description: "A new order or a status change of one of the viewer's orders (as buyer or seller)" })
export class OrderEventType {
  @Field({ description: 'created or status_changed' }) type!: string;
  @Field({ description: "The viewer's live position of this event (monotonic); refetch ordersAfter(position) after a reconnect" })
  position!: string;
  @Field(() => OrderGqlType) order!: OrderGqlType;
}

export function toOrderGqlType(o: OrderView): OrderGqlType {
  return { ...o, unitPrice: paiseToRupees(o.unitPricePaise), total: paiseToRupees(o.totalPaise) };
}

/** The REST shim's order (snake_case; times in seconds; rupees as text). */
export function toRestOrder(o: OrderView) {
  const secs = (d: Date | null) => (d ? Math.floor(new Date(d).getTime() / 1000) : null);
  return {
    order_id: o.id,
    display_id: o.displayId,
    product_id: o.productId,
    product_title: o.productTitle,
    thumbnail_url: o.thumbnail?.md ?? null,
    thumbnail_urls: o.thumbnail,
    quantity: o.quantity,
    price: paiseToRupees(o.unitPricePaise),
    total_price: paiseToRupees(o.totalPaise),
    price_paise: o.unitPricePaise,
    total_paise: o.totalPaise,
    status: o.status,
    role: o.role,
    buyer_id: o.buyerId,
    seller_id: o.sellerId,
    buyer_username: o.buyerUsername,
    seller_username: o.sellerUsername,
    buyer_phone: o.buyerPhone,
    actions: o.actions,
    position: o.position,
    created_at: secs(o.createdAt),
    updated_at: secs(o.updatedAt),
    pay_by: secs(o.payBy),
    paid_at: secs(o.paidAt),
    delivered_at: secs(o.deliveredAt),
    cancelled_at: secs(o.cancelledAt),
    cancelled_by: o.cancelledBy,
  };
}
