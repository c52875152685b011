import type { ProductDetailsFieldsFragment, UpdateProductInput } from '../../../graphql/generated';
import { rupeesToPaise } from '../../../lib/money';
import { DEFAULT_UNIT, PRICE_UNITS, type PriceUnit } from '../../../lib/price';
import { toDraft, type DraftQuestion } from '../components/questions-editor';
import { formProblems, type FieldMessage } from './field-errors';
import { bandIdOfServerPath, bandProblems, draftBands, priceTiersOf, typedRupees, type DraftBand, type PriceTierValue } from './price-band-drafts';
import { addTags, isCondition, type Condition } from './product-rules';

// The product form's values, checks and commands: one set for creating and editing (docs/product.md#validation).
// A field added to a product is added here (values, the check, the command, its element id) and shown by a
// field group of components/product-form-groups.tsx; the compiler finds the rest.

export interface ProductFormValues {
  title: string;
  description: string;
  category: string;
  productType: 'new' | 'used';
  /** Empty only for an old product stored without one (the form then asks for it). */
  condition: Condition | '';
  purchaseType: 'buy_now' | 'inquire';
  /** Rupees as typed ('1450', '1450.5'). */
  price: string;
  /** The top of a range, rupees as typed (inquire-first listings). */
  priceMax: string;
  minQuantity: string;
  maxQuantity: string;
  /** The unit prices are per and quantities count (docs/product.md#units). */
  unit: PriceUnit;
  /** Digits as typed; empty for none. */
  hsnCode: string;
  /** A GST rate in percent: '0', '5', '12', '18' or '28'. */
  gstRate: string;
  /** Bulk price bands after band 1 (the minimum order at the price); none for one price. */
  bands: DraftBand[];
  tags: string[];
  /** A tag being typed, not yet a chip: it counts when the form is sent. */
  tagDraft: string;
  city: string;
  state: string;
  contact: string;
  questions: DraftQuestion[];
}

/** The element id of each field a message can be about (a question's is `questionInputId(key)`). */
export const FIELD_IDS = {
  title: 'product-title',
  description: 'product-description',
  category: 'product-category',
  productType: 'product-type',
  condition: 'product-condition',
  purchaseType: 'product-purchase-type',
  price: 'product-price',
  priceMax: 'product-price-max',
  minQuantity: 'product-min-quantity',
  maxQuantity: 'product-max-quantity',
  unit: 'product-unit',
  hsnCode: 'product-hsn-code',
  gstRate: 'product-gst-rate',
  tags: 'product-tags',
  city: 'product-city',
  state: 'product-state',
  contact: 'product-contact',
  thumbnail: 'product-thumbnail',
  gallery: 'product-gallery',
} as const;
export type FieldName = keyof typeof FIELD_IDS;

/** A new listing: an inquiry with a minimum order of 1; the quantity available is the seller's to say. */
export function newProductValues(): ProductFormValues {
  return {
    title: '',
    description: '',
    category: 'Other',
    productType: 'new',
    condition: 'new',
    purchaseType: 'inquire',
    price: '',
    priceMax: '',
    minQuantity: '1',
    maxQuantity: '',
    unit: DEFAULT_UNIT,
    hsnCode: '',
    gstRate: '18',
    bands: [],
    tags: [],
    tagDraft: '',
    city: '',
    state: '',
    contact: '',
    questions: [],
  };
}

export { typedRupees };

/** A stored product as the form shows it. */
export function productValues(p: ProductDetailsFieldsFragment): ProductFormValues {
  return {
    title: p.title,
    description: p.description,
    category: p.category,
    productType: p.productType === 'used' ? 'used' : 'new',
    condition: isCondition(p.condition) ? p.condition : '',
    purchaseType: p.purchaseType === 'buy_now' ? 'buy_now' : 'inquire',
    price: typedRupees(p.pricePaise),
    priceMax: typedRupees(p.priceMaxPaise),
    minQuantity: String(p.minQuantity),
    maxQuantity: String(p.maxQuantity),
    unit: PRICE_UNITS.find((u) => u === p.unit) ?? DEFAULT_UNIT,
    hsnCode: p.hsnCode ?? '',
    gstRate: String(p.gstRate ?? 18),
    bands: draftBands(p.priceTiers),
    tags: p.tags,
    tagDraft: '',
    city: p.city ?? '',
    state: p.state ?? '',
    contact: p.contact ?? '',
    questions: p.customQuestions.map(toDraft),
  };
}

