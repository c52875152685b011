import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import type { Services } from '../../app/create-services.js';
import { jobDataOf } from '../../outbox/outbox.js';
import { ORDER_EXPIRY_QUEUE, orderChanged, ORDERS_QUEUE } from './order-events.js';

const changed = jobDataOf(orderChanged);
const expiry = z.object({ orderId: z.uuid() });

/**
 * BullMQ processors of orders: each committed `order.changed` event (live events, the payment
 * window, the email), and the delayed payment-window job, which waits again while the clock says
 * the window is still open.
 */
export function registerOrderJobs(services: Services): void {
  const { orm } = services.infra;
  services.infra.queues.register(ORDERS_QUEUE, async (job: Job) => {
    const parsed = changed.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('order event without its fields');
    const { eventId, ...event } = parsed.data;
    await services.orders.afterChange(orm.em, eventId, event);
  });
  services.infra.queues.register(ORDER_EXPIRY_QUEUE, async (job: Job, token?: string) => {
    const parsed = expiry.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('order-expiry job without an orderId');
    const remainingMs = await services.orders.expire(orm.em, parsed.data.orderId);
    if (remainingMs > 0 && token) {
      await job.moveToDelayed(Date.now() + remainingMs, token);
      throw new DelayedError();
    }
    await services.orders.pruneIdempotencyKeys(orm.em);
  });
  // The same work from PostgreSQL's state, should Redis lose the jobs above (docs/operations.md#redis).
  services.infra.queues.registerSweep('orders', services.infra.config.SWEEP_SECONDS * 1000, () => services.orders.sweep(orm.em));
}
