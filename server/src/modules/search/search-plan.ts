import type { EngineQuery } from '../../adapters/search/search-engine.js';
import type { Locale } from '../../common/request-context.js';
import type { RelaxedSaying } from './replies.js';
import type { FilterKey, SearchFilters } from './understanding/filters.js';
import { SearchVocabulary, type VocabularyAnswer } from './search-vocabulary.js';
import { hasDevanagari } from './understanding/normalize.js';
import { SYNONYMS } from './understanding/synonyms.js';
import { CATEGORY_WORDS, GENERIC_WORDS } from './understanding/category-words.js';
import { hindiSpokenKey, soundKey } from './understanding/word-forms.js';
import { DEVICE_WORDS, isGerund } from './understanding/word-classes.js';

/** What a text search should run: the words, the filters, the words that only rank. */
export interface Plan {
  /** The words to search, each required at first. */
  text: string;
  filters: SearchFilters;
  /** Words that rank matches higher without being required (the buyer's industry). */
  boost: string;
  /** The words of `text` naming goods: a title where one is followed by an accessory word is left out ('laptop stand'). */
  goods?: string[];
  /** The describing words of `text`. */
  optional?: string[];
  /** The words naming the goods asked for ('bluetooth speaker'): what a relaxed search still requires. */
  head?: string[];
  /** The word of the head that alone names the same goods ('speaker' of 'bluetooth speaker'), when one does. */
  core?: string;
  /** The buyer's own spellings of words of `text` ('kursi' for 'chair'), matched as those words. */
  alternatives?: Record<string, string[]>;
  /** The buyer named the category as a whole: a filter. Otherwise the category is a guess that only ranks. */
  categoryNamed?: boolean;
  /** Words of `text` the lexicon knows as real words: never heard as other words while a listing uses them. */
  known?: string[];
  /** Words of `text` corrected from what was typed ('dolor' -> 'door'): alone they carry no relaxed request. */
  corrected?: string[];
}

/**
 * Filters a search leaves out, in this order, when with them nothing is found: the place ('No ladders
 * in Pune; here are ladders elsewhere') and a quantity to supply (sellers of smaller lots may still
 * sell). A price and new or used stay: goods outside them are not what was asked for.
 */
export const RELAXABLE_FILTERS = ['location', 'minQuantity'] as const satisfies readonly FilterKey[];
export type RelaxedFilter = (typeof RELAXABLE_FILTERS)[number];

/** What a search left out to find anything. */
export interface Relaxation {
  /** Words of the request the results need not carry (they only rank). */
  words: string[];
  /** Filters left out. */
  filters: RelaxedFilter[];
}

/** A plan's words as the catalogue's vocabulary knows them. */
export interface CheckedWords {
  /** Other forms of each word: the buyer's spellings, and for a word no listing uses, the vocabulary's word that sounds like it. */
  alternatives: Record<string, string[]>;
  /** Words some listing uses (as written or in another form). */
  known: Set<string>;
  /** Words matched only as themselves and their forms: real words, words spelt from Devanagari, words heard as the catalogue's. */
  exact: Set<string>;
}

/** How many of the vocabulary's words sounding alike a Devanagari word also matches as (the most used first). */
const SPOKEN_ALIKE = 2;
const MIN_ALIKE_KEY = 4;
/** A word spelt by ear or a loanword may be heard as a vocabulary word from this many letters on. */
const MIN_HEARD = 4;
/** A request with no goods word is relaxed only when the catalogue knows at least this share of its words (else it is nonsense). */
const KNOWN_SHARE = 0.5;

const SYNONYMS_OF = new Map<string, string[]>();
for (const group of SYNONYMS) for (const w of group) SYNONYMS_OF.set(w, group.filter((x) => x !== w && !x.includes(' ')));

/** The category a goods word of the lexicon names (by its singular too), or undefined. */
const goodsCategory = (w: string): string | undefined => spellings(w).map((s) => CATEGORY_WORDS.get(s)).find((c) => c !== undefined);

