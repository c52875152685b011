import { z } from 'zod';
import { outboxTopic } from '../../outbox/outbox.js';

/**
 * `review.changed`: a review written, changed or removed, written with the change; the seller's
 * rating figures are counted again from it (the reputation jobs).
 */
export const reviewChanged = outboxTopic('review.changed', z.object({ reviewId: z.uuid(), sellerId: z.uuid() }));
