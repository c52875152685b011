import { Migration } from '@mikro-orm/migrations';

/**
 * A word index in date order for broad searches (postgres-search-engine.ts, buildSearch): one row
 * per lexeme of a document's vector, with the product's date and id, in a btree by (lexeme, date
 * newest first, id). "The newest 1,000 matches of 'laptop'" then reads about 1,000 index entries in
 * order (index-only) and checks those documents, instead of a bitmap of all 28,000 matches spread
 * over 25,000 pages (at 1,000,000 products). The vector stays the truth: a search checks every
 * candidate against it, so a posting left behind by a write racing another only costs a check.
 * The engine keeps it with each write; a full reindex rebuilds it. Filter and accessory markers
 * (zfc, zfl, zacc) have none: a search never starts from them.
 */
export class Migration20261126120000_search_postings extends Migration {
  override up(): void {
    this.addSql(`
      create table "search_postings" (
        "lexeme" text not null,
        "product_created_at" timestamptz not null,
        "product_id" uuid not null
      ) with (parallel_workers = 0);`);
    this.addSql(`
      insert into "search_postings" ("lexeme", "product_created_at", "product_id")
      select l, d."product_created_at", d."product_id" from "search_documents" d, unnest(tsvector_to_array(d."search_vector")) l
      where l !~ '^z(fc|fl|acc)';`);
    this.addSql(`create unique index "search_postings_idx" on "search_postings" ("lexeme", "product_created_at" desc, "product_id");`);
    this.addSql(`analyze "search_postings";`);
  }

  override down(): void {
    this.addSql(`drop table if exists "search_postings";`);
  }
}
