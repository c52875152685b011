import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { rupeesToPaise } from '../../common/money.js';
import { GST_RATES } from '../business/business.public.js';
import { isCategoryId } from './categories.js';
import { bandIssues, priceTiersSchema, type PriceTier } from './price-bands.js';
import { UNITS } from './units.js';
import { CONDITIONS, PRODUCT_TYPES, PURCHASE_TYPES, type CustomQuestion, type QuestionType } from './product.entity.js';

// The one validation of every catalogue command (docs/product.md#validation). Commands use the GraphQL
// input's names (camelCase, price in rupees as the seller types it); the REST shim maps its snake_case
// bodies to them (products.routes.ts, http/rest-commands.ts).

export const REQUIRED = 'Please fill in all required fields';
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
export const PRICE_LIMITS = 'Price must be from ₹1 to ₹10,00,00,000';
export const GENERATE_NEEDS_DESCRIPTION = 'Description is required to generate questions';

type Obj = Record<string, unknown>;
export const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const requiredText = (label: string, max: number) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `${label} must be at most ${max} characters`);

/** Optional text: blank means "not given" (null). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const quantity = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: `${label} must be a whole number of at least 1` })
      .int(`${label} must be a whole number of at least 1`)
      .min(1, `${label} must be at least 1`)
      .max(MAX_QUANTITY, `${label} must be at most ${MAX_QUANTITY}`),
  );

const PRICE_FORMAT = 'Price must be an amount in rupees, with at most 2 decimals';

/** Rupees (number or text) to paise, within the limits; null or blank means no price. */
const price = z.preprocess(
  blankToNull,
  z
    .union([z.number(), z.string()], { error: PRICE_FORMAT })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined) return null;
      if ((typeof v === 'number' && v < 0) || (typeof v === 'string' && v.trim().startsWith('-'))) {
        ctx.addIssue({ code: 'custom', message: PRICE_LIMITS });
        return z.NEVER;
      }
      const paise = rupeesToPaise(v);
      if (paise === null) {
        ctx.addIssue({ code: 'custom', message: PRICE_FORMAT });
        return z.NEVER;
      }
      if (paise < MIN_PRICE_PAISE || paise > MAX_PRICE_PAISE) {
        ctx.addIssue({ code: 'custom', message: PRICE_LIMITS });
        return z.NEVER;
      }
      return paise.toString();
    }),
);

