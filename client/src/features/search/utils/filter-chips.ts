import type { TFunction } from 'i18next';
import { formatRupees } from '../../../lib/money';
import type { SearchResponseFieldsFragment } from '../../../graphql/generated';

type Filters = SearchResponseFieldsFragment['filters'];

/** The server's filter names a chip removes (the two prices are one chip). */
export type FilterKey = 'category' | 'price' | 'productType' | 'purchaseType' | 'location' | 'minQuantity' | 'sort';

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
  if (f.sort === 'price_asc' || f.sort === 'price_desc' || f.sort === 'newest') chips.push({ key: 'sort', label: t(`chips.sort.${f.sort}`) });
  return chips;
}
