import { paiseToRupees } from '../../common/money.js';
import type { Locale } from '../../common/request-context.js';
import { categoryName } from './categories.js';
import type { MediaType } from './product-media.entity.js';
import type { ImageUrls, ProductMediaStore } from './product-media-store.js';
import type { PriceTier } from './price-bands.js';
import type { Condition, CustomQuestion, NewOrUsed, PurchaseType } from './product.entity.js';
import type { Unit } from './units.js';

export interface GalleryItemView {
  id: string;
  itemType: MediaType;
  /** The file to show: the large variant of a picture, the file itself otherwise. */
  url: string;
  /** Every size of a picture (null for other files). */
  urls: ImageUrls | null;
  contentType: string;
  order: number;
}

/** A product as a viewer may see it: the shape both GraphQL and the REST shim are mapped from. */
export interface ProductView {
  id: string;
  sellerId: string;
  sellerUsername: string | null;
  title: string;
  description: string;
  productType: NewOrUsed;
  purchaseType: PurchaseType;
  condition: Condition | null;
  category: string;
  tags: string[];
  /** Integer paise as text, or null. */
  pricePaise: string | null;
  /** The top of a price range (inquire-first listings), integer paise as text, or null. */
  priceMaxPaise: string | null;
  minQuantity: number;
  maxQuantity: number;
  /** What quantities count; prices are per unit. */
  unit: Unit;
  hsnCode: string | null;
  /** GST rate in percent; null where it is not known (search results). */
  gstRate: number | null;
  /** Bulk price bands (empty: one price). */
  priceTiers: PriceTier[];
  city: string | null;
  state: string | null;
  contact: string | null;
  thumbnail: ImageUrls | null;
  gallery: GalleryItemView[];
  customQuestions: CustomQuestion[];
  enabled: boolean;
  /** The viewer is the seller. */
  isOwner: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A product's catalogue fields wherever they were read (the product tables or the search index), with its media keys. */
export interface ProductViewSource extends Omit<ProductView, 'thumbnail' | 'gallery' | 'isOwner'> {
  thumbnailKey: string | null;
  /** In gallery order. */
  gallery: Array<{ id: string; itemType: MediaType; storageKey: string; contentType: string }>;
}

/** What building a view needs of the media store: the public URLs of stored files. */
export type MediaUrls = Pick<ProductMediaStore, 'pictureUrls' | 'fileUrl'>;

/** The one place a ProductView is built (catalogue reads and search results alike), with its media URLs. */
export class ProductViews {
  constructor(private readonly media: MediaUrls) {}

  view(p: ProductViewSource, viewerId: string | null): ProductView {
    // Every field named (a list builds one per item; copying with rest and spread cost several times more).
    return {
      id: p.id,
      sellerId: p.sellerId,
      sellerUsername: p.sellerUsername,
      title: p.title,
      description: p.description,
      productType: p.productType,
      purchaseType: p.purchaseType,
      condition: p.condition,
      category: p.category,
      tags: p.tags,
      pricePaise: p.pricePaise,
      priceMaxPaise: p.priceMaxPaise,
      minQuantity: p.minQuantity,
      maxQuantity: p.maxQuantity,
      unit: p.unit,
      hsnCode: p.hsnCode,
      gstRate: p.gstRate,
      priceTiers: p.priceTiers,
      city: p.city,
      state: p.state,
      contact: p.contact,
      customQuestions: p.customQuestions,
      enabled: p.enabled,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      thumbnail: p.thumbnailKey ? this.media.pictureUrls(p.thumbnailKey) : null,
      gallery: p.gallery.length
        ? p.gallery.map((g, order) => {
            const urls = g.itemType === 'picture' ? this.media.pictureUrls(g.storageKey) : null;
            return { id: g.id, itemType: g.itemType, url: urls ? urls.lg : this.media.fileUrl(g.storageKey), urls, contentType: g.contentType, order };
          })
        : [],
      isOwner: p.sellerId === viewerId,
    };
  }
}

/** A buy-now product whose stock (`maxQuantity`) is gone: still shown, not buyable until restocked. */
export const isSoldOut = (p: Pick<ProductView, 'purchaseType' | 'maxQuantity'>) => p.purchaseType === 'buy_now' && p.maxQuantity <= 0;

/** The REST shim's question shape: `{id, question, question_type, mandatory}`. */
export const toRestQuestions = (questions: CustomQuestion[]) => ({
  questions: questions.map((q) => ({ id: q.id, question: q.question, question_type: q.questionType, mandatory: q.mandatory })),
});

export const toRestGallery = (gallery: GalleryItemView[]) =>
  gallery.map((g) => ({ id: g.id, url: g.url, item_type: g.itemType, order: g.order, urls: g.urls, content_type: g.contentType }));

/** The REST shim's product (docs/product.md#entities, snake_case); prices in rupees as "1234.50". */
export function toRestProduct(p: ProductView, locale: Locale) {
  const rupees = p.pricePaise === null ? null : paiseToRupees(p.pricePaise);
  return {
    product_id: p.id,
    user_id: p.sellerId,
    username: p.sellerUsername,
    title: p.title,
    description: p.description,
    product_type: p.productType,
    purchase_type: p.purchaseType,
    condition: p.condition,
    category: p.category,
    category_name: categoryName(p.category, locale),
    tags: p.tags,
    price: rupees,
    price_in_inr: rupees,
    price_paise: p.pricePaise,
    price_max: p.priceMaxPaise === null ? null : paiseToRupees(p.priceMaxPaise),
    price_max_paise: p.priceMaxPaise,
    quantity: { min_quantity: p.minQuantity, max_quantity: p.maxQuantity },
    unit: p.unit,
    hsn_code: p.hsnCode,
    gst_rate: p.gstRate,
    price_tiers: p.priceTiers.map((t) => ({ min_quantity: t.minQuantity, unit_price_paise: t.unitPricePaise })),
    sold_out: isSoldOut(p),
    thumbnail_url: p.thumbnail?.md ?? null,
    thumbnail_urls: p.thumbnail,
    gallery: toRestGallery(p.gallery),
    custom_questions: toRestQuestions(p.customQuestions),
    enabled: p.enabled,
    location: { city: p.city, state: p.state },
    contact: p.contact,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
