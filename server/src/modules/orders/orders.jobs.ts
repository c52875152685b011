import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import type { Infra } from '../../app/infra.js';
import type { OrderService } from './orders.service.js';
import { jobDataOf } from '../../outbox/outbox.js';
import { ORDER_EXPIRY_QUEUE, orderChanged, ORDERS_QUEUE } from './order-events.js';

const changed = jobDataOf(orderChanged);
const expiry = z.object({ orderId: z.uuid() });

/**
 * BullMQ processors of orders: each committed `order.changed` event (live events, the payment
 * window, the email), and the delayed payment-window job, which waits again while the clock says
 * the window is still open.
 */
export function registerOrderJobs({ orders, infra }: { orders: OrderService; infra: Pick<Infra, 'queues' | 'orm' | 'config'> }): void {
  const { orm } = infra;
  infra.queues.register(ORDERS_QUEUE, async (job: Job) => {
    const parsed = changed.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('order event without its fields');
    const { eventId, ...event } = parsed.data;
    await orders.afterChange(orm.em, eventId, event);
  });
  infra.queues.register(ORDER_EXPIRY_QUEUE, async (job: Job, token?: string) => {
    const parsed = expiry.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('order-expiry job without an orderId');
    const remainingMs = await orders.expire(orm.em, parsed.data.orderId);
    if (remainingMs > 0 && token) {
      await job.moveToDelayed(Date.now() + remainingMs, token);
      throw new DelayedError();
    }
    await orders.pruneIdempotencyKeys(orm.em);
  });
  // The same work from PostgreSQL's state, should Redis lose the jobs above (docs/operations.md#redis).
  infra.queues.registerSweep('orders', infra.config.SWEEP_SECONDS * 1000, () => orders.sweep(orm.em));
}