/** A Latin word and its plain singular ('quilts', 'quilt'; 'boxes', 'box'): the vocabulary holds words as listings write them. */
function spellings(w: string): string[] {
  if (!/^[a-z]+s$/.test(w) || w.length < 4) return [w];
  return [w, w.slice(0, -1), ...(w.endsWith('es') ? [w.slice(0, -2)] : [])];
}

/** Every form a word is looked up by: itself, its singular, its synonyms, the buyer's spellings. */
const formsOf = (plan: Plan, w: string): string[] => [
  ...new Set([...spellings(w), ...spellings(w).flatMap((s) => SYNONYMS_OF.get(s) ?? []), ...(plan.alternatives?.[w] ?? [])]),
];

/** The words a vocabulary lookup needs for a plan: every form of its words, and the sounds of its Latin words. */
export function vocabularyQuestion(plan: Plan): { words: string[]; sounds: string[] } {
  const words = plan.text.split(' ').filter(Boolean);
  const latin = words.flatMap((w) => [w, ...(plan.alternatives?.[w] ?? [])]).filter((f) => !hasDevanagari(f) && f.length >= MIN_HEARD);
  const sounds = [...latin.flatMap((f) => SearchVocabulary.soundsOf(f)), ...words.flatMap((w) => spokenOf(plan, w))];
  return { words: [...new Set(words.flatMap((w) => formsOf(plan, w)))], sounds: [...new Set(sounds)] };
}

/** The spoken keys of a word said in Devanagari (its Latin letters: 'cheyar' of चेयर), heard as Hindi writes English. */
function spokenOf(plan: Plan, w: string): string[] {
  const alternatives = plan.alternatives?.[w] ?? [];
  if (!alternatives.some(hasDevanagari)) return [];
  return [w, ...alternatives].filter((f) => !hasDevanagari(f)).flatMap((f) => hindiSpokenKey(f) ?? []);
}

/**
 * Checks a plan's words against the vocabulary: a word is known when a listing uses it, its singular,
 * a synonym or one of the buyer's spellings of it. A word no listing uses in any form is heard as the
 * vocabulary's most used word that sounds like it (a Devanagari loanword's Latin letters,
 * 'nebulaijar' -> 'nebulizer'; a spelling by ear, 'dumbels' -> 'dumbbells'), which then counts as that
 * word. Rewrites only ever add a form: the word itself is always searched too.
 */
export function checkWords(plan: Plan, vocabulary: VocabularyAnswer): CheckedWords {
  const alternatives: Record<string, string[]> = {};
  const known = new Set<string>();
  const exact = new Set<string>();
  for (const w of plan.text.split(' ').filter(Boolean)) {
    const extra = [...(plan.alternatives?.[w] ?? [])];
    // Real words, and words spelt from Devanagari (never typed partly or with typos), match only as their forms.
    if (plan.goods?.includes(w) || plan.known?.includes(w) || plan.alternatives?.[w]?.some(hasDevanagari)) exact.add(w);
    // A word said in Devanagari also matches the listings' words that sound alike as Hindi writes English
    // ('cheyar', which a Hindi listing uses, is also 'chair'; 'ledar' of लेदर is 'leather' beside 'ladder').
    // Keys of four sounds or more only: a shorter one says too little ('suti', cotton, is no 'suit').
    const alike = spokenOf(plan, w)
      .filter((s) => s.length >= 'h:'.length + MIN_ALIKE_KEY)
      .flatMap((s) => vocabulary.bySound.get(s)?.slice(0, SPOKEN_ALIKE) ?? []);
    extra.push(...alike.filter((h) => h !== w && !hasDevanagari(h)));
    if (formsOf(plan, w).some((f) => vocabulary.documents.has(f))) known.add(w);
    else {
      // A real goods word the catalogue lacks is heard only as the same goods ('dumbells' as 'dumbbells',
      // never 'fridge' as 'forza'): absent goods find nothing rather than something that sounds alike.
      const real = plan.goods?.includes(w) || plan.known?.includes(w);
      // A word said in Devanagari is heard first as Hindi writes English ('cheyar' is 'chair', 'shuj' 'shoes').
      const spoken = spokenOf(plan, w).flatMap((s) => vocabulary.bySound.get(s) ?? []);
      const heard = [w, ...(plan.alternatives?.[w] ?? [])]
        .filter((f) => !hasDevanagari(f) && f.length >= MIN_HEARD)
        .flatMap((f) => SearchVocabulary.soundsOf(f).flatMap((s) => vocabulary.bySound.get(s) ?? []))
        .concat(spoken)
        .sort((a, b) => Number(spoken.includes(b)) - Number(spoken.includes(a)))
        .find((h) => h !== w && (!real || (goodsCategory(h) !== undefined && goodsCategory(h) === goodsCategory(w))));
      if (heard) {
        known.add(w);
        // Heard as the catalogue's word: that, not the engine's guesses, is its other spelling.
        exact.add(w);
        extra.push(heard);
      }
    }
    if (extra.length) alternatives[w] = [...new Set(extra)];
  }
  return { alternatives, known, exact };
}

