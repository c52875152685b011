import { describe, expect, it } from 'vitest';
import { allowedActions, alreadyDone, refusalOf, TRANSITIONS } from '../order-lifecycle.js';
import { ORDER_STATUSES } from '../order.entity.js';

const BUYER = 'buyer-id';
const SELLER = 'seller-id';
const order = { buyerId: BUYER, sellerId: SELLER };

describe('the order lifecycle', () => {
  it('offers each party only its own next steps', () => {
    expect(allowedActions('unpaid', 'buyer')).toEqual(['confirm_payment', 'cancel']);
    expect(allowedActions('unpaid', 'seller')).toEqual(['decline']);
    // The buyer said they paid: the seller checks and marks it; the buyer waits (no cancelling money sent).
    expect(allowedActions('payment_sent', 'buyer')).toEqual([]);
    expect(allowedActions('payment_sent', 'seller')).toEqual(['payment_received', 'payment_not_received']);
    expect(allowedActions('delivery_pending', 'buyer')).toEqual([]);
    expect(allowedActions('delivery_pending', 'seller')).toEqual(['confirm_delivery']);
    for (const role of ['buyer', 'seller'] as const) {
      expect(allowedActions('delivered', role)).toEqual([]);
      expect(allowedActions('cancelled', role)).toEqual([]);
    }
  });

  it('ends every path in delivered or cancelled, and only the system lets the payment window expire', () => {
    const terminal = new Set(ORDER_STATUSES.filter((s) => !Object.values(TRANSITIONS).some((t) => t.from === s)));
    expect([...terminal].sort()).toEqual(['cancelled', 'delivered']);
    expect(Object.entries(TRANSITIONS).filter(([, t]) => t.actor === 'system').map(([a]) => a)).toEqual(['expire']);
    // Every cancellation says who cancelled; nothing else does.
    for (const t of Object.values(TRANSITIONS)) expect(t.cancelledBy !== undefined).toBe(t.to === 'cancelled');
  });

  it('moves payment through the seller: sent, then received (to deliver) or not received (unpaid, window open again)', () => {
    expect(TRANSITIONS.confirm_payment).toMatchObject({ from: 'unpaid', to: 'payment_sent', actor: 'buyer', takesUtr: true });
    expect(TRANSITIONS.payment_received).toMatchObject({ from: 'payment_sent', to: 'delivery_pending', actor: 'seller', stamp: 'paid_at' });
    expect(TRANSITIONS.payment_not_received).toMatchObject({ from: 'payment_sent', to: 'unpaid', actor: 'seller', reopensPayment: true });
    // Only the buyer's "I paid" records a UTR; only "not received" reopens the window.
    expect(Object.entries(TRANSITIONS).filter(([, t]) => t.takesUtr).map(([a]) => a)).toEqual(['confirm_payment']);
    expect(Object.entries(TRANSITIONS).filter(([, t]) => t.reopensPayment).map(([a]) => a)).toEqual(['payment_not_received']);
    // Nothing reaches delivery_pending but the seller's mark.
    expect(Object.entries(TRANSITIONS).filter(([, t]) => t.to === 'delivery_pending').map(([a]) => a)).toEqual(['payment_received']);
  });

  it('knows a repeated mark (a double tap) from a refusal', () => {
    const at = (status: (typeof ORDER_STATUSES)[number], paymentNotReceivedAt: Date | null = null) => ({ status, paymentNotReceivedAt });
    expect(alreadyDone('confirm_payment', at('payment_sent'))).toBe(true);
    expect(alreadyDone('confirm_payment', at('delivery_pending'))).toBe(false);
    expect(alreadyDone('payment_received', at('delivery_pending'))).toBe(true);
    expect(alreadyDone('payment_received', at('delivered'))).toBe(true);
    expect(alreadyDone('payment_received', at('unpaid'))).toBe(false);
    expect(alreadyDone('payment_not_received', at('unpaid', new Date()))).toBe(true);
    expect(alreadyDone('payment_not_received', at('unpaid'))).toBe(false);
    expect(alreadyDone('payment_not_received', at('delivery_pending', new Date()))).toBe(false);
    expect(alreadyDone('cancel', at('cancelled'))).toBe(false);
  });

  it('tells a stranger (or anyone, of an order that does not exist) that it does not exist', () => {
    expect(refusalOf(TRANSITIONS.cancel, order, 'someone-else')).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    expect(refusalOf(TRANSITIONS.cancel, null, BUYER)).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
  });

  it("tells a party when the step is the other party's", () => {
    expect(refusalOf(TRANSITIONS.confirm_payment, order, SELLER)).toMatchObject({ code: 'FORBIDDEN', message: 'Only the buyer can confirm payment' });
    expect(refusalOf(TRANSITIONS.confirm_delivery, order, BUYER)).toMatchObject({ code: 'FORBIDDEN', message: 'Only the seller can confirm delivery' });
    expect(refusalOf(TRANSITIONS.cancel, order, SELLER)).toMatchObject({ code: 'FORBIDDEN', message: 'Only the buyer can cancel an order; sellers decline it' });
    expect(refusalOf(TRANSITIONS.decline, order, BUYER)).toMatchObject({ code: 'FORBIDDEN', message: 'Only the seller can decline an order' });
    expect(refusalOf(TRANSITIONS.payment_received, order, BUYER)).toMatchObject({ code: 'FORBIDDEN', message: 'Only the seller can say the payment was received' });
    expect(refusalOf(TRANSITIONS.payment_not_received, order, BUYER)).toMatchObject({ code: 'FORBIDDEN', message: 'Only the seller can say the payment was not received' });
  });

  it('tells the right party that it is too late once the order has moved on', () => {
    expect(refusalOf(TRANSITIONS.cancel, order, BUYER)).toMatchObject({ code: 'CONFLICT', message: 'This order can no longer be changed' });
  });
});
