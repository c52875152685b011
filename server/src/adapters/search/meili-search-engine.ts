import type { Logger } from 'pino';
import { MeilisearchApiError, type Index, type Meilisearch, type MultiSearchQuery, type SearchParams } from 'meilisearch';
import { BULK_QUANTITY, type EngineFilters, type EngineQuery, type EngineResult, type EngineWrite, type SearchDocument, type SearchEngine, type EngineLanguage, type PlaceKey, type SearchCondition, type SearchGalleryItem, type SearchQuestion, type SearchPriceTier } from './search-engine.js';
import { accessoryOfListing, isAccessoryWord, wordsOf } from './accessories.js';
import { MeiliClients, type MeiliAccess } from './meili-clients.js';
import { changedSettings, indexSettings, waitLogged } from './meili-index-settings.js';

/** A document as Meilisearch stores it: flat, numbers for prices and times (integers, never fractions). */
export interface MeiliDoc {
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
  /** The seller's standing (a tie-breaker after relevance); absent in documents written before it existed. */
  seller_standing?: number;
  created_at_ms: number;
  updated_at_ms: number;
  /** When this copy was written; a full reindex removes what it did not write (or rewrite) itself. */
  indexed_at_ms: number;
}

/** How long a write may wait to become searchable (behind whatever Meilisearch has queued). */
const TASK_TIMEOUT_MS = 30_000;
/** How long one HTTP request to Meilisearch may take (a write is only handed over, never waited on, in one). */
const REQUEST_TIMEOUT_MS = 10_000;
/** How many matches with a boost word are put first (further ones rank as plain matches). */
const BOOST_CANDIDATES = 200;
/** Boost words looked at (an industry answer is a word or two). */
const MAX_BOOST_WORDS = 4;

/** Where goods words are looked for: the product's title, tags and English spellings of its Hindi words. */
const GOODS_ATTRIBUTES = ['title', 'tags', 'extra_terms'];

/** A string value inside a Meilisearch filter expression. */
const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

const apiErrorCode = (err: unknown): string | undefined => (err instanceof MeilisearchApiError ? err.cause?.code : undefined);

export interface MeiliEngineOptions extends MeiliAccess {
  /**
   * The deepest result the app asks for (its largest offset plus its largest page): Meilisearch counts
   * and serves matches up to one past it (`pagination.maxTotalHits`).
   */
  reach: number;
  /** Where a settings change's progress is reported. */
  log?: Logger;
}

/**
 * Meilisearch, the production engine: typo tolerance, prefix search and synonyms come with it; the
 * index settings (meili-index-settings.ts) name what is searched (in order of importance), filtered
 * and sorted. `init` creates the index and applies its settings (the worker at start, the `migrate`
 * role); searches and writes never do. Searches use a key that can only search the index, the rest an
 * admin key of the index (meili-clients.ts). Every write waits for its task, so a document is
 * searchable when `upsert` resolves; `enqueue` hands a write over without waiting.
 */
export class MeiliSearchEngine implements SearchEngine {
  readonly name = 'meilisearch' as const;
  private readonly clients: MeiliClients;
  private readonly indexUid: string;
  private readonly reach: number;
  private readonly maxTotalHits: number;
  private readonly log?: Logger;
  /** Each goods word's synonyms (the accessory rule leaves out their accessories too). */
  private readonly synonyms = new Map<string, string[]>();

  constructor(opts: MeiliEngineOptions, private readonly language: EngineLanguage) {
    const { host, index, masterKey, apiKey, searchKey, client } = opts;
    this.clients = new MeiliClients({ host, index, masterKey, apiKey, searchKey, client: { timeout: REQUEST_TIMEOUT_MS, ...client } });
    this.indexUid = index;
    this.reach = opts.reach;
    this.maxTotalHits = opts.reach + 1;
    this.log = opts.log;
    for (const group of language.synonyms) for (const w of group) this.synonyms.set(w, group.filter((x) => x !== w));
  }

  /**
   * Creates the index when it is missing and applies the settings that differ from the wanted ones,
   * waiting as long as that takes (a change of what is searched, filtered or sorted re-indexes every
   * document), with its progress logged. Nothing is sent when the settings are already right.
   */
  async init(): Promise<void> {
    // Both keys now (made with the master key when they are missing), so the api's first search finds its own.
    await this.clients.search();
    const admin = await this.clients.admin();
    await this.ensureIndex(admin);
    // A settings change still queued or running (a start that stopped waiting for it): wait for it
    // rather than queue the same work again.
    const pending = await admin.tasks.getTasks({ indexUids: [this.indexUid], types: ['settingsUpdate'], statuses: ['enqueued', 'processing'] });
    for (const task of pending.results) await waitLogged(admin, task.uid, 'an earlier settings change', this.log);
    const index = admin.index(this.indexUid);
    const changed = changedSettings(await index.getSettings(), indexSettings(this.language, this.maxTotalHits));
    if (!Object.keys(changed).length) return;
    this.log?.info({ index: this.indexUid, settings: Object.keys(changed) }, 'Meilisearch: applying index settings (a change of what is searched, filtered or sorted re-indexes every document)');
    const task = await index.updateSettings(changed);
    await waitLogged(admin, task.taskUid, 'settings change', this.log);
    this.log?.info({ index: this.indexUid }, 'Meilisearch: index settings applied');
  }