/** One way of running a plan: all its words, or only the goods with the rest ranking. */
export interface Stage {
  /** Words every match must hold ('all'), or at least one of ('any'). */
  text: string;
  matching: 'all' | 'any';
  /** Words that only rank. */
  rank: string[];
  /** The request's words the stage does not require. */
  dropped: string[];
}

/** Every word required. */
export const strictStage = (plan: Plan): Stage => ({ text: plan.text, matching: 'all', rank: [], dropped: [] });

/**
 * The plan relaxed to its goods, most specific first: the words naming the goods stay required
 * ('aluminium ladder' of 'aluminium ladder for warehouse use'), then the one of them that alone names
 * the same goods ('speaker' of 'bluetooth speaker'); the other words (attributes, filler, words the
 * catalogue does not use) only rank. With no goods phrase heading the request, any word the catalogue
 * knows carries it (the most of them first), when it knows at least half of them: else the request
 * is nonsense and finds nothing. Goods read from a typo ('dolor' as 'door') carry a request only
 * when its other words make sense.
 */
export function relaxedStages(plan: Plan, checked: CheckedWords): Stage[] {
  const words = plan.text.split(' ').filter(Boolean);
  const sensible = (list: string[]) => list.filter((w) => checked.known.has(w)).length >= list.length * KNOWN_SHARE;
  const requiring = (required: string[]): Stage => ({
    text: required.join(' '),
    matching: 'all',
    rank: words.filter((w) => !required.includes(w)),
    dropped: words.filter((w) => !required.includes(w)),
  });
  // Words naming a whole category head nothing once other words follow them ('haath se bana kagaz a4': handicraft paper).
  const head = (plan.head ?? []).filter((w) => words.includes(w));
  if (head.length && !(!plan.categoryNamed && head.every((w) => GENERIC_WORDS.has(w)))) {
    // A correction that sounds as typed ('harmoniam') or is its plural ('gumboot' as 'gumboots') is the word
    // meant; one that does not ('dolor' as 'door') may be noise.
    const misheard = (w: string) =>
      plan.corrected?.includes(w) && !plan.alternatives?.[w]?.some((a) => soundKey(a) === soundKey(w) || spellings(w).includes(a) || spellings(a).includes(w));
    if (head.every(misheard) && !sensible(words.filter((w) => !head.includes(w)))) return [];
    const out = head.length < words.length ? [requiring(head)] : [];
    // A machine named by what it does to what ('grass cutting machine'): listings name the doer ('grass
    // cutter', 'sugar test') or the machine by what it works on ('bp machine'). Never without what it
    // works on: 'washing machine' is no 'car washer'.
    const device = head.findIndex((w) => DEVICE_WORDS.has(w));
    const does = head.findIndex((w, k) => k > 0 && k < device && isGerund(w));
    if (does > 0) out.push(requiring(head.slice(0, does + 1)), requiring([...head.slice(0, does), ...head.slice(device)]));
    // A word of the head naming the same goods alone ('induction' of 'induction stove', 'drum' of 'drum
    // set'): listings may name the rest otherwise ('induction cooktop', 'drum kit'). The more specific, it comes first.
    const category = plan.filters.category;
    for (const w of head.slice(0, -1)) {
      if (category !== undefined && w !== plan.core && !GENERIC_WORDS.has(w) && goodsCategory(w) === category) out.push(requiring([w]));
    }
    if (plan.core && head.length > 1 && words.includes(plan.core)) out.push(requiring([plan.core]));
    return out;
  }
  if (words.length < 2) return [];
  const known = words.filter((w) => checked.known.has(w) && !/^\d+(\.\d+)?$/.test(w));
  if (!known.length || !sensible(words)) return [];
  // Every word ranks: a match holding more of them comes first.
  return [{ text: known.join(' '), matching: 'any', rank: words, dropped: words.filter((w) => !known.includes(w)) }];
}

