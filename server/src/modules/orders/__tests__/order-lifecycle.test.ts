import { describe, expect, it } from 'vitest';
import { allowedActions, refusalOf, TRANSITIONS } from '../order-lifecycle.js';
import { ORDER_STATUSES } from '../order.entity.js';

const BUYER = 'buyer-id';
const SELLER = 'seller-id';
const order = { buyerId: BUYER, sellerId: SELLER };

describe('the order lifecycle', () => {
  it('offers each party only its own next steps', () => {
    expect(allowedActions('unpaid', 'buyer')).toEqual(['confirm_payment', 'cancel']);
    expect(allowedActions('unpaid', 'seller')).toEqual(['decline']);
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

  it('tells a stranger (or anyone, of an order that does not exist) that it does not exist', () => {
    expect(refusalOf(TRANSITIONS.cancel, order, 'someone-else')).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    expect(refusalOf(TRANSITIONS.cancel, null, BUYER)).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
  });

  it("tells a party when the step is the other party's", () => {
    expect(refusalOf(TRANSITIONS.confirm_payment, order, SELLER)).toMatchObject({ code: 'FORBIDDEN', message: 'Only the buyer can confirm payment' });
    expect(refusalOf(TRANSITIONS.confirm_delivery, order, BUYER)).toMatchObject({ code: 'FORBIDDEN', message: 'Only the seller can confirm delivery' });
    expect(refusalOf(TRANSITIONS.cancel, order, SELLER)).toMatchObject({ code: 'FORBIDDEN', message: 'Only the buyer can cancel an order; sellers decline it' });
    expect(refusalOf(TRANSITIONS.decline, order, BUYER)).toMatchObject({ code: 'FORBIDDEN', message: 'Only the seller can decline an order' });
  });

  it('tells the right party that it is too late once the order has moved on', () => {
    expect(refusalOf(TRANSITIONS.cancel, order, BUYER)).toMatchObject({ code: 'CONFLICT', message: 'This order can no longer be changed' });
  });
});
