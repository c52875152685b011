import { Meilisearch, type EnqueuedTaskPromise, type Index, type MultiSearchQuery, type SearchParams } from 'meilisearch';
import { BULK_QUANTITY, type EngineFilters, type EngineQuery, type EngineResult, type SearchDocument, type SearchEngine, type EngineLanguage, type PlaceKey, type SearchCondition, type SearchGalleryItem, type SearchQuestion, type SearchPriceTier } from './search-engine.js';
import { accessoryOfListing, isAccessoryWord } from './accessories.js';

/** A document as Meilisearch stores it: flat, numbers for prices and times (integers, never fractions). */
interface MeiliDoc {
  id: string;
  seller_id: string;
  seller_name: string | null;
  title: string;
  description: string;
  tags: string[];
  category: string;
  category_terms: string[];
  /** Words of the title an accessory word follows ('laptop' of 'Laptop stand'), singular and plural. */
  accessory_of?: string[];
  extra_terms: string[];
  product_type: 'new' | 'used';
  purchase_type: 'buy_now' | 'inquire';
  condition: SearchCondition | null;
  /** Integer paise; absent when the product has no price (Meilisearch sorts those last). */
  price_paise?: number;
  price_max_paise?: number;
  min_quantity: number;
  max_quantity: number;
  /** Absent in documents written before units existed. */
  unit?: string;
  price_tiers?: SearchPriceTier[];
  city: string | null;
  state: string | null;
  city_key: string | null;
  state_key: string | null;
  contact: string | null;
  thumbnail_key: string | null;
  gallery: SearchGalleryItem[];
  custom_questions: SearchQuestion[];
  created_at_ms: number;
  updated_at_ms: number;
  /** When this copy was written; a full reindex removes what it did not write (or rewrite) itself. */
  indexed_at_ms: number;
}

const TASK_TIMEOUT_MS = 30_000;
/** How many matches with a boost word are put first (further ones rank as plain matches). */
const BOOST_CANDIDATES = 200;
/** Boost words looked at (an industry answer is a word or two). */
const MAX_BOOST_WORDS = 4;

/** Where goods words are looked for: the product's title, tags and English spellings of its Hindi words. */
const GOODS_ATTRIBUTES = ['title', 'tags', 'extra_terms'];

/** A string value inside a Meilisearch filter expression. */
const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * Meilisearch, the production engine: typo tolerance, prefix search and synonyms come with it; the
 * index settings below name what is searched (in order of importance), filtered and sorted.
 * Every write waits for its task, so a document is searchable when `upsert` resolves.
 */
export class MeiliSearchEngine implements SearchEngine {
  readonly name = 'meilisearch' as const;
  private readonly client: Meilisearch;
  private readonly index: Index<MeiliDoc>;
  private readonly indexUid: string;
  /** The index and its settings, made sure of once per process (before the first read or write). */
  private ready: Promise<void> | null = null;

  constructor(
    opts: { host: string; apiKey?: string; index: string },
    private readonly language: EngineLanguage,
  ) {
    this.client = new Meilisearch({ host: opts.host, apiKey: opts.apiKey });
    this.index = this.client.index<MeiliDoc>(opts.index);
    this.indexUid = opts.index;
  }

  async init(): Promise<void> {
    this.ready = this.applySettings().catch((err: unknown) => {
      this.ready = null;
      throw err;
    });
    return this.ready;
  }

  private ensureReady(): Promise<void> {
    return this.ready ?? this.init();
  }

