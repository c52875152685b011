import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { rupeesToPaise } from '../../common/money.js';
import { GST_RATES } from '../business/business.public.js';
import { isCategoryId } from './categories.js';
import { bandIssues, priceTiersSchema, type BandIssue, type PriceTier } from './price-bands.js';
import { UNITS } from './units.js';
import { CONDITIONS, PRODUCT_TYPES, PURCHASE_TYPES, type CustomQuestion, type QuestionType } from './product.entity.js';
import { productMessages } from './products.messages.js';
import { asZod, type Message } from '../../common/message.js';

// The one validation of every catalogue command (docs/product.md#validation). Commands use the GraphQL
// input's names (camelCase, price in rupees as the seller types it); the REST shim maps its snake_case
// bodies to them (products.routes.ts, http/rest-commands.ts).

export const REQUIRED = productMessages.pleaseFillInAllRequiredFields;
export const MAX_TAGS = 32;
export const MAX_QUESTIONS = 20;
export const MAX_QUANTITY = 1_000_000;
/**
 * The prices a listing may ask per unit, in paise: from ₹1 to ₹10 crore (docs/product.md#prices). ₹0 is
 * no price (a Buy now listing would give its goods away), and more than ten crore a unit is a typing slip.
 */
export const MIN_PRICE_PAISE = 100n;
export const MAX_PRICE_PAISE = 10_00_00_000n * 100n;
/** The limits as the seller reads them (a test keeps the text in step with the constants). */
export const PRICE_LIMITS = productMessages.priceMustBeFrom1To;
export const GENERATE_NEEDS_DESCRIPTION = productMessages.descriptionIsRequiredToGenerateQuestions;

type Obj = Record<string, unknown>;
export const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const requiredText = (label: Message, max: number) =>
  z.string({ error: asZod(REQUIRED) }).trim().min(1, asZod(REQUIRED)).max(max, asZod(productMessages.textTooLong({ label, max })));

/** Optional text: blank means "not given" (null). */
const optionalText = (label: Message, max: number) =>
  z
    .string({ error: asZod(productMessages.mustBeText({ label })) })
    .trim()
    .max(max, asZod(productMessages.textTooLong({ label, max })))
    .nullish()
    .transform((v) => v || null);

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const quantity = (label: Message) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: asZod(productMessages.wholeNumberAtLeast1({ label })) })
      .int(asZod(productMessages.wholeNumberAtLeast1({ label })))
      .min(1, asZod(productMessages.atLeast1({ label })))
      .max(MAX_QUANTITY, asZod(productMessages.atMost({ label, max: MAX_QUANTITY }))),
  );


/** Rupees (number or text) to paise, within the limits; null or blank means no price. */
const price = z.preprocess(
  blankToNull,
  z
    .union([z.number(), z.string()], { error: asZod(productMessages.priceMustBeAnAmountIn) })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined) return null;
      if ((typeof v === 'number' && v < 0) || (typeof v === 'string' && v.trim().startsWith('-'))) {
        ctx.addIssue({ code: 'custom', message: asZod(PRICE_LIMITS) });
        return z.NEVER;
      }
      const paise = rupeesToPaise(v);
      if (paise === null) {
        ctx.addIssue({ code: 'custom', message: asZod(productMessages.priceMustBeAnAmountIn) });
        return z.NEVER;
      }
      if (paise < MIN_PRICE_PAISE || paise > MAX_PRICE_PAISE) {
        ctx.addIssue({ code: 'custom', message: asZod(PRICE_LIMITS) });
        return z.NEVER;
      }
      return paise.toString();
    }),
);

/** Tags: a list or comma-separated text; trimmed, blanks dropped, duplicates (ignoring case) dropped. */
export const tagsSchema = z
  .union([z.array(z.string({ error: asZod(productMessages.tagsMustBeText) })), z.string()], { error: asZod(productMessages.tagsMustBeAListOf) })
  .transform((v) => {
    const seen = new Set<string>();
    const tags: string[] = [];
    for (const raw of (Array.isArray(v) ? v : [v]).flatMap((t) => t.split(','))) {
      // eslint-disable-next-line no-control-regex
      const tag = raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
      if (tag && !seen.has(tag.toLowerCase())) {
        seen.add(tag.toLowerCase());
        tags.push(tag);
      }
    }
    return tags;
  })
  .pipe(
    z
      .array(z.string().max(50, asZod(productMessages.eachTagMustBeAtMost)))
      .max(MAX_TAGS, asZod(productMessages.tooManyTags({ max: MAX_TAGS }))),
  );

const QUESTION_TYPE_BY_SPELLING: Record<string, QuestionType> = {
  free_response: 'FreeResponse',
  FreeResponse: 'FreeResponse',
  yes_no: 'YesNo',
  YesNo: 'YesNo',
};

