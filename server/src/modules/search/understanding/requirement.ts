import type { Unit } from '../../products/products.public.js';
import { normalizeQuery, tokenize } from './normalize.js';
import { isStateName } from './places.js';
import type { Understanding } from './understand.js';

/**
 * What a buyer's requirement says (docs/product.md#buy-requirements), read by the search's own
 * understanding: the goods words, the category, the quantity and its unit, the top price per unit,
 * the place (a city or a state) and the condition. Every field is a suggestion the buyer may change.
 */
export interface RequirementDraft {
  goodsWords: string[];
  category: string | null;
  quantity: number | null;
  unit: Unit | null;
  maxUnitPricePaise: string | null;
  city: string | null;
  state: string | null;
  condition: 'new' | 'used' | null;
}

/** Words that name a unit of a quantity ('200 kg', '50 दर्जन'), in the spellings people use. */
const UNIT_WORDS: ReadonlyArray<[Unit, string[]]> = [
  ['kg', ['kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'किलो']],
  ['gram', ['gram', 'grams', 'gm', 'ग्राम']],
  ['tonne', ['ton', 'tons', 'tonne', 'tonnes', 'टन']],
  ['litre', ['litre', 'litres', 'liter', 'liters', 'ltr', 'लीटर']],
  ['metre', ['metre', 'metres', 'meter', 'meters', 'मीटर']],
  ['dozen', ['dozen', 'darjan', 'दर्जन']],
  ['box', ['box', 'boxes', 'dibba', 'डिब्बा', 'डिब्बे']],
  ['carton', ['carton', 'cartons', 'कार्टन']],
  ['pair', ['pair', 'pairs', 'jodi', 'जोड़ी']],
  ['set', ['set', 'sets', 'सेट']],
  ['roll', ['roll', 'rolls', 'रोल']],
  ['bag', ['bag', 'bags', 'bori', 'बोरी', 'बोरियाँ']],
  ['piece', ['piece', 'pieces', 'pc', 'pcs', 'nag', 'पीस', 'नग']],
];
const UNIT_OF = new Map(UNIT_WORDS.flatMap(([unit, words]) => words.map((w): [string, Unit] => [normalizeQuery(w), unit])));

/** The unit a word names ('pcs', 'किलो', 'dibba'), as normalizeQuery spells it; else undefined. */
export const unitOfWord = (word: string): Unit | undefined => UNIT_OF.get(word);

/** The unit said right after a number ('200 kg rice'), else null. */
function unitOf(text: string): Unit | null {
  const tokens = tokenize(normalizeQuery(text));
  for (let i = 1; i < tokens.length; i += 1) {
    const unit = UNIT_OF.get(tokens[i]);
    if (unit && /^\d[\d,.]*$/.test(tokens[i - 1])) return unit;
  }
  return null;
}

/** Words that say nothing of the goods ('each', 'per'). */
const NOT_GOODS = new Set(['each', 'per', 'piece', 'pieces', 'pcs', 'need', 'want', 'required', 'chahiye', 'चाहिए']);

/** A word as listings' titles carry it: lower case, without a plural 's' ('almirahs' -> 'almirah'). */
const stem = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/**
 * The words a seller's listing is matched by: the understanding's goods and words in English (with
 * its translations: 'almirah' is also a 'cupboard') and the buyer's own spellings of them.
 */
function goodsWordsOf(u: Understanding, unit: Unit | null): string[] {
  const english = [...u.goods, ...u.text.split(/\s+/)];
  const own = english.flatMap((w) => u.alternatives[w] ?? []);
  return [...new Set([...english, ...own].map((w) => stem(w.trim().toLowerCase())).filter((w) => w.length >= 2 && !/^\d+$/.test(w) && !NOT_GOODS.has(w) && (unit === null || UNIT_OF.get(w) !== unit)))].slice(0, 8);
}

/** A plain number said before the goods ('200 steel almirah') when the understanding read no quantity from it. */
function plainCount(text: string, u: Understanding): number | null {
  const price = u.filters.maxPricePaise === undefined ? null : u.filters.maxPricePaise / 100n;
  for (const t of tokenize(normalizeQuery(text))) {
    if (!/^\d{1,7}$/.test(t)) continue;
    const n = Number(t);
    if (n >= 1 && (price === null || BigInt(n) !== price)) return n;
  }
  return null;
}

/** The requirement a buyer's words describe, from the search's understanding of them. */
export function readRequirement(text: string, u: Understanding): RequirementDraft {
  const unit = unitOf(text);
  const words = goodsWordsOf(u, unit);
  const place = u.filters.location ?? null;
  const price = u.filters.maxPricePaise;
  return {
    goodsWords: words,
    category: u.ambiguous ? null : (u.filters.category ?? null),
    quantity: u.filters.minQuantity ?? plainCount(text, u),
    unit,
    maxUnitPricePaise: price === undefined ? null : price.toString(),
    city: place && !isStateName(place) ? place : null,
    state: place && isStateName(place) ? place : null,
    condition: u.filters.productType ?? null,
  };
}
