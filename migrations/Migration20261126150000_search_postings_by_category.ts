import { Migration } from '@mikro-orm/migrations';

/**
 * The word index in date order by category too (postgres-search-engine.ts, buildSearch): a second
 * btree on search_postings by (lexeme, category hash, date newest first, id), carrying the price,
 * largest quantity and new/used like the first. A broad search with a category reads only that
 * category's postings of its words, in date order, instead of walking every posting of a word and
 * skipping the other categories' ones in the index: at 1,000,000 products 'steel almirah' walked the
 * 15,647 postings of 'board' (a correction of 'cupboard'), none of them furniture, twice per search
 * (13,500 index pages each time), and 'used laptop under 30000' the laptop bags among those of
 * 'laptop'. A search with no category reads the first index, as before. The same rows come back in
 * the same order either way: only the way PostgreSQL finds them changes.
 */
export class Migration20261126150000_search_postings_by_category extends Migration {
  override up(): void {
    this.addSql(`
      create unique index if not exists "search_postings_category_idx" on "search_postings" ("lexeme", "category_key", "product_created_at" desc, "product_id")
        include ("price_paise", "max_quantity", "product_type");`);
  }

  override down(): void {
    this.addSql(`drop index if exists "search_postings_category_idx";`);
  }
}
