import type { SqlRunner } from './sql-runner.js';

/** A gallery item's kind (the catalogue's media types). */
export type SearchMediaType = 'picture' | 'video' | 'obj' | 'other';
/** A used product's condition (the catalogue's conditions). */
export type SearchCondition = 'new' | 'like_new' | 'good' | 'fair' | 'poor';
/** A buyer question of a listing, as the catalogue stores it. */
export interface SearchQuestion {
  id: string;
  question: string;
  questionType: 'FreeResponse' | 'YesNo';
  mandatory: boolean;
}

/** A picture or other item of a product's gallery, as search results show it. */
export interface SearchGalleryItem {
  id: string;
  /** Pictures: the base key of the webp variants; other files: the file's key. */
  storageKey: string;
  itemType: SearchMediaType;
  contentType: string;
}

/**
 * One product as the search engines hold it: the product's own fields, the seller's name, and
 * words added at indexing time (category names and synonyms, English spellings of Devanagari
 * words) so a query can find a listing through them.
 */
/** A bulk price band of a listing: the unit price in paise (as text) from a quantity on. */
export interface SearchPriceTier {
  minQuantity: number;
  unitPricePaise: string;
}

export interface SearchDocument {
  id: string;
  sellerId: string;
  sellerName: string | null;
  title: string;
  description: string;
  tags: string[];
  category: string;
  /** Category display names and words ('Computers & Laptops', 'laptop', 'notebook'). */
  categoryTerms: string[];
  /** English words for the Devanagari words of the listing (translations or transliterations). */
  extraTerms: string[];
  productType: 'new' | 'used';
  purchaseType: 'buy_now' | 'inquire';
  condition: SearchCondition | null;
  pricePaise: bigint | null;
  /** The top of a price range (inquire-first listings); filters and sorting use `pricePaise`. */
  priceMaxPaise: bigint | null;
  minQuantity: number;
  maxQuantity: number;
  /** The product's unit ('piece', 'kg', ...): results show '₹450 / pc from 100 pcs'. */
  unit: string;
  /** Bulk price bands, the first at the minimum order (empty: one price). */
  priceTiers: SearchPriceTier[];
  city: string | null;
  state: string | null;
  contact: string | null;
  thumbnailKey: string | null;
  /** In gallery order. */
  gallery: SearchGalleryItem[];
  customQuestions: SearchQuestion[];
  /**
   * How well the seller has served buyers (0 to 55: rating and reply time, docs/product.md#seller-profiles):
   * a tie-breaker after relevance, never above it.
   */
  sellerStanding: number;
  createdAt: Date;
  updatedAt: Date;
}

/** What 'bulk' asks a listing to supply, unless it left its maximum quantity at the default 1. */
export const BULK_QUANTITY = 10;

export type EngineSort = 'relevance' | 'price_asc' | 'price_desc' | 'newest';

/** Hard filters; every one given must hold. */
export interface EngineFilters {
  category?: string;
  minPricePaise?: bigint;
  maxPricePaise?: bigint;
  productType?: 'new' | 'used';
  purchaseType?: 'buy_now' | 'inquire';
  /** A city or a state (compared ignoring case). */
  location?: string;
  /** The product's max_quantity must reach this. */
  minQuantity?: number;
  /**
   * Bulk buying: max_quantity reaches BULK_QUANTITY, or is 1 (the default, which most sellers never
   * change, so it says nothing about what they can supply). Only listings that name a small maximum
   * (2 to 9) are left out.
   */
  bulk?: boolean;
  /** Only these products. */
  ids?: string[];
  /** Never these sellers' products (the viewer's own). */
  excludeSellerIds?: string[];
}

