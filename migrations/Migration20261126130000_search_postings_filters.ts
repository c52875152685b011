import { Migration } from '@mikro-orm/migrations';

/**
 * The word index in date order (search_postings) carries each product's category (hashtext of its
 * id), price, largest quantity and new/used in its index, so a broad search with a category, a price
 * range, a quantity, "bulk" or new/used skips the postings outside them without reading their documents (at 1,000,000 products 'mobile 15k tak' passed one candidate in
 * eight and was left to the text index). Rebuilt from the documents, as a full reindex does.
 */
export class Migration20261126130000_search_postings_filters extends Migration {
  override up(): void {
    this.addSql(`drop table if exists "search_postings";`);
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
    this.addSql(`alter table "search_postings" drop column "category_key", drop column "price_paise", drop column "max_quantity", drop column "product_type";`);
    this.addSql(`create unique index "search_postings_idx" on "search_postings" ("lexeme", "product_created_at" desc, "product_id");`);
  }
}
