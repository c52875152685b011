import { BULK_QUANTITY, type EngineFilters, type EngineQuery, type PlaceKey } from './search-engine.js';
import type { SqlRunner } from './sql-runner.js';
import { marker, PostgresSearchWords, type DriverOption } from './postgres-search-words.js';
import { ACCESSORY_MARK } from './postgres-documents.js';
import { SEARCH_DOCUMENT_COLUMNS as DOC_COLUMNS } from './search-documents-table.js';

/** How long the statistics' answer of which words drive a search is kept, and how many are kept. */
const DRIVER_CACHE_SIZE = 10_000;
const DRIVER_TTL_MS = 60_000;
/**
 * How many matches a search reads at most to rank and count them (per block of results: see
 * buildSearch). Up to this many, ranking and the total are exact; beyond it the total is a lower
 * bound ('more than 1,000'), as Meilisearch's default `maxTotalHits` is. Ranking and counting every
 * match grows with the catalogue: 'laptop' at 1,000,000 products is 25,000 matches, 50 to 120 ms.
 */
export const RANKING_SET = 1000;
/** How many of the newest candidates a broad search checks first, to tell how many it needs. */
const PROBE = 64;
/**
 * Words whose rarest part is in fewer documents than this (by the statistics) are read through the
 * text index, whose bitmap is then small; from it on, through the word index in date order.
 */
export const POSTINGS_FROM = 8000;
/** At most this many candidates per match wanted are checked before the text index answers instead. */
const MAX_CANDIDATES = 16;
/**
 * With fewer matches expected than a set holds, the postings are still read (all of them within the
 * filters they carry) when those filters keep at most one posting in this many.
 */
const COVERED_SHARE = 8;


/** A statement and its parameters. */
export interface Sql {
  sql: string;
  params: unknown[];
}

/** What the SQL of a search reads of the engine's language and size settings. */
export interface SearchSqlSettings {
  /** Each word's synonyms (its group without it). */
  synonyms: ReadonlyMap<string, string[]>;
  placeKey: PlaceKey;
  accessories: string[];
  rankingSet: number;
  postingsFrom: number;
}

/**
 * The SQL of PostgreSQL searches (see PostgresSearchEngine): the words as a tsquery (synonyms, partial
 * words, typos through the dictionary of indexed words), the filters, and the bounded ranking set read
 * through the text index or the word index in date order. Keeps the dictionary's and statistics'
 * answers a minute.
 */
export class PostgresSearchSql {
  private readonly words: PostgresSearchWords;
  private readonly driverCache = new Map<string, { driver: { lexemes: string[]; estimate: number } | null; until: number }>();

  constructor(
    private readonly runner: SqlRunner,
    private readonly settings: SearchSqlSettings,
  ) {
    this.words = new PostgresSearchWords(runner, settings.synonyms, settings.accessories);
  }

