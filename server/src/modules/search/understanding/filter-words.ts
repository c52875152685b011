import { CURRENCY_WORDS, multiply, readNumber, toPaise, type ReadNumber } from './amounts.js';
import { MAX_QUANTITY } from '../../products/products.inputs.js';
import { cappedPrice, type SearchFilters } from './filters.js';
import { BRAND_CATEGORIES, BRAND_TRADES } from './category-words.js';
import {
  AROUND_AFTER,
  AROUND_BEFORE,
  BRANDS,
  BULK_WORDS,
  BUY_NOW_WORDS,
  CHEAPER_WORDS,
  COSTLIER_WORDS,
  INQUIRE_WORDS,
  MAX_AFTER,
  MAX_BEFORE,
  MIN_AFTER,
  MIN_BEFORE,
  NEW_WORDS,
  NEWEST_WORDS,
  PhraseSet,
  QUANTITY_BEFORE,
  QUANTITY_UNITS,
  RANGE_END,
  RANGE_JOIN,
  RANGE_START,
  STOPWORDS,
  TRANSLATIONS,
  USED_WORDS,
} from './lexicon.js';
import { hasDevanagari } from './normalize.js';
import { PLACE_NAMES, PLACE_PREPOSITIONS } from './places.js';
import { transliterate } from './transliterate.js';
import { AGE_NOUNS, GENITIVES, HINGLISH_MARKERS, NOT_A_COUNT_AFTER, OLD_WORDS, SET_NOUNS, SPEC_UNITS } from './word-classes.js';
import { inflected, isGoodsWord, KNOWN_WORDS, loanword, singular } from './word-forms.js';

/**
 * The words of a request that state filters rather than goods: quantities, prices, the place,
 * buy now or inquire, bulk, new or used, and the order ('cheaper', 'latest').
 */

const MAX_BEFORE_P = new PhraseSet(MAX_BEFORE);
const MAX_AFTER_P = new PhraseSet(MAX_AFTER);
const MIN_BEFORE_P = new PhraseSet(MIN_BEFORE);
const MIN_AFTER_P = new PhraseSet(MIN_AFTER);
const AROUND_BEFORE_P = new PhraseSet(AROUND_BEFORE);
const AROUND_AFTER_P = new PhraseSet(AROUND_AFTER);
const RANGE_START_P = new PhraseSet(RANGE_START);
const RANGE_JOIN_P = new PhraseSet(RANGE_JOIN);
const RANGE_END_P = new PhraseSet(RANGE_END);
const USED_P = new PhraseSet(USED_WORDS);
const NEW_P = new PhraseSet(NEW_WORDS);
const BUY_NOW_P = new PhraseSet(BUY_NOW_WORDS);
const INQUIRE_P = new PhraseSet(INQUIRE_WORDS);
const BULK_P = new PhraseSet(BULK_WORDS);
const CHEAPER_P = new PhraseSet(CHEAPER_WORDS);
const COSTLIER_P = new PhraseSet(COSTLIER_WORDS);
const NEWEST_P = new PhraseSet(NEWEST_WORDS);
const PLACES_P = new PhraseSet(PLACE_NAMES.keys());
const QTY_BEFORE_P = new PhraseSet(QUANTITY_BEFORE);

/** How wide 'around X' is: X - 20% to X + 20%. */
const AROUND_PERCENT = 20n;

/** What the filter words of a request said; `taken` marks the tokens they used. */
export interface FilterWords {
  filters: SearchFilters;
  taken: boolean[];
  /** 'cheaper' / 'sasta' (lower) or 'premium' / 'mehenga' (higher). */
  priceDirection: 'lower' | 'higher' | null;
}

