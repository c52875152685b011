import { Field, ID, Int, ObjectType } from 'type-graphql';
import { paiseToRupees } from '../../common/money.js';
import { ImageUrlsType } from '../products/products.types.js';
import type { ImageUrls } from '../products/products.public.js';
import type { OrderPayment, OrderView } from './orders.service.js';

@ObjectType('Order', { description: 'An order as its buyer or its seller sees it' })
export class OrderType {
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
  @Field({ description: 'The unit the quantity and the unit price count in (piece, kg, ...)' }) unit!: string;
  @Field(() => Int, { description: 'GST rate in %, charged only when taxed' }) gstRate!: number;
  @Field({ description: 'Whether GST is charged (the seller had a GSTIN at purchase)' }) taxed!: boolean;
  @Field({ description: 'Whether the prices include GST (else the tax is added to the total)' }) pricesIncludeGst!: boolean;
  @Field({ description: 'The GST the total holds or adds, in paise (integer, as text)' }) taxPaise!: string;
  @Field({ description: 'What the buyer pays, in paise (integer, as text)' }) payablePaise!: string;
  @Field({ description: 'What the buyer pays, in rupees' }) payable!: string;
  @Field({ description: 'unpaid, payment_sent (the buyer says they paid; the seller checks), delivery_pending, delivered or cancelled' }) status!: string;
  @Field({ description: 'buyer or seller: the viewer in this order' }) role!: string;
  @Field(() => ID) buyerId!: string;
  @Field(() => ID) sellerId!: string;
  @Field({ description: "'Deleted user' when the account was deleted" }) buyerUsername!: string;
  @Field({ description: "'Deleted user' when the account was deleted" }) sellerUsername!: string;
  @Field({ description: "How the order names its buyer: their billing (business) name when given, else the username; 'Deleted user' when the account was deleted" })
  buyerName!: string;
  @Field({ description: "How the order names its seller: the trade name, else the legal name of their business details, else the username; 'Deleted user' when the account was deleted" })
  sellerName!: string;
  @Field(() => String, { nullable: true, description: "The buyer's verified WhatsApp number: for the seller of a confirmed order only" })
  buyerPhone!: string | null;
  @Field(() => [String], { description: 'What the viewer may do now: confirm_payment, cancel (buyer); payment_received, payment_not_received, confirm_delivery, decline (seller)' })
  actions!: string[];
  @Field({ description: "The viewer's live position at this order's last change" }) position!: string;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
  @Field({ description: 'An unpaid order is cancelled after this moment' }) payBy!: Date;
  @Field(() => Date, { nullable: true, description: 'When the buyer said they paid' }) paymentSentAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'The UPI transaction reference (12 digits) the buyer gave' }) paymentUtr!: string | null;
  @Field(() => String, { nullable: true, description: "Where the order's two parties see the payment screenshot the buyer gave (add /preview for the small picture)" })
  paymentScreenshotUrl!: string | null;
  @Field(() => Date, { nullable: true, description: 'When the seller last said the payment did not arrive (the order is unpaid again)' })
  paymentNotReceivedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the seller marked the payment received' }) paidAt!: Date | null;
  @Field(() => Date, { nullable: true }) deliveredAt!: Date | null;
  @Field(() => Date, { nullable: true }) cancelledAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'buyer, seller or expiry' }) cancelledBy!: string | null;
  @Field(() => String, { nullable: true, description: "The GST invoice's number, once the invoice is made (after the seller marks the payment received)" })
  invoiceNumber!: string | null;
  @Field(() => String, { nullable: true, description: 'Where both parties download the invoice (PDF), once made' }) invoiceUrl!: string | null;
}

@ObjectType('OrderPage')
export class OrderPageType {
  @Field(() => [OrderType]) items!: OrderType[];
  @Field(() => Int) totalCount!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) offset!: number;
}

@ObjectType('OrderChanges', { description: "The viewer's orders changed after a live position, and the current position" })
export class OrderChangesType {
  @Field(() => [OrderType]) items!: OrderType[];
  @Field() position!: string;
}

