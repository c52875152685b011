import { MAX_PRICE_PAISE } from '../../products/products.inputs.js';

/** How results are ordered. */
export type SearchSort = 'relevance' | 'price_asc' | 'price_desc' | 'newest';

export const SEARCH_SORTS: readonly SearchSort[] = ['relevance', 'price_asc', 'price_desc', 'newest'];

/**
 * What the buyer asked for beyond the words: the filters query understanding found (and the buyer
 * can remove one by one). Prices are integer paise.
 */
export interface SearchFilters {
  /** A category id (docs/product.md#categories) ('Computers'). */
  category?: string;
  minPricePaise?: bigint;
  maxPricePaise?: bigint;
  productType?: 'new' | 'used';
  purchaseType?: 'buy_now' | 'inquire';
  /** A city or state, canonical spelling ('Pune', 'Gujarat'). */
  location?: string;
  /** The seller must be able to supply at least this many pieces. */
  minQuantity?: number;
  /**
   * Bulk or wholesale buying ('bulk', 'thok'): leaves out listings whose maximum quantity says
   * they cannot supply a bulk order, keeping those that left it at the default (see the engine port).
   */
  bulk?: true;
  sort?: SearchSort;
}

/** A price filter beyond what any listing may ask is capped there ('under 10^20 rupees' still answers). */
export function cappedPrice(paise: bigint): bigint {
  return paise > MAX_PRICE_PAISE ? MAX_PRICE_PAISE : paise;
}

/** The filter names a client can remove (one chip each; the two prices form one chip). */
export const FILTER_KEYS = ['category', 'price', 'productType', 'purchaseType', 'location', 'minQuantity', 'bulk', 'sort'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The filters without the one named. */
export function withoutFilter(filters: SearchFilters, key: FilterKey): SearchFilters {
  const next = { ...filters };
  if (key === 'price') {
    delete next.minPricePaise;
    delete next.maxPricePaise;
  } else {
    delete next[key];
  }
  return next;
}

/** True when no filter is set (sort by relevance counts as none). */
export function hasNoFilters(f: SearchFilters): boolean {
  return (
    f.category === undefined &&
    f.minPricePaise === undefined &&
    f.maxPricePaise === undefined &&
    f.productType === undefined &&
    f.purchaseType === undefined &&
    f.location === undefined &&
    f.minQuantity === undefined &&
    f.bulk === undefined &&
    (f.sort === undefined || f.sort === 'relevance')
  );
}