/** Reads the filters a request's tokens state, in the order that keeps one from eating another's words. */
export function readFilterWords(tokens: string[]): FilterWords {
  const taken = tokens.map(() => false);
  const take = (from: number, to: number) => {
    for (let k = from; k < to; k += 1) taken[k] = true;
  };
  const filters: SearchFilters = {};

  readQuantities(tokens, taken, take, filters);
  dropForeignPrices(tokens, taken, take);
  readPrices(tokens, taken, take, filters);

  // Places ('in Pune', 'Surat ke supplier', 'पुणे में'), with the little words around them.
  for (let i = 0; i < tokens.length && !filters.location; i += 1) {
    const len = taken[i] ? 0 : PLACES_P.matchAt(tokens, i, taken);
    if (!len) continue;
    filters.location = PLACE_NAMES.get(tokens.slice(i, i + len).join(' '));
    take(i, i + len);
    if (i > 0 && PLACE_PREPOSITIONS.has(tokens[i - 1]) && !taken[i - 1]) taken[i - 1] = true;
    if (PLACE_PREPOSITIONS.has(tokens[i + len] ?? '') && !taken[i + len]) taken[i + len] = true;
  }

  const purchase = findPhrase(tokens, taken, BUY_NOW_P) ? 'buy_now' : findPhrase(tokens, taken, INQUIRE_P) ? 'inquire' : null;
  if (purchase) filters.purchaseType = purchase;
  // A quantity said in numbers ('500 pcs wholesale') says more than 'bulk'.
  if (findPhrase(tokens, taken, BULK_P) && filters.minQuantity === undefined) filters.bulk = true;

  // 'old coins', 'purani filmon ki dvd': how old the goods are, not a used condition.
  for (let i = 0; i + 1 < tokens.length; i += 1) {
    if (taken[i] || !OLD_WORDS.has(tokens[i])) continue;
    // The aged goods may come a few words on ('old indian stamps', 'purani hindi filmon ki dvd').
    if (tokens.slice(i + 1, i + 5).some((t) => AGE_NOUNS.has(t) || AGE_NOUNS.has(inflected(t) ?? ''))) taken[i] = true;
  }
  const used = findPhrase(tokens, taken, USED_P);
  const isNew = findPhrase(tokens, taken, NEW_P);
  if (used !== isNew) filters.productType = used ? 'used' : 'new';

  const lower = findPhrase(tokens, taken, CHEAPER_P);
  const higher = findPhrase(tokens, taken, COSTLIER_P);
  const priceDirection = lower && !higher ? 'lower' : higher && !lower ? 'higher' : null;
  if (findPhrase(tokens, taken, NEWEST_P)) filters.sort = 'newest';
  return { filters, taken, priceDirection };
}

/** True (and the words taken) when a phrase of the set occurs among the untaken words. */
export function findPhrase(tokens: string[], taken: boolean[], set: PhraseSet): boolean {
  let found = false;
  for (let i = 0; i < tokens.length; i += 1) {
    if (taken[i]) continue;
    const len = set.matchAt(tokens, i, taken);
    if (len) {
      for (let k = i; k < i + len; k += 1) taken[k] = true;
      found = true;
      i += len - 1;
    }
  }
  return found;
}

type Take = (from: number, to: number) => void;

/** '100 pieces', 'qty 500', '5 dozen'; a quantity beyond what any listing may offer is not a filter. */
export function readQuantities(tokens: string[], taken: boolean[], take: Take, filters: SearchFilters) {
  for (let i = 0; i < tokens.length; i += 1) {
    if (taken[i]) continue;
    const before = QTY_BEFORE_P.matchAt(tokens, i, taken);
    if (before) {
      const n = readNumber(tokens, i + before);
      if (n?.integer && n.integer <= MAX_QUANTITY) {
        filters.minQuantity = n.integer;
        take(i, n.end);
        continue;
      }
    }
    // 'class 10 books', 'size 9', 'ps5 with two controllers': a grade, a size or what comes with the goods.
    if (NOT_A_COUNT_AFTER.has(tokens[i - 1] ?? '')) continue;
    const n = readNumber(tokens, i);
    const unit = n ? QUANTITY_UNITS.get(tokens[n.end] ?? '') : undefined;
    // 'building blocks 500 pieces', 'tool kit 65 pieces', '65 piece tool kit': the size of the set, not how many to buy.
    if (n && unit && SET_NOUNS.has(tokens[i - 1] ?? '')) continue;
    if (n && unit && SINGLE_PIECE.has(tokens[n.end]) && tokens.slice(n.end + 1, n.end + 4).some((x) => SET_NOUNS.has(x))) continue;
    // 'pulsar 150 spare parts', 'nokia 105': a model number after a brand or model line.
    if (n && !unit && MODEL_LINE(tokens[i - 1] ?? '')) continue;
    if (n?.integer && unit) {
      if (n.integer * unit > MAX_QUANTITY) continue;
      filters.minQuantity = n.integer * unit;
      take(i, n.end + 1);
    } else if (n?.integer && n.integer >= 2 && n.integer <= MAX_QUANTITY && !n.multiplied && countsGoods(tokens, n.end, n.integer)) {
      filters.minQuantity = n.integer;
      take(i, n.end);
    }
  }
}

/** 'piece' said of one set ('65 piece tool kit'), unlike 'pieces' (how many). */
const SINGLE_PIECE = new Set(['piece', 'pc', 'pcs', 'पीस']);
/** A brand or model line, after which a number names a model ('pulsar 150', 'iphone 13'). */
const MODEL_LINE = (w: string): boolean => BRANDS.has(w) || BRAND_CATEGORIES.has(w) || BRAND_TRADES.has(w);

