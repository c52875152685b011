import { describe, expect, it } from 'vitest';
import { orderOf, orderViews, partiesOf, type OrderFields, type OrderPartiesRow, type Party } from '../order-views.js';
import type { OrderStatus } from '../order.entity.js';

const BUYER = '0190a000-0000-7000-8000-00000000000b';
const SELLER = '0190a000-0000-7000-8000-00000000000s';
const at = new Date('2026-03-01T12:00:00Z');
const thumbs = (key: string) => ({ sm: `/u/${key}-sm`, md: `/u/${key}-md`, lg: `/u/${key}-lg` });

const order = (status: OrderStatus, over: Partial<OrderFields> = {}): OrderFields => ({
  id: '0190a000-0000-7000-8000-0000abcdef12',
  productId: 'p',
  productTitle: 'Steel pipe',
  productThumbnailKey: 'products/p/t',
  quantity: 3,
  unitPricePaise: '50000',
  totalPaise: '150000',
  unit: 'kg',
  gstRate: 18,
  pricesIncludeGst: false,
  sellerGstin: '27AAPFU0939F1ZV',
  taxPaise: '27000',
  payablePaise: '177000',
  paymentSentAt: null,
  paymentUtr: null,
  paymentScreenshotKey: null,
  paymentNotReceivedAt: null,
  status,
  buyerId: BUYER,
  sellerId: SELLER,
  buyerPosition: '7',
  sellerPosition: '12',
  createdAt: at,
  updatedAt: at,
  payBy: at,
  paidAt: null,
  deliveredAt: null,
  cancelledAt: null,
  cancelledBy: null,
  invoiceNumber: null,
  ...over,
});

const parties = (buyer: Partial<Party> = {}, seller: Partial<Party> = {}) =>
  new Map<string, Party>([
    [BUYER, { id: BUYER, username: 'ravi', deletedAt: null, whatsappVerified: true, whatsappNumber: '+919876543210', sellerName: null, buyerName: null, ...buyer }],
    [SELLER, { id: SELLER, username: 'shop', deletedAt: null, whatsappVerified: true, whatsappNumber: '+919000000000', sellerName: null, buyerName: null, ...seller }],
  ]);

const viewOf = (viewer: string, o: OrderFields, users = parties()) => orderViews(viewer, [o], users, thumbs)[0]!;

describe('an order as each party sees it', () => {
  it("names the seller by the trade name, the buyer by the billing name, else by username; a deleted party as 'Deleted user'", () => {
    const o = order('unpaid');
    expect(viewOf(BUYER, o)).toMatchObject({ sellerName: 'shop', buyerName: 'ravi' });
    // A user's names by role: the seller's business when they sell, the billing name when they buy.
    const named = parties({ buyerName: 'Asha Hardware LLP', sellerName: 'Asha Sells' }, { sellerName: 'Sharma Steel & Co', buyerName: 'Sharma Buys' });
    for (const viewer of [BUYER, SELLER]) {
      expect(viewOf(viewer, o, named)).toMatchObject({ sellerName: 'Sharma Steel & Co', sellerUsername: 'shop', buyerName: 'Asha Hardware LLP', buyerUsername: 'ravi' });
    }
    const gone = parties({ deletedAt: at, buyerName: 'Asha Hardware LLP' }, { deletedAt: at, sellerName: 'Sharma Steel & Co' });
    expect(viewOf(BUYER, o, gone)).toMatchObject({ sellerName: 'Deleted user', buyerName: 'Deleted user' });
  });


  it("gives each party its role, its own position and its own actions", () => {
    const o = order('unpaid');
    expect(viewOf(BUYER, o)).toMatchObject({ role: 'buyer', position: '7', actions: ['confirm_payment', 'cancel'] });
    expect(viewOf(SELLER, o)).toMatchObject({ role: 'seller', position: '12', actions: ['decline'] });
  });

  it('shows the last 8 characters of the id and the thumbnail as it was at purchase', () => {
    const v = viewOf(BUYER, order('unpaid'));
    expect(v.displayId).toBe('abcdef12');
    expect(v.thumbnail).toEqual(thumbs('products/p/t'));
    expect(viewOf(BUYER, order('unpaid', { productThumbnailKey: null })).thumbnail).toBeNull();
  });

  it("shows the buyer's verified number to the seller of a confirmed order only", () => {
    expect(viewOf(SELLER, order('delivery_pending')).buyerPhone).toBe('+919876543210');
    expect(viewOf(SELLER, order('delivered')).buyerPhone).toBe('+919876543210');
    expect(viewOf(SELLER, order('unpaid')).buyerPhone).toBeNull();
    expect(viewOf(SELLER, order('cancelled')).buyerPhone).toBeNull();
    expect(viewOf(BUYER, order('delivered')).buyerPhone).toBeNull();
    expect(viewOf(SELLER, order('delivered'), parties({ whatsappVerified: false })).buyerPhone).toBeNull();
    expect(viewOf(SELLER, order('delivered'), parties({ deletedAt: at })).buyerPhone).toBeNull();
  });

  it("gives both parties the address of the buyer's payment screenshot, never its storage key", () => {
    const o = order('payment_sent', { paymentScreenshotKey: 'private/orders/x/abc' });
    for (const viewer of [BUYER, SELLER]) expect(viewOf(viewer, o).paymentScreenshotUrl).toBe(`/orders/${o.id}/payment-screenshot`);
    expect(JSON.stringify(viewOf(SELLER, o))).not.toContain('private/');
    expect(viewOf(SELLER, order('payment_sent')).paymentScreenshotUrl).toBeNull();
  });

  it("names a deleted (or unknown) party 'Deleted user'", () => {
    expect(viewOf(BUYER, order('unpaid'), parties({}, { deletedAt: at })).sellerUsername).toBe('Deleted user');
    expect(viewOf(SELLER, order('unpaid'), new Map()).buyerUsername).toBe('Deleted user');
  });
});

