import type { SearchCondition, SearchDocument, SearchGalleryItem, SearchQuestion } from '../../adapters/search/search-engine.js';
import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import { CATEGORIES } from '../products/products.public.js';
import { TRANSLATIONS } from './understanding/lexicon.js';
import { hasDevanagari, normalizeQuery, tokenize } from './understanding/normalize.js';
import { transliterate } from './understanding/transliterate.js';

/** A product as the catalogue tables hold it, with what the index needs around it. */
interface ProductRow {
  id: string;
  seller_id: string;
  seller_name: string | null;
  seller_deleted: boolean;
  title: string;
  description: string;
  product_type: 'new' | 'used';
  purchase_type: 'buy_now' | 'inquire';
  condition: SearchCondition | null;
  category: string;
  tags: string[];
  price_paise: string | null;
  min_quantity: number;
  max_quantity: number;
  city: string | null;
  state: string | null;
  contact: string | null;
  thumbnail_key: string | null;
  custom_questions: SearchQuestion[];
  enabled: boolean;
  deleted: boolean;
  gallery: SearchGalleryItem[];
  created_ms: number;
  updated_ms: number;
}

/** What the indexer reads of a product: its document when buyers may find it, else nothing. */
export interface IndexedProduct {
  id: string;
  /** Null when the product is gone, deleted, disabled or its seller's account is deleted. */
  document: SearchDocument | null;
  /** Base keys of its pictures (thumbnail first), for photo search. */
  pictures: string[];
}

const SELECT_PRODUCTS = `
  select p.id, p.seller_id, u.username as seller_name, (u.deleted_at is not null) as seller_deleted, p.title, p.description,
    p.product_type, p.purchase_type, p.condition, p.category, p.tags, p.price_paise::text as price_paise, p.min_quantity,
    p.max_quantity, p.city, p.state, p.contact, p.thumbnail_key, p.custom_questions, p.enabled,
    (p.deleted_at is not null) as deleted,
    coalesce((select json_agg(json_build_object('id', m.id, 'storageKey', m.storage_key, 'itemType', m.item_type,
      'contentType', m.content_type) order by m.position, m.id) from product_media m where m.product_id = p.id), '[]') as gallery,
    extract(epoch from p.created_at)::float8 * 1000 as created_ms,
    extract(epoch from p.updated_at)::float8 * 1000 as updated_ms
  from products p join users u on u.id = p.seller_id`;

/** The products of `ids` as the index should hold them (ids that no longer exist come back with no document). */
export async function loadProducts(db: SqlRunner, ids: string[]): Promise<IndexedProduct[]> {
  const { rows } = await db.query<ProductRow>(`${SELECT_PRODUCTS} where p.id = any($1::uuid[])`, [ids]);
  const found = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = found.get(id);
    return row ? toIndexed(row) : { id, document: null, pictures: [] };
  });
}

/** Every product buyers may find, in pages of `size` (for a full reindex). */
export async function* allSearchableProducts(db: SqlRunner, size = 500): AsyncGenerator<IndexedProduct[]> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await db.query<ProductRow>(
      `${SELECT_PRODUCTS} where p.id > $1 and p.enabled and p.deleted_at is null and u.deleted_at is null order by p.id limit $2`,
      [after, size],
    );
    if (!rows.length) return;
    yield rows.map(toIndexed);
    after = rows[rows.length - 1].id;
  }
}

function toIndexed(r: ProductRow): IndexedProduct {
  const searchable = r.enabled && !r.deleted && !r.seller_deleted;
  if (!searchable) return { id: r.id, document: null, pictures: [] };
  const pictures = [r.thumbnail_key, ...r.gallery.filter((g) => g.itemType === 'picture').map((g) => g.storageKey)];
  return {
    id: r.id,
    pictures: [...new Set(pictures.filter((k): k is string => k !== null))],
    document: {
      id: r.id,
      sellerId: r.seller_id,
      sellerName: r.seller_name,
      title: r.title,
      description: r.description,
      tags: r.tags,
      category: r.category,
      categoryTerms: categoryWords(r.category),
      extraTerms: englishSpellings([r.title, ...r.tags, r.description].join(' ')),
      productType: r.product_type,
      purchaseType: r.purchase_type,
      condition: r.condition,
      pricePaise: r.price_paise === null ? null : BigInt(r.price_paise),
      minQuantity: r.min_quantity,
      maxQuantity: r.max_quantity,
      city: r.city,
      state: r.state,
      contact: r.contact,
      thumbnailKey: r.thumbnail_key,
      gallery: r.gallery,
      customQuestions: r.custom_questions,
      createdAt: new Date(r.created_ms),
      updatedAt: new Date(r.updated_ms),
    },
  };
}

/**
 * The category's English names ('Computers & Laptops', 'Computers'), so 'laptop' finds a Computers
 * listing that never says it. Only names: the goods words of a category (pump, compressor) would
 * make every listing of the category match each of them.
 */
export function categoryWords(category: string): string[] {
  const c = CATEGORIES.find((x) => x.id === category);
  const spaced = category.replace(/([a-z])([A-Z])/g, '$1 $2');
  return [...new Set([...(c ? [c.name] : []), spaced])];
}

/**
 * English spellings of a listing's Devanagari words (its translation, or a transliteration), so a
 * listing written in Hindi is found by the English words queries are turned into.
 */
export function englishSpellings(text: string): string[] {
  if (!hasDevanagari(text)) return [];
  const out = new Set<string>();
  for (const word of tokenize(normalizeQuery(text))) {
    if (!hasDevanagari(word)) continue;
    const english = TRANSLATIONS.get(word) ?? transliterate(word);
    if (english) out.add(english);
  }
  return [...out].slice(0, 200);
}
