import type { SearchDocument } from '../../adapters/search/search-engine.js';
import { ProductViews, type MediaUrls, type ProductView } from '../products/products.public.js';
import type { Locale } from '../../common/request-context.js';
import type { SearchFilters } from './understanding/filters.js';

/** A search result (docs/product.md#entities): the product plus what the result card shows. */
export interface SearchHit {
  product: ProductView;
  /** 'Brand-new in factory packaging' for new goods, otherwise 'Used - excellent condition' (in Hindi for Hindi requests). */
  conditionText: string;
  /** The product's max quantity, 1 when it has none. */
  maxQty: number;
  /** The seller's username, 'Unknown seller' when there is none. */
  sellerName: string;
}

/** A page of results (docs/product.md#entities, "Search response"), with what the words were understood as. */
export interface SearchPage {
  results: SearchHit[];
  totalCount: number;
  /** The text actually searched. */
  queryEnhanced: string;
  processingTimeMs: number;
  filters: SearchFilters;
  offset: number;
  limit: number;
  hasMore: boolean;
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
        minQuantity: d.minQuantity,
        maxQuantity: d.maxQuantity,
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

  hit(d: SearchDocument, viewerId: string | null, locale: Locale = 'en'): SearchHit {
    const texts = CONDITION_TEXTS[locale];
    return {
      product: this.view(d, viewerId),
      conditionText: d.productType === 'new' ? texts.new : texts.used,
      maxQty: d.maxQuantity > 0 ? d.maxQuantity : 1,
      sellerName: d.sellerName || UNKNOWN_SELLER,
    };
  }
}