  private async ensureIndex(admin: Meilisearch): Promise<void> {
    const exists = await admin.index(this.indexUid).getRawInfo().then(
      () => true,
      (err: unknown) => {
        if (apiErrorCode(err) === 'index_not_found') return false;
        throw err;
      },
    );
    if (exists) return;
    const created = await admin.createIndex(this.indexUid, { primaryKey: 'id' }).waitTask({ timeout: TASK_TIMEOUT_MS });
    if (created.status !== 'succeeded' && created.error?.code !== 'index_already_exists') {
      throw new Error(`Meilisearch index creation failed: ${created.error?.message ?? created.status}`);
    }
  }

  async enqueue(write: EngineWrite): Promise<() => Promise<void>> {
    const index = await this.adminIndex();
    let task: { taskUid: number } | null = null;
    if ('upsert' in write && write.upsert.length) {
      const now = Date.now();
      task = await index.addDocuments(write.upsert.map((d) => toMeili(d, now, this.language)), { primaryKey: 'id' });
    } else if ('remove' in write && write.remove.length) {
      task = await index.deleteDocuments(write.remove);
    }
    const uid = task?.taskUid;
    return uid === undefined ? async () => {} : () => this.settle(uid);
  }

  async upsert(docs: SearchDocument[]): Promise<void> {
    await (await this.enqueue({ upsert: docs }))();
  }

  async remove(ids: string[]): Promise<void> {
    await (await this.enqueue({ remove: ids }))();
  }

  async replaceAll(batches: AsyncIterable<SearchDocument[]>): Promise<number> {
    // Rewrite everything, then drop what this pass did not write: searches keep working throughout,
    // and a product the worker re-indexes meanwhile keeps its newer copy.
    const started = Date.now();
    let count = 0;
    for await (const docs of batches) {
      await this.upsert(docs);
      count += docs.length;
    }
    const index = await this.adminIndex();
    await this.settle((await index.deleteDocuments({ filter: `indexed_at_ms < ${started}` })).taskUid);
    return count;
  }

  async isEmpty(): Promise<boolean> {
    const index = await this.searchIndex();
    const res = await index.search(null, { limit: 0 }).catch((err: unknown) => {
      if (apiErrorCode(err) === 'index_not_found') return null;
      throw err;
    });
    return !res || (res.estimatedTotalHits ?? res.hits.length) === 0;
  }

  async search(q: EngineQuery): Promise<EngineResult> {
    if (q.filters.ids?.length === 0) return { hits: [], total: 0 };
    try {
      return await this.run(q);
    } catch (err) {
      // Before the worker or `migrate` first made the index: nothing to find yet.
      if (apiErrorCode(err) === 'index_not_found') return { hits: [], total: 0 };
      throw err;
    }
  }

