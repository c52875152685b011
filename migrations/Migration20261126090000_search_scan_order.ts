import { Migration } from '@mikro-orm/migrations';

/**
 * Broad searches at 1,000,000 products (postgres-search-engine.ts, buildSearch):
 *
 * - A search reads at most a bounded set of matches in the table's order (newest first after a
 *   full reindex) and numbers them in the order read. A parallel scan hands rows over in no fixed
 *   order, which would make that set and the pages of one search differ from one request to the
 *   next: search_documents is never scanned in parallel.
 * - The category and place a search with words states are also lexemes of the document's vector
 *   (`search_filter_markers`), so the text index intersects them with the words instead of the heap
 *   checking thousands of word matches, or a second bitmap of a whole category (60,000 rows at
 *   1,000,000 products). The rows' columns still decide: a marker only narrows what is read.
 *   Documents written before this get theirs here. (New/used and price buckets were tried as markers
 *   too: their posting lists are a third to a half of the catalogue, and intersecting them cost more
 *   than checking the rows.)
 */
export class Migration20261126090000_search_scan_order extends Migration {
  override up(): void {
    this.addSql(`alter table "search_documents" set (parallel_workers = 0);`);
    this.addSql(`
      create or replace function search_filter_markers(category text, city_key text, state_key text)
      returns text language sql immutable parallel safe as $$
        select concat_ws(' ',
          'zfc' || regexp_replace(lower(category), '[^a-z0-9]', '', 'g'),
          case when city_key ~ '^[a-z0-9 ]+$' then 'zfl' || replace(city_key, ' ', '') end,
          case when state_key ~ '^[a-z0-9 ]+$' then 'zfl' || replace(state_key, ' ', '') end)
      $$;`);
    this.addSql(`
      update "search_documents" set "search_vector" = "search_vector"
        || setweight(to_tsvector('english', search_filter_markers("category", "city_key", "state_key")), 'D');`);
  }

  override down(): void {
    this.addSql(`alter table "search_documents" reset (parallel_workers);`);
    this.addSql(`drop function if exists search_filter_markers(text, text, text);`);
  }
}
