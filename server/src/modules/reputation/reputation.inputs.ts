import { z } from 'zod';
import { asZod } from '../../common/message.js';
import { reputationMessages as M } from './reputation.messages.js';

// The one validation of reviews (docs/product.md#reviews), in the GraphQL input's names; REST bodies are
// mapped to them (reputation.routes.ts).

export const MAX_REVIEW_TEXT = 2000;
export const MAX_REPLY_TEXT = 1000;

const id = (message: string) => z.string({ error: message }).trim().toLowerCase().pipe(z.uuid({ error: message }));
const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);
const RATING = asZod(M.chooseRating);

const review = {
  rating: z.number({ error: RATING }).int(RATING).min(1, RATING).max(5, RATING),
  text: z.preprocess(blankToNull, z.string({ error: asZod(M.reviewMustBeText) }).trim().max(MAX_REVIEW_TEXT, asZod(M.reviewTooLong({ max: MAX_REVIEW_TEXT }))).nullable()),
};

export const writeReviewInput = z.object({ orderId: id(asZod(M.validOrder)), ...review });
export const editReviewInput = z.object({ reviewId: id(asZod(M.validReview)), ...review });

const REPLY = asZod(M.writeReply);
export const replyInput = z.object({
  reviewId: id(asZod(M.validReview)),
  text: z.string({ error: REPLY }).trim().min(1, REPLY).max(MAX_REPLY_TEXT, asZod(M.replyTooLong({ max: MAX_REPLY_TEXT }))),
});

export const reviewIdInput = z.object({ reviewId: id(asZod(M.validReview)) });

const LIMIT = asZod(M.limitRange);
const OFFSET = asZod(M.offsetRange);
export const reviewPageInput = z.object({
  limit: z.coerce.number({ error: LIMIT }).int(LIMIT).min(1, LIMIT).max(50, LIMIT).default(20),
  offset: z.coerce.number({ error: OFFSET }).int(OFFSET).min(0, OFFSET).max(1_000_000, OFFSET).default(0),
});
