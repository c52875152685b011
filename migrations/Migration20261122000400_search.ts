import { Migration } from '@mikro-orm/migrations';

/**
 * Search: the denormalised search documents (the PostgreSQL engine's index and the read model of
 * recommendations), the word list for typo tolerance, per-picture image features, and what
 * viewers looked at, searched for and bought. None of these reference `products`: they are an
 * index kept in sync by the indexing worker, which removes what the catalogue no longer shows.
 */
export class Migration20261122000400_search extends Migration {
  override name = 'Migration20261122000400_search';

  up(): void {
    this.addSql(`
      create table "search_documents" (
        "product_id" uuid primary key,
        "seller_id" uuid not null,
        "seller_name" text null,
        "title" text not null,
        "description" text not null,
        "tags" text[] not null default '{}',
        "category" text not null,
        "category_terms" text[] not null default '{}',
        "extra_terms" text[] not null default '{}',
        "product_type" text not null,
        "purchase_type" text not null,
        "condition" text null,
        "price_paise" bigint null,
        "min_quantity" int not null,
        "max_quantity" int not null,
        "city" text null,
        "state" text null,
        "city_key" text null,
        "state_key" text null,
        "contact" text null,
        "thumbnail_key" text null,
        "gallery" jsonb not null default '[]',
        "custom_questions" jsonb not null default '[]',
        "product_created_at" timestamptz not null,
        "product_updated_at" timestamptz not null,
        "search_vector" tsvector not null,
        "indexed_at" timestamptz not null
      ) with (fillfactor = 80);`);
    // Room on each page, so a re-indexed product usually stays where it was: a full reindex orders
    // the table by category (CLUSTER), and category-filtered searches then read few pages.
    this.addSql(`create index "search_documents_vector_idx" on "search_documents" using gin ("search_vector");`);
    // The working set lives in memory (or on SSD): a random page costs about what a sequential one
    // does. With the default of 4, a broad text search (thousands of matches) is planned as a full
    // scan, 4x slower than the GIN index at 100,000 products.
    this.addSql(`do $$ begin execute format('alter database %I set random_page_cost = 1.1', current_database()); end $$;`);
    this.addSql(`create index "search_documents_category_price_idx" on "search_documents" ("category", "price_paise");`);
    this.addSql(`create index "search_documents_price_idx" on "search_documents" ("price_paise");`);
    this.addSql(`create index "search_documents_created_idx" on "search_documents" ("product_created_at" desc);`);
    this.addSql(`create index "search_documents_seller_idx" on "search_documents" ("seller_id");`);

    // Every word of the documents, for 'did you mean' expansion of misspelt query words (KNN on trigrams).
    this.addSql(`create table "search_terms" ("term" text primary key);`);
    this.addSql(`create index "search_terms_trgm_idx" on "search_terms" using gist ("term" gist_trgm_ops);`);

    this.addSql(`
      create table "product_image_features" (
        "product_id" uuid not null,
        "image_key" text not null,
        "position" int not null,
        "phash" bigint not null,
        "color_bits" bigint not null,
        "vector" bytea not null,
        "created_at" timestamptz not null,
        primary key ("product_id", "image_key")
      );`);

    this.addSql(`
      create table "search_interactions" (
        "id" uuid primary key,
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "kind" text not null check ("kind" in ('view', 'search', 'purchase')),
        "product_id" uuid null,
        "category" text null,
        "query" text null,
        "created_at" timestamptz not null
      );`);
    this.addSql(`create index "search_interactions_user_idx" on "search_interactions" ("user_id", "created_at" desc);`);
    this.addSql(`create index "search_interactions_product_idx" on "search_interactions" ("created_at", "product_id") where "product_id" is not null;`);
  }

  override down(): void {
    this.addSql(`do $$ begin execute format('alter database %I reset random_page_cost', current_database()); end $$;`);
    this.addSql(`drop table if exists "search_interactions";`);
    this.addSql(`drop table if exists "product_image_features";`);
    this.addSql(`drop table if exists "search_terms";`);
    this.addSql(`drop table if exists "search_documents";`);
  }
}