  /**
   * The SQL of a search (also run directly by the latency benchmark as its floor). Matches are taken
   * newest first (by the product's date, then id) and at most up to the block of the page asked for:
   * block 0 is the newest RANKING_SET matches, block 1 the next ones, and so on. Ranked by relevance, each block is ranked on its own and the blocks follow each other, so
   * pages never repeat or skip a product; with no more matches than RANKING_SET (every catalogue up
   * to about 100,000 products on most queries) that is exactly every match ranked. Sorted by price
   * or date, the page comes from an index walk that stops after `limit` rows, and a separate count,
   * bounded the same way, gives the total. Either way the statement reports how many matches it
   * found (`found`) of how many it looked for (`wanted`, one more than its blocks hold): finding
   * them all means there are more.
   */
  async build(q: EngineQuery): Promise<{ page: Sql; count: Sql | null }> {
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where: string[] = [];
    const w = await this.words.of(q);
    let tsquery = w.match;
    const rankQuery = w.rank;
    // The filters as lexemes of the vector too (search_filter_markers): the text index intersects
    // them with the words; the columns below still decide.
    // A category with a price range is left to the (category, price) index (see below): its marker
    // in the text query would make the planner think the text alone finds a handful of rows.
    const f = q.filters;
    const ranged = f.category !== undefined && (f.minPricePaise !== undefined || f.maxPricePaise !== undefined);
    const markers = tsquery ? filterMarkers(ranged ? { ...f, category: undefined } : f, this.settings.placeKey) : [];
    if (tsquery && markers.length) tsquery = `(${tsquery}) & ${markers.join(' & ')}`;
    if (tsquery) where.push(`d.search_vector @@ to_tsquery('english', ${p(tsquery)})`);
    const tsqueryParam = params.length;
    // With words, the text index (words and filter markers) finds the matches and the columns check
    // the rows it finds: a second bitmap of a whole category or price range (60,000 to 600,000 rows
    // at 1,000,000 products: 10 to 160 ms) cost more than the whole bounded read. Written as
    // expressions no index has, so the planner cannot AND them in; except a category with a price
    // range together, which the (category, price) index narrows to a few thousand rows.
    const category = tsquery && !ranged ? `(d.category || '')` : 'd.category';
    const price = tsquery && !ranged ? '(d.price_paise + 0)' : 'd.price_paise';
    if (f.category !== undefined) where.push(`${category} = ${p(f.category)}`);
    if (f.minPricePaise !== undefined) where.push(`${price} >= ${p(f.minPricePaise.toString())}::bigint`);
    if (f.maxPricePaise !== undefined) where.push(`${price} <= ${p(f.maxPricePaise.toString())}::bigint`);
    if (f.productType !== undefined) where.push(`d.product_type = ${p(f.productType)}`);
    if (f.purchaseType !== undefined) where.push(`d.purchase_type = ${p(f.purchaseType)}`);
    if (f.location !== undefined) {
      const loc = p(this.settings.placeKey(f.location) ?? '');
      where.push(`(d.city_key = ${loc} or d.state_key = ${loc})`);
    }
    if (f.minQuantity !== undefined) where.push(`d.max_quantity >= ${p(f.minQuantity)}`);
    if (f.bulk) where.push(`(d.max_quantity >= ${p(BULK_QUANTITY)} or d.max_quantity = 1)`);
    if (f.ids !== undefined) where.push(`d.product_id = any(${p(f.ids)}::uuid[])`);
    if (f.excludeSellerIds?.length) where.push(`d.seller_id <> all(${p(f.excludeSellerIds)}::uuid[])`);
    const whereSql = where.length ? `where ${where.join(' and ')}` : '';
    const whereParams = [...params];
    // Normalisation 32 keeps the rank below 1: each boost word a match holds (an industry answer, a
    // describing word a relaxed search does not require) ranks it one higher, and the preferred
    // category (a guess from the words, never a filter) two higher.
    const ranked = q.sort === 'relevance' && (tsquery !== null || w.boosts.length > 0 || q.preferCategory !== undefined);
    // Parameters of the rank only when ranking: the unranked page must not carry one it never uses.
    const rankParam = !ranked || !rankQuery ? null : rankQuery === tsquery ? `$${tsqueryParam}` : p(rankQuery);
    const rankParts = [rankParam ? `ts_rank(d.search_vector, to_tsquery('english', ${rankParam}), 32)` : '0'];
    if (ranked) for (const b of w.boosts) rankParts.push(`(d.search_vector @@ to_tsquery('english', ${p(b)}))::int`);
    if (ranked && q.preferCategory !== undefined) rankParts.push(`case when d.category = ${p(q.preferCategory)} then 2 else 0 end`);
    const rank = rankParts.join(' + ');
    const order = {
      relevance: 'd.product_created_at desc',
      price_asc: 'd.price_paise asc nulls last, d.product_created_at desc',
      price_desc: 'd.price_paise desc nulls last, d.product_created_at desc',
      newest: 'd.product_created_at desc',
    }[q.sort];
    // How many matches to read: the blocks up to the page asked for, and one more row to tell
    // whether there are more.
    const blocks = Math.floor((q.offset + Math.max(q.limit, 1) - 1) / this.settings.rankingSet) + 1;
    const wanted = blocks * this.settings.rankingSet + 1;
    // Ranked: rank the set into narrow rows (materialised, so the wide columns and the vectors never
    // go through the count and the sort), then read the wide columns of one page only. Two ways:
    // - broad words (the rarest part of them in at least POSTINGS_FROM documents, by the statistics):
    //   the set is the newest `wanted` matches by date (then id), read from the word index in date
    //   order (search_postings): the part's postings newest first, each checked against the whole
    //   query until `wanted` match. When a probe says too few of them pass, or they run out before
    //   the set is proven, the text index gives the same rows (every match, sorted by date).
    // - otherwise: the first `wanted` matches in the table's order (newest first after a full
    //   reindex, which CLUSTERs by date), through the text index; row_number() over () numbers them
    //   in the order the scan read them (search_documents has parallel_workers = 0, so that order is
    //   the table's and the same every time). Below POSTINGS_FROM the text index's bitmap is small
    //   and this is the cheaper way (at 100,000 products every query reads so).
    // Which way depends on the words and the statistics only, never on the page, so the pages of one
    // search all come from one set.
    const set = this.settings.rankingSet;
    const driver = ranked && tsquery ? await this.driver(w.drivers) : null;
    const newest = `select d.product_id, ${rank} as rank, d.product_created_at, d.seller_standing from search_documents d ${whereSql}`;
    const byDate = driver !== null && driver.estimate >= this.settings.postingsFrom;
    let matchesSql = `r as materialized (${newest} limit ${wanted})`;
    if (byDate) {
      // One stream per lexeme of the driving part, in date order; merged (each ordered on its own, so
      // PostgreSQL merges them instead of sorting them all), they are the part's postings newest
      // first. A product holding two of the part's lexemes comes twice: the copy of the later one is
      // dropped (its document holds an earlier one).
      // The category, price, quantity and new/used filters are checked on the postings (their columns
      // are in the index), so candidates outside them are skipped without reading their documents (a
      // category's hash only narrows: the document decides). With a category, each lexeme's postings
      // come from the index by (lexeme, category, date): only that category's are read.
      const covered: string[] = [];
      if (f.category !== undefined) covered.push(`s.category_key = hashtext(${p(f.category)})`);
      if (f.minPricePaise !== undefined) covered.push(`s.price_paise >= ${p(f.minPricePaise.toString())}::bigint`);
      if (f.maxPricePaise !== undefined) covered.push(`s.price_paise <= ${p(f.maxPricePaise.toString())}::bigint`);
      if (f.minQuantity !== undefined) covered.push(`s.max_quantity >= ${p(f.minQuantity)}`);
      if (f.bulk) covered.push(`(s.max_quantity >= ${p(BULK_QUANTITY)} or s.max_quantity = 1)`);
      if (f.productType !== undefined) covered.push(`s.product_type = ${p(f.productType)}`);
      // An accessory of the word ('Laptop bag' for 'laptop') whose marker the words leave out: its
      // posting says so (the markers as the query's own dictionary spells them).
      if (w.accessoriesOut.length) {
        covered.push(`not (s.accessory and ('${ACCESSORY_MARK}' || s.lexeme) = any(array(select unnest(tsvector_to_array(to_tsvector('english', ${p(w.accessoriesOut.join(' '))}))))))`);
      }
      const earlier = driver.lexemes.map((_l, i) =>
        i ? `(select to_tsquery('simple', ${p(driver.lexemes.slice(0, i).map((x) => `'${x}'`).join(' | '))}))` : 'null::tsquery',
      );
      const lexemes = driver.lexemes.map((l) => p(l));
      // filtered: the postings within the covered filters; otherwise all of them, each saying whether it is.
      const branches = (filtered: boolean) =>
        lexemes
          .map(
            (lexeme, i) => `(select s.product_created_at, s.product_id, ${earlier[i]} as earlier, ${filtered || !covered.length ? 'true' : covered.join(' and ')} as pass
            from search_postings s where s.lexeme = ${lexeme}${filtered ? covered.map((c) => ` and ${c}`).join('') : ''}
            order by s.product_created_at desc, s.product_id)`,
          )
          .join('\n            union all\n            ');
      const stream = (limit: string, guard = 'true', filtered = true) =>
        `select x.* from (${branches(filtered)}) x where ${guard} order by x.product_created_at desc, x.product_id limit ${limit}`;
      // Checking a candidate: a match of the whole query, met through its first lexeme of the part.
      const check = `select d.product_id, ${rank} as rank, d.product_created_at, d.seller_standing from search_documents d
            ${whereSql} and d.product_id = c.product_id and d.product_created_at = c.product_created_at
              and not coalesce(d.search_vector @@ c.earlier, false)
            offset 0`;
      const estimate = p(driver.estimate);
      matchesSql = `probe as materialized (
          -- The newest ${PROBE} candidates tell how many it takes to fill the set (filters the words do
          -- not carry, such as price, quantity or place, pass only some of them).
          select count(*) as n, count(y.product_id) as m
          from (${stream(String(PROBE))}) c left join lateral (${check}) y on true),
        covered as materialized (
          -- The share of the part's postings within the filters the postings carry (1 without them).
          ${covered.length ? `select count(*) as n, count(*) filter (where c.pass) as k from (${stream(String(PROBE), 'true', false)}) c` : `select 1 as n, 1 as k`}),
        go as materialized (
          -- Enough matches expected among the postings, or (fewer) the filters they carry keep at most
          -- one in ${COVERED_SHARE}: then reading all the postings within them costs less than the text
          -- index's bitmap, whose every row is checked ('kursi 2000 se 5000 tak': 900 of 12,500 chairs).
          select pr.n < ${PROBE}
              or (pr.m * ${MAX_CANDIDATES} >= pr.n * 2
                and (pr.m * ${estimate}::float8 * cv.k / greatest(cv.n, 1) / pr.n >= ${wanted} or cv.k * ${COVERED_SHARE} <= cv.n)) as postings,
            case when pr.n < ${PROBE} then ${PROBE}
              when pr.m * ${estimate}::float8 * cv.k / greatest(cv.n, 1) / pr.n < ${wanted} then ${MAX_CANDIDATES} * ${wanted}
              else least(ceil(${wanted} * pr.n / greatest(pr.m, 1) * 2), ${MAX_CANDIDATES} * ${wanted})::int end as cap
          from probe pr, covered cv),
        rp as materialized (
          select y.* from (${stream('(select cap from go)', '(select postings from go)')}) c cross join lateral (${check}) y
          limit ${wanted}),
        ok as materialized (
          select (select postings from go)
            and ((select count(*) from rp) >= ${wanted}
              or (select count(*) from (${stream('(select cap from go)', '(select postings from go)')}) z) < (select cap from go)) as proven),
        r as (
          select * from rp where (select proven from ok)
          union all
          select x.* from (${newest} and not (select proven from ok) offset 0) x
          order by 3 desc, 1 limit ${wanted})`;
    }
    const page = ranked
      ? `with ${matchesSql},
        b as (
          select r.*, (row_number() over (${byDate ? 'order by r.product_created_at desc, r.product_id' : ''}) - 1) / ${set} as block,
            count(*) over () as found from r),
        m as (
          select b.* from b
          order by b.block, b.rank desc, b.seller_standing desc, b.product_created_at desc, b.product_id
          limit ${p(q.limit)} offset ${p(q.offset)})
        select ${DOC_COLUMNS}, m.rank, m.found, ${wanted} as wanted from m join search_documents d on d.product_id = m.product_id
        order by m.block, m.rank desc, m.seller_standing desc, m.product_created_at desc, m.product_id`
      : `select ${DOC_COLUMNS} from search_documents d ${whereSql}
        order by ${order}, d.product_id
        limit ${p(q.limit)} offset ${p(q.offset)}`;
    return {
      page: { sql: page, params },
      count: ranked
        ? null
        : { sql: `select count(*) as total, count(*) as found, ${wanted} as wanted from (select 1 from search_documents d ${whereSql} limit ${wanted}) c`, params: whereParams },
    };
  }

