import { notifiableOf, type NoticeDraft } from '../../outbox/notifiable.js';
import { orderChanged, type OrderChanged } from './order-events.js';
import { orderNoticeMessages as m } from './orders.messages.js';

/**
 * Who hears of an order change away from the page (docs/product.md#notifications): the seller of a new order and
 * of the buyer's "I paid", the buyer of every other status change; all urgent (they go through quiet hours unless
 * the user turned that off). The invoice's own event tells nobody.
 */
export const orderNotifiable = notifiableOf(orderChanged, {
  notices(e: OrderChanged): NoticeDraft[] {
    if (e.type === 'invoice_made') return [];
    const toSeller = e.type === 'created' || e.status === 'payment_sent';
    const userId = toSeller ? e.sellerId : e.buyerId;
    const view = e.views[userId];
    if (!view) return [];
    const what = { displayId: view.displayId, quantity: view.quantity, title: view.productTitle };
    const [title, body] =
      e.type === 'created' ? [m.newOrder(what), m.orderLine(what)]
      : e.status === 'payment_sent' ? [m.buyerPaid(what), m.checkThePayment(what)]
      : e.status === 'unpaid' ? [m.paymentNotReceived(what), m.orderLine(what)]
      : e.status === 'delivery_pending' ? [m.confirmed(what), m.orderLine(what)]
      : e.status === 'delivered' ? [m.delivered(what), m.orderLine(what)]
      : [m.cancelled(what), m.orderLine(what)];
    const position = toSeller ? e.sellerPosition : e.buyerPosition;
    return [{
      userId,
      kind: 'order',
      urgent: true,
      scope: `order:${e.orderId}`,
      actorId: toSeller ? e.buyerId : e.sellerId,
      title,
      body,
      url: `${toSeller ? '/seller/orders' : '/orders'}#order-${e.orderId}`,
      ref: `order:${e.orderId}:${position}`,
    }];
  },
});
