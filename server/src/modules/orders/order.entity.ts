import { BigIntType, type Opt } from '@mikro-orm/core';
import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../db/base.entity.js';
import type { GstRate } from '../business/business.public.js';
import type { Unit } from '../products/products.public.js';

export const ORDER_STATUSES = ['unpaid', 'payment_sent', 'delivery_pending', 'delivered', 'cancelled'] as const;
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

  /** The product's unit at purchase: the quantity and the unit price count in it. */
  @Property({ type: 'text' })
  unit: Opt<Unit> = 'piece';

  @Property({ type: 'text', fieldName: 'hsn_code', nullable: true })
  hsnCode: string | null = null;

  /** The product's GST rate (%) at purchase; charged only with a seller GSTIN. */
  @Property({ type: 'smallint', fieldName: 'gst_rate' })
  gstRate: Opt<GstRate> = 0;

  /** Whether the seller's prices included GST at purchase (else the tax is added to the total). */
  @Property({ type: 'boolean', fieldName: 'prices_include_gst' })
  pricesIncludeGst: Opt<boolean> = true;

  /** The seller's GSTIN at purchase; none: no tax (a bill of supply). */
  @Property({ type: 'text', fieldName: 'seller_gstin', nullable: true })
  sellerGstin: string | null = null;

  /** Integer paise: the GST the total holds (prices with GST) or adds (prices before GST). */
  @Property({ type: new BigIntType('string'), fieldName: 'tax_paise' })
  taxPaise: Opt<string> = '0';

  /** Integer paise: what the buyer pays (the total, plus the tax when prices are before GST). */
  @Property({ type: new BigIntType('string'), fieldName: 'payable_paise' })
  payablePaise!: string;

  @Property({ type: 'text' })
  status: Opt<OrderStatus> = 'unpaid';

  @Property({ type: 'text', fieldName: 'product_title' })
  productTitle!: string;

  @Property({ type: 'text', fieldName: 'product_thumbnail_key', nullable: true })
  productThumbnailKey: string | null = null;

  /** An unpaid order is cancelled (stock returned) after this moment. */
  @Property({ type: 'timestamptz', fieldName: 'pay_by' })
  payBy!: Date;

  /** The buyer said they paid (payment_sent), with the UPI transaction reference when given. */
  @Property({ type: 'timestamptz', fieldName: 'payment_sent_at', nullable: true })
  paymentSentAt: Date | null = null;

  /** 12 digits. */
  @Property({ type: 'text', fieldName: 'payment_utr', nullable: true })
  paymentUtr: string | null = null;

  /** The base storage key of the buyer's payment screenshot (private webp variants), when given with the confirmation. */
  @Property({ type: 'text', fieldName: 'payment_screenshot_key', nullable: true })
  paymentScreenshotKey: string | null = null;

  /** The seller last said the payment did not arrive (the order went back to unpaid). */
  @Property({ type: 'timestamptz', fieldName: 'payment_not_received_at', nullable: true })
  paymentNotReceivedAt: Date | null = null;

  /** The seller marked the payment received. */
  @Property({ type: 'timestamptz', fieldName: 'paid_at', nullable: true })
  paidAt: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'delivered_at', nullable: true })
  deliveredAt: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'cancelled_at', nullable: true })
  cancelledAt: Date | null = null;

  @Property({ type: 'text', fieldName: 'cancelled_by', nullable: true })
  cancelledBy: CancelledBy | null = null;

  /** The number of the order's GST invoice, once made (the invoices module makes it). */
  @Property({ type: 'text', fieldName: 'invoice_number', nullable: true })
  invoiceNumber: string | null = null;

  /** The buyer's live position at this order's last change (see pubsub/positions.ts). */
  @Property({ type: new BigIntType('string'), fieldName: 'buyer_position' })
  buyerPosition!: string;

  @Property({ type: new BigIntType('string'), fieldName: 'seller_position' })
  sellerPosition!: string;

  /** The purchase was fed to recommendations (once, by the order's first event job). */
  @Property({ type: 'boolean', fieldName: 'purchase_recorded' })
  purchaseRecorded: Opt<boolean> = false;
}
