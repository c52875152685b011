import { z } from 'zod';
import { MAX_PRICE_PAISE } from '../products/products.inputs.js';
import { MAX_ORDER_QUANTITY } from '../orders/orders.inputs.js';

// The one validation of every chat command (docs/product.md#chat), in GraphQL's names; the REST shim
// maps its snake_case bodies to them (http/rest-commands.ts).

export const MAX_MESSAGE_CHARS = 4000;
export const EMPTY_MESSAGE = 'Message cannot be empty';
export const LONG_MESSAGE = `Message must be at most ${MAX_MESSAGE_CHARS} characters`;
const USER_MESSAGE = 'Please choose a valid user';
const MESSAGE_ID_MESSAGE = 'Please choose a valid message';
const PRODUCT_MESSAGE = 'Please choose a valid product';
const QUANTITY_MESSAGE = 'Quantity must be a whole number of at least 1';
const PRICE_MESSAGE = 'Please enter a valid price in paise (a whole number)';
const VALID_DAYS_MESSAGE = 'A quote is valid for 1 to 30 days';
export const DEFAULT_QUOTE_DAYS = 7;

const uuid = (message: string) => z.string({ error: message }).trim().toLowerCase().pipe(z.uuid({ error: message }));

/** Text of a message: not empty once trimmed, at most 4,000 characters (kept as written). */
export const messageText = z
  .string({ error: EMPTY_MESSAGE })
  .refine((s) => s.trim().length > 0, EMPTY_MESSAGE)
  .refine((s) => [...s].length <= MAX_MESSAGE_CHARS, LONG_MESSAGE);

/** A client's id of one send attempt, so a retried send is stored once. */
const clientMessageId = z
  .string({ error: 'client_message_id must be 1 to 100 printable characters' })
  .trim()
  .regex(/^[\x21-\x7e]{1,100}$/, 'client_message_id must be 1 to 100 printable characters')
  .nullish();

const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v), z.number({ error: message }).int(message).min(min, message).max(max, message));

/** Integer paise as text or a whole number (never a float), within what a listing may cost. */
const paise = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v),
  z
    .string({ error: PRICE_MESSAGE })
    .trim()
    // One check (zod runs every check even after one failed, and BigInt throws on anything else).
    .refine((s) => /^\d{1,15}$/.test(s) && BigInt(s) <= MAX_PRICE_PAISE, PRICE_MESSAGE),
);

const position = (message: string) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: message }).regex(/^\d{1,18}$/, message));

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const peerInput = z.object({ userId: uuid(USER_MESSAGE) });

export const sendInput = z.object({
  userId: uuid(USER_MESSAGE),
  content: messageText,
  clientMessageId: clientMessageId,
});

export const listInput = z.object({
  userId: uuid(USER_MESSAGE),
  limit: z.preprocess(emptyToUndefined, wholeNumber('limit must be a whole number from 1 to 100', 1, 100).default(20)),
  before: z.preprocess(emptyToUndefined, position('before must be a position').optional()),
  after: z.preprocess(emptyToUndefined, position('after must be a position').optional()),
});

export const messageIdInput = z.object({ messageId: uuid(MESSAGE_ID_MESSAGE) });

export const editInput = z.object({ messageId: uuid(MESSAGE_ID_MESSAGE), content: messageText });

export const readInput = z.object({ userId: uuid(USER_MESSAGE), position: position('Please give the position read up to') });

const answer = z.object({
  question: z.string({ error: 'Each answer needs its question' }).trim().min(1, 'Each answer needs its question').max(500, 'A question is at most 500 characters'),
  answer: z.string({ error: 'Each answer must be text' }).trim().max(1000, 'An answer is at most 1000 characters'),
});

export const inquiryInput = z.object({
  productId: uuid(PRODUCT_MESSAGE),
  answers: z.array(answer, { error: 'answers must be a list' }).max(50, 'At most 50 answers').default([]),
  content: z.preprocess(emptyToUndefined, messageText.optional()),
  language: z.enum(['en', 'hi']).nullish(),
  clientMessageId: clientMessageId,
});

const note = z.preprocess(
  emptyToUndefined,
  z.string({ error: 'The note must be text' }).trim().max(1000, 'The note is at most 1000 characters').optional(),
);

export const quoteInput = z.object({
  userId: uuid(USER_MESSAGE),
  productId: uuid(PRODUCT_MESSAGE),
  quantity: wholeNumber(QUANTITY_MESSAGE, 1, MAX_ORDER_QUANTITY),
  unitPricePaise: paise,
  validDays: z.preprocess(emptyToUndefined, wholeNumber(VALID_DAYS_MESSAGE, 1, 30).default(DEFAULT_QUOTE_DAYS)),
  bidMessageId: z.preprocess(emptyToUndefined, uuid(MESSAGE_ID_MESSAGE).optional()),
  note,
});

export const bidInput = z.object({
  productId: uuid(PRODUCT_MESSAGE),
  quantity: wholeNumber(QUANTITY_MESSAGE, 1, MAX_ORDER_QUANTITY),
  unitPricePaise: paise,
  note,
  clientMessageId: clientMessageId,
});

export const bidResponseInput = z
  .object({
    messageId: uuid(MESSAGE_ID_MESSAGE),
    action: z.enum(['accept', 'counter', 'decline'], { error: 'action must be accept, counter or decline' }),
    unitPricePaise: z.preprocess(emptyToUndefined, paise.optional()),
    validDays: z.preprocess(emptyToUndefined, wholeNumber(VALID_DAYS_MESSAGE, 1, 30).default(DEFAULT_QUOTE_DAYS)),
  })
  .refine((v) => v.action !== 'counter' || v.unitPricePaise !== undefined, { message: 'A counter offer needs a price', path: ['unitPricePaise'] });

