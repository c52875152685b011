import type { AskedUnit } from '../../products/products.public.js';
import { CURRENCY_WORDS, readNumber } from './amounts.js';
import { normalizeQuery, tokenize } from './normalize.js';
import { unitOfWord } from './requirement.js';

/**
 * A buyer's question about the price of a quantity of the product they are looking at (docs/product.md#price-bands):
 * 'how much for 500', 'price of 2000 pcs?', '500 ka kitna', '500 pcs ka rate kya hai', '500 पीस का क्या रेट',
 * 'पाँच सौ पीस कितने के'. Read only when the assistant was opened from a product page; anything else is a search.
 */
export interface QuantityQuestion {
  quantity: number;
  /** The unit said after the number ('500 kg', '2 dozen', '1 quintal'), if any. */
  unit: AskedUnit | null;
}

/** Units people ask in that no product is sold in ('1 quintal', '500 ml'), beside the products' own (unitOfWord). */
const ASKED_ONLY_WORDS: ReadonlyArray<[AskedUnit, string[]]> = [
  ['quintal', ['quintal', 'quintals', 'qtl', 'kuintal', 'kwintal', 'क्विंटल', 'कुंतल']],
  ['millilitre', ['ml', 'millilitre', 'millilitres', 'milliliter', 'milliliters', 'मिलीलीटर', 'एमएल']],
];
const ASKED_ONLY_OF = new Map(ASKED_ONLY_WORDS.flatMap(([unit, words]) => words.map((w): [string, AskedUnit] => [normalizeQuery(w), unit])));
const askedUnitOf = (word: string): AskedUnit | null => unitOfWord(word) ?? ASKED_ONLY_OF.get(word) ?? null;

/** The largest quantity asked about (a listing's quantities stop at 1,000,000). */
const MAX_ASKED = 1_000_000_000;

/** Words that ask a price: one of them must be there. */
const ASKING = new Set(
  [
    'much', 'price', 'prices', 'rate', 'rates', 'cost', 'costs', 'total', 'quote', 'charge',
    'kitna', 'kitne', 'kitni', 'kitnaa', 'daam', 'dam', 'bhav', 'bhaav', 'kimat', 'keemat', 'paisa', 'paise', 'rupay', 'rupaye',
    'कितना', 'कितने', 'कितनी', 'रेट', 'दाम', 'भाव', 'कीमत', 'क़ीमत', 'मूल्य', 'पैसे', 'टोटल',
  ].map(normalizeQuery),
);
/** Words that make a number a price limit or a range, which a search reads ('price under 500', '500 se kam'). */
const LIMITS = new Set(
  ['under', 'below', 'less', 'over', 'above', 'between', 'upto', 'within', 'budget', 'kam', 'zyada', 'jyada', 'tak', 'neeche', 'upar', 'कम', 'ज़्यादा', 'तक', 'नीचे', 'ऊपर', 'बजट', '-', 'to'].map(
    normalizeQuery,
  ),
);

/** The quantity question the text asks, or null when it asks something else (or names no single quantity). */
export function readQuantityQuestion(text: string): QuantityQuestion | null {
  const tokens = tokenize(normalizeQuery(text));
  if (!tokens.some((t) => ASKING.has(t)) || tokens.some((t) => LIMITS.has(t))) return null;
  // Digits say the quantity when there are any: then a number word is a word ('how much do 500 cost': 'do').
  const digits = tokens.some((t) => /^\d/.test(t));
  let found: QuantityQuestion | null = null;
  for (let i = 0; i < tokens.length; ) {
    const number = !digits || /^\d/.test(tokens[i]) ? readNumber(tokens, i) : null;
    if (!number) {
      i += 1;
      continue;
    }
    // A second number ('500 or 1000'), an amount of rupees ('₹500', '500 rs') or a fraction is no quantity question.
    if (found || number.integer === null || CURRENCY_WORDS.has(tokens[i - 1] ?? '') || CURRENCY_WORDS.has(tokens[number.end] ?? '')) return null;
    if (number.integer < 1 || number.integer > MAX_ASKED) return null;
    found = { quantity: number.integer, unit: askedUnitOf(tokens[number.end] ?? '') };
    i = number.end;
  }
  return found;
}
