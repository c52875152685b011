import { z } from 'zod';
import { asZod, type Message } from '../../common/message.js';
import { MAX_ORDER_QUANTITY } from '../orders/orders.inputs.js';
import { isCategoryId, UNITS } from '../products/products.public.js';
import { MAX_PRICE_PAISE } from '../products/products.inputs.js';
import { rfqMessages as M } from './rfqs.messages.js';

// The one validation of every requirement command (docs/product.md#buy-requirements), in GraphQL's
// names; the REST shim maps its snake_case bodies to them (http/rest-commands.ts).

export const DEFAULT_OPEN_DAYS = 3;
export const MAX_OPEN_DAYS = 14;
export const DECLINE_REASONS = ['not_my_goods', 'cannot_deliver_there', 'price_too_low'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const uuid = (message: Message) => z.string({ error: asZod(message) }).trim().toLowerCase().pipe(z.uuid({ error: asZod(message) }));
const wholeNumber = (message: Message, min: number, max: number) => {
  const text = asZod(message);
  return z.preprocess((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v), z.number({ error: text }).int(text).min(min, text).max(max, text));
};
const paise = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v),
  z
    .string({ error: asZod(M.pleaseEnterAValidPrice) })
    .trim()
    .refine((s) => /^\d{1,15}$/.test(s) && BigInt(s) <= MAX_PRICE_PAISE, asZod(M.pleaseEnterAValidPrice)),
);
const place = z.preprocess(emptyToUndefined, z.string({ error: asZod(M.placeIsAtMost60) }).trim().max(60, asZod(M.placeIsAtMost60)).optional());
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A new requirement: what is needed, how many, at what price at most, where, by when, for how long it stays open. */
export const createRfqInput = z.object({
  text: z.string({ error: asZod(M.sayWhatYouNeed) }).trim().min(1, asZod(M.sayWhatYouNeed)).max(500, asZod(M.sayWhatYouNeed)),
  category: z.preprocess(emptyToUndefined, z.string({ error: asZod(M.pleaseChooseAValidCategory) }).refine(isCategoryId, asZod(M.pleaseChooseAValidCategory)).optional()),
  quantity: wholeNumber(M.quantityMustBeAWholeNumber, 1, MAX_ORDER_QUANTITY),
  unit: z.preprocess(emptyToUndefined, z.enum(UNITS, { error: asZod(M.pleaseChooseAValidUnit) }).default('piece')),
  maxUnitPricePaise: z.preprocess(emptyToUndefined, paise.optional()),
  city: place,
  state: place,
  neededBy: z.preprocess(
    emptyToUndefined,
    z
      .string({ error: asZod(M.neededByMustBeADate) })
      .trim()
      .refine((s) => isoDate.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), asZod(M.neededByMustBeADate))
      .optional(),
  ),
  condition: z.preprocess(emptyToUndefined, z.enum(['new', 'used'], { error: asZod(M.conditionMustBeNewOrUsed) }).optional()),
  notes: z.preprocess(emptyToUndefined, z.string({ error: asZod(M.notesAreAtMost1000) }).trim().max(1000, asZod(M.notesAreAtMost1000)).optional()),
  expiresInDays: z.preprocess(emptyToUndefined, wholeNumber(M.openFor1To14Days, 1, MAX_OPEN_DAYS).default(DEFAULT_OPEN_DAYS)),
  /** The device's id of this posting (a UUID): posted again (a retry after a lost answer, a post queued offline), it answers the requirement already posted. */
  clientKey: z.preprocess(emptyToUndefined, uuid(M.clientKeyIsAnId).optional()),
});
export type CreateRfqCommand = z.infer<typeof createRfqInput>;

export const rfqIdInput = z.object({ rfqId: uuid(M.pleaseChooseAValidRequirement) });

/** A seller's quote: unit price in paise, quantity, delivery days, hours it holds, an optional note and listing. */
export const quoteRfqInput = z.object({
  rfqId: uuid(M.pleaseChooseAValidRequirement),
  unitPricePaise: paise,
  quantity: wholeNumber(M.quantityMustBeAWholeNumber, 1, MAX_ORDER_QUANTITY),
  deliveryDays: wholeNumber(M.deliveryDaysMustBe, 0, 365),
  validHours: z.preprocess(emptyToUndefined, wholeNumber(M.validHoursMustBe, 1, 336).default(72)),
  note: z.preprocess(emptyToUndefined, z.string({ error: asZod(M.notesAreAtMost1000) }).trim().max(1000, asZod(M.notesAreAtMost1000)).optional()),
  productId: z.preprocess(emptyToUndefined, uuid(M.noListingToQuote).optional()),
});

export const declineRfqInput = z.object({
  rfqId: uuid(M.pleaseChooseAValidRequirement),
  reason: z.enum(DECLINE_REASONS, { error: asZod(M.pleaseChooseADeclineReason) }),
});

export const acceptQuoteInput = z.object({
  rfqId: uuid(M.pleaseChooseAValidRequirement),
  quoteId: uuid(M.pleaseChooseAValidQuote),
});

export const inboxInput = z.object({
  limit: z.preprocess(emptyToUndefined, wholeNumber(M.limitMustBeAWholeNumber, 1, 100).default(20)),
  offset: z.preprocess(emptyToUndefined, wholeNumber(M.offsetMustBeAWholeNumber, 0, 1_000_000).default(0)),
});

export const afterInput = z.object({
  after: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: asZod(M.afterMustBeAPosition) }).regex(/^\d{1,18}$/, asZod(M.afterMustBeAPosition))),
});
