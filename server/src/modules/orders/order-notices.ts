import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { Clock } from '../../common/clock.js';
import type { Queues } from '../../queue/queues.js';
import { User } from '../users/user.entity.js';
import { orderEmail } from './order-emails.js';
import { ORDER_EXPIRY_QUEUE, type OrderChanged } from './order-events.js';
import type { OrderStore } from './order-store.js';

export interface OrderNoticesDeps {
  store: OrderStore;
  queues: Queues;
  clock: Clock;
  mail: MailSender;
  log: Logger;
  publicUrl: string;
  paymentWindowHours: number;
  /** Records a purchase for recommendations (the search module's "bought" signal). */
  recordPurchase: (userId: string, productId: string) => Promise<void>;
}

/**
 * What follows a committed order change (worker side; the relay publishes the live events): the
 * payment-window job and the purchase signal of a new order, and the email of the party concerned.
 * Every step is idempotent (a retried job sends the same email, deduplicated by its key; the
 * payment-window job has a fixed id; the purchase is recorded once).
 */
export class OrderNotices {
  constructor(private readonly deps: OrderNoticesDeps) {}

  async afterChange(em: EntityManager, eventId: string, event: Omit<OrderChanged, 'views'>): Promise<void> {
    // The invoice's own event only shows the download link on both screens (live); nothing follows it here.
    if (event.type === 'invoice_made') return;
    if (event.type === 'created') {
      await this.schedulePaymentWindow(em, event.orderId);
      await this.recordPurchaseOnce(em, eventId, event.orderId);
    }
    // The seller said the payment did not arrive: the window is open again, to its new end.
    if (event.type === 'status_changed' && event.status === 'unpaid') await this.schedulePaymentWindow(em, event.orderId, true);
    // The seller hears of a new order and of the buyer's "I paid"; the buyer of every other change.
    const recipientId = event.type === 'created' || event.status === 'payment_sent' ? event.sellerId : event.buyerId;
    const [recipient, order] = await Promise.all([em.fork().findOne(User, { id: recipientId, deletedAt: null }), this.deps.store.find(em, event.orderId)]);
    if (!recipient || !order || !recipient.emailNotifications || !recipient.emailVerified) return;
    const mail = orderEmail(recipient.language, event.type === 'created' ? 'created' : event.status, {
      displayId: order.id.slice(-8),
      title: order.productTitle,
      quantity: order.quantity,
      unit: order.unit,
      totalPaise: String(order.payablePaise),
      url: `${this.deps.publicUrl}${recipientId === event.sellerId ? '/seller/orders' : '/orders'}`,
      utr: order.paymentUtr,
      screenshot: order.paymentScreenshotKey !== null,
      hours: this.deps.paymentWindowHours,
    });
    if (!mail) return;
    await this.deps.mail.send({ to: recipient.email, ...mail, idempotencyKey: `order-${eventId}` });
  }

  /** Adds the delayed job that cancels the order if it is still unpaid when its window closes. */
  async schedulePaymentWindow(em: EntityManager, orderId: string, reopened = false): Promise<void> {
    const o = await this.deps.store.due(em, orderId);
    if (!o || o.status !== 'unpaid') return;
    const delay = Math.max(0, o.payBy.getTime() - this.deps.clock.now().getTime());
    // One job per window: a window opened again (payment not received) gets its own.
    const jobId = reopened ? `expire-${orderId}-${o.payBy.getTime()}` : `expire-${orderId}`;
    await this.deps.queues.queue(ORDER_EXPIRY_QUEUE).add('expire', { orderId }, { jobId, delay });
  }

  /**
   * Feeds the purchase to recommendations once per order, however often the job (or the sweep) runs
   * (the `purchase_recorded` claim). A failure is logged, not retried: recommendations are a hint.
   */
  async recordPurchaseOnce(em: EntityManager, eventId: string, orderId: string): Promise<void> {
    const claimed = await this.deps.store.claimPurchaseRecord(em, orderId);
    if (!claimed) return;
    await this.deps.recordPurchase(claimed.buyerId, claimed.productId).catch((err: Error) => this.deps.log.warn({ err: err.message, eventId }, 'recording a purchase failed'));
  }
}
