import type { SearchDocument } from '../../adapters/search/search-engine.js';
import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import { CATEGORIES, readCatalogueProducts, readFindableProducts, type CatalogueProduct } from '../products/products.public.js';
import { readSellerStandings } from '../reputation/reputation.public.js';
import { TRANSLATIONS } from './understanding/lexicon.js';
import { hasDevanagari, normalizeQuery, tokenize } from './understanding/normalize.js';
import { transliterate } from './understanding/transliterate.js';
import { loanword } from './understanding/understand.js';

/** What the indexer reads of a product: its document when buyers may find it, else nothing. */
export interface IndexedProduct {
  id: string;
  /** Null when the product is gone, deleted, disabled or its seller's account is deleted. */
  document: SearchDocument | null;
  /** Base keys of its pictures (thumbnail first), for photo search. */
  pictures: string[];
}

/** The products of `ids` as the index should hold them (ids that no longer exist come back with no document). */
export async function loadProducts(db: SqlRunner, ids: string[]): Promise<IndexedProduct[]> {
  const rows = await readCatalogueProducts(db, ids);
  const standings = await readSellerStandings(db, rows.map((r) => r.seller_id));
  const found = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = found.get(id);
    return row ? toIndexed(row, standings) : { id, document: null, pictures: [] };
  });
}

/** Every product buyers may find, in pages of `size` (for a full reindex). */
export async function* allSearchableProducts(db: SqlRunner, size = 500): AsyncGenerator<IndexedProduct[]> {
  for await (const rows of readFindableProducts(db, size)) {
    const standings = await readSellerStandings(db, rows.map((r) => r.seller_id));
    yield rows.map((r) => toIndexed(r, standings));
  }
}

/** A product's document; `standings`: its seller's standing in search (reputation). */
function toIndexed(r: CatalogueProduct, standings: ReadonlyMap<string, number>): IndexedProduct {
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
      sellerStanding: standings.get(r.seller_id) ?? 0,
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
    const latin = transliterate(word);
    // A loanword's English spelling too (स्नोबोर्ड: 'snobord' and 'snowboard'), as queries are read.
    for (const english of [TRANSLATIONS.get(word) ?? latin, loanword(latin)]) if (english) out.add(english);
  }
  return [...out].slice(0, 200);
}

/**
 * A text's words as queries are read, in order, Devanagari ones in English ('Asus लैपटॉप स्टैंड' ->
 * 'asus laptop stand'): what an engine's accessory rule may read a Hindi title as.
 */
export function spellAsQueries(text: string): string {
  return tokenize(normalizeQuery(text))
    .map((w) => (hasDevanagari(w) ? (TRANSLATIONS.get(w) ?? loanword(transliterate(w))) : w))
    .join(' ');
}
