import { z } from 'zod';
import type { GqlContext } from '../../graphql/context.js';
import { liveEvents } from '../../graphql/live.js';
import type { OutboxDestination } from '../../outbox/outbox.js';
import { liveMessage } from '../../pubsub/topics.js';
import { toOrderGqlType, type OrderEventType } from './orders.types.js';

const committed = z.object({
  orderId: z.string(),
  type: z.enum(['created', 'status_changed']),
  buyerId: z.string(),
  sellerId: z.string(),
  buyerPosition: z.string(),
  sellerPosition: z.string(),
});

/**
 * The live route of `order.changed`: the outbox relay publishes each committed order event to both
 * parties' `orderEvents` channels, each with that party's position (ids only: the order is read per
 * subscriber).
 */
export const orderLiveRoute: OutboxDestination = {
  live: 'orderEvents',
  messages: (payload) => {
    const e = committed.parse(payload);
    return [
      liveMessage('orderEvents', e.buyerId, { orderId: e.orderId, type: e.type, position: e.buyerPosition }),
      liveMessage('orderEvents', e.sellerId, { orderId: e.orderId, type: e.type, position: e.sellerPosition }),
    ];
  },
};

/**
 * The viewer's order events (as buyer and as seller): authorised when it starts and again for every
 * event (the session, and the viewer still a party of the order with an account, read with a fresh
 * entity manager). A subscriber that reconnects calls `ordersAfter(position)`.
 */
export function orderEvents(gql: GqlContext): Promise<AsyncIterableIterator<OrderEventType>> {
  return liveEvents(gql, {
    topic: 'orderEvents',
    refusal: 'Log in to follow your orders',
    deliver: async (em, userId, message) => {
      const order = await gql.services.orders.liveView(em, userId, message.orderId);
      return order && { type: message.type, position: message.position, order: toOrderGqlType(order) };
    },
  });
}
