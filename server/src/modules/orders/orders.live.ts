import { z } from 'zod';
import type { GqlContext } from '../../graphql/context.js';
import { liveEvents } from '../../graphql/live.js';
import type { OutboxDestination } from '../../outbox/outbox.js';
import { liveMessage } from '../../pubsub/topics.js';
import type { OrderView } from './orders.service.js';
import { toOrderGqlType, type OrderEventType } from './orders.types.js';

const committed = z.object({
  orderId: z.string(),
  type: z.enum(['created', 'status_changed']),
  buyerId: z.string(),
  sellerId: z.string(),
  buyerPosition: z.string(),
  sellerPosition: z.string(),
  views: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/**
 * The live route of `order.changed`: the outbox relay publishes each committed order event to both
 * parties' `orderEvents` channels, each with that party's position and its own view of the order
 * (built in the change's transaction).
 */
export const orderLiveRoute: OutboxDestination = {
  live: 'orderEvents',
  messages: (payload) => {
    // An event written before events carried the order is not published (a client that reconnects
    // after the upgrade refetches what it missed).
    const parsed = committed.safeParse(payload);
    if (!parsed.success) return [];
    const e = parsed.data;
    return [
      [e.buyerId, e.buyerPosition],
      [e.sellerId, e.sellerPosition],
    ].flatMap(([userId, position]) => {
      const order = e.views[userId!];
      return order ? [liveMessage('orderEvents', userId!, { orderId: e.orderId, type: e.type, position: position!, order })] : [];
    });
  },
};

/** The times of an order view that travelled as JSON. */
const TIMES = ['createdAt', 'updatedAt', 'payBy', 'paidAt', 'deliveredAt', 'cancelledAt'] as const;

/**
 * The viewer's order events (as buyer and as seller): authorised when it starts and again for every
 * event (the session, checked in Redis; deleting an account ends its sessions). Each event comes on
 * the viewer's own channel, addressed to the order's two parties only, with the viewer's own view of
 * the order as it was committed, so a delivery reads nothing from the database. A subscriber that
 * reconnects calls `ordersAfter(position)`.
 */
export function orderEvents(gql: GqlContext): Promise<AsyncIterableIterator<OrderEventType>> {
  return liveEvents(gql, {
    topic: 'orderEvents',
    refusal: 'Log in to follow your orders',
    deliver: async (_userId, message) => {
      const order = { ...message.order } as Record<string, unknown>;
      for (const k of TIMES) if (typeof order[k] === 'string') order[k] = new Date(order[k]);
      return { type: message.type, position: message.position, order: toOrderGqlType(order as unknown as OrderView) };
    },
  });
}
