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
 *
 * The index also carries each product's category (hashtext of its id), price, largest quantity and
 * new/used, so a broad search with a category, a price range, a quantity, "bulk" or new/used skips
 * the postings outside them without reading their documents (at 1,000,000 products 'mobile 15k tak'
 * passed one candidate in eight and was left to the text index).
 */
export class Migration20261126120000_search_postings extends Migration {
  override up(): void {
    this.addSql(`
      create table "search_postings" (
        "lexeme" text not null,
        "product_created_at" timestamptz not null,
        "product_id" uuid not null,
        "category_key" int not null,
        "price_paise" bigint null,
        "max_quantity" int not null,
        "product_type" text not null
      ) with (parallel_workers = 0);`);
    this.addSql(`
      insert into "search_postings" ("lexeme", "product_created_at", "product_id", "category_key", "price_paise", "max_quantity", "product_type")
      select l, d."product_created_at", d."product_id", hashtext(d."category"), d."price_paise", d."max_quantity", d."product_type"
      from "search_documents" d, unnest(tsvector_to_array(d."search_vector")) l
      where l !~ '^z(fc|fl|acc)';`);
    this.addSql(`
      create unique index "search_postings_idx" on "search_postings" ("lexeme", "product_created_at" desc, "product_id")
        include ("category_key", "price_paise", "max_quantity", "product_type");`);
    this.addSql(`analyze "search_postings";`);
  }

  override down(): void {
    this.addSql(`drop table if exists "search_postings";`);
  }
}