export interface EngineQuery {
  /** Words to match ('' matches every product that passes the filters). */
  text: string;
  /**
   * 'all': every word must match (with prefixes, synonyms and typos). 'any': products matching
   * every word still rank first, but when not every word can match, products matching fewer come
   * back too (PostgreSQL: any one word; Meilisearch: dropping words from the end).
   */
  matching: 'all' | 'any';
  /**
   * Words that rank a match higher without being required: an industry answer, or the describing and
   * filler words of a request relaxed to its goods. A match holding more of them ranks higher.
   */
  boost?: string;
  /**
   * Other forms a word of `text` or `boost` matches as, each counting as that word: the buyer's own
   * word beside its translation ('kursi' beside 'chair'), the catalogue's spelling of a loanword
   * ('nebulizer' for 'नेबुलाइज़र'), a correction. A form of several words matches as a phrase.
   */
  alternatives?: Record<string, string[]>;
  /**
   * Words that match only as themselves (with their synonyms and alternatives), never as a partial
   * word or through a typo: real words the catalogue may lack ('heater' must not find 'heated').
   * Other words the index does not hold match as prefixes (partial typing) and typos.
   */
  exact?: string[];
  /**
   * A category whose matches rank first: a guess from the words, never a filter (a wrong guess
   * must not hide the goods listed elsewhere). Goods words count in the description there only.
   */
  preferCategory?: string;
  /**
   * The words of `text` that name goods ('laptop'). A product whose title has one of them followed by
   * an accessory word of the engine's language ('Laptop stand', 'Bicycle chain') is that accessory,
   * not the goods, and is left out unless the text says an accessory word too (both engines record,
   * at indexing, which title words an accessory word follows). Goods words are also looked for in
   * the product's own text only, never in the seller's name or place.
   */
  goods?: string[];
  filters: EngineFilters;
  sort: EngineSort;
  limit: number;
  offset: number;
}

export interface EngineResult {
  hits: SearchDocument[];
  /** How many products match in all (when `totalExact` is false: at least this many). */
  total: number;
  /**
   * False when the engine stopped counting (PostgreSQL reads at most a bounded set of matches on a
   * broad search): more than `total` products match. Absent: exact.
   */
  totalExact?: boolean;
}

/**
 * The search engine port. Adapters: PostgreSQL full-text search (the embedded default) and
 * Meilisearch. Both pass one contract suite (tests/integration/search-engine-contract.ts).
 */
/** A write given to an engine: documents added or replaced, or documents removed (unknown ids are fine). */
export type EngineWrite = { upsert: SearchDocument[] } | { remove: string[] };

export interface SearchEngine {
  readonly name: 'postgres' | 'meilisearch';
  /**
   * Creates the index and applies its settings when they differ (idempotent; a settings change may
   * re-index everything, so it waits as long as that takes). Run by the worker at start and by the
   * `migrate` and `reindex` roles, never on the search path.
   */
  init(): Promise<void>;
  /** Adds or replaces documents; searchable when the promise resolves. */
  upsert(docs: SearchDocument[]): Promise<void>;
  /** Removes documents (unknown ids are fine). */
  remove(ids: string[]): Promise<void>;
  /**
   * Gives the engine a write without waiting for it to be searchable; the engine applies writes in the
   * order it was given them. Resolves once the engine holds the write, to a wait until it is searchable
   * (the indexer gives it inside its transaction, to keep the per-product order, and waits after the commit).
   */
  enqueue(write: EngineWrite): Promise<() => Promise<void>>;
  /** Whether the engine holds no document at all (a fresh or lost index); throws when it does not answer. */
  isEmpty(): Promise<boolean>;
  /**
   * Replaces the whole index with the given documents (a full reindex). Searches keep working
   * meanwhile (PostgreSQL makes them wait for the few seconds of its final CLUSTER).
   */
  replaceAll(batches: AsyncIterable<SearchDocument[]>): Promise<number>;
  search(query: EngineQuery): Promise<EngineResult>;
}

/**
 * The PostgreSQL document store (search_documents): an engine of its own, always written (it is the
 * read model of recommendations and of the index's reconciliation), also inside a caller's transaction.
 */
export interface SearchDocumentStore extends SearchEngine {
  /** The same store writing through one client (inside the caller's transaction). */
  withRunner(runner: SqlRunner): SearchDocumentStore;
}

/** Groups of words that mean the same goods; a query for one finds listings that use another. */
export type Synonyms = string[][];

/**
 * The key a place name is compared by (its gazetteer spelling, lower case: 'Bengaluru' and
 * 'Bangalore' share one), for a listing's city and state and a buyer's location alike; null for none.
 */
export type PlaceKey = (place: string | null | undefined) => string | null;

/** What an engine knows of the buyers' language, given by the search module that owns it. */
export interface EngineLanguage {
  synonyms: Synonyms;
  placeKey: PlaceKey;
  /** Words that, right after a goods word in a title, make the product an accessory or part of those goods ('stand', 'cover'). */
  accessories?: string[];
  /**
   * A text's words spelt as queries are read, in order ('Asus लैपटॉप स्टैंड' -> 'asus laptop stand'),
   * so the accessory rule reads titles in Hindi too.
   */
  spell?: (text: string) => string;
}