  private async applySettings(): Promise<void> {
    const created = await this.client.createIndex(this.indexUid, { primaryKey: 'id' }).waitTask({ timeout: TASK_TIMEOUT_MS });
    if (created.status !== 'succeeded' && created.error?.code !== 'index_already_exists') {
      throw new Error(`Meilisearch index creation failed: ${created.error?.message ?? created.status}`);
    }
    const synonyms: Record<string, string[]> = {};
    for (const group of this.language.synonyms) for (const w of group) synonyms[w] = group.filter((x) => x !== w);
    await this.wait(
      this.index.updateSettings({
        searchableAttributes: ['title', 'tags', 'extra_terms', 'seller_name', 'city', 'state', 'description'],
        filterableAttributes: ['id', 'seller_id', 'category', 'price_paise', 'product_type', 'purchase_type', 'city_key', 'state_key', 'max_quantity', 'indexed_at_ms', 'accessory_of'],
        sortableAttributes: ['price_paise', 'created_at_ms'],
        // 'sort' first: 'cheapest first' means strictly by price, as on PostgreSQL.
        rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness', 'created_at_ms:desc'],
        typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 4, twoTypos: 8 } },
        synonyms,
      }),
    );
  }

  async upsert(docs: SearchDocument[]): Promise<void> {
    if (!docs.length) return;
    await this.ensureReady();
    const now = Date.now();
    await this.wait(this.index.addDocuments(docs.map((d) => toMeili(d, now, this.language)), { primaryKey: 'id' }));
  }

  async remove(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.ensureReady();
    await this.wait(this.index.deleteDocuments(ids));
  }

  async replaceAll(batches: AsyncIterable<SearchDocument[]>): Promise<number> {
    // Rewrite everything, then drop what this pass did not write: searches keep working throughout,
    // and a product the worker re-indexes meanwhile keeps its newer copy.
    await this.ensureReady();
    const started = Date.now();
    let count = 0;
    for await (const docs of batches) {
      await this.upsert(docs);
      count += docs.length;
    }
    await this.wait(this.index.deleteDocuments({ filter: `indexed_at_ms < ${started}` }));
    return count;
  }

  async search(q: EngineQuery): Promise<EngineResult> {
    if (q.filters.ids?.length === 0) return { hits: [], total: 0 };
    await this.ensureReady();
    const filter = filterOf(q.filters, this.language.placeKey);
    // 'Laptop stand' is not a laptop (as on PostgreSQL): titles where a goods word is followed by an
    // accessory word are left out, unless the words name an accessory too.
    const accessories = this.language.accessories ?? [];
    const words = q.text.toLowerCase().split(/\s+/).filter(Boolean);
    if (q.goods?.length && q.matching === 'all' && !words.some((w) => isAccessoryWord(w, accessories))) {
      // A synonym's accessory too ('bicycle' leaves out 'cycle chain').
      const synonymsOf = (g: string) => this.language.synonyms.find((group) => group.includes(g))?.filter((w) => w !== g) ?? [];
      const marked = [...new Set(q.goods.flatMap((g) => [g, ...synonymsOf(g)]))];
      filter.push(`accessory_of NOT IN [${marked.flatMap((g) => [g, `${g}s`]).map(quote).join(', ')}]`);
    }
    // Boost words only rank (as on PostgreSQL, where they add to the relevance rank); sorted by
    // price or date they change nothing.
    const boost = q.sort === 'relevance' ? [...new Set((q.boost ?? '').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_BOOST_WORDS) : [];
    if (!boost.length) {
      const res = await this.index.search(q.text || null, this.params(q, filter, q.limit, q.offset));
      return { hits: res.hits.map(fromMeili), total: res.estimatedTotalHits ?? res.hits.length };
    }
    return this.boostedSearch(q, filter, boost);
  }

  /**
   * Matches that also have a boost word come first, then the other matches. A single query with
   * the boost words added cannot do it: 'all' would require the boost words, and 'last' drops
   * words from the end until something matches, which goes on past the boost words into the
   * buyer's own words (the matches would then need only the first word, unlike PostgreSQL's). So
   * the boosted matches are found first (words plus one boost word, all required), and the page is
   * cut from them followed by the remaining matches (the words alone, boosted ones left out).
   */
  private async boostedSearch(q: EngineQuery, filter: string[], boost: string[]): Promise<EngineResult> {
    const { results } = await this.client.multiSearch<{ queries: MultiSearchQuery[] }, MeiliDoc>({
      queries: boost.map((word) => ({
        indexUid: this.indexUid,
        q: `${q.text} ${word}`.trim(),
        filter,
        matchingStrategy: 'all',
        limit: BOOST_CANDIDATES,
        attributesToRetrieve: ['id'],
      })),
    });
    const boosted = [...new Set(results.flatMap((r) => r.hits.map((h) => h.id)))];
    const onPage = boosted.slice(q.offset, q.offset + q.limit);
    const others = boosted.length ? [...filter, `id NOT IN [${boosted.map(quote).join(', ')}]`] : filter;
    const [first, rest] = await Promise.all([
      onPage.length
        ? this.index.search(null, { filter: [...filter, `id IN [${onPage.map(quote).join(', ')}]`], limit: onPage.length })
        : Promise.resolve(null),
      this.index.search(q.text || null, this.params(q, others, q.limit - onPage.length, Math.max(0, q.offset - boosted.length))),
    ]);
    const byId = new Map((first?.hits ?? []).map((h) => [h.id, h]));
    const hits = [...onPage.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])), ...rest.hits];
    return { hits: hits.map(fromMeili), total: boosted.length + (rest.estimatedTotalHits ?? rest.hits.length) };
  }

  /** Search parameters of a page: 'all' needs every word; 'any' drops words from the end until some match. */
  private params(q: EngineQuery, filter: string[], limit: number, offset: number): SearchParams {
    const params: SearchParams = { filter, limit, offset, matchingStrategy: q.matching === 'any' ? 'last' : 'all' };
    // Goods words are looked for in what the product is, never in the seller's name or place; the
    // description counts inside a category only (as on PostgreSQL). Meilisearch restricts attributes
    // per query, not per word, so the other words of such a query are held to the same attributes.
    if (q.goods?.length) params.attributesToSearchOn = q.filters.category !== undefined ? [...GOODS_ATTRIBUTES, 'description'] : GOODS_ATTRIBUTES;
    if (q.sort === 'price_asc') params.sort = ['price_paise:asc'];
    else if (q.sort === 'price_desc') params.sort = ['price_paise:desc'];
    else if (q.sort === 'newest' || !q.text) params.sort = ['created_at_ms:desc'];
    return params;
  }

  private async wait(task: EnqueuedTaskPromise): Promise<void> {
    const done = await task.waitTask({ timeout: TASK_TIMEOUT_MS });
    if (done.status !== 'succeeded') throw new Error(`Meilisearch task ${done.uid} ${done.status}: ${done.error?.message ?? ''}`);
  }
}

