import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { addOutboxEvent, outboxTopic, type Payload, type PayloadIn } from '../../outbox/outbox.js';
import type { ImageUrls } from '../products/products.public.js';
import { ORDER_STATUSES } from './order.entity.js';
import { orderOf, orderViews, orderViewSchema, partiesOf, type OrderPartiesRow } from './order-views.js';

/**
 * `order.changed`: every order change (created or a status change), written with the change. It
 * carries the order as each party sees it after the change (by user id), built in the change's
 * transaction, so a live delivery reads nothing (orders.live.ts); the worker's job sends the emails
 * and starts the payment window (orders.jobs.ts).
 */
export const orderChanged = outboxTopic(
  'order.changed',
  z.object({
    orderId: z.uuid(),
    type: z.enum(['created', 'status_changed', 'invoice_made']),
    status: z.enum(ORDER_STATUSES),
    buyerId: z.uuid(),
    sellerId: z.uuid(),
    buyerPosition: z.string(),
    sellerPosition: z.string(),
    views: z.record(z.string(), orderViewSchema),
  }),
);
/** An `order.changed` event as written. */
export type OrderChangedEvent = PayloadIn<typeof orderChanged>;
/** A committed `order.changed` event, parsed. */
export type OrderChanged = Payload<typeof orderChanged>;
/** The topic's name (tests and other modules' routes name it). */
export const ORDER_CHANGED = orderChanged.name;
/** BullMQ queue of order events: notification emails, the payment-window job (live events: orders.live.ts). */
export const ORDERS_QUEUE = 'orders';
/** BullMQ queue of delayed payment-window jobs (one per unpaid order). */
export const ORDER_EXPIRY_QUEUE = 'order-expiry';

/** Writes the `order.changed` event of a change (with each party's view of the order) in its transaction. */
export function addOrderChanged(tx: EntityManager, type: OrderChangedEvent['type'], row: OrderPartiesRow, thumbnailUrls: (key: string) => ImageUrls): OrderChanged {
  const order = orderOf(row);
  const parties = partiesOf(row);
  const event: OrderChanged = {
    orderId: order.id,
    type,
    status: order.status,
    buyerId: order.buyerId,
    sellerId: order.sellerId,
    buyerPosition: order.buyerPosition,
    sellerPosition: order.sellerPosition,
    views: {
      [order.buyerId]: orderViews(order.buyerId, [order], parties, thumbnailUrls)[0]!,
      [order.sellerId]: orderViews(order.sellerId, [order], parties, thumbnailUrls)[0]!,
    },
  };
  addOutboxEvent(tx, orderChanged, event);
  return event;
}
