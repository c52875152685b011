import { AppError, badInput } from '../../common/app-error.js';
import { REQUIRED, isObject } from './products.inputs.js';

// The REST shim's bodies (docs/product.md#rest-shim: snake_case, the forms the spec sends) as the
// catalogue's commands (the GraphQL input's names), and the commands' field names back in errors.

type Obj = Record<string, unknown>;

/** REST field -> command field; the rest keep their names. */
const TO_COMMAND: Record<string, string> = {
  product_type: 'productType',
  purchase_type: 'purchaseType',
  min_quantity: 'minQuantity',
  max_quantity: 'maxQuantity',
  custom_questions: 'customQuestions',
  question_type: 'questionType',
  item_ids: 'itemIds',
};
const TO_REST: Record<string, string> = Object.fromEntries(Object.entries(TO_COMMAND).map(([rest, command]) => [command, rest]));

const PRODUCT_FIELDS = ['title', 'description', 'product_type', 'purchase_type', 'condition', 'category', 'tags', 'price', 'contact', 'enabled', 'custom_questions', 'min_quantity', 'max_quantity', 'city', 'state'];

/** Questions as REST sends them (`{questions: [...]}` or the list, entries with `question_type`). */
export function questionsFromRest(raw: unknown): unknown {
  const list = isObject(raw) && 'custom_questions' in raw ? raw.custom_questions : raw;
  const items = isObject(list) && 'questions' in list ? list.questions : list;
  if (!Array.isArray(items)) return items;
  return items.map((q) => (isObject(q) ? renamed(q) : q));
}

/**
 * A product body in either form the spec sends: quantity as `{min_quantity, max_quantity}` (create)
 * or a single number (edit: the maximum), location as `{city, state}` or flat, custom questions as
 * `{questions}` or a list. Keys that are absent stay absent, so an edit changes only what it gives.
 */
export function productCommandFromRest(body: unknown): unknown {
  if (!isObject(body)) return body;
  const flat: Obj = {};
  const copy = (from: Obj, key: string) => {
    if (from[key] !== undefined) flat[TO_COMMAND[key] ?? key] = from[key];
  };
  for (const key of PRODUCT_FIELDS) copy(body, key);
  const q = body.quantity;
  if (isObject(q)) {
    copy(q, 'min_quantity');
    copy(q, 'max_quantity');
  } else if (q !== undefined) flat.maxQuantity = q;
  if (isObject(body.location)) {
    copy(body.location, 'city');
    copy(body.location, 'state');
  }
  if (flat.customQuestions !== undefined) flat.customQuestions = questionsFromRest(flat.customQuestions);
  return flat;
}

/** The `product` field of a create upload: JSON text of an object. */
export function parseProductField(text: string | undefined): Obj {
  if (text === undefined || text.trim() === '') throw badInput(REQUIRED, { fields: { product: REQUIRED } });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badInput('The product field must be valid JSON');
  }
  if (!isObject(value)) throw badInput('The product must be a JSON object');
  return value;
}

/** Any other REST body (generate questions, reorder) with its keys renamed; not an object stays as it is. */
export function commandFromRest(body: unknown): unknown {
  return isObject(body) ? renamed(body) : body;
}

function renamed(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [TO_COMMAND[k] ?? k, v]));
}

/** A refusal's field names as the REST body named them (`maxQuantity` -> `max_quantity`). */
export function withRestFieldNames(err: unknown): unknown {
  if (!(err instanceof AppError) || !isObject(err.details?.fields)) return err;
  const fields = Object.fromEntries(Object.entries(err.details.fields).map(([k, v]) => [k.split('.').map((part) => TO_REST[part] ?? part).join('.'), v]));
  return new AppError(err.code, err.message, { ...err.details, fields });
}
