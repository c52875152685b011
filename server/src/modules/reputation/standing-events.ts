import { z } from 'zod';
import { outboxTopic } from '../../outbox/outbox.js';

/**
 * `seller.standing_changed`: a seller's standing in search (badges.ts `searchStanding`) changed, written
 * with the figures that changed it; the search module indexes the seller's products again from it.
 */
export const sellerStandingChanged = outboxTopic('seller.standing_changed', z.object({ sellerId: z.uuid(), standing: z.number().int().min(0) }));
