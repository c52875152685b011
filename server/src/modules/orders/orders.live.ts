import type { GqlContext } from '../../graphql/context.js';
import { liveEvents, type LiveDeps } from '../../graphql/live.js';
import type { OutboxDestination } from '../../outbox/outbox.js';
import { liveMessage } from '../../pubsub/topics.js';
import type { OrderChanged } from './order-events.js';
import { orderViewSchema } from './order-views.js';
import { toOrderType, type OrderEventType } from './orders.types.js';
import { orderMessages } from './orders.messages.js';

/**
 * The live route of `order.changed`: the outbox relay publishes each committed order event (parsed by
 * its schema, order-events.ts) to both parties' `orderEvents` channels, each with that party's
 * position and its own view of the order (built in the change's transaction).
 */
export const orderLiveRoute: OutboxDestination<OrderChanged> = {
  live: 'orderEvents',
  messages: (e) =>
    [
      [e.buyerId, e.buyerPosition],
      [e.sellerId, e.sellerPosition],
    ].flatMap(([userId, position]) => {
      const order = e.views[userId!];
      return order ? [liveMessage('orderEvents', userId!, { orderId: e.orderId, type: e.type, position: position!, order })] : [];
    }),
};

/**
 * The viewer's order events (as buyer and as seller): authorised when it starts and again for every
 * event (the session, checked in Redis; deleting an account ends its sessions). Each event comes on
 * the viewer's own channel, addressed to the order's two parties only, with the viewer's own view of
 * the order as it was committed (parsed by the one view schema), so a delivery reads nothing from the
 * database. A subscriber that reconnects calls `ordersAfter(position)`.
 */
export function orderEvents(gql: GqlContext<LiveDeps>): Promise<AsyncIterableIterator<OrderEventType>> {
  return liveEvents(gql, {
    topic: 'orderEvents',
    refusal: orderMessages.logInToFollowYourOrders,
    deliver: async (_userId, message) => ({ type: message.type, position: message.position, order: toOrderType(orderViewSchema.parse(message.order)) }),
  });
}