const questionSchema = z.object(
  {
    id: z.unknown().optional(),
    question: z
      .string({ error: asZod(productMessages.eachQuestionNeedsSomeText) })
      .trim()
      .min(1, asZod(productMessages.eachQuestionNeedsSomeText))
      .max(500, asZod(productMessages.aQuestionMustBeAtMost)),
    questionType: z
      .string({ error: asZod(productMessages.questionTypeMustBeYesNo) })
      .optional()
      .transform((v, ctx) => {
        const t = QUESTION_TYPE_BY_SPELLING[v ?? 'free_response'];
        if (!t) {
          ctx.addIssue({ code: 'custom', message: asZod(productMessages.questionTypeMustBeYesNo) });
          return z.NEVER;
        }
        return t;
      }),
    mandatory: z.boolean({ error: asZod(productMessages.mandatoryMustBeTrueOrFalse) }).optional().default(false),
  },
  { error: asZod(productMessages.eachQuestionMustBeAnObject) },
);

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Custom questions: a list (or `{questions: [...]}`); ids are kept when usable, else given. */
export const questionsSchema = z
  .preprocess(
    (v) => (isObject(v) && 'questions' in v ? v.questions : (v ?? [])),
    z.array(questionSchema, { error: asZod(productMessages.questionsMustBeAList) }).max(MAX_QUESTIONS, asZod(productMessages.tooManyQuestions({ max: MAX_QUESTIONS }))),
  )
  .transform((list) => {
    const seen = new Set<string>();
    return list.map((q): CustomQuestion => {
      const id = typeof q.id === 'string' && ID.test(q.id) && !seen.has(q.id) ? q.id : uuidv7();
      seen.add(id);
      return { id, question: q.question, questionType: q.questionType, mandatory: q.mandatory };
    });
  });

const CONTACT = /^(?:[^\s@]+@[^\s@]+\.[^\s@]+|\+?[\d\s()-]{10,20})$/;

/** A product's fields as a command gives them; `create` fills in the defaults, `edit` leaves them out. */
function productShape(mode: 'create' | 'edit') {
  const withDefault = <T extends z.ZodType>(schema: T, value: z.input<T>) => (mode === 'create' ? schema.default(value as never) : schema);
  return {
    title: requiredText(productMessages.title, 200),
    description: requiredText(productMessages.description, 10_000),
    productType: withDefault(z.enum(PRODUCT_TYPES, { error: asZod(productMessages.productTypeMustBeNewOr) }), 'new'),
    purchaseType: withDefault(z.enum(PURCHASE_TYPES, { error: asZod(productMessages.purchaseTypeMustBeBuyNow) }), 'inquire'),
    condition:
      mode === 'edit'
        ? z.preprocess(blankToNull, z.enum(CONDITIONS, { error: asZod(REQUIRED) }))
        : z.preprocess(blankToNull, z.enum(CONDITIONS, { error: asZod(productMessages.pleaseChooseAValidCondition) }).nullish()),
    category: z
      .string({ error: asZod(REQUIRED) })
      .trim()
      .min(1, asZod(REQUIRED))
      .refine(isCategoryId, asZod(productMessages.pleaseChooseAValidCategory)),
    tags: withDefault(tagsSchema, []),
    price,
    priceMax: price,
    minQuantity: withDefault(quantity(productMessages.minimumQuantity), 1),
    maxQuantity: withDefault(quantity(productMessages.maximumQuantity), 1),
    city: optionalText(productMessages.city, 100),
    state: optionalText(productMessages.state, 100),
    contact: optionalText(productMessages.contact, 100).refine((v) => v === null || CONTACT.test(v), asZod(productMessages.contactMustBeAPhoneNumber)),
    enabled: withDefault(z.boolean({ error: asZod(productMessages.enabledMustBeTrueOrFalse) }), true),
    customQuestions: withDefault(questionsSchema, []),
    unit: withDefault(z.enum(UNITS, { error: asZod(productMessages.pleaseChooseAUnitFromThe) }), 'piece'),
    hsnCode: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : blankToNull(v)),
      z
        .string({ error: asZod(productMessages.theHsnCodeMustBe4) })
        .trim()
        .refine((v) => /^(\d{4}|\d{6}|\d{8})$/.test(v), asZod(productMessages.theHsnCodeMustBe4))
        .nullish()
        .transform((v) => v ?? null),
    ),
    gstRate: withDefault(
      z.preprocess(
        (v) => (typeof v === 'string' && /^\s*\d+\s*%?\s*$/.test(v) ? Number(v.replace('%', '')) : v),
        z.number({ error: asZod(productMessages.theGstRateMustBe0) }).refine((v) => (GST_RATES as readonly number[]).includes(v), asZod(productMessages.theGstRateMustBe0)),
      ),
      18,
    ),
    priceTiers: withDefault(priceTiersSchema(MAX_QUANTITY, MIN_PRICE_PAISE, MAX_PRICE_PAISE), []),
  };
}

export const RANGE_NEEDS_PRICE = productMessages.pleaseEnterTheLowestPriceOf;
export const RANGE_UPSIDE_DOWN = productMessages.theHighestPriceMustBeMore;
export const RANGE_ONLY_INQUIRE = productMessages.aPriceRangeIsOnlyFor;

