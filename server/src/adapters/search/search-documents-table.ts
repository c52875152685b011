import type { SearchCondition, SearchDocument, SearchGalleryItem, SearchPriceTier, SearchQuestion } from './search-engine.js';

// The PostgreSQL read model of search documents (table search_documents): written by the PostgreSQL
// engine, and read directly by the search module's recommendations (popularity joins no engine
// query offers). Its row shape and columns are part of the port.

/** The columns of a document, as `toSearchDocument` reads them (times as epoch milliseconds). */
export const SEARCH_DOCUMENT_COLUMNS = `d.product_id, d.seller_id, d.seller_name, d.title, d.description, d.tags, d.category, d.category_terms,
  d.extra_terms, d.product_type, d.purchase_type, d.condition, d.price_paise::text as price_paise,
  d.price_max_paise::text as price_max_paise, d.min_quantity,
  d.max_quantity, d.unit, d.price_tiers, d.city, d.state, d.contact, d.thumbnail_key, d.gallery, d.custom_questions, d.seller_standing,
  extract(epoch from d.product_created_at)::float8 * 1000 as created_ms,
  extract(epoch from d.product_updated_at)::float8 * 1000 as updated_ms`;

export interface SearchDocumentRow {
  product_id: string;
  seller_id: string;
  seller_name: string | null;
  title: string;
  description: string;
  tags: string[];
  category: string;
  category_terms: string[];
  extra_terms: string[];
  product_type: 'new' | 'used';
  purchase_type: 'buy_now' | 'inquire';
  condition: SearchCondition | null;
  price_paise: string | null;
  price_max_paise: string | null;
  min_quantity: number;
  max_quantity: number;
  unit: string;
  price_tiers: SearchPriceTier[];
  city: string | null;
  state: string | null;
  contact: string | null;
  thumbnail_key: string | null;
  gallery: SearchGalleryItem[];
  custom_questions: SearchQuestion[];
  seller_standing: number;
  created_ms: number;
  updated_ms: number;
}

/** A search_documents row as a SearchDocument (also used by recommendations, which read the same table). */
export function toSearchDocument(r: SearchDocumentRow): SearchDocument {
  return {
    id: r.product_id,
    sellerId: r.seller_id,
    sellerName: r.seller_name,
    title: r.title,
    description: r.description,
    tags: r.tags,
    category: r.category,
    categoryTerms: r.category_terms,
    extraTerms: r.extra_terms,
    productType: r.product_type,
    purchaseType: r.purchase_type,
    condition: r.condition,
    pricePaise: r.price_paise === null ? null : BigInt(r.price_paise),
    priceMaxPaise: r.price_max_paise === null ? null : BigInt(r.price_max_paise),
    minQuantity: r.min_quantity,
    maxQuantity: r.max_quantity,
    unit: r.unit,
    priceTiers: r.price_tiers,
    city: r.city,
    state: r.state,
    contact: r.contact,
    thumbnailKey: r.thumbnail_key,
    gallery: r.gallery,
    customQuestions: r.custom_questions,
    sellerStanding: r.seller_standing,
    createdAt: new Date(r.created_ms),
    updatedAt: new Date(r.updated_ms),
  };
}
