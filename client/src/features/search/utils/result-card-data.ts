import type { SearchResultFieldsFragment } from '../../../graphql/generated';

/** What a result card shows, from a GraphQL result (the assistant) or a REST one (photo search). */
export interface ResultCardData {
  id: string;
  title: string;
  /** Rupees as the API sends them ("24500.00"), or null for price on request. */
  priceInInr: string | null;
  conditionText: string;
  sellerName: string;
  maxQty: number;
  thumbnailUrl: string | null;
  location: string | null;
}

const place = (city: unknown, state: unknown) => [city, state].filter((x): x is string => typeof x === 'string' && x !== '').join(', ') || null;

export const fromGraphqlResult = (r: SearchResultFieldsFragment): ResultCardData => ({
  id: r.product.id,
  title: r.product.title,
  priceInInr: r.product.priceInInr ?? null,
  conditionText: r.conditionText,
  sellerName: r.sellerName,
  maxQty: r.maxQty,
  thumbnailUrl: r.product.thumbnail?.sm ?? null,
  location: place(r.product.city, r.product.state),
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
    priceInInr: text(r.price_in_inr),
    conditionText: text(r.condition_text) ?? '',
    sellerName: text(r.seller_name) ?? 'Unknown seller',
    maxQty: typeof r.maxQty === 'number' && r.maxQty >= 1 ? r.maxQty : 1,
    thumbnailUrl: text(urls?.sm) ?? text(r.thumbnail_url),
    location: place(location.city, location.state),
  };
}
