import { z } from 'zod';
import { MAX_PRICE_PAISE } from '../products/products.inputs.js';
import { MAX_ORDER_QUANTITY } from '../orders/orders.inputs.js';
import { chatMessages } from './chat.messages.js';
import { asZod, type Message } from '../../common/message.js';

// The one validation of every chat command (docs/product.md#chat), in GraphQL's names; the REST shim
// maps its snake_case bodies to them (http/rest-commands.ts).

export const MAX_MESSAGE_CHARS = 4000;
export const LONG_MESSAGE = chatMessages.messageTooLong({ max: MAX_MESSAGE_CHARS });
export const DEFAULT_QUOTE_DAYS = 7;

const uuid = (message: Message) => z.string({ error: asZod(message) }).trim().toLowerCase().pipe(z.uuid({ error: asZod(message) }));

/** Text of a message: not empty once trimmed, at most 4,000 characters (kept as written). */
export const messageText = z
  .string({ error: asZod(chatMessages.messageCannotBeEmpty) })
  .refine((s) => s.trim().length > 0, asZod(chatMessages.messageCannotBeEmpty))
  .refine((s) => [...s].length <= MAX_MESSAGE_CHARS, asZod(LONG_MESSAGE));

/** A client's id of one send attempt, so a retried send is stored once. */
const clientMessageId = z
  .string({ error: asZod(chatMessages.clientMessageIdMustBe1) })
  .trim()
  .regex(/^[\x21-\x7e]{1,100}$/, asZod(chatMessages.clientMessageIdMustBe1))
  .nullish();

const wholeNumber = (message: Message, min: number, max: number) => {
  const text = asZod(message);
  return z.preprocess((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v), z.number({ error: text }).int(text).min(min, text).max(max, text));
};

/** Integer paise as text or a whole number (never a float), within what a listing may cost. */
const paise = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v),
  z
    .string({ error: asZod(chatMessages.pleaseEnterAValidPriceIn) })
    .trim()
    // One check (zod runs every check even after one failed, and BigInt throws on anything else).
    .refine((s) => /^\d{1,15}$/.test(s) && BigInt(s) <= MAX_PRICE_PAISE, asZod(chatMessages.pleaseEnterAValidPriceIn)),
);

const position = (message: Message) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: asZod(message) }).regex(/^\d{1,18}$/, asZod(message)));

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const peerInput = z.object({ userId: uuid(chatMessages.pleaseChooseAValidUser) });
/** Words to find in a conversation (1 to 200 characters). */
export const searchInput = peerInput.extend({ query: z.string({ error: asZod(chatMessages.searchWords) }).trim().min(1, asZod(chatMessages.searchWords)).max(200, asZod(chatMessages.searchWords)) });
/** A file's message: the peer and the sender's own id of the attempt (multipart `client_message_id`). */
export const uploadInput = peerInput.extend({ clientMessageId: clientMessageId.optional() });

export const sendInput = z.object({
  userId: uuid(chatMessages.pleaseChooseAValidUser),
  content: messageText,
  clientMessageId: clientMessageId,
});

export const listInput = z.object({
  userId: uuid(chatMessages.pleaseChooseAValidUser),
  limit: z.preprocess(emptyToUndefined, wholeNumber(chatMessages.limitMustBeAWholeNumber, 1, 100).default(20)),
  before: z.preprocess(emptyToUndefined, position(chatMessages.beforeMustBeAPosition).optional()),
  after: z.preprocess(emptyToUndefined, position(chatMessages.afterMustBeAPosition).optional()),
});

export const messageIdInput = z.object({ messageId: uuid(chatMessages.pleaseChooseAValidMessage) });

export const editInput = z.object({ messageId: uuid(chatMessages.pleaseChooseAValidMessage), content: messageText });

export const readInput = z.object({ userId: uuid(chatMessages.pleaseChooseAValidUser), position: position(chatMessages.pleaseGiveThePositionReadUp) });

const answer = z.object({
  question: z.string({ error: asZod(chatMessages.eachAnswerNeedsItsQuestion) }).trim().min(1, asZod(chatMessages.eachAnswerNeedsItsQuestion)).max(500, asZod(chatMessages.aQuestionIsAtMost500)),
  answer: z.string({ error: asZod(chatMessages.answerMustBeText) }).trim().max(1000, asZod(chatMessages.anAnswerIsAtMost1000)),
});

export const inquiryInput = z.object({
  productId: uuid(chatMessages.pleaseChooseAValidProduct),
  answers: z.array(answer, { error: asZod(chatMessages.answersMustBeAList) }).max(50, asZod(chatMessages.atMost50Answers)).default([]),
  content: z.preprocess(emptyToUndefined, messageText.optional()),
  language: z.enum(['en', 'hi']).nullish(),
  clientMessageId: clientMessageId,
});

const note = z.preprocess(
  emptyToUndefined,
  z.string({ error: asZod(chatMessages.noteMustBeText) }).trim().max(1000, asZod(chatMessages.theNoteIsAtMost1000)).optional(),
);

export const quoteInput = z.object({
  userId: uuid(chatMessages.pleaseChooseAValidUser),
  productId: uuid(chatMessages.pleaseChooseAValidProduct),
  quantity: wholeNumber(chatMessages.quantityMustBeAWholeNumber, 1, MAX_ORDER_QUANTITY),
  unitPricePaise: paise,
  validDays: z.preprocess(emptyToUndefined, wholeNumber(chatMessages.aQuoteIsValidFor1, 1, 30).default(DEFAULT_QUOTE_DAYS)),
  bidMessageId: z.preprocess(emptyToUndefined, uuid(chatMessages.pleaseChooseAValidMessage).optional()),
  note,
});

export const bidInput = z.object({
  productId: uuid(chatMessages.pleaseChooseAValidProduct),
  quantity: wholeNumber(chatMessages.quantityMustBeAWholeNumber, 1, MAX_ORDER_QUANTITY),
  unitPricePaise: paise,
  note,
  clientMessageId: clientMessageId,
});

export const bidResponseInput = z
  .object({
    messageId: uuid(chatMessages.pleaseChooseAValidMessage),
    action: z.enum(['accept', 'counter', 'decline'], { error: asZod(chatMessages.actionMustBeAcceptCounterOr) }),
    unitPricePaise: z.preprocess(emptyToUndefined, paise.optional()),
    validDays: z.preprocess(emptyToUndefined, wholeNumber(chatMessages.aQuoteIsValidFor1, 1, 30).default(DEFAULT_QUOTE_DAYS)),
  })
  .refine((v) => v.action !== 'counter' || v.unitPricePaise !== undefined, { message: asZod(chatMessages.aCounterOfferNeedsAPrice), path: ['unitPricePaise'] });