/**
 * The engine query of a plan at a stage, without some filters. A category the buyer named filters;
 * one guessed from the goods ranks its matches first, or filters when the results are sorted by price
 * or date (a ranking would change nothing there) unless `guessFilters` is false. Real words match
 * whole (never 'heater' as 'heated').
 */
export function engineQuery(
  plan: Plan,
  stage: Stage,
  checked: CheckedWords,
  without: readonly RelaxedFilter[],
  limit: number,
  offset: number,
  guessFilters = true,
): EngineQuery {
  const { sort = 'relevance', category, ...rest } = plan.filters;
  const filters: EngineQuery['filters'] = { ...rest };
  for (const f of without) delete filters[f];
  const guessed = category !== undefined && !plan.categoryNamed;
  if (category !== undefined && (!guessed || (sort !== 'relevance' && guessFilters))) filters.category = category;
  const words = stage.text.split(' ').filter(Boolean);
  const inQuery = (w: string) => words.includes(w) || stage.rank.includes(w);
  const goods = (plan.goods ?? []).filter((w) => words.includes(w));
  const exact = [...checked.exact].filter(inQuery);
  const boost = [plan.boost, ...stage.rank].filter(Boolean).join(' ');
  const alternatives = Object.fromEntries(Object.entries(checked.alternatives).filter(([w]) => inQuery(w)));
  return {
    text: stage.text,
    matching: stage.matching,
    boost: boost || undefined,
    alternatives: Object.keys(alternatives).length ? alternatives : undefined,
    exact: exact.length ? exact : undefined,
    preferCategory: guessed && filters.category === undefined ? category : undefined,
    goods: goods.length ? goods : undefined,
    filters,
    sort,
    limit,
    offset,
  };
}

/** The filters of a plan that could be left out, in order. */
export function relaxableFilters(filters: SearchFilters): RelaxedFilter[] {
  return RELAXABLE_FILTERS.filter((k) => filters[k] !== undefined);
}

/**
 * How a relaxed search speaks of what it found: the goods it still looked for (in the buyer's own
 * Devanagari words for a Hindi reply when they said them so), and what it left out.
 */
export function relaxedSaying(plan: Plan, relaxation: Relaxation, locale: Locale): RelaxedSaying {
  const goods = plan.text.split(' ').filter((w) => w && !relaxation.words.includes(w));
  const said = (w: string) => (locale === 'hi' ? (plan.alternatives?.[w]?.find(hasDevanagari) ?? w) : w);
  return {
    goods: goods.map(said).join(' ') || plan.text,
    words: relaxation.words.map(said),
    filters: relaxation.filters,
    place: plan.filters.location,
    quantity: plan.filters.minQuantity,
  };
}
