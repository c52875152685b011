import { z } from 'zod';
import { isoTime } from '../../outbox/outbox.js';
import type { GstRate } from '../business/business.public.js';
import { UNITS, type ImageUrls, type Unit } from '../products/products.public.js';
import type { User } from '../users/user.entity.js';
import { allowedActions, isConfirmed, ORDER_ACTIONS, type OrderRole } from './order-lifecycle.js';
import { ORDER_STATUSES, type CancelledBy, type Order, type OrderStatus } from './order.entity.js';

/** Shown for the other side of an order whose account was deleted. */
export const DELETED_USER = 'Deleted user';

/**
 * An order as one of its two parties sees it: what GraphQL, the REST shim and the live event show,
 * declared once. Its times are Dates once parsed (an `order.changed` event carries it as JSON).
 */
export const orderViewSchema = z.object({
  id: z.string(),
  /** The last 8 characters of the id. */
  displayId: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  thumbnail: z.object({ sm: z.string(), md: z.string(), lg: z.string() }).nullable(),
  quantity: z.number(),
  /** The unit the quantity and the unit price count in. */
  unit: z.enum(UNITS),
  /** Integer paise as text: the quantity's price band's, or the quote's. */
  unitPricePaise: z.string(),
  totalPaise: z.string(),
  /** The GST rate (%), charged only when the seller had a GSTIN (taxed). */
  gstRate: z.number(),
  taxed: z.boolean(),
  pricesIncludeGst: z.boolean(),
  /** The GST the total holds (prices with GST) or adds (prices before GST), paise as text. */
  taxPaise: z.string(),
  /** What the buyer pays, paise as text. */
  payablePaise: z.string(),
  status: z.enum(ORDER_STATUSES),
  role: z.enum(['buyer', 'seller']),
  buyerId: z.string(),
  sellerId: z.string(),
  buyerUsername: z.string(),
  sellerUsername: z.string(),
  /** How the order names its parties: the seller's trade name (else legal name), the buyer's billing name; else the username. */
  buyerName: z.string(),
  sellerName: z.string(),
  /** The buyer's verified WhatsApp number: for the seller of a paid (confirmed) order only. */
  buyerPhone: z.string().nullable(),
  actions: z.array(z.enum(ORDER_ACTIONS)),
  /** The viewer's live position at this order's last change. */
  position: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
  payBy: isoTime,
  /** When the buyer said they paid, and the UTR they gave (both parties see it). */
  paymentSentAt: isoTime.nullable(),
  paymentUtr: z.string().nullable(),
  /** Where both parties see the buyer's payment screenshot (the large picture; `/preview` the small one), when given. */
  paymentScreenshotUrl: z.string().nullable(),
  /** When the seller last said the payment did not arrive. */
  paymentNotReceivedAt: isoTime.nullable(),
  /** When the seller marked the payment received. */
  paidAt: isoTime.nullable(),
  deliveredAt: isoTime.nullable(),
  cancelledAt: isoTime.nullable(),
  cancelledBy: z.enum(['buyer', 'seller', 'expiry']).nullable(),
  /** The order's GST invoice once made (docs/product.md#gst-invoices): its number and where both parties download it. */
  invoiceNumber: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
});
export type OrderView = z.output<typeof orderViewSchema>;

export interface OrderPage {
  items: OrderView[];
  totalCount: number;
  limit: number;
  offset: number;
}

/**
 * What an order's view needs of its two parties: their account, and their business names (a seller's
 * trade name, else legal name; a buyer's billing name), when given.
 */
export type Party = Pick<User, 'id' | 'username' | 'deletedAt' | 'whatsappVerified' | 'whatsappNumber'> & { sellerName: string | null; buyerName: string | null };

/** What an order's view reads of the order. */
export type OrderFields = Pick<
  Order,
  | 'id' | 'productId' | 'productTitle' | 'productThumbnailKey' | 'quantity' | 'unitPricePaise' | 'totalPaise' | 'status' | 'buyerId' | 'sellerId'
  | 'unit' | 'gstRate' | 'pricesIncludeGst' | 'sellerGstin' | 'taxPaise' | 'payablePaise'
  | 'buyerPosition' | 'sellerPosition' | 'createdAt' | 'updatedAt' | 'payBy' | 'paidAt' | 'deliveredAt' | 'cancelledAt' | 'cancelledBy'
  | 'paymentSentAt' | 'paymentUtr' | 'paymentScreenshotKey' | 'paymentNotReceivedAt' | 'invoiceNumber'
>;

/** An order row as plain SQL reads it. */
export interface OrderRow {
  id: string;
  created_at: Date;
  updated_at: Date;
  product_id: string;
  buyer_id: string;
  seller_id: string;
  quantity: number;
  unit_price_paise: string;
  total_paise: string;
  unit: Unit;
  hsn_code: string | null;
  gst_rate: GstRate;
  prices_include_gst: boolean;
  seller_gstin: string | null;
  tax_paise: string;
  payable_paise: string;
  status: OrderStatus;
  product_title: string;
  product_thumbnail_key: string | null;
  pay_by: Date;
  paid_at: Date | null;
  payment_sent_at: Date | null;
  payment_utr: string | null;
  payment_screenshot_key: string | null;
  payment_not_received_at: Date | null;
  delivered_at: Date | null;
  cancelled_at: Date | null;
  cancelled_by: CancelledBy | null;
  invoice_number: string | null;
  buyer_position: string;
  seller_position: string;
}

