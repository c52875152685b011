import type { TFunction } from 'i18next';
import { formatRupees } from '../../../lib/money';
import type { SearchResponseFieldsFragment } from '../../../graphql/generated';

export type Filters = Omit<SearchResponseFieldsFragment['filters'], '__typename'>;

/** The server's filter names a chip removes (the two prices are one chip). */
export type FilterKey = 'category' | 'price' | 'productType' | 'purchaseType' | 'location' | 'minQuantity' | 'bulk' | 'sort';

export interface FilterChip {
  key: FilterKey;
  label: string;
}

/** The understood filters as removable chips, in a stable order. */
export function filterChips(f: Filters, t: TFunction<'search'>): FilterChip[] {
  const chips: FilterChip[] = [];
  if (f.category) chips.push({ key: 'category', label: f.categoryName ?? f.category });
  if (f.minPrice && f.maxPrice) chips.push({ key: 'price', label: t('chips.between', { min: formatRupees(f.minPrice), max: formatRupees(f.maxPrice) }) });
  else if (f.maxPrice) chips.push({ key: 'price', label: t('chips.under', { max: formatRupees(f.maxPrice) }) });
  else if (f.minPrice) chips.push({ key: 'price', label: t('chips.over', { min: formatRupees(f.minPrice) }) });
  if (f.productType === 'new' || f.productType === 'used') chips.push({ key: 'productType', label: t(`chips.${f.productType}`) });
  if (f.purchaseType === 'buy_now' || f.purchaseType === 'inquire') chips.push({ key: 'purchaseType', label: t(`chips.${f.purchaseType}`) });
  if (f.location) chips.push({ key: 'location', label: t('chips.location', { place: f.location }) });
  if (f.minQuantity) chips.push({ key: 'minQuantity', label: t('chips.quantity', { count: f.minQuantity }) });
  if (f.bulk) chips.push({ key: 'bulk', label: t('chips.bulk') });
  if (f.sort === 'price_asc' || f.sort === 'price_desc' || f.sort === 'newest') chips.push({ key: 'sort', label: t(`chips.sort.${f.sort}`) });
  return chips;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The `filters` of a REST search answer (snake_case) in the shape chips are made from. */
export function fromRestFilters(raw: unknown): Filters {
  const f = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    category: str(f.category),
    categoryName: str(f.category_name),
    minPrice: str(f.min_price),
    maxPrice: str(f.max_price),
    productType: str(f.product_type),
    purchaseType: str(f.purchase_type),
    location: str(f.location),
    minQuantity: typeof f.min_quantity === 'number' ? f.min_quantity : null,
    bulk: f.bulk === true,
    sort: str(f.sort) ?? 'relevance',
  };
}

/** Whether the words were searched as said: the understood text is what was said, with no filters. */
export function searchedAsSaid(said: string, queryEnhanced: string, filters: Filters): boolean {
  const filtered =
    Boolean(filters.category || filters.minPrice || filters.maxPrice || filters.productType || filters.purchaseType || filters.location || filters.minQuantity || filters.bulk) ||
    (filters.sort !== 'relevance' && filters.sort !== '');
  const plain = said
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}.\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return !filtered && plain === queryEnhanced.trim();
}
