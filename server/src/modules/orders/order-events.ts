import type { EntityManager } from '@mikro-orm/postgresql';
import { addOutboxEvent } from '../../outbox/outbox.js';
import type { ImageUrls } from '../products/products.public.js';
import type { OrderStatus } from './order.entity.js';
import { orderOf, orderViews, partiesOf, type OrderPartiesRow, type OrderView } from './order-views.js';

/** Outbox topic of every order change (created or a status change). */
export const ORDER_CHANGED = 'order.changed';
/** BullMQ queue of order events: notification emails, the payment-window job (live events: orders.live.ts). */
export const ORDERS_QUEUE = 'orders';
/** BullMQ queue of delayed payment-window jobs (one per unpaid order). */
export const ORDER_EXPIRY_QUEUE = 'order-expiry';

/** The payload of an `order.changed` outbox event (and of the live event built from it). */
export interface OrderChangedEvent {
  orderId: string;
  type: 'created' | 'status_changed';
  status: OrderStatus;
  buyerId: string;
  sellerId: string;
  buyerPosition: string;
  sellerPosition: string;
  /**
   * The order as each party sees it after the change (by user id), built in the change's
   * transaction, so a live delivery reads nothing.
   */
  views: Record<string, OrderView>;
}

/** Writes the `order.changed` event of a change (with each party's view of the order) in its transaction. */
export function addOrderChanged(tx: EntityManager, type: OrderChangedEvent['type'], row: OrderPartiesRow, thumbnailUrls: (key: string) => ImageUrls): OrderChangedEvent {
  const order = orderOf(row);
  const parties = partiesOf(row);
  const event: OrderChangedEvent = {
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
  addOutboxEvent(tx, ORDER_CHANGED, { ...event });
  return event;
}