@ObjectType('OrderEvent', { description: "A new order or a status change of one of the viewer's orders (as buyer or seller)" })
export class OrderEventType {
  @Field({ description: 'created, status_changed or invoice_made' }) type!: string;
  @Field({ description: "The viewer's live position of this event (monotonic); refetch ordersAfter(position) after a reconnect" })
  position!: string;
  @Field(() => OrderType) order!: OrderType;
}

export function toOrderType(o: OrderView): OrderType {
  return { ...o, unitPrice: paiseToRupees(o.unitPricePaise), total: paiseToRupees(o.totalPaise), payable: paiseToRupees(o.payablePaise) };
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
    unit: o.unit,
    gst_rate: o.gstRate,
    taxed: o.taxed,
    prices_include_gst: o.pricesIncludeGst,
    tax_paise: o.taxPaise,
    payable_paise: o.payablePaise,
    payable: paiseToRupees(o.payablePaise),
    status: o.status,
    role: o.role,
    buyer_id: o.buyerId,
    seller_id: o.sellerId,
    buyer_username: o.buyerUsername,
    seller_username: o.sellerUsername,
    buyer_name: o.buyerName,
    seller_name: o.sellerName,
    buyer_phone: o.buyerPhone,
    actions: o.actions,
    position: o.position,
    created_at: secs(o.createdAt),
    updated_at: secs(o.updatedAt),
    pay_by: secs(o.payBy),
    payment_sent_at: secs(o.paymentSentAt),
    payment_utr: o.paymentUtr,
    payment_screenshot_url: o.paymentScreenshotUrl,
    payment_not_received_at: secs(o.paymentNotReceivedAt),
    paid_at: secs(o.paidAt),
    delivered_at: secs(o.deliveredAt),
    cancelled_at: secs(o.cancelledAt),
    cancelled_by: o.cancelledBy,
    invoice_number: o.invoiceNumber,
    invoice_url: o.invoiceUrl,
  };
}

@ObjectType('QrCode', { description: 'A QR code as one SVG path over a square of size x size modules' })
export class QrCodeType {
  @Field(() => Int) size!: number;
  @Field() path!: string;
}

@ObjectType('PayeeBank')
export class PayeeBankType {
  @Field() accountName!: string;
  @Field() accountNumber!: string;
  @Field() ifsc!: string;
}

@ObjectType('Payee')
export class PayeeType {
  @Field({ description: "The seller's trade name, else legal name, else username" }) name!: string;
  @Field(() => String, { nullable: true, description: 'UPI ID' }) vpa!: string | null;
  @Field(() => PayeeBankType, { nullable: true, description: 'Bank details, when there is no UPI ID' }) bank!: PayeeBankType | null;
}

@ObjectType('OrderPayment', { description: 'How the buyer pays an order (docs/product.md#paying)' })
export class OrderPaymentType {
  @Field({ description: "upi (the link and QR), bank (transfer to the account) or chat (ask the seller in chat)" }) method!: string;
  @Field(() => String, { nullable: true, description: 'upi://pay link with the payee, amount, INR and the order in the note' }) upiUri!: string | null;
  @Field(() => QrCodeType, { nullable: true, description: 'The same link as a QR code' }) qr!: QrCodeType | null;
  @Field(() => PayeeType) payee!: PayeeType;
  @Field({ description: 'Paise (integer, as text)' }) amountPaise!: string;
  @Field({ description: 'Rupees' }) amount!: string;
  @Field() currency!: string;
  @Field({ description: "The order's display id, named in the payment's note" }) reference!: string;
}

export const toOrderPaymentType = (p: OrderPayment): OrderPaymentType => ({ ...p, amount: paiseToRupees(p.amountPaise) });

/** The REST shim's payment details (snake_case). */
export function toRestPayment(p: OrderPayment) {
  const bank = p.payee.bank;
  return {
    method: p.method,
    upi_uri: p.upiUri,
    qr: p.qr,
    payee: {
      name: p.payee.name,
      vpa: p.payee.vpa,
      bank: bank && { account_name: bank.accountName, account_number: bank.accountNumber, ifsc: bank.ifsc },
    },
    amount_paise: p.amountPaise,
    amount: paiseToRupees(p.amountPaise),
    currency: p.currency,
    reference: p.reference,
  };
}