/**
 * The rules across fields, on a whole product (a new one, or an edit over the stored one): a price
 * for Buy now, a range only for Inquire first and the right way up, a maximum of at least the minimum,
 * and bands that start at the minimum order with the product's own price, rising in quantity and never
 * in price (docs/product.md#price-bands).
 */
export function productRuleIssues(p: {
  purchaseType: string;
  pricePaise: string | null;
  priceMaxPaise: string | null;
  minQuantity: number;
  maxQuantity: number;
  priceTiers: readonly PriceTier[];
}): BandIssue[] {
  const issues: BandIssue[] = [];
  if (p.purchaseType === 'buy_now' && p.pricePaise === null) issues.push({ path: 'price', message: productMessages.pleaseEnterAPriceForBuy });
  // An inquire-first listing may show a range ('₹1,200–₹1,500 / piece'); Buy now sells at one price.
  if (p.priceMaxPaise !== null) {
    if (p.purchaseType === 'buy_now') issues.push({ path: 'priceMax', message: RANGE_ONLY_INQUIRE });
    else if (p.pricePaise === null) issues.push({ path: 'price', message: RANGE_NEEDS_PRICE });
    else if (BigInt(p.priceMaxPaise) <= BigInt(p.pricePaise)) issues.push({ path: 'priceMax', message: RANGE_UPSIDE_DOWN });
  }
  if (p.maxQuantity < p.minQuantity) issues.push({ path: 'maxQuantity', message: productMessages.maximumQuantityMustBeAtLeast });
  issues.push(...bandIssues(p.priceTiers, p.minQuantity));
  const first = p.priceTiers[0];
  if (first && p.pricePaise !== first.unitPricePaise) issues.push({ path: 'priceTiers.0.unitPricePaise', message: productMessages.band1MustBeTheProduct });
  return issues;
}

/** A new product: every field, with the defaults filled in. */
export const createProductInput = z
  .object(productShape('create'), { error: asZod(productMessages.theProductMustBeAJson) })
  .transform(({ price, priceMax, ...p }) => ({
    ...p,
    // Bands given without a price: the first band's is the product's price.
    pricePaise: price ?? p.priceTiers[0]?.unitPricePaise ?? null,
    priceMaxPaise: priceMax ?? null,
    // A condition left out at creation follows the product type (the labels 'Brand New' or 'Used - Good Condition', docs/product.md#product-page).
    condition: p.condition ?? (p.productType === 'new' ? ('new' as const) : ('good' as const)),
  }))
  .superRefine((p, ctx) => {
    for (const issue of productRuleIssues(p)) ctx.addIssue({ code: 'custom', path: issue.path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)), message: asZod(issue.message) });
  });
export type ProductFields = z.infer<typeof createProductInput>;

/** An edit: only the fields given (the others keep their values); the rules across fields are checked on the result. */
export const editProductInput = z.object(productShape('edit'), { error: asZod(productMessages.theProductMustBeAJson) }).partial();

export const ladderInput = z.object(
  { text: z.string({ error: asZod(productMessages.pleaseTypeOrSayThePrice) }).trim().min(1, asZod(productMessages.pleaseTypeOrSayThePrice)).max(500, asZod(productMessages.thePriceBandsMustBeAt)) },
  { error: asZod(productMessages.pleaseTypeOrSayThePrice) },
);

export const enabledInput = z.object({ enabled: z.boolean({ error: asZod(productMessages.enabledMustBeTrueOrFalse) }) });

export const reorderInput = z.object(
  {
    itemIds: z
      .array(z.string({ error: asZod(productMessages.itemIdsMustBeAList) }), { error: asZod(productMessages.itemIdsMustBeAList) })
      .max(50, asZod(productMessages.itemIdsMustBeAList)),
  },
  { error: asZod(productMessages.itemIdsMustBeAList) },
);

export const listInput = z.object({
  limit: z.coerce.number({ error: asZod(productMessages.limitMustBeANumberFrom) }).int(asZod(productMessages.limitMustBeANumberFrom)).min(1, asZod(productMessages.limitMustBeANumberFrom)).max(100, asZod(productMessages.limitMustBeANumberFrom)).default(20),
  offset: z.coerce.number({ error: asZod(productMessages.offsetMustBeAWholeNumber) }).int(asZod(productMessages.offsetMustBeAWholeNumber)).min(0, asZod(productMessages.offsetMustBeAWholeNumber)).max(1_000_000).default(0),
});

export const generateQuestionsInput = z.object(
  {
    description: z.string({ error: asZod(GENERATE_NEEDS_DESCRIPTION) }).trim().max(10_000, asZod(productMessages.descriptionMustBeAtMost10000)).optional(),
    title: z.string().trim().max(200).optional(),
    category: z.string().trim().optional().transform((v) => (v && isCategoryId(v) ? v : undefined)),
    productType: z.enum(PRODUCT_TYPES).optional().catch(undefined),
    language: z.enum(['en', 'hi'], { error: asZod(productMessages.languageMustBeEnOrHi) }).optional(),
  },
  { error: asZod(GENERATE_NEEDS_DESCRIPTION) },
);
