import type { SearchDocument } from '../../adapters/search/search-engine.js';
import { DEFAULT_UNIT, isUnit, ProductViews, type MediaUrls, type ProductView } from '../products/products.public.js';
import type { Locale } from '../../common/request-context.js';
import type { SearchFilters } from './understanding/filters.js';
import { TRANSLATIONS } from './understanding/lexicon.js';
import { normalizeQuery } from './understanding/normalize.js';
import { SYNONYMS } from './understanding/synonyms.js';
import { transliterate } from './understanding/transliterate.js';

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const DEVANAGARI = /[\u0900-\u097F]/;
const synonymsOf = new Map<string, string[]>();
for (const group of SYNONYMS) for (const w of group) synonymsOf.set(w, group.flatMap((g) => g.split(/[\s-]+/)));

/** A word reduced to compare plurals alike ('chairs' = 'chair', 'sarees' = 'saree', 'boxes' = 'box'). */
const stem = (w: string): string => (w.length > 4 && w.endsWith('es') && !w.endsWith('ees') ? w.slice(0, -2) : w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w);

/** How many words' English forms are kept (titles and descriptions share most of their words). */
const ENGLISH_CACHE_SIZE = 20_000;
const englishForms = new Map<string, readonly string[]>();

/**
 * The English form of a title word: itself, or the translation or transliteration of a Devanagari
 * word. Kept by word: normalising one is some twenty replacements, and a page of results reads
 * hundreds of words.
 */
function englishOf(word: string): readonly string[] {
  let out = englishForms.get(word);
  if (!out) {
    const lower = normalizeQuery(word);
    const t = DEVANAGARI.test(lower) ? TRANSLATIONS.get(lower) : null;
    out = t === null ? [lower] : (t ? t.split(' ') : [transliterate(lower)]).filter(Boolean);
    if (englishForms.size >= ENGLISH_CACHE_SIZE) englishForms.clear();
    englishForms.set(word, out);
  }
  return out;
}

/** The stems a searched text accepts: its words and their synonyms. */
export function acceptedStems(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLowerCase().match(WORD) ?? []) {
    if (/^\d+$/.test(w)) continue;
    for (const s of [w, ...(synonymsOf.get(w) ?? [])]) out.add(stem(s));
  }
  return out;
}

/** Words of `text` (as written) that a searched word accepts. */
function matching(text: string, accepted: Set<string>): string[] {
  const out: string[] = [];
  for (const word of text.match(WORD) ?? []) {
    if (englishOf(word).some((e) => accepted.has(stem(e))) && !out.includes(word)) out.push(word);
  }
  return out;
}

/** A search result (docs/product.md#entities): the product plus what the result card shows. */
export interface SearchHit {
  product: ProductView;
  /** 'Brand-new in factory packaging' for new goods, otherwise 'Used - excellent condition' (in Hindi for Hindi requests). */
  conditionText: string;
  /** The product's max quantity, 1 when it has none. */
  maxQty: number;
  /** The seller's username, 'Unknown seller' when there is none. */
  sellerName: string;
  /**
   * Why it matched: the words of the title (as written) that are a searched word, its plural, a
   * synonym or its Hindi spelling; when the title has none, the tags that are, else the description's words.
   */
  matchedWords: string[];
}

/** A page of results (docs/product.md#entities, "Search response"), with what the words were understood as. */
export interface SearchPage {
  results: SearchHit[];
  /** How many products match (when `totalCountExact` is false: more than this many). */
  totalCount: number;
  /**
   * False on a broad search whose matches were not all counted (more than RANKING_SET on
   * PostgreSQL): `totalCount` is then a lower bound, shown as 'more than N'.
   */
  totalCountExact: boolean;
  /** The text actually searched. */
  queryEnhanced: string;
  /** The searched words in Devanagari for a Hindi reader, null when a word has no Hindi form (docs/product.md#search-results-page). */
  queryHindi: string | null;
  processingTimeMs: number;
  filters: SearchFilters;
  offset: number;
  limit: number;
  hasMore: boolean;
  /**
   * What the search left out to find anything (docs/search.md, "Relaxing a request"): words of the
   * request the results need not carry, filters not applied, and the sentence saying so in the
   * request's language. Null when nothing was left out.
   */
  relaxed: SearchRelaxation | null;
  /** A short question back when the request named nothing to search for ('What are you looking for?'), else null. */
  question: string | null;
}

/** What a search left out to find anything. */
export interface SearchRelaxation {
  words: string[];
  filters: Array<'location' | 'minQuantity'>;
  message: string;
}

export const NEW_CONDITION_TEXT = 'Brand-new in factory packaging';
export const USED_CONDITION_TEXT = 'Used - excellent condition';
/** The result card's condition in the request's language (docs/glossary-hi.md: 'used' is सेकंड हैंड). */
const CONDITION_TEXTS: Record<Locale, { new: string; used: string }> = {
  en: { new: NEW_CONDITION_TEXT, used: USED_CONDITION_TEXT },
  hi: { new: 'फ़ैक्टरी पैकिंग में बिल्कुल नया', used: 'सेकंड हैंड - बढ़िया हालत' },
};
export const UNKNOWN_SELLER = 'Unknown seller';

/** Builds result cards from indexed documents: product views as the catalogue builds them. */
export class SearchResults {
  private readonly views: ProductViews;

  constructor(media: MediaUrls) {
    this.views = new ProductViews(media);
  }

  view(d: SearchDocument, viewerId: string | null): ProductView {
    return this.views.view(
      {
        id: d.id,
        sellerId: d.sellerId,
        sellerUsername: d.sellerName,
        title: d.title,
        description: d.description,
        productType: d.productType,
        purchaseType: d.purchaseType,
        condition: d.condition,
        category: d.category,
        tags: d.tags,
        pricePaise: d.pricePaise === null ? null : d.pricePaise.toString(),
        priceMaxPaise: d.priceMaxPaise === null ? null : d.priceMaxPaise.toString(),
        minQuantity: d.minQuantity,
        maxQuantity: d.maxQuantity,
        unit: isUnit(d.unit) ? d.unit : DEFAULT_UNIT,
        // Tax details are not indexed: a result shows its price, not its invoice.
        hsnCode: null,
        gstRate: null,
        priceTiers: d.priceTiers,
        city: d.city,
        state: d.state,
        contact: d.contact,
        thumbnailKey: d.thumbnailKey,
        gallery: d.gallery,
        customQuestions: d.customQuestions,
        // Only enabled products are indexed.
        enabled: true,
        createdAt: d.createdAt,
        updatedAt: d.updatedAt,
      },
      viewerId,
    );
  }

  hit(d: SearchDocument, viewerId: string | null, locale: Locale = 'en', accepted: Set<string> = new Set()): SearchHit {
    const texts = CONDITION_TEXTS[locale];
    const inTitle = accepted.size ? matching(d.title, accepted) : [];
    const inTags = accepted.size && !inTitle.length ? d.tags.filter((t) => matching(t, accepted).length > 0) : [];
    const inDescription = accepted.size && !inTitle.length && !inTags.length ? matching(d.description, accepted) : [];
    return {
      matchedWords: inTitle.length ? inTitle : inTags.length ? inTags : inDescription,
      product: this.view(d, viewerId),
      conditionText: d.productType === 'new' ? texts.new : texts.used,
      maxQty: d.maxQuantity > 0 ? d.maxQuantity : 1,
      sellerName: d.sellerName || UNKNOWN_SELLER,
    };
  }
}