/** '50 office chairs': a plain number followed, within three words, by goods named in the plural. */
export function countsGoods(tokens: string[], from: number, n: number): boolean {
  // '5 kg blocks', '3 seater sofa', '55 इंच का टीवी': a measure of each, not how many.
  const next = tokens[from] ?? '';
  if (SPEC_UNITS.has(next) || SPEC_UNITS.has(TRANSLATIONS.get(next) ?? (hasDevanagari(next) ? transliterate(next) : next))) return false;
  for (let k = from; k < Math.min(tokens.length, from + 3); k += 1) {
    const t = tokens[k];
    if (readNumber(tokens, k) || CURRENCY_WORDS.has(t) || STOPWORDS.has(t)) return false;
    if (t.endsWith('s') && (singular(t) !== null || KNOWN_WORDS.has(t.replace(/e?s$/, '')))) return true;
    // Hindi and Hinglish do not mark the plural ('200 tiffin box', '200 टिफिन बॉक्स'): ten or more
    // followed at once by goods words counts them (a model number comes after its goods: 'iphone 13').
    const unmarkedPlural = hasDevanagari(t) || tokens.some((x) => HINGLISH_MARKERS.has(x));
    // A describing word may come between ('40 सिंगल बेड', '100 steel glass').
    // A year ('1983 world cup ki signed photo') counts only goods said right after it.
    if (k <= from + (isYear(n) ? 0 : 1) && n >= 10 && unmarkedPlural && isGoodsWord(TRANSLATIONS.get(t) ?? (hasDevanagari(t) ? loanword(transliterate(t)) : t))) return true;
  }
  return false;
}

/** A number that reads as a year of the last century or this one. */
const isYear = (n: number): boolean => n >= 1900 && n <= 2099;

/** Currencies other than the rupee. */
export const FOREIGN_CURRENCY = new Set(['$', 'usd', 'dollar', 'dollars']);

/**
 * '$500', 'under 500 dollars': there is no exchange rate to turn this into rupees, and reading it
 * as ₹500 would be wrong, so the amount and its price words are dropped (neither a filter nor words
 * to search).
 */
export function dropForeignPrices(tokens: string[], taken: boolean[], take: Take) {
  for (let i = 0; i < tokens.length; i += 1) {
    if (taken[i]) continue;
    let end = -1;
    if (FOREIGN_CURRENCY.has(tokens[i])) {
      const n = readNumber(tokens, i + 1);
      end = n ? n.end : i + 1;
    } else {
      const n = readNumber(tokens, i);
      if (n && FOREIGN_CURRENCY.has(tokens[n.end] ?? '')) end = n.end + 1;
    }
    if (end < 0) continue;
    const before = Math.max(...[MAX_BEFORE_P, MIN_BEFORE_P, AROUND_BEFORE_P].map((set) => set.matchEndingAt(tokens, i, taken)));
    const after = Math.max(...[MAX_AFTER_P, MIN_AFTER_P, AROUND_AFTER_P].map((set) => set.matchAt(tokens, end, taken)));
    take(i - before, end + after);
    i = end + after - 1;
  }
}

/** An amount with the currency words next to it ('₹ 5000', 'rs 5k', '5000 rupees'). */
export interface Amount {
  start: number;
  end: number;
  number: ReadNumber;
  currency: boolean;
}

export function readAmount(tokens: string[], taken: boolean[], i: number): Amount | null {
  const start = i;
  let currency = false;
  if (CURRENCY_WORDS.has(tokens[i] ?? '') && !taken[i]) {
    currency = true;
    i += 1;
  }
  if (taken[i]) return null;
  const number = readNumber(tokens, i);
  if (!number || number.value.digits === 0n) return null;
  for (let k = i; k < number.end; k += 1) if (taken[k]) return null;
  let end = number.end;
  while (CURRENCY_WORDS.has(tokens[end] ?? '') && !taken[end]) {
    currency = true;
    end += 1;
  }
  return { start, end, number, currency };
}

/** Amounts that are prices on their own: said with rupees, or with a thousand/lakh word ('30k', not '4k tv'). */
export function looksLikePrice(a: Amount): boolean {
  if (a.currency) return true;
  if (!a.number.multiplied) return false;
  return !a.number.kSuffix || a.number.base.digits >= 10n * 10n ** BigInt(a.number.base.scale);
}

export function setMax(filters: SearchFilters, paise: bigint) {
  filters.maxPricePaise = cappedPrice(paise);
}
export function setMin(filters: SearchFilters, paise: bigint) {
  filters.minPricePaise = cappedPrice(paise);
}

