import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../db/base.entity.js';

export const ORDER_STATUSES = ['unpaid', 'delivery_pending', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type CancelledBy = 'buyer' | 'seller' | 'expiry';

/**
 * One purchase. Price, title and thumbnail are snapshots taken at purchase: a later edit of the
 * product never changes an order. Status changes only through OrderService's transition table.
 */
@Entity({ tableName: 'orders' })
export class Order extends BaseEntity {
  @Property({ type: 'uuid', fieldName: 'product_id' })
  productId!: string;

  @Property({ type: 'uuid', fieldName: 'buyer_id' })
  buyerId!: string;

  @Property({ type: 'uuid', fieldName: 'seller_id' })
  sellerId!: string;

  @Property({ type: 'integer' })
  quantity!: number;

  /** Integer paise. */
  @Property({ type: new BigIntType('string'), fieldName: 'unit_price_paise' })
  unitPricePaise!: string;

  /** Integer paise: unit price x quantity. */
  @Property({ type: new BigIntType('string'), fieldName: 'total_paise' })
  totalPaise!: string;

  @Property({ type: 'text' })
  status: Opt<OrderStatus> = 'unpaid';

  @Property({ type: 'text', fieldName: 'product_title' })
  productTitle!: string;

  @Property({ type: 'text', fieldName: 'product_thumbnail_key', nullable: true })
  productThumbnailKey: string | null = null;

  /** An unpaid order is cancelled (stock returned) after this moment. */
  @Property({ type: 'timestamptz', fieldName: 'pay_by' })
  payBy!: Date;

  @Property({ type: 'timestamptz', fieldName: 'paid_at', nullable: true })
  paidAt: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'delivered_at', nullable: true })
  deliveredAt: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'cancelled_at', nullable: true })
  cancelledAt: Date | null = null;

  @Property({ type: 'text', fieldName: 'cancelled_by', nullable: true })
  cancelledBy: CancelledBy | null = null;

  /** The buyer's live position at this order's last change (see pubsub/positions.ts). */
  @Property({ type: new BigIntType('string'), fieldName: 'buyer_position' })
  buyerPosition!: string;

  @Property({ type: new BigIntType('string'), fieldName: 'seller_position' })
  sellerPosition!: string;

  /** The purchase was fed to recommendations (once, by the order's first event job). */
  @Property({ type: 'boolean', fieldName: 'purchase_recorded' })
  purchaseRecorded: Opt<boolean> = false;
}
