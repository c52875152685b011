import { z } from 'zod';
import { orderMessages } from './orders.messages.js';
import { asZod, type Message } from '../../common/message.js';

// The one validation of every order command (docs/product.md#orders), in GraphQL's names; the REST
// shim maps its snake_case bodies (`product_id`, `order_id`) to them (http/rest-commands.ts).

export const MAX_ORDER_QUANTITY = 1_000_000;
export const QUANTITY_MESSAGE = orderMessages.quantityMustBeAWholeNumber;

const uuid = (message: Message) => z.string({ error: asZod(message) }).trim().toLowerCase().pipe(z.uuid({ error: asZod(message) }));

const wholeNumber = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: asZod(QUANTITY_MESSAGE) })
    .int(asZod(QUANTITY_MESSAGE))
    .min(1, asZod(QUANTITY_MESSAGE))
    .max(MAX_ORDER_QUANTITY, asZod(orderMessages.quantityAtMost({ max: MAX_ORDER_QUANTITY }))),
);

/** Idempotency-Key: printable ASCII, 1-100 characters (a UUID from the client, typically). */
const idempotencyKey = z
  .string({ error: asZod(orderMessages.idempotencyKeyMustBeText) })
  .trim()
  .min(1, asZod(orderMessages.idempotencyKeyMustBe1To))
  .max(100, asZod(orderMessages.idempotencyKeyMustBe1To))
  .regex(/^[\x21-\x7e]+$/, asZod(orderMessages.idempotencyKeyMustBe1To));

export const buyNowInput = z.object({
  productId: uuid(orderMessages.pleaseChooseAValidProduct),
  /** Missing means the product's minimum order quantity. */
  quantity: wholeNumber.optional(),
  idempotencyKey: idempotencyKey.nullish(),
});

export const orderIdInput = z.object({ orderId: uuid(orderMessages.pleaseChooseAValidOrder) });

export const UTR_MESSAGE = orderMessages.theUtrMustBeThe12;

/** The buyer's "I paid": the order and, optionally, the UPI transaction reference (12 digits; spaces allowed as typed). */
export const confirmPaymentInput = z.object({
  orderId: uuid(orderMessages.pleaseChooseAValidOrder),
  utr: z.preprocess(
    (v) => (typeof v === 'string' ? (v.replace(/[\s-]/g, '') === '' ? null : v.replace(/[\s-]/g, '')) : v),
    z.string({ error: asZod(UTR_MESSAGE) }).regex(/^\d{12}$/, asZod(UTR_MESSAGE)).nullish(),
  ),
});

const pageNumber = (message: Message, min: number, max: number, fallback: number) => {
  const text = asZod(message);
  return z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: text }).int(text).min(min, text).max(max, text).default(fallback),
  );
};

export const listInput = z.object({
  limit: pageNumber(orderMessages.limitMustBeAWholeNumber, 1, 100, 50),
  offset: pageNumber(orderMessages.offsetMustBeAWholeNumber, 0, 1_000_000, 0),
});

export const afterInput = z.object({
  after: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: asZod(orderMessages.afterMustBeAPosition) }).regex(/^\d{1,18}$/, asZod(orderMessages.afterMustBeAPosition)),
  ),
});