function filterOf(f: EngineFilters, placeKey: PlaceKey): string[] {
  const out: string[] = [];
  if (f.category !== undefined) out.push(`category = ${quote(f.category)}`);
  if (f.minPricePaise !== undefined) out.push(`price_paise >= ${f.minPricePaise.toString()}`);
  if (f.maxPricePaise !== undefined) out.push(`price_paise <= ${f.maxPricePaise.toString()}`);
  if (f.productType !== undefined) out.push(`product_type = ${quote(f.productType)}`);
  if (f.purchaseType !== undefined) out.push(`purchase_type = ${quote(f.purchaseType)}`);
  if (f.location !== undefined) {
    const loc = quote(placeKey(f.location) ?? '');
    out.push(`(city_key = ${loc} OR state_key = ${loc})`);
  }
  if (f.minQuantity !== undefined) out.push(`max_quantity >= ${f.minQuantity}`);
  if (f.bulk) out.push(`(max_quantity >= ${BULK_QUANTITY} OR max_quantity = 1)`);
  if (f.ids !== undefined) out.push(`id IN [${f.ids.map(quote).join(', ')}]`);
  if (f.excludeSellerIds?.length) out.push(`seller_id NOT IN [${f.excludeSellerIds.map(quote).join(', ')}]`);
  return out;
}

function toMeili(d: SearchDocument, now: number, language: EngineLanguage): MeiliDoc {
  const placeKey = language.placeKey;
  const doc: MeiliDoc = {
    id: d.id,
    seller_id: d.sellerId,
    seller_name: d.sellerName,
    title: d.title,
    description: d.description,
    tags: d.tags,
    category: d.category,
    category_terms: d.categoryTerms,
    accessory_of: accessoryOfListing(d, language.accessories ?? [], language.spell).flatMap((w) => [w, w.replace(/e?s$/, '')]),
    extra_terms: d.extraTerms,
    product_type: d.productType,
    purchase_type: d.purchaseType,
    condition: d.condition,
    min_quantity: d.minQuantity,
    max_quantity: d.maxQuantity,
    unit: d.unit,
    price_tiers: d.priceTiers,
    city: d.city,
    state: d.state,
    // Places are compared by their gazetteer name, as buyers' words are ('Bangalore' = 'Bengaluru').
    city_key: placeKey(d.city),
    state_key: placeKey(d.state),
    contact: d.contact,
    thumbnail_key: d.thumbnailKey,
    gallery: d.gallery,
    custom_questions: d.customQuestions,
    created_at_ms: d.createdAt.getTime(),
    updated_at_ms: d.updatedAt.getTime(),
    indexed_at_ms: now,
  };
  // Prices are integer paise, exact in a JSON number up to 2^53.
  if (d.pricePaise !== null) doc.price_paise = Number(d.pricePaise);
  if (d.priceMaxPaise !== null) doc.price_max_paise = Number(d.priceMaxPaise);
  return doc;
}

function fromMeili(m: MeiliDoc): SearchDocument {
  return {
    id: m.id,
    sellerId: m.seller_id,
    sellerName: m.seller_name,
    title: m.title,
    description: m.description,
    tags: m.tags,
    category: m.category,
    categoryTerms: m.category_terms,
    extraTerms: m.extra_terms,
    productType: m.product_type,
    purchaseType: m.purchase_type,
    condition: m.condition,
    pricePaise: m.price_paise === undefined ? null : BigInt(m.price_paise),
    priceMaxPaise: m.price_max_paise === undefined ? null : BigInt(m.price_max_paise),
    minQuantity: m.min_quantity,
    maxQuantity: m.max_quantity,
    // Documents written before units existed count in pieces, without bands.
    unit: m.unit ?? 'piece',
    priceTiers: m.price_tiers ?? [],
    city: m.city,
    state: m.state,
    contact: m.contact,
    thumbnailKey: m.thumbnail_key,
    gallery: m.gallery,
    customQuestions: m.custom_questions,
    createdAt: new Date(m.created_at_ms),
    updatedAt: new Date(m.updated_at_ms),
  };
}
