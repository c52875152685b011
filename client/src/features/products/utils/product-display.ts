import type { ProductDetailsFieldsFragment } from '../../../graphql/generated';
import { checkedBands, type PriceBand } from '../../../lib/price';
import type { Slide } from '../components/product-slideshow';
import { isCondition, type Condition } from './product-rules';

/** What the product page shows, from data that has been checked (the page never renders blank). */
export interface ProductDisplay {
  id: string;
  title: string;
  description: string;
  priceInInr: string | null;
  /** Integer paise as text, or null ('Price on request'). */
  pricePaise: string | null;
  /** The top of a price range (inquire-first listings), integer paise as text. */
  priceMaxPaise: string | null;
  /** The unit every price and quantity names (piece, kg, ...). */
  unit: string | null;
  /** Bulk price bands (empty: one price). */
  bands: PriceBand[];
  purchaseType: 'buy_now' | 'inquire';
  condition: Condition;
  maxQuantity: number;
  minQuantity: number;
  /** Units left to buy (the stock; 0 when sold out). */
  stock: number;
  /** A Buy now product with no stock left: shown, not buyable until the seller restocks. */
  soldOut: boolean;
  categoryName: string;
  tags: string[];
  seller: string | null;
  /** The seller's user id (the chat's conversation key); null when the API did not say. */
  sellerId: string | null;
  /** The seller's questions for an inquiry (malformed ones left out). */
  questions: Array<{ id: string; question: string; questionType: string; mandatory: boolean }>;
  location: string | null;
  contact: string | null;
  slides: Slide[];
  isOwner: boolean;
  enabled: boolean;
}

const text = (v: unknown): v is string => typeof v === 'string';

/** A picture's variants as a srcset (the server's widths: sm 320, md 800, lg 1600), those present only. */
function widths(urls: { sm?: string | null; md?: string | null; lg?: string | null }): string | undefined {
  const set = ([['sm', 320], ['md', 800], ['lg', 1600]] as const).flatMap(([size, w]) => (text(urls[size]) ? [`${urls[size]} ${w}w`] : []));
  return set.length > 1 ? set.join(', ') : undefined;
}

/**
 * Checks the product the API gave and shapes it for the page; null when it lacks what the page
 * needs (no id or title), so the page shows a message instead of nothing. Optional parts that are
 * malformed are left out rather than failing the page.
 */
export function toProductDisplay(p: ProductDetailsFieldsFragment | null | undefined): ProductDisplay | null {
  if (!p || !text(p.id) || !text(p.title) || p.title.trim() === '') return null;
  const gallery = Array.isArray(p.gallery) ? p.gallery : [];
  const slides: Slide[] = [];
  if (p.thumbnail && text(p.thumbnail.lg)) slides.push({ key: 'thumbnail', kind: 'picture', src: p.thumbnail.lg, thumb: p.thumbnail.sm ?? p.thumbnail.lg, srcSet: widths(p.thumbnail) });
  for (const g of [...gallery].sort((a, b) => a.order - b.order)) {
    if (!g || !text(g.url)) continue;
    const kind = g.itemType === 'picture' || g.itemType === 'video' || g.itemType === 'obj' ? g.itemType : 'other';
    slides.push({ key: g.id, kind, src: g.url, thumb: kind === 'picture' ? (g.urls?.sm ?? g.url) : null, srcSet: kind === 'picture' && g.urls ? widths(g.urls) : undefined });
  }
  const maxQuantity = Number.isInteger(p.maxQuantity) && p.maxQuantity >= 1 ? p.maxQuantity : 1;
  const stock = Number.isInteger(p.maxQuantity) && p.maxQuantity >= 0 ? p.maxQuantity : 0;
  const purchaseType = p.purchaseType === 'buy_now' ? 'buy_now' : 'inquire';
  return {
    id: p.id,
    title: p.title,
    description: text(p.description) ? p.description : '',
    priceInInr: text(p.priceInInr) ? p.priceInInr : null,
    pricePaise: text(p.pricePaise) && /^\d+$/.test(p.pricePaise) ? p.pricePaise : null,
    priceMaxPaise: text(p.priceMaxPaise) && /^\d+$/.test(p.priceMaxPaise) ? p.priceMaxPaise : null,
    unit: text(p.unit) ? p.unit : null,
    bands: checkedBands(p.priceTiers),
    purchaseType,
    condition: isCondition(p.condition) ? p.condition : p.productType === 'used' ? 'good' : 'new',
    maxQuantity,
    minQuantity: Number.isInteger(p.minQuantity) && p.minQuantity >= 1 ? p.minQuantity : 1,
    stock,
    soldOut: purchaseType === 'buy_now' && stock === 0,
    categoryName: text(p.categoryName) ? p.categoryName : text(p.category) ? p.category : '',
    tags: Array.isArray(p.tags) ? p.tags.filter(text) : [],
    seller: text(p.sellerUsername) ? p.sellerUsername : null,
    sellerId: text(p.sellerId) && p.sellerId ? p.sellerId : null,
    questions: (Array.isArray(p.customQuestions) ? p.customQuestions : [])
      .filter((q) => q && text(q.question) && q.question.trim() !== '')
      .map((q, i) => ({ id: text(q.id) && q.id ? q.id : `q${i}`, question: q.question, questionType: text(q.questionType) ? q.questionType : 'FreeResponse', mandatory: q.mandatory === true })),
    location: [p.city, p.state].filter((x): x is string => text(x) && x !== '').join(', ') || null,
    contact: text(p.contact) && p.contact ? p.contact : null,
    slides,
    isOwner: p.isOwner === true,
    enabled: p.enabled !== false,
  };
}