/** Tags: a list or comma-separated text; trimmed, blanks dropped, duplicates (ignoring case) dropped. */
export const tagsSchema = z
  .union([z.array(z.string({ error: 'Tags must be text' })), z.string()], { error: 'Tags must be a list of text' })
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
      .array(z.string().max(50, 'Each tag must be at most 50 characters'))
      .max(MAX_TAGS, `At most ${MAX_TAGS} tags allowed`),
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
      .string({ error: 'Each question needs some text' })
      .trim()
      .min(1, 'Each question needs some text')
      .max(500, 'A question must be at most 500 characters'),
    questionType: z
      .string({ error: 'Question type must be yes_no or free_response' })
      .optional()
      .transform((v, ctx) => {
        const t = QUESTION_TYPE_BY_SPELLING[v ?? 'free_response'];
        if (!t) {
          ctx.addIssue({ code: 'custom', message: 'Question type must be yes_no or free_response' });
          return z.NEVER;
        }
        return t;
      }),
    mandatory: z.boolean({ error: 'mandatory must be true or false' }).optional().default(false),
  },
  { error: 'Each question must be an object with question text' },
);

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Custom questions: a list (or `{questions: [...]}`); ids are kept when usable, else given. */
export const questionsSchema = z
  .preprocess(
    (v) => (isObject(v) && 'questions' in v ? v.questions : (v ?? [])),
    z.array(questionSchema, { error: 'Questions must be a list' }).max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions allowed`),
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
    title: requiredText('Title', 200),
    description: requiredText('Description', 10_000),
    productType: withDefault(z.enum(PRODUCT_TYPES, { error: 'Product type must be new or used' }), 'new'),
    purchaseType: withDefault(z.enum(PURCHASE_TYPES, { error: 'Purchase type must be buy_now or inquire' }), 'inquire'),
    condition:
      mode === 'edit'
        ? z.preprocess(blankToNull, z.enum(CONDITIONS, { error: REQUIRED }))
        : z.preprocess(blankToNull, z.enum(CONDITIONS, { error: 'Please choose a valid condition' }).nullish()),
    category: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .refine(isCategoryId, 'Please choose a valid category'),
    tags: withDefault(tagsSchema, []),
    price,
    priceMax: price,
    minQuantity: withDefault(quantity('Minimum quantity'), 1),
    maxQuantity: withDefault(quantity('Maximum quantity'), 1),
    city: optionalText('City', 100),
    state: optionalText('State', 100),
    contact: optionalText('Contact', 100).refine((v) => v === null || CONTACT.test(v), 'Contact must be a phone number or an email address'),
    enabled: withDefault(z.boolean({ error: 'enabled must be true or false' }), true),
    customQuestions: withDefault(questionsSchema, []),
    unit: withDefault(z.enum(UNITS, { error: 'Please choose a unit from the list' }), 'piece'),
    hsnCode: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : blankToNull(v)),
      z
        .string({ error: 'The HSN code must be 4, 6 or 8 digits' })
        .trim()
        .refine((v) => /^(\d{4}|\d{6}|\d{8})$/.test(v), 'The HSN code must be 4, 6 or 8 digits')
        .nullish()
        .transform((v) => v ?? null),
    ),
    gstRate: withDefault(
      z.preprocess(
        (v) => (typeof v === 'string' && /^\s*\d+\s*%?\s*$/.test(v) ? Number(v.replace('%', '')) : v),
        z.number({ error: 'The GST rate must be 0, 5, 12, 18 or 28 %' }).refine((v) => (GST_RATES as readonly number[]).includes(v), 'The GST rate must be 0, 5, 12, 18 or 28 %'),
      ),
      18,
    ),
    priceTiers: withDefault(priceTiersSchema(MAX_QUANTITY, MIN_PRICE_PAISE, MAX_PRICE_PAISE), []),
  };
}

export const RANGE_NEEDS_PRICE = 'Please enter the lowest price of the range too';
export const RANGE_UPSIDE_DOWN = 'The highest price must be more than the lowest';
export const RANGE_ONLY_INQUIRE = 'A price range is only for Inquire first listings: Buy now has one price';

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
}): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  if (p.purchaseType === 'buy_now' && p.pricePaise === null) issues.push({ path: 'price', message: 'Please enter a price for Buy now products' });
  // An inquire-first listing may show a range ('₹1,200–₹1,500 / piece'); Buy now sells at one price.
  if (p.priceMaxPaise !== null) {
    if (p.purchaseType === 'buy_now') issues.push({ path: 'priceMax', message: RANGE_ONLY_INQUIRE });
    else if (p.pricePaise === null) issues.push({ path: 'price', message: RANGE_NEEDS_PRICE });
    else if (BigInt(p.priceMaxPaise) <= BigInt(p.pricePaise)) issues.push({ path: 'priceMax', message: RANGE_UPSIDE_DOWN });
  }
  if (p.maxQuantity < p.minQuantity) issues.push({ path: 'maxQuantity', message: 'Maximum quantity must be at least the minimum quantity' });
  issues.push(...bandIssues(p.priceTiers, p.minQuantity));
  const first = p.priceTiers[0];
  if (first && p.pricePaise !== first.unitPricePaise) issues.push({ path: 'priceTiers.0.unitPricePaise', message: "Band 1 must be the product's own price" });
  return issues;
}

/** A new product: every field, with the defaults filled in. */
export const createProductInput = z
  .object(productShape('create'), { error: 'The product must be a JSON object' })
  .transform(({ price, priceMax, ...p }) => ({
    ...p,
    // Bands given without a price: the first band's is the product's price.
    pricePaise: price ?? p.priceTiers[0]?.unitPricePaise ?? null,
    priceMaxPaise: priceMax ?? null,
    // A condition left out at creation follows the product type (the labels 'Brand New' or 'Used - Good Condition', docs/product.md#product-page).
    condition: p.condition ?? (p.productType === 'new' ? ('new' as const) : ('good' as const)),
  }))
  .superRefine((p, ctx) => {
    for (const issue of productRuleIssues(p)) ctx.addIssue({ code: 'custom', path: issue.path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)), message: issue.message });
  });
export type ProductFields = z.infer<typeof createProductInput>;

/** An edit: only the fields given (the others keep their values); the rules across fields are checked on the result. */
export const editProductInput = z.object(productShape('edit'), { error: 'The product must be a JSON object' }).partial();

export const ladderInput = z.object(
  { text: z.string({ error: 'Please type or say the price bands' }).trim().min(1, 'Please type or say the price bands').max(500, 'The price bands must be at most 500 characters') },
  { error: 'Please type or say the price bands' },
);

export const enabledInput = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });

export const reorderInput = z.object(
  {
    itemIds: z
      .array(z.string({ error: 'item_ids must be a list of gallery item ids' }), { error: 'item_ids must be a list of gallery item ids' })
      .max(50, 'item_ids must be a list of gallery item ids'),
  },
  { error: 'item_ids must be a list of gallery item ids' },
);

export const listInput = z.object({
  limit: z.coerce.number({ error: 'limit must be a number from 1 to 100' }).int('limit must be a number from 1 to 100').min(1, 'limit must be a number from 1 to 100').max(100, 'limit must be a number from 1 to 100').default(20),
  offset: z.coerce.number({ error: 'offset must be a whole number of at least 0' }).int('offset must be a whole number of at least 0').min(0, 'offset must be a whole number of at least 0').max(1_000_000).default(0),
});

export const generateQuestionsInput = z.object(
  {
    description: z.string({ error: GENERATE_NEEDS_DESCRIPTION }).trim().max(10_000, 'Description must be at most 10000 characters').optional(),
    title: z.string().trim().max(200).optional(),
    category: z.string().trim().optional().transform((v) => (v && isCategoryId(v) ? v : undefined)),
    productType: z.enum(PRODUCT_TYPES).optional().catch(undefined),
    language: z.enum(['en', 'hi'], { error: 'language must be en or hi' }).optional(),
  },
  { error: GENERATE_NEEDS_DESCRIPTION },
);
