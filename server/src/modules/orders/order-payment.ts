import { qrPath, upiPayUri, type QrPath } from '../business/business.public.js';
import type { SellerBusiness } from '../business/business.service.js';

/**
 * How the buyer of an order pays the seller (docs/product.md#paying): to the seller's UPI ID with a
 * `upi://pay` link (and its QR code, for paying from another phone) naming the amount and the order;
 * without a UPI ID to the seller's bank account when given; else the buyer asks the seller in chat.
 */
export interface OrderPayment {
  /** upi: the link and QR; bank: the account to transfer to; chat: ask the seller. */
  method: 'upi' | 'bank' | 'chat';
  upiUri: string | null;
  qr: QrPath | null;
  payee: {
    /** The name the buyer sees: the trade name, else the legal name, else the seller's username. */
    name: string;
    vpa: string | null;
    bank: { accountName: string; accountNumber: string; ifsc: string } | null;
  };
  /** What the buyer pays, integer paise as text. */
  amountPaise: string;
  currency: 'INR';
  /** The order's display id, in the payment's note ('Order 1a2b3c4d'). */
  reference: string;
}

/** The payment details of an order of `payablePaise` from a seller with `business` details (or none). */
export function orderPayment(order: { displayId: string; payablePaise: string; sellerUsername: string }, business: SellerBusiness | null): OrderPayment {
  const name = business ? (business.tradeName ?? business.legalName) : order.sellerUsername;
  const vpa = business?.upiVpa ?? null;
  const bank = business?.bank ?? null;
  const reference = order.displayId;
  const upiUri = vpa ? upiPayUri({ vpa, payeeName: name, amountPaise: order.payablePaise, note: `Order ${reference}` }) : null;
  return {
    method: vpa ? 'upi' : bank ? 'bank' : 'chat',
    upiUri,
    qr: upiUri ? qrPath(upiUri) : null,
    payee: { name, vpa, bank: vpa ? null : bank },
    amountPaise: order.payablePaise,
    currency: 'INR',
    reference,
  };
}
