import { BRANDED_CATEGORIES, SETTLED_SENSES, SPLIT_GOODS } from './category-words.js';
import { readGoods } from './category-of.js';
import { readFilterWords } from './filter-words.js';
import type { SearchFilters } from './filters.js';
import { BRANDS, NO_PREFERENCE_WORDS, PhraseSet, REFINE_WORDS } from './lexicon.js';
import { hasDevanagari, normalizeQuery, tokenize } from './normalize.js';
import { readSentence } from './sentence.js';
import { AGED_CATEGORIES, COLOUR_NOUNS, COLOURS, DESCRIBING, DEVICE_WORDS, doerForms, HINGLISH_MARKERS, isAttribute, isGerund, SECOND_HAND, SPEC_UNITS, SPEC_WORDS } from './word-classes.js';
import { correctGoodsWord, KNOWN_WORDS, singular, soundKey } from './word-forms.js';

/** A word of fewer letters is corrected only into a word that sounds like it ('laptp', 'chiar'). */
const MIN_UNHEARD_CORRECTION = 6;

export { loanword } from './word-forms.js';

/** What a buyer's words mean for the search. */
export interface Understanding {
  /** The words to search, in English where a translation is known ('' when only filters were said). */
  text: string;
  /**
   * The words that name goods ('laptop', 'pressure cooker', 'watch', 'furniture'), in English. A result
   * must carry them (or a synonym); the other words of `text` describe ('black', 'office', 'dell').
   * Words naming a whole category ('furniture') are here but not in `text`: the category filter says it.
   */
  goods: string[];
  /**
   * The words of `text` that only describe (colours, materials, sizes, specifications, brands): when
   * the words together find nothing, these are dropped first. Every other word stays required.
   */
  optional: string[];
  /**
   * The words of `text` naming the goods asked for ('office chair' of 'office chair for my cabin'):
   * what a search relaxed to its goods still requires. Empty when no goods phrase heads the request.
   */
  head: string[];
  /** The word of `head` that alone names the same goods ('speaker' of 'bluetooth speaker'), when one does. */
  core?: string;
  /**
   * The buyer's own spellings of words of `text` read in English ('kursi' and 'कुर्सी' for 'chair'):
   * they match as that word too.
   */
  alternatives: Record<string, string[]>;
  /** The category was named as a whole ('furniture', 'Home Decor'): a filter. Otherwise it is a guess from the goods. */
  categoryNamed: boolean;
  /**
   * The words of `text` the lexicon knows as real words (goods, brands, describing words, translations):
   * never heard or corrected as other words.
   */
  known: string[];
  /** Words of `text` that are corrections of what was typed ('genrator' -> 'generator'): alone they carry no request. */
  corrected: string[];
  /**
   * A goods word that names different goods in different trades ('watch': a wristwatch or a wall
   * clock; 'chain') with no phrase to settle it: no category is set, nor inferred from the catalogue.
   */
  ambiguous: boolean;
  filters: SearchFilters;
  /** A brand named ('dell'), or null. */
  brand: string | null;
  /** 'cheaper' / 'sasta' (lower) or 'premium' / 'mehenga' (higher). */
  priceDirection: 'lower' | 'higher' | null;
  /** Words such as 'only', 'sirf', 'aur' that suggest changing the current search. */
  refines: boolean;
  /** The message is an 'any' / 'koi bhi' answer. */
  noPreference: boolean;
  /** True when every content word is a brand or a describing word ('dell', 'black', 'steel'). */
  onlyDescribing: boolean;
  language: 'en' | 'hi' | 'hinglish';
}

const NO_PREF_P = new PhraseSet(NO_PREFERENCE_WORDS);

/**
 * Rule-based query understanding: turns what the buyer said or typed (English, Hindi in Devanagari,
 * Hinglish in Latin letters) into the words to search and the filters they implied. Deterministic:
 * the same words always give the same answer. The parts: filter-words.ts (prices, places, condition,
 * quantities), sentence.ts (the words in English and the sentence's joints), category-of.ts (the
 * goods and their category).
 */