describe('an order read as a raw row', () => {
  const row: OrderPartiesRow = {
    id: 'o',
    created_at: '2026-03-01T12:00:00.000Z' as unknown as Date,
    updated_at: at,
    product_id: 'p',
    buyer_id: BUYER,
    seller_id: SELLER,
    quantity: 2,
    unit_price_paise: 100 as unknown as string,
    total_paise: '200',
    unit: 'piece',
    hsn_code: null,
    gst_rate: 0,
    prices_include_gst: true,
    seller_gstin: null,
    tax_paise: 0 as unknown as string,
    payable_paise: '200',
    payment_sent_at: at,
    payment_utr: '412345678901',
    payment_screenshot_key: 'private/orders/o/shot',
    payment_not_received_at: null,
    status: 'delivery_pending',
    product_title: 'Rice',
    product_thumbnail_key: null,
    pay_by: at,
    paid_at: at,
    delivered_at: null,
    cancelled_at: null,
    cancelled_by: null,
    invoice_number: 'INV/7',
    buyer_position: 3 as unknown as string,
    seller_position: '4',
    buyer_username: 'ravi',
    buyer_deleted_at: null,
    buyer_whatsapp_verified: true,
    buyer_whatsapp_number: '+919876543210',
    seller_username: 'shop',
    seller_deleted_at: null,
    buyer_business_name: null,
    seller_business_name: 'Sharma Steel & Co',
  };

  it('reads times given as text, and money and positions as text', () => {
    const o = orderOf(row);
    expect(o.createdAt).toEqual(at);
    expect(o.unitPricePaise).toBe('100');
    expect(o.buyerPosition).toBe('3');
    expect(o.deliveredAt).toBeNull();
    expect(o.taxPaise).toBe('0');
    expect(o.paymentSentAt).toEqual(at);
    expect(o.paymentUtr).toBe('412345678901');
    expect(o.invoiceNumber).toBe('INV/7');
    expect(o.paymentScreenshotKey).toBe('private/orders/o/shot');
  });

  it('links the invoice once it is made, for both parties', () => {
    const o = orderOf(row);
    for (const viewer of [BUYER, SELLER]) {
      expect(orderViews(viewer, [o], partiesOf(row), thumbs)[0]).toMatchObject({ invoiceNumber: 'INV/7', invoiceUrl: '/orders/o/invoice' });
    }
    expect(orderViews(BUYER, [{ ...o, invoiceNumber: null }], partiesOf(row), thumbs)[0]).toMatchObject({ invoiceNumber: null, invoiceUrl: null });
  });

  it('names the seller by the business read with the row', () => {
    expect(orderViews(BUYER, [orderOf(row)], partiesOf(row), thumbs)[0]).toMatchObject({ sellerName: 'Sharma Steel & Co', sellerUsername: 'shop', buyerName: 'ravi' });
  });

  it("never carries the seller's number", () => {
    expect(partiesOf(row).get(SELLER)).toMatchObject({ whatsappVerified: false, whatsappNumber: null });
    expect(partiesOf(row).get(BUYER)).toMatchObject({ whatsappVerified: true, whatsappNumber: '+919876543210' });
  });
});
