import { Migration } from '@mikro-orm/migrations';

/**
 * A posting says whether its listing is an accessory of its word (`accessory`: the vector holds the marker
 * 'zacc' || the word, as 'Laptop bag' holds zacclaptop; postgres-documents.ts). A search for the goods leaves the
 * accessories out (`!zacclaptop`), and a read of the postings in date order now skips them in the index instead of
 * reading each one's document to find that out: among the newest used laptops under ₹30,000 of a 1,000,000-product
 * catalogue, 352 of 400 postings of 'laptop' are laptop bags. Both postings indexes carry it. The flag only ever
 * narrows: a posting without it is checked against its document as before. Its update clears the visibility map of
 * the pages it touches, so run `VACUUM ANALYZE search_postings` (or a full reindex) after it, as after the migrations
 * that built the table (docs/search.md): index-only reads otherwise fetch the heap.
 */
export class Migration20261128115500_search_postings_accessory extends Migration {
  override name = 'Migration20261128115500_search_postings_accessory';

  up(): void {
    this.addSql(`alter table "search_postings" add column "accessory" boolean not null default false;`);
    this.addSql(`
      update "search_postings" s set "accessory" = true
        from (select d.product_id, d.product_created_at, substr(m, 5) as lexeme
                from "search_documents" d, unnest(tsvector_to_array(d.search_vector)) m where m like 'zacc%') x
       where s.lexeme = x.lexeme and s.product_created_at = x.product_created_at and s.product_id = x.product_id;`);
    this.addSql(`drop index if exists "search_postings_idx";`);
    this.addSql(`drop index if exists "search_postings_category_idx";`);
    this.addSql(`
      create unique index "search_postings_idx" on "search_postings" ("lexeme", "product_created_at" desc, "product_id")
        include ("category_key", "price_paise", "max_quantity", "product_type", "accessory");`);
    this.addSql(`
      create unique index "search_postings_category_idx" on "search_postings" ("lexeme", "category_key", "product_created_at" desc, "product_id")
        include ("price_paise", "max_quantity", "product_type", "accessory");`);
    this.addSql(`analyze "search_postings";`);
  }

  override down(): void {
    this.addSql(`drop index if exists "search_postings_idx";`);
    this.addSql(`drop index if exists "search_postings_category_idx";`);
    this.addSql(`alter table "search_postings" drop column "accessory";`);
    this.addSql(`
      create unique index "search_postings_idx" on "search_postings" ("lexeme", "product_created_at" desc, "product_id")
        include ("category_key", "price_paise", "max_quantity", "product_type");`);
    this.addSql(`
      create unique index "search_postings_category_idx" on "search_postings" ("lexeme", "category_key", "product_created_at" desc, "product_id")
        include ("price_paise", "max_quantity", "product_type");`);
  }
}
