import type { EngineLanguage, EngineQuery, EngineResult, EngineWrite, PlaceKey, SearchDocument, SearchDocumentStore } from './search-engine.js';
import { toSearchDocument, type SearchDocumentRow as DocRow } from './search-documents-table.js';
import type { SqlDb, SqlRunner } from './sql-runner.js';
import { rebuildPostings, removeDocuments, upsertDocuments, wordsOf } from './postgres-documents.js';
import { PostgresSearchSql, POSTINGS_FROM, RANKING_SET, type Sql } from './postgres-search-sql.js';

export { RANKING_SET } from './postgres-search-sql.js';
export { accessoryMarkers, wordsOf } from './postgres-documents.js';

/**
 * PostgreSQL full-text search, the embedded default engine. Documents live in `search_documents`
 * with a weighted tsvector (title A; tags and English spellings of Devanagari words B; seller and
 * place C; description D). The category's name is not searched: a category is a filter, and 'laptop' must
 * not find every product of 'Computers & Laptops'. Query words match whole (or as prefixes when the
 * index does not hold them), with synonyms, and a misspelt word also matches the nearest words of
 * the index (pg_trgm on `search_terms`). Parts: postgres-documents.ts (writing documents and their
 * word indexes), postgres-search-sql.ts (the SQL of a search).
 */
export class PostgresSearchEngine implements SearchDocumentStore {
  readonly name = 'postgres' as const;
  private readonly synonyms = new Map<string, string[]>();
  private readonly placeKey: PlaceKey;
  private readonly accessories: string[];
  private readonly spell: EngineLanguage['spell'];
  private readonly rankingSet: number;
  private readonly postingsFrom: number;
  private readonly sql: PostgresSearchSql;

  constructor(
    private readonly db: SqlDb,
    language: EngineLanguage,
    private readonly runner: SqlRunner = db,
    options: { rankingSet?: number; postingsFrom?: number } = {},
  ) {
    this.rankingSet = options.rankingSet ?? RANKING_SET;
    this.postingsFrom = options.postingsFrom ?? POSTINGS_FROM;
    this.placeKey = language.placeKey;
    this.accessories = [...new Set((language.accessories ?? []).flatMap(wordsOf))];
    this.spell = language.spell;
    for (const group of language.synonyms) {
      for (const word of group) this.synonyms.set(word, group.filter((w) => w !== word));
    }
    this.sql = new PostgresSearchSql(runner, {
      synonyms: this.synonyms,
      placeKey: this.placeKey,
      accessories: this.accessories,
      rankingSet: this.rankingSet,
      postingsFrom: this.postingsFrom,
    });
  }

  /** The same engine writing through one client (inside the caller's transaction). */
  withRunner(runner: SqlRunner): PostgresSearchEngine {
    const engine = new PostgresSearchEngine(this.db, { synonyms: [], placeKey: this.placeKey, accessories: this.accessories, spell: this.spell }, runner, { rankingSet: this.rankingSet, postingsFrom: this.postingsFrom });
    for (const [k, v] of this.synonyms) engine.synonyms.set(k, v);
    return engine;
  }

  async init(): Promise<void> {
    // The tables come from the migrations.
  }

  async upsert(docs: SearchDocument[]): Promise<void> {
    await upsertDocuments(this.runner, docs, this.placeKey, this.accessories, this.spell);
  }

  /** Writes at once (in the runner's transaction, if any): searchable when that commits. */
  async enqueue(write: EngineWrite): Promise<() => Promise<void>> {
    await ('upsert' in write ? this.upsert(write.upsert) : this.remove(write.remove));
    return async () => {};
  }

  async isEmpty(): Promise<boolean> {
    return (await this.runner.query<{ empty: boolean }>('select not exists (select 1 from search_documents) as empty')).rows[0].empty;
  }

  async remove(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await removeDocuments(this.runner, ids);
  }

  async replaceAll(batches: AsyncIterable<SearchDocument[]>): Promise<number> {
    // Rewrite everything, then drop what this pass did not write: searches keep working while it
    // runs, and a product the worker re-indexes meanwhile keeps its newer copy.
    const { rows } = await this.runner.query<{ started: string }>('select clock_timestamp()::text as started');
    let count = 0;
    for await (const docs of batches) {
      await upsertDocuments(this.runner, docs, this.placeKey, this.accessories, this.spell, false);
      count += docs.length;
    }
    await this.runner.query('delete from search_documents where indexed_at < $1::timestamptz', [rows[0].started]);
    // The word index in date order and the vocabulary again, inside the caller's transaction when there is one (withRunner).
    if (this.runner !== this.db) await rebuildPostings(this.runner);
    else await this.db.transaction(rebuildPostings);
    // Lay the rows out newest first: a broad search checks the newest matches of its words (see
    // buildSearch), which then sit on few pages. CLUSTER locks the table for the seconds it takes;
    // searches wait rather than fail.
    await this.runner.query('cluster search_documents using search_documents_created_idx');
    await this.runner.query('analyze search_documents');
    // Index-only scans of the postings need the visibility map (autovacuum may be off); VACUUM
    // cannot run inside a transaction.
    await this.runner.query(this.runner === this.db ? 'vacuum analyze search_postings' : 'analyze search_postings');
    return count;
  }

  async search(q: EngineQuery): Promise<EngineResult> {
    if (q.filters.ids?.length === 0) return { hits: [], total: 0 };
    const { page, count } = await this.buildSearch(q);
    if (!count) {
      const { rows } = await this.runner.query<DocRow & { found: string; wanted: string }>(page.sql, page.params);
      if (rows.length || q.offset === 0) return { hits: rows.map(toSearchDocument), ...this.total(rows[0]) };
      // Past the last page the window has no row to carry the total: count on its own.
      const { count: counting } = await this.buildSearch({ ...q, sort: 'newest' });
      const { rows: n } = await this.runner.query<{ found: string; wanted: string }>(counting!.sql, counting!.params);
      return { hits: [], ...this.total(n[0]) };
    }
    const [{ rows }, { rows: n }] = await Promise.all([
      this.runner.query<DocRow>(page.sql, page.params),
      this.runner.query<{ found: string; wanted: string }>(count.sql, count.params),
    ]);
    return { hits: rows.map(toSearchDocument), ...this.total(n[0]) };
  }

  /** The total of a bounded count: exact when the matches ran out before the bound, else a lower bound. */
  private total(row: { found: string; wanted: string } | undefined): { total: number; totalExact: boolean } {
    if (!row) return { total: 0, totalExact: true };
    const found = Number(row.found);
    const wanted = Number(row.wanted);
    // One more than the set was asked for: finding it says there are more, without counting them.
    return found < wanted ? { total: found, totalExact: true } : { total: wanted - 1, totalExact: false };
  }

  /** The SQL of a search (also run directly by the latency benchmark as its floor): see PostgresSearchSql.build. */
  buildSearch(q: EngineQuery): Promise<{ page: Sql; count: Sql | null }> {
    return this.sql.build(q);
  }
}