  /**
   * Which part of the query drives a read of the postings: the part whose lexemes the statistics
   * (pg_stats of the vector: the share of documents holding each common lexeme) say are rarest,
   * with an estimate of how many documents hold one of them. A prefix no indexed word starts with
   * adds nothing; one that some word starts with (it cannot be read in date order) keeps its part
   * out, as does a word that is no lexeme at all (a stop word). Kept a minute, as corrections are.
   */
  private async driver(options: DriverOption[]): Promise<{ lexemes: string[]; estimate: number } | null> {
    if (!options.length) return null;
    const key = JSON.stringify(options);
    const now = Date.now();
    const hit = this.driverCache.get(key);
    if (hit && hit.until > now) return hit.driver;
    const { rows } = await this.runner.query<{ lexemes: string[]; estimate: number }>(
      `with opt as (
         select w.part, w.lexeme, case when w.lexeme is null then 'bad' when not w.prefix then 'use'
           when starts_with(coalesce((select s.lexeme from search_postings s where s.lexeme >= w.lexeme order by s.lexeme limit 1), ''), w.lexeme) then 'bad'
           else 'skip' end as state, w.i
         from (select u.*, (tsvector_to_array(to_tsvector('english', u.word)))[1] as lexeme
           from unnest($1::text[], $2::int[], $3::bool[]) with ordinality as u(word, part, prefix, i)) w),
       st as (
         select s.most_common_elems::text::text[] as e, s.most_common_elem_freqs as f from pg_stats s
         where s.schemaname = current_schema() and s.tablename = 'search_documents' and s.attname = 'search_vector')
       select array_agg(distinct o.lexeme) filter (where o.state = 'use') as lexemes,
         (sum(case when o.state = 'use' then coalesce(st.f[array_position(st.e, o.lexeme)], 0) else 0 end)
           * (select greatest(c.reltuples, 0) from pg_class c where c.oid = 'search_documents'::regclass))::float8 as estimate
       from opt o left join st on true
       group by o.part having bool_and(o.state <> 'bad') and bool_or(o.state = 'use')
       order by 2, o.part limit 1`,
      [options.map((o) => o.word), options.map((o) => o.part), options.map((o) => o.prefix)],
    );
    const driver = rows[0] ? { lexemes: rows[0].lexemes, estimate: Number(rows[0].estimate) } : null;
    if (this.driverCache.size > DRIVER_CACHE_SIZE) this.driverCache.clear();
    this.driverCache.set(key, { driver, until: now + DRIVER_TTL_MS });
    return driver;
  }
}


/**
 * The to_tsquery operands of a search's filters (each one a lexeme the document carries, written
 * by search_filter_markers in migrations/Migration20261126090000_search_scan_order.ts): the category
 * and the place (a gazetteer key of letters, digits and spaces). The other filters, and places the
 * key cannot spell, are left to the columns.
 */
function filterMarkers(f: EngineFilters, placeKey: PlaceKey): string[] {
  const out: string[] = [];
  if (f.category !== undefined) out.push(marker('zfc', f.category));
  if (f.location !== undefined) {
    const key = placeKey(f.location);
    if (key && /^[a-z0-9 ]+$/.test(key)) out.push(marker('zfl', key));
  }
  return out;
}