/** Every price expression: ranges, under/over/around, in English, Hinglish and Hindi word orders. */
export function readPrices(tokens: string[], taken: boolean[], take: Take, filters: SearchFilters) {
  for (let i = 0; i < tokens.length; i += 1) {
    if (taken[i]) continue;

    // Ranges: 'between 2000 and 5000', '2000 to 5000', '5 se 10 hazar tak', '2000-5000'.
    const startLen = RANGE_START_P.matchAt(tokens, i, taken);
    const first = readAmount(tokens, taken, i + startLen);
    if (first) {
      const joinLen = RANGE_JOIN_P.matchAt(tokens, first.end, taken);
      const join = tokens.slice(first.end, first.end + joinLen).join(' ');
      const second = joinLen ? readAmount(tokens, taken, first.end + joinLen) : null;
      const weakJoin = ['and', 'aur', 'और'].includes(join);
      if (second && (!weakJoin || startLen)) {
        let low = first.number.value;
        const high = second.number.value;
        // '5 se 10 hazar': the first number takes the second one's multiplier.
        if (!first.number.multiplied && second.number.multiplied) low = multiply(first.number.base, second.number.multiplier);
        const lowPaise = toPaise(low);
        const highPaise = toPaise(high);
        const priceLike = startLen > 0 || looksLikePrice(first) || looksLikePrice(second) || (lowPaise >= 10000n && highPaise >= 10000n);
        if (priceLike) {
          const endLen = RANGE_END_P.matchAt(tokens, second.end, taken);
          setMin(filters, lowPaise < highPaise ? lowPaise : highPaise);
          setMax(filters, lowPaise < highPaise ? highPaise : lowPaise);
          take(i, second.end + endLen);
          continue;
        }
      }
    }

    // Words before the amount: 'under 5000', 'above ₹2000', 'around 10k'.
    for (const [set, apply] of [
      [MAX_BEFORE_P, 'max'],
      [MIN_BEFORE_P, 'min'],
      [AROUND_BEFORE_P, 'around'],
    ] as const) {
      const len = set.matchAt(tokens, i, taken);
      const amount = len ? readAmount(tokens, taken, i + len) : null;
      if (amount) {
        applyPrice(filters, apply, toPaise(amount.number.value));
        take(i, amount.end);
        break;
      }
    }
    if (taken[i]) continue;

    // Words after the amount: '5000 se kam', '5 हजार से कम', '2000 or more', '10k ke aaspaas'.
    const amount = readAmount(tokens, taken, i);
    if (!amount) continue;
    let matched = false;
    for (const [set, apply] of [
      [MAX_AFTER_P, 'max'],
      [MIN_AFTER_P, 'min'],
      [AROUND_AFTER_P, 'around'],
    ] as const) {
      const len = set.matchAt(tokens, amount.end, taken);
      if (len) {
        applyPrice(filters, apply, toPaise(amount.number.value));
        take(amount.start, amount.end + len);
        matched = true;
        break;
      }
    }
    // A price said on its own ('₹ 25000', '30k ka phone', '30 हजार का'): around it. Not the face value
    // of money as goods ('one rupee notes', '1 rupaye ke purane note', '10 रुपये का सिक्का'): its words stay.
    if (!matched && looksLikePrice(amount) && !denomination(tokens, amount.end)) {
      applyPrice(filters, 'around', toPaise(amount.number.value));
      take(amount.start, amount.end);
    }
    if (taken[i]) i = Math.max(i, amount.end - 1);
  }
  if (filters.minPricePaise !== undefined && filters.maxPricePaise !== undefined && filters.minPricePaise > filters.maxPricePaise) {
    [filters.minPricePaise, filters.maxPricePaise] = [filters.maxPricePaise, filters.minPricePaise];
  }
}

/** Money as goods: notes, coins, stamps, in English, Hinglish and Hindi. */
const MONEY_GOODS = new Set(['note', 'notes', 'banknote', 'banknotes', 'coin', 'coins', 'stamp', 'stamps', 'sikka', 'sikke', 'currency', 'नोट', 'नोटों', 'सिक्का', 'सिक्के', 'सिक्कों', 'टिकट']);
/** Words between a face value and its money ('1 rupaye ke purane note'). */
const BEFORE_MONEY = new Set([...GENITIVES, ...OLD_WORDS, 'vintage', 'rare', 'antique', 'wale', 'wala', 'wali', 'वाले', 'वाला', 'वाली']);

/** Whether the words from `i` name money the amount before them is the face value of ('one rupee notes'). */
export function denomination(tokens: string[], i: number): boolean {
  let k = i;
  while (k < tokens.length && k < i + 3 && BEFORE_MONEY.has(tokens[k])) k += 1;
  return MONEY_GOODS.has(tokens[k] ?? '');
}

export function applyPrice(filters: SearchFilters, kind: 'max' | 'min' | 'around', paise: bigint) {
  if (kind === 'max') setMax(filters, paise);
  else if (kind === 'min') setMin(filters, paise);
  else {
    setMin(filters, (paise * (100n - AROUND_PERCENT)) / 100n);
    setMax(filters, (paise * (100n + AROUND_PERCENT)) / 100n);
  }
}