export function understandQuery(raw: string): Understanding {
  const tokens = tokenize(normalizeQuery(raw));
  const { filters, taken, priceDirection } = readFilterWords(tokens);

  const rest = tokens.filter((_t, i) => !taken[i]);
  const noPreference = rest.length > 0 && NO_PREF_P.matchAt(rest, 0) === rest.length;
  const refines = rest.some((t) => REFINE_WORDS.has(t));

  const sentence = readSentence(rest);
  const { words, described } = sentence;
  if (noPreference) words.length = 0;
  // 'black color', 'kala rang': the colour is the point; 'color' alone stays ('color printer').
  if (words.some((w) => COLOURS.has(w))) {
    for (let i = words.length - 1; i >= 0; i -= 1) if (COLOUR_NOUNS.has(words[i])) words.splice(i, 1);
  }

  // A misspelt goods word ('laptp', 'genrator') stands for the category word it is one or two edits from.
  // The word as typed stays a form of it ('keep the original word in the query').
  const corrected = new Map<string, string>();
  for (const [i, w] of words.entries()) {
    // A short word said in Devanagari was written as heard, not mistyped: it is no typo of another word
    // ('कैफे' is no 'knife'); a long one's vowels may still be spelt otherwise ('च्यवनप्राश').
    const spoken = w.length < 8 && (sentence.origins.get(w)?.some(hasDevanagari) ?? false);
    const fixed = spoken || KNOWN_WORDS.has(w) || singular(w) || BRANDS.has(w) || DESCRIBING.has(w) || SPEC_UNITS.has(w) || SPEC_WORDS.has(w) ? null : correctGoodsWord(w);
    // A short word that does not sound like the correction is more likely a word of its own ('phool', 'sardi').
    if (fixed && !words.includes(fixed) && (w.length >= MIN_UNHEARD_CORRECTION || soundKey(fixed) === soundKey(w))) {
      words[i] = fixed;
      corrected.set(fixed, w);
    }
  }

  // Only describing what is searched already ('with 16gb ram', 'black', 'dell'): the specification
  // words then name no category ('ram' would otherwise turn a phone search into Computers).
  const onlyDescribing = words.length > 0 && words.every((w, i) => BRANDS.has(w) || DESCRIBING.has(w) || isAttribute(words, i));

  const reading = readGoods(sentence, tokens, onlyDescribing);
  const { goods, categories, category, named, core, generic, compounds } = reading;
  const head = machineHead(words, reading.head, (w) => sentence.read.has(w) || KNOWN_WORDS.has(w) || singular(w) !== null || BRANDS.has(w));
  if (category) filters.category = category;
  // 'purani hindi filmon ki dvd', 'old indian stamps': how old collectors' goods are, not second hand.
  if (filters.productType === 'used' && AGED_CATEGORIES.has(filters.category ?? '') && !tokens.some((t) => SECOND_HAND.has(t))) delete filters.productType;
  // 'furniture', 'office furniture': the category filter says it; the other words stay.
  const dropped = new Set<number>();
  if (named) for (const g of generic) if (g.category === filters.category) for (let k = g.from; k < g.to; k += 1) dropped.add(k);
  const searched = words.filter((_w, k) => !dropped.has(k));

  const brand = words.find((w) => BRANDS.has(w)) ?? null;

  const optional = searched.filter(
    (w, k) => described.has(w) || (!goods.includes(w) && (BRANDS.has(w) || DESCRIBING.has(w) || isAttribute(searched, k) || /^\d+(\.\d+)?$/.test(w))),
  );

  const alternatives: Record<string, string[]> = {};
  for (const w of searched) if (sentence.origins.has(w)) alternatives[w] = sentence.origins.get(w)!;
  for (const [fixed, typed] of corrected) if (searched.includes(fixed)) alternatives[fixed] = [...(alternatives[fixed] ?? []), typed];
  // The plural of an abbreviation ('vcds', 'cds', 'dvds'): stemming cannot take the 's' off a word with no vowel.
  for (const w of searched) if (/^[b-df-hj-np-tv-z0-9]{2,4}s$/.test(w) && !BRANDS.has(w)) alternatives[w] = [...new Set([...(alternatives[w] ?? []), w.slice(0, -1)])];
  // An ambiguous word its phrase settled ('mountain bike' in Bicycles) also matches that trade's word for it ('bicycle').
  for (const w of searched) {
    const senses = filters.category ? SETTLED_SENSES.get(w)?.[filters.category] : undefined;
    if (senses) alternatives[w] = [...new Set([...(alternatives[w] ?? []), ...senses])];
  }
  // A machine named by what it does: listings name the doer ('grass cutting' -> 'grass cutter').
  const does = head.find((w, k) => k > 0 && isGerund(w) && head.slice(k + 1).some((d) => DEVICE_WORDS.has(d)));
  if (does) alternatives[does] = [...new Set([...(alternatives[does] ?? []), ...doerForms(does)])];
  // 'wheel chair' is searched as 'wheelchair', and as the two words in a row.
  for (const [a, b] of compounds) {
    const joined = `${a}${b}`;
    for (const list of [searched, goods, head]) {
      const at = list.indexOf(a);
      if (at >= 0 && list[at + 1] === b) list.splice(at, 2, joined);
    }
    alternatives[joined] = [`${a} ${b}`];
  }

  return {
    text: searched.join(' '),
    goods,
    optional,
    head: head.filter((w) => searched.includes(w)),
    core: core && searched.includes(core) ? core : undefined,
    corrected: searched.filter((w) => corrected.has(w)),
    known: searched.filter((w) => sentence.read.has(w) || KNOWN_WORDS.has(w) || singular(w) !== null || BRANDS.has(w) || DESCRIBING.has(w) || goods.includes(w)),
    alternatives,
    categoryNamed: named && filters.category === category,
    ambiguous: categories === 0 && goods.some((w) => SPLIT_GOODS.has(w)),
    filters,
    brand,
    priceDirection,
    refines,
    noPreference,
    onlyDescribing,
    language: hasDevanagari(raw) ? 'hi' : tokens.some((t) => HINGLISH_MARKERS.has(t)) ? 'hinglish' : 'en',
  };
}

/**
 * The goods of a machine named by what it does and to what ('sugar testing machine', 'ghaas kaatne
 * ki petrol machine'): not 'machine' alone, which any machine is, but the words from what it works
 * on to the machine word.
 */
function machineHead(words: string[], head: string[], known: (w: string) => boolean): string[] {
  if (head.length !== 1 || !DEVICE_WORDS.has(head[0])) return head;
  const at = words.indexOf(head[0]);
  for (let g = at - 1; g >= Math.max(1, at - 2); g -= 1) {
    // What it works on is a word we know ('ghaas', 'sugar'), not an unread verb ('nakli note pakadne wali').
    if (isGerund(words[g])) return known(words[g - 1]) ? words.slice(g - 1, at + 1) : head;
  }
  return head;
}

/** The filters a new search starts from: those understood, and 'cheaper' or 'costlier' as the price order unless a sort was named. */
export function startingFilters(u: Understanding): SearchFilters {
  const filters: SearchFilters = { ...u.filters };
  if (u.priceDirection && !filters.sort) filters.sort = u.priceDirection === 'lower' ? 'price_asc' : 'price_desc';
  return filters;
}

/** Whether a category is one where buyers usually name a brand. */
export const isBrandedCategory = (category: string | undefined): boolean => category === undefined || BRANDED_CATEGORIES.has(category);