  private async run(q: EngineQuery): Promise<EngineResult> {
    const client = await this.clients.search();
    const index = client.index<MeiliDoc>(this.indexUid);
    const filter = filterOf(q.filters, this.language.placeKey);
    const accessories = this.accessoryFilter(q);
    if (accessories) filter.push(accessories);
    // Boost words only rank (as on PostgreSQL, where they add to the relevance rank); sorted by
    // price or date they change nothing.
    const boost = q.sort === 'relevance' ? [...new Set((q.boost ?? '').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_BOOST_WORDS) : [];
    if (!boost.length) {
      const res = await index.search(q.text || null, this.params(q, filter, q.limit, q.offset));
      return { hits: res.hits.map(fromMeili), ...this.totalOf(res) };
    }
    return this.boostedSearch(client, index, q, filter, boost);
  }

  /**
   * 'Laptop stand' is not a laptop (as on PostgreSQL): titles where a goods word (or a word of one of
   * its synonyms: 'ac' marks 'air' and 'conditioner', the words listings are indexed by) is followed
   * by an accessory word are left out, unless the query names an accessory too.
   */
  private accessoryFilter(q: EngineQuery): string | null {
    const words = wordsOf(q.text);
    const accessories = (this.language.accessories ?? []).flatMap(wordsOf);
    const goods = (q.goods ?? []).flatMap(wordsOf).filter((w) => words.includes(w));
    if (!goods.length || q.matching !== 'all' || words.some((w) => isAccessoryWord(w, accessories))) return null;
    const marked = [...new Set(goods.flatMap((g) => [g, ...(this.synonyms.get(g) ?? [])].flatMap(wordsOf)))];
    return `accessory_of NOT IN [${marked.flatMap((g) => [g, `${g}s`]).map(quote).join(', ')}]`;
  }

  /**
   * The total of an answer (plus `before` matches counted elsewhere): exact below `maxTotalHits`;
   * Meilisearch stops counting there, so a total that reaches it says only 'more than the reach'.
   */
  private totalOf(res: { estimatedTotalHits?: number; hits: unknown[] }, before = 0): { total: number; totalExact: boolean } {
    const counted = res.estimatedTotalHits ?? res.hits.length;
    return counted >= this.maxTotalHits ? { total: this.reach, totalExact: false } : { total: before + counted, totalExact: true };
  }

  /**
   * Matches that also have a boost word come first, then the other matches. A single query with
   * the boost words added cannot do it: 'all' would require the boost words, and 'last' drops
   * words from the end until something matches, which goes on past the boost words into the
   * buyer's own words (the matches would then need only the first word, unlike PostgreSQL's). So
   * the boosted matches are found first (words plus one boost word, all required), and the page is
   * cut from them followed by the remaining matches (the words alone, boosted ones left out).
   */
  private async boostedSearch(client: Meilisearch, index: Index<MeiliDoc>, q: EngineQuery, filter: string[], boost: string[]): Promise<EngineResult> {
    const { results } = await client.multiSearch<{ queries: MultiSearchQuery[] }, MeiliDoc>({
      queries: boost.map((word) => ({
        indexUid: this.indexUid,
        q: `${q.text} ${word}`.trim(),
        filter,
        matchingStrategy: 'all',
        limit: BOOST_CANDIDATES,
        attributesToRetrieve: ['id'],
      })),
    });
    const boosted = await this.plainMatches(index, q, filter, [...new Set(results.flatMap((r) => r.hits.map((h) => h.id)))]);
    const onPage = boosted.slice(q.offset, q.offset + q.limit);
    const others = boosted.length ? [...filter, `id NOT IN [${boosted.map(quote).join(', ')}]`] : filter;
    const [first, rest] = await Promise.all([
      onPage.length ? index.search(null, { filter: [...filter, `id IN [${onPage.map(quote).join(', ')}]`], limit: onPage.length }) : Promise.resolve(null),
      index.search(q.text || null, this.params(q, others, q.limit - onPage.length, Math.max(0, q.offset - boosted.length))),
    ]);
    const byId = new Map((first?.hits ?? []).map((h) => [h.id, h]));
    const hits = [...onPage.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])), ...rest.hits];
    return { hits: hits.map(fromMeili), ...this.totalOf(rest, boosted.length) };
  }

  /**
   * The candidates (in their order) that the words alone match. A boost word is looked for anywhere
   * in the product, but with goods words the words are kept to the product's own text
   * (attributesToSearchOn is per query, not per word): a product matching a goods word only by its
   * seller's name or place is no match, so it is neither boosted nor counted.
   */
  private async plainMatches(index: Index<MeiliDoc>, q: EngineQuery, filter: string[], candidates: string[]): Promise<string[]> {
    if (!candidates.length || !q.goods?.length) return candidates;
    const only = [...filter, `id IN [${candidates.map(quote).join(', ')}]`];
    const res = await index.search(q.text || null, { ...this.params(q, only, candidates.length, 0), attributesToRetrieve: ['id'] });
    const matched = new Set(res.hits.map((h) => h.id));
    return candidates.filter((id) => matched.has(id));
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

  private async searchIndex(): Promise<Index<MeiliDoc>> {
    return (await this.clients.search()).index<MeiliDoc>(this.indexUid);
  }

  private async adminIndex(): Promise<Index<MeiliDoc>> {
    return (await this.clients.admin()).index<MeiliDoc>(this.indexUid);
  }

  /** Waits until a write's task is done (searchable), or throws. */
  private async settle(taskUid: number): Promise<void> {
    const done = await (await this.clients.admin()).tasks.waitForTask(taskUid, { timeout: TASK_TIMEOUT_MS });
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

/** A document as this engine writes it (exported for the adapter's tests, which answer with stored documents). */
export function toMeili(d: SearchDocument, now: number, language: EngineLanguage): MeiliDoc {
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
    seller_standing: d.sellerStanding,
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
    sellerStanding: m.seller_standing ?? 0,
    createdAt: new Date(m.created_at_ms),
    updatedAt: new Date(m.updated_at_ms),
  };
}
