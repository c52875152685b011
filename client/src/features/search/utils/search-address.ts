import type { FilterKey } from './filter-chips';

/** The results page's orders (the server's SEARCH_SORTS). */
export const SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const;
export type Sort = (typeof SORTS)[number];
const FILTER_KEYS: readonly FilterKey[] = ['category', 'price', 'productType', 'purchaseType', 'location', 'minQuantity', 'bulk', 'sort'];

/**
 * A search as its address holds it (`/search?q=used+laptop&without=price&city=Pune&sort=price_asc`): the
 * words, the chips the buyer removed, the city and the order picked beside them. Reload, Back and a shared
 * link show the same results.
 */
export interface SearchAddress {
  q: string;
  without: FilterKey[];
  city: string;
  sort: Sort | null;
}

export function readSearchAddress(params: URLSearchParams): SearchAddress {
  const without = (params.get('without') ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k): k is FilterKey => (FILTER_KEYS as readonly string[]).includes(k));
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim(),
    without: [...new Set(without)],
    city: (params.get('city') ?? '').trim().slice(0, 60),
    sort: sort && (SORTS as readonly string[]).includes(sort) ? (sort as Sort) : null,
  };
}

/** The query string of a search (empty parts left out), as `/search?…` takes it. */
export function searchAddressQuery(a: SearchAddress): string {
  const params = new URLSearchParams();
  params.set('q', a.q);
  if (a.without.length) params.set('without', a.without.join(','));
  if (a.city) params.set('city', a.city);
  if (a.sort) params.set('sort', a.sort);
  return params.toString();
}

export const searchPath = (a: Partial<SearchAddress> & { q: string }) => `/search?${searchAddressQuery({ without: [], city: '', sort: null, ...a })}`;
