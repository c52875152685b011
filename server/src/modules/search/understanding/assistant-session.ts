import { TRADE_CATEGORIES } from './category-words.js';
import { cappedPrice, type SearchFilters } from './filters.js';
import { isBrandedCategory, startingFilters, type Understanding } from './understand.js';

/** The follow-up questions of docs/product.md#overlays: what industry, preferred brand, preferred price range. */
export type PromptKind = 'industry' | 'brand' | 'price';

/** One search assistant session, as the server keeps it between the buyer's messages. */
export interface AssistantSession {
  /** The words being searched. */
  text: string;
  /** The goods words of the search ('laptop', 'furniture'); absent in sessions saved before they were kept. */
  goods?: string[];
  /** The describing words of `text` (dropped first when the words together find nothing). */
  optional?: string[];
  /** The words naming the goods: what a search relaxed to its goods still requires. */
  head?: string[];
  /** The word of `head` that alone names the same goods. */
  core?: string;
  /** The buyer's own spellings of words of `text`. */
  alternatives?: Record<string, string[]>;
  /** The buyer named the category (a filter); otherwise it only ranks. */
  categoryNamed?: boolean;
  /** Words of `text` the lexicon knows as real words. */
  known?: string[];
  /** Words of `text` corrected from what was typed. */
  corrected?: string[];
  filters: SearchFilters;
  /** Words that rank matches higher without being required (the buyer's industry). */
  boost: string;
  /** Questions already asked in this search (each at most once). */
  asked: PromptKind[];
  /** The question the last reply asked, which the next message may answer. */
  lastPrompt: PromptKind | null;
  /** Median price of the last results shown, the base for 'cheaper' when no price was said. */
  referencePricePaise: bigint | null;
  brand: string | null;
  turns: number;
}

export type TurnKind = 'new' | 'refine';

/** A result broad enough that a question would help: more than one page of products. */
export const BROAD_RESULT = 10;

/** 'cheaper' lowers the ceiling to 80% of the current one (or of the median price shown). */
const CHEAPER_PERCENT = 80n;
const COSTLIER_PERCENT = 120n;

/**
 * Decides whether a message refines the current search ('cheaper', 'only new', 'under 3000',
 * 'dell', an answer to the last question) or starts a new one, and returns the next state.
 */
export function nextTurn(state: AssistantSession | null, u: Understanding): { kind: TurnKind; state: AssistantSession } {
  if (state && isRefinement(state, u)) {
    const next: AssistantSession = {
      ...state,
      filters: mergeFilters(state, u),
      lastPrompt: null,
      turns: state.turns + 1,
    };
    if (u.text && !u.noPreference) {
      if (state.lastPrompt === 'industry' && !u.onlyDescribing) next.boost = [state.boost, u.text].filter(Boolean).join(' ');
      else {
        next.text = [state.text, ...u.text.split(' ').filter((w) => !state.text.split(' ').includes(w))].filter(Boolean).join(' ');
        next.goods = [...new Set([...(state.goods ?? []), ...u.goods])];
        next.optional = [...new Set([...(state.optional ?? []), ...u.optional])];
        next.alternatives = { ...state.alternatives, ...u.alternatives };
        next.known = [...new Set([...(state.known ?? []), ...u.known])];
      }
    }
    next.brand = u.brand ?? state.brand;
    // A category said now is the buyer's: named or guessed, as it was said.
    if (u.filters.category !== undefined) next.categoryNamed = u.categoryNamed;
    return { kind: 'refine', state: next };
  }
  return {
    kind: 'new',
    state: {
      text: u.text,
      goods: u.goods,
      optional: u.optional,
      head: u.head,
      core: u.core,
      alternatives: u.alternatives,
      categoryNamed: u.categoryNamed,
      known: u.known,
      corrected: u.corrected,
      filters: startingFilters(u),
      boost: '',
      asked: [],
      lastPrompt: null,
      referencePricePaise: null,
      brand: u.brand,
      turns: (state?.turns ?? 0) + 1,
    },
  };
}

function isRefinement(state: AssistantSession, u: Understanding): boolean {
  const saysFilters = Object.keys(u.filters).length > 0 || u.priceDirection !== null;
  const words = u.text ? u.text.split(' ').length : 0;
  // A short answer to the industry question ('restaurant', 'textile industry', 'office').
  if (u.text && !u.noPreference && state.lastPrompt === 'industry' && !u.filters.category && words <= 3) return true;
  // Goods not searched yet start a new search ('office' or 'chairs' after a laptop search); the same
  // goods said again ('laptop under 20000') refine the current one.
  const current = new Set([...(state.goods ?? []), ...state.text.split(' ')]);
  if (u.goods.some((g) => !current.has(g))) return false;
  if (!u.text) return saysFilters || u.refines || u.noPreference || u.goods.length > 0;
  if (u.noPreference) return true;
  // A short answer to the brand question ('Dell', 'Kirloskar').
  if (state.lastPrompt === 'brand' && !u.filters.category && words <= 2) return true;
  // 'only dell', 'black wala', 'steel ones', 'with 16gb ram', 'black color'.
  return u.onlyDescribing && (u.refines || words <= 3);
}

function mergeFilters(state: AssistantSession, u: Understanding): SearchFilters {
  const merged: SearchFilters = { ...state.filters, ...u.filters };
  const saidPrice = u.filters.minPricePaise !== undefined || u.filters.maxPricePaise !== undefined;
  if (saidPrice) {
    // A new price replaces the old range as a whole ('under 3000' drops an earlier minimum above it).
    merged.minPricePaise = u.filters.minPricePaise;
    merged.maxPricePaise = u.filters.maxPricePaise;
    if (merged.minPricePaise === undefined) delete merged.minPricePaise;
    if (merged.maxPricePaise === undefined) delete merged.maxPricePaise;
  } else if (u.priceDirection === 'lower') {
    const base = state.filters.maxPricePaise ?? state.referencePricePaise;
    if (base !== null && base !== undefined) {
      merged.maxPricePaise = cappedPrice((base * CHEAPER_PERCENT) / 100n);
      if (merged.minPricePaise !== undefined && merged.minPricePaise > merged.maxPricePaise) delete merged.minPricePaise;
    } else merged.sort = 'price_asc';
  } else if (u.priceDirection === 'higher') {
    const base = state.filters.minPricePaise ?? state.referencePricePaise;
    if (base !== null && base !== undefined) {
      merged.minPricePaise = cappedPrice((base * COSTLIER_PERCENT) / 100n);
      if (merged.maxPricePaise !== undefined && merged.maxPricePaise < merged.minPricePaise) delete merged.maxPricePaise;
    } else merged.sort = 'price_desc';
  }
  return merged;
}

/**
 * The follow-up question worth asking after a search with `total` results, or null. One per turn,
 * each at most once per search, only when the result is broad: industry for trade goods (or when
 * no category is known), brand where buyers have one in mind, then the price range.
 */
export function choosePrompt(state: AssistantSession, total: number): PromptKind | null {
  if (total <= BROAD_RESULT) return null;
  const category = state.filters.category;
  const can = (k: PromptKind) => !state.asked.includes(k);
  if (can('industry') && !state.boost && (category === undefined || TRADE_CATEGORIES.has(category))) return 'industry';
  if (can('brand') && !state.brand && isBrandedCategory(category)) return 'brand';
  if (can('price') && state.filters.minPricePaise === undefined && state.filters.maxPricePaise === undefined) return 'price';
  return null;
}