/** An order row with what its view needs of the two parties (order-store.ts `withParties`). */
export interface OrderPartiesRow extends OrderRow {
  buyer_username: string;
  buyer_deleted_at: Date | null;
  buyer_whatsapp_verified: boolean;
  buyer_whatsapp_number: string | null;
  buyer_business_name: string | null;
  seller_username: string;
  seller_deleted_at: Date | null;
  seller_business_name: string | null;
}

/** A time of a raw row (the driver may answer text). */
const timeOf = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const maybeTimeOf = (v: Date | string | null): Date | null => (v === null ? null : timeOf(v));

export function orderOf(r: OrderRow): OrderFields {
  return {
    id: r.id,
    productId: r.product_id,
    productTitle: r.product_title,
    productThumbnailKey: r.product_thumbnail_key,
    quantity: r.quantity,
    unitPricePaise: String(r.unit_price_paise),
    totalPaise: String(r.total_paise),
    unit: r.unit,
    gstRate: r.gst_rate,
    pricesIncludeGst: r.prices_include_gst,
    sellerGstin: r.seller_gstin,
    taxPaise: String(r.tax_paise),
    payablePaise: String(r.payable_paise),
    status: r.status,
    buyerId: r.buyer_id,
    sellerId: r.seller_id,
    buyerPosition: String(r.buyer_position),
    sellerPosition: String(r.seller_position),
    createdAt: timeOf(r.created_at),
    updatedAt: timeOf(r.updated_at),
    payBy: timeOf(r.pay_by),
    paidAt: maybeTimeOf(r.paid_at),
    paymentSentAt: maybeTimeOf(r.payment_sent_at),
    paymentUtr: r.payment_utr,
    paymentScreenshotKey: r.payment_screenshot_key,
    paymentNotReceivedAt: maybeTimeOf(r.payment_not_received_at),
    deliveredAt: maybeTimeOf(r.delivered_at),
    cancelledAt: maybeTimeOf(r.cancelled_at),
    cancelledBy: r.cancelled_by,
    invoiceNumber: r.invoice_number,
  };
}

/** The two parties of a row read with them (the seller's number is never shown, so never carried). */
export function partiesOf(r: OrderPartiesRow): Map<string, Party> {
  return new Map<string, Party>([
    [
      r.buyer_id,
      {
        id: r.buyer_id,
        username: r.buyer_username,
        deletedAt: r.buyer_deleted_at,
        whatsappVerified: r.buyer_whatsapp_verified,
        whatsappNumber: r.buyer_whatsapp_number,
        sellerName: null,
        buyerName: r.buyer_business_name,
      },
    ],
    [r.seller_id, { id: r.seller_id, username: r.seller_username, deletedAt: r.seller_deleted_at, whatsappVerified: false, whatsappNumber: null, sellerName: r.seller_business_name, buyerName: null }],
  ]);
}

/**
 * Orders as `viewerId` sees them: their role, the actions open to it, their own live position; a
 * deleted party as 'Deleted user'; the buyer's verified WhatsApp number for the seller of a
 * confirmed order only.
 */
export function orderViews(viewerId: string, orders: OrderFields[], users: Map<string, Party>, thumbnailUrls: (key: string) => ImageUrls): OrderView[] {
  const name = (id: string) => {
    const u = users.get(id);
    return !u || u.deletedAt ? DELETED_USER : u.username;
  };
  // A deleted party keeps no name, business or not.
  const businessName = (id: string, role: OrderRole) => {
    const u = users.get(id);
    return !u || u.deletedAt ? DELETED_USER : ((role === 'seller' ? u.sellerName : u.buyerName) ?? u.username);
  };
  return orders.map((o) => {
    const role: OrderRole = o.buyerId === viewerId ? 'buyer' : 'seller';
    const buyer = users.get(o.buyerId);
    return {
      id: o.id,
      displayId: o.id.slice(-8),
      productId: o.productId,
      productTitle: o.productTitle,
      thumbnail: o.productThumbnailKey ? thumbnailUrls(o.productThumbnailKey) : null,
      quantity: o.quantity,
      unitPricePaise: String(o.unitPricePaise),
      totalPaise: String(o.totalPaise),
      unit: o.unit,
      gstRate: o.gstRate,
      taxed: o.sellerGstin !== null,
      pricesIncludeGst: o.pricesIncludeGst,
      taxPaise: String(o.taxPaise),
      payablePaise: String(o.payablePaise),
      status: o.status,
      role,
      buyerId: o.buyerId,
      sellerId: o.sellerId,
      buyerUsername: name(o.buyerId),
      sellerUsername: name(o.sellerId),
      buyerName: businessName(o.buyerId, 'buyer'),
      sellerName: businessName(o.sellerId, 'seller'),
      buyerPhone: role === 'seller' && isConfirmed(o.status) && buyer && !buyer.deletedAt && buyer.whatsappVerified ? buyer.whatsappNumber : null,
      actions: allowedActions(o.status, role),
      position: String(role === 'buyer' ? o.buyerPosition : o.sellerPosition),
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
      payBy: o.payBy,
      paymentSentAt: o.paymentSentAt,
      paymentUtr: o.paymentUtr,
      paymentScreenshotUrl: o.paymentScreenshotKey ? `/orders/${o.id}/payment-screenshot` : null,
      paymentNotReceivedAt: o.paymentNotReceivedAt,
      paidAt: o.paidAt,
      deliveredAt: o.deliveredAt,
      cancelledAt: o.cancelledAt,
      cancelledBy: o.cancelledBy,
      invoiceNumber: o.invoiceNumber,
      invoiceUrl: o.invoiceNumber ? `/orders/${o.id}/invoice` : null,
    };
  });
}