/** The prices a listing may ask per unit, in paise (the server's limits, docs/product.md#prices). */
export const MIN_PRICE_PAISE = 100n;
export const MAX_PRICE_PAISE = 10_00_00_000n * 100n;
export const MAX_QUANTITY = 1_000_000;
/** An HSN code: 4, 6 or 8 digits (docs/product.md#units). */
const HSN = /^\d{4}(?:\d{2}){0,2}$/;
/** The GST rates a product may have, in percent. */
export const GST_RATES = ['0', '5', '12', '18', '28'] as const;

const paiseOf = (text: string): bigint | null => {
  const paise = rupeesToPaise(text);
  return paise === null ? null : BigInt(paise);
};

/** A price field's problem, or null (blank is for the caller to judge). */
function priceProblem(text: string): FieldMessage | null {
  const paise = paiseOf(text);
  if (paise === null) return { key: 'form.priceInvalid' };
  return paise < MIN_PRICE_PAISE || paise > MAX_PRICE_PAISE ? { key: 'form.priceLimits' } : null;
}

const wholeQuantity = (text: string): number | null => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY ? n : null;
};

/**
 * Every problem of the values, by field id (focus goes to the first on the page); `missing` when something
 * required is empty (the summary then asks to fill in every required field). Pictures are checked by their
 * own field (a new listing's main picture: `needThumbnail`).
 */
export function checkProductValues(v: ProductFormValues, opts: { needThumbnail: boolean }): { errors: Record<string, FieldMessage>; missing: boolean } {
  const problems = formProblems();
  const { need, errors } = problems;
  need(v.title.trim(), FIELD_IDS.title, { key: 'form.titleRequired' });
  need(v.description.trim(), FIELD_IDS.description, { key: 'form.descriptionRequired' });
  need(v.category, FIELD_IDS.category, { key: 'form.categoryRequired' });
  need(v.condition, FIELD_IDS.condition, { key: 'form.conditionMissing' });
  need(!opts.needThumbnail, FIELD_IDS.thumbnail, { key: 'form.thumbnailRequired' });
  const price = v.price.trim();
  const priceMax = v.purchaseType === 'inquire' ? v.priceMax.trim() : '';
  need(v.purchaseType !== 'buy_now' || price, FIELD_IDS.price, { key: 'form.priceRequired' });
  if (price) {
    const problem = priceProblem(price);
    if (problem) errors[FIELD_IDS.price] = problem;
  }
  if (priceMax) {
    const problem = priceProblem(priceMax);
    if (problem) errors[FIELD_IDS.priceMax] = problem;
    else if (!price) errors[FIELD_IDS.price] = { key: 'form.rangeNeedsPrice' };
    else if (!errors[FIELD_IDS.price] && paiseOf(priceMax)! <= paiseOf(price)!) errors[FIELD_IDS.priceMax] = { key: 'form.rangeUpsideDown' };
  }
  need(v.minQuantity.trim(), FIELD_IDS.minQuantity, { key: 'form.minQuantityRequired' });
  need(v.maxQuantity.trim(), FIELD_IDS.maxQuantity, { key: 'form.quantityRequired' });
  const min = wholeQuantity(v.minQuantity);
  const max = wholeQuantity(v.maxQuantity);
  if (v.minQuantity.trim() && min === null) errors[FIELD_IDS.minQuantity] = { key: 'form.minQuantityInvalid' };
  if (v.maxQuantity.trim() && max === null) errors[FIELD_IDS.maxQuantity] = { key: 'form.quantityInvalid' };
  if (min !== null && max !== null && max < min) {
    errors[FIELD_IDS.minQuantity] = { key: 'form.quantityBelowMinimum' };
    errors[FIELD_IDS.maxQuantity] = { key: 'form.quantityBelowMinimum' };
  }
  if (addTags(v.tags, v.tagDraft.split(',')).length > 32) errors[FIELD_IDS.tags] = { key: 'form.tooManyTags' };
  if (v.hsnCode.trim() && !HSN.test(v.hsnCode.trim())) errors[FIELD_IDS.hsnCode] = { key: 'form.hsnInvalid' };
  Object.assign(errors, bandProblems(v, priceProblem, MAX_QUANTITY));
  return { errors, missing: problems.missing };
}

/**
 * A whole product as the form sends it: the GraphQL input's names, rupees as typed. The input's other fields
 * (a later feature's, until its field group joins the form) are left out, so an edit keeps their values.
 */
export type ProductCommand = Pick<
  { [K in keyof UpdateProductInput]-?: Exclude<UpdateProductInput[K], undefined> },
  'productType' | 'condition' | 'purchaseType' | 'price' | 'priceMax' | 'minQuantity' | 'maxQuantity' | 'city' | 'state' | 'contact' | 'hsnCode'
