import { z } from 'zod';

// The one validation of every order command (docs/product.md#orders), in GraphQL's names; the REST
// shim maps its snake_case bodies (`product_id`, `order_id`) to them (http/rest-commands.ts).

export const MAX_ORDER_QUANTITY = 1_000_000;
export const QUANTITY_MESSAGE = 'Quantity must be a whole number of at least 1';
const ID_MESSAGE = 'Please choose a valid product';
const ORDER_ID_MESSAGE = 'Please choose a valid order';

const uuid = (message: string) => z.string({ error: message }).trim().toLowerCase().pipe(z.uuid({ error: message }));

const wholeNumber = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(1, QUANTITY_MESSAGE)
    .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`),
);

/** Idempotency-Key: printable ASCII, 1-100 characters (a UUID from the client, typically). */
const idempotencyKey = z
  .string({ error: 'Idempotency-Key must be text' })
  .trim()
  .min(1, 'Idempotency-Key must be 1 to 100 printable characters')
  .max(100, 'Idempotency-Key must be 1 to 100 printable characters')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be 1 to 100 printable characters');

export const buyNowInput = z.object({
  productId: uuid(ID_MESSAGE),
  /** Missing means the product's minimum order quantity. */
  quantity: wholeNumber.optional(),
  idempotencyKey: idempotencyKey.nullish(),
});

export const orderIdInput = z.object({ orderId: uuid(ORDER_ID_MESSAGE) });

export const UTR_MESSAGE = 'The UTR must be the 12 digits of the UPI transaction reference';

/** The buyer's "I paid": the order and, optionally, the UPI transaction reference (12 digits; spaces allowed as typed). */
export const confirmPaymentInput = z.object({
  orderId: uuid(ORDER_ID_MESSAGE),
  utr: z.preprocess(
    (v) => (typeof v === 'string' ? (v.replace(/[\s-]/g, '') === '' ? null : v.replace(/[\s-]/g, '')) : v),
    z.string({ error: UTR_MESSAGE }).regex(/^\d{12}$/, UTR_MESSAGE).nullish(),
  ),
});

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';
const OFFSET_MESSAGE = 'offset must be a whole number from 0 to 1000000';
const pageNumber = (message: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback),
  );

export const listInput = z.object({
  limit: pageNumber(LIMIT_MESSAGE, 1, 100, 50),
  offset: pageNumber(OFFSET_MESSAGE, 0, 1_000_000, 0),
});

export const afterInput = z.object({
  after: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: 'after must be a position' }).regex(/^\d{1,18}$/, 'after must be a position'),
  ),
});
