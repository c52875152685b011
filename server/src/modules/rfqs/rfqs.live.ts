import type { GqlContext } from '../../graphql/context.js';
import type { RfqService } from './rfqs.service.js';
import { liveEvents, type LiveDeps } from '../../graphql/live.js';
import type { OutboxDestination } from '../../outbox/outbox.js';
import { liveMessage } from '../../pubsub/topics.js';
import type { RfqChanged } from './rfq-events.js';
import { rfqViewSchema } from './rfq-views.js';
import type { RfqEventType, RfqType } from './rfqs.types.js';
import { rfqMessages } from './rfqs.messages.js';

/** What the rfqs subscriptions use. */
export type RfqLiveDeps = { rfqs: RfqService } & LiveDeps;

/**
 * The live route of `rfq.changed`: each told user's `rfqEvents` channel gets their own view of the
 * requirement with their position (built in the change's transaction, rfq-events.ts).
 */
export const rfqLiveRoute: OutboxDestination<RfqChanged> = {
  live: 'rfqEvents',
  messages: (e) => e.deliveries.map((d) => liveMessage('rfqEvents', d.userId, { type: e.type, rfqId: e.rfqId, position: d.position, rfq: d.rfq })),
};

/**
 * The viewer's requirement events (as buyer: matches and quotes; as seller: new matches, the
 * requirement closed or fulfilled). Authorised when it starts and for every event: the session, and
 * for a seller's event that the seller is still matched and neither party has blocked the other
 * since. A subscriber that reconnects calls `rfqChanges(after: position)`.
 */
export function rfqEvents(gql: GqlContext<RfqLiveDeps>): Promise<AsyncIterableIterator<RfqEventType>> {
  const { rfqs } = gql.services;
  return liveEvents(gql, {
    topic: 'rfqEvents',
    refusal: rfqMessages.logInToFollowRequirements,
    deliver: async (userId, message, freshEm) => {
      const rfq = rfqViewSchema.parse(message.rfq);
      if (!rfq.mine && !(await rfqs.sellerMayHear(freshEm(), message.rfqId, userId))) return null;
      return { type: message.type, position: message.position, rfq: rfq as RfqType };
    },
  });
}
