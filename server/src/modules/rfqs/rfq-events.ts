import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { addOutboxEvent, outboxTopic, type Payload, type PayloadIn } from '../../outbox/outbox.js';
import { rfqViewSchema, type RfqViewIn } from './rfq-views.js';

/** BullMQ queue of requirement events: topping a requirement's sellers up after a decline. */
export const RFQ_QUEUE = 'rfqs';

export const RFQ_EVENT_KINDS = ['created', 'matched', 'quoted', 'declined', 'closed', 'fulfilled'] as const;
export type RfqEventKind = (typeof RFQ_EVENT_KINDS)[number];

/**
 * `rfq.changed`: every change of a requirement (posted, matched with sellers, quoted, declined,
 * closed, fulfilled), written with the change. It carries, for each user to tell, that user's own view
 * of the requirement with their live position, built in the change's transaction, so a live delivery
 * reads nothing but the per-event check (rfqs.live.ts); 'declined' also gets the worker's matching job
 * (rfqs.jobs.ts), which tops the sellers up (a new requirement is matched in its post's transaction).
 */
export const rfqChanged = outboxTopic(
  'rfq.changed',
  z.object({
    type: z.enum(RFQ_EVENT_KINDS),
    rfqId: z.uuid(),
    buyerId: z.uuid(),
    /** Who is told, each with their own view and position. */
    deliveries: z.array(z.object({ userId: z.uuid(), position: z.string(), rfq: rfqViewSchema })),
  }),
);
export type RfqChangedEvent = PayloadIn<typeof rfqChanged>;
export type RfqChanged = Payload<typeof rfqChanged>;

/** Writes the `rfq.changed` event of a change in its transaction. */
export function addRfqChanged(tx: EntityManager, type: RfqChangedEvent['type'], rfqId: string, buyerId: string, deliveries: Array<{ userId: string; position: string; rfq: RfqViewIn }>): void {
  addOutboxEvent(tx, rfqChanged, { type, rfqId, buyerId, deliveries });
}