> & {
  title: string;
  description: string;
  category: string;
  tags: string[];
  customQuestions: Array<{ id?: string; question: string; questionType: string; mandatory: boolean }>;
  /** Every band, band 1 first; [] for one price. */
  priceTiers: PriceTierValue[];
  unit: PriceUnit;
  gstRate: number;
};

/** The checked values as the catalogue's command. */
export function productCommand(v: ProductFormValues): ProductCommand {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    category: v.category,
    productType: v.productType,
    condition: v.condition || null,
    purchaseType: v.purchaseType,
    price: v.price.trim() || null,
    priceMax: (v.purchaseType === 'inquire' && v.priceMax.trim()) || null,
    minQuantity: Number(v.minQuantity),
    maxQuantity: Number(v.maxQuantity),
    tags: addTags(v.tags, v.tagDraft.split(',')),
    city: v.city.trim() || null,
    state: v.state.trim() || null,
    contact: v.contact.trim() || null,
    customQuestions: v.questions.map((q) => ({ id: q.id, question: q.question.trim(), questionType: q.questionType, mandatory: q.mandatory })),
    priceTiers: priceTiersOf(v.minQuantity, v.price, v.bands),
    unit: v.unit,
    hsnCode: v.hsnCode.trim() || null,
    gstRate: Number(v.gstRate),
  };
}

/** The command as the REST shim's create body (snake_case, docs/product.md#rest-shim): the create upload's `product` field. */
export function restProductBody(c: ProductCommand): Record<string, unknown> {
  return {
    title: c.title,
    description: c.description,
    category: c.category,
    product_type: c.productType,
    condition: c.condition,
    purchase_type: c.purchaseType,
    ...(c.price ? { price: c.price } : {}),
    ...(c.priceMax ? { price_max: c.priceMax } : {}),
    quantity: { min_quantity: c.minQuantity, max_quantity: c.maxQuantity },
    tags: c.tags,
    location: { city: c.city ?? '', state: c.state ?? '' },
    contact: c.contact ?? '',
    custom_questions: { questions: c.customQuestions.map((q) => ({ question: q.question, question_type: q.questionType, mandatory: q.mandatory })) },
    unit: c.unit,
    ...(c.hsnCode ? { hsn_code: c.hsnCode } : {}),
    gst_rate: c.gstRate,
    price_tiers: c.priceTiers.map((b) => ({ min_quantity: b.minQuantity, unit_price_paise: b.unitPricePaise })),
  };
}

/** The server's names of the fields (GraphQL's and the REST shim's), as the form's fields. */
const SERVER_FIELDS: Record<string, FieldName> = {
  title: 'title',
  description: 'description',
  category: 'category',
  productType: 'productType',
  product_type: 'productType',
  condition: 'condition',
  purchaseType: 'purchaseType',
  purchase_type: 'purchaseType',
  price: 'price',
  priceMax: 'priceMax',
  price_max: 'priceMax',
  minQuantity: 'minQuantity',
  min_quantity: 'minQuantity',
  maxQuantity: 'maxQuantity',
  max_quantity: 'maxQuantity',
  quantity: 'maxQuantity',
  unit: 'unit',
  hsnCode: 'hsnCode',
  hsn_code: 'hsnCode',
  gstRate: 'gstRate',
  gst_rate: 'gstRate',
  tags: 'tags',
  city: 'city',
  state: 'state',
  location: 'city',
  contact: 'contact',
  thumbnail: 'thumbnail',
  gallery: 'gallery',
};

/** The form field a refusal's path names (`max_quantity`, `custom_questions.0.question`...), or null; questions by index. */
export function fieldOfServerPath(path: string[], questions: DraftQuestion[], questionId: (key: string) => string): string | null {
  const [name, index, part] = path;
  const band = bandIdOfServerPath(path);
  if (band) return band;
  if (name === 'customQuestions' || name === 'custom_questions' || name === 'questions') {
    const q = questions[Number(index === 'questions' ? part : index)];
    return q ? questionId(q.key) : null;
  }
  const field = SERVER_FIELDS[name];
  return field ? FIELD_IDS[field] : null;
}

/** What the seller sees of the values (a question's draft key aside): equal keys mean nothing to save. */
export const valuesKey = (v: ProductFormValues): string =>
  JSON.stringify({ ...productCommand(v), customQuestions: v.questions.map((q) => [q.id ?? null, q.question.trim(), q.questionType, q.mandatory]) });
