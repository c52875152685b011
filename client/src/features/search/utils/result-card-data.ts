import type { SearchResultFieldsFragment } from '../../../graphql/generated';
import { checkedBands, type PriceBand } from '../../../lib/price';
import type { BadgeData } from '../../profiles';

/** What a result card shows, from a GraphQL result (the assistant) or a REST one (photo search). */
export interface ResultCardData {
  id: string;
  title: string;
  /** Integer paise as text ("2450000"), or null for price on request. */
  pricePaise: string | null;
  /** The minimum order (1 when the listing sets none). */
  minQuantity: number;
  /** The unit prices and quantities count in (piece, kg, ...). */
  unit: string | null;
  /** Bulk price bands (empty: one price); the card names the best. */
  bands: PriceBand[];
  conditionText: string;
  sellerName: string;
  /** The seller's earned badges, shown compactly (none from a photo search's REST results). */
  sellerBadges: BadgeData[];
  maxQty: number;
  thumbnailUrl: string | null;
  location: string | null;
  /** Why it matched: the title's words (or tags) the search words found, highlighted on the card. */
  matchedWords: string[];
}

const place = (city: unknown, state: unknown) => [city, state].filter((x): x is string => typeof x === 'string' && x !== '').join(', ') || null;

export const fromGraphqlResult = (r: SearchResultFieldsFragment): ResultCardData => ({
  id: r.product.id,
  title: r.product.title,
  pricePaise: r.product.pricePaise ?? null,
  minQuantity: r.product.minQuantity,
  unit: r.product.unit ?? null,
  bands: checkedBands(r.product.priceTiers),
  conditionText: r.conditionText,
  sellerName: r.sellerName,
  sellerBadges: r.sellerBadges ?? [],
  maxQty: r.maxQty,
  thumbnailUrl: r.product.thumbnail?.sm ?? null,
  location: place(r.product.city, r.product.state),
  matchedWords: r.matchedWords ?? [],
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A REST search result (docs/product.md#entities fields); null when it lacks an id or title. */
export function fromRestResult(r: unknown): ResultCardData | null {
  if (!isObject(r)) return null;
  const id = text(r.product_id);
  const title = text(r.title);
  if (!id || !title) return null;
  const urls = isObject(r.thumbnail_urls) ? r.thumbnail_urls : null;
  const location = isObject(r.location) ? r.location : {};
  return {
    id,
    title,
    pricePaise: text(r.price_paise),
    minQuantity: isObject(r.quantity) && typeof r.quantity.min_quantity === 'number' && r.quantity.min_quantity >= 1 ? r.quantity.min_quantity : 1,
    unit: text(r.unit),
    bands: checkedBands(
      Array.isArray(r.price_tiers)
        ? r.price_tiers.filter(isObject).map((b) => ({ minQuantity: Number(b.min_quantity), unitPricePaise: String(b.unit_price_paise) }))
        : [],
    ),
    conditionText: text(r.condition_text) ?? '',
    sellerName: text(r.seller_name) ?? 'Unknown seller',
    sellerBadges: [],
    maxQty: typeof r.maxQty === 'number' && r.maxQty >= 1 ? r.maxQty : 1,
    thumbnailUrl: text(urls?.sm) ?? text(r.thumbnail_url),
    location: place(location.city, location.state),
    matchedWords: Array.isArray(r.matched_words) ? r.matched_words.filter((w): w is string => typeof w === 'string') : [],
  };
}

/**
 * The title cut into parts, the matched words marked ('Dell Latitude laptop' with ['laptop'] gives
 * 'Dell Latitude ' and a marked 'laptop'). Whole words only, as written.
 */
export function highlightParts(title: string, matched: string[]): Array<{ text: string; match: boolean }> {
  const words = new Set(matched);
  if (!words.size) return [{ text: title, match: false }];
  const parts: Array<{ text: string; match: boolean }> = [];
  let last = 0;
  for (const m of title.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    if (!words.has(m[0])) continue;
    if (m.index > last) parts.push({ text: title.slice(last, m.index), match: false });
    parts.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < title.length) parts.push({ text: title.slice(last), match: false });
  return parts;
}
