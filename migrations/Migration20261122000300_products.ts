import { Migration } from '@mikro-orm/migrations';

/** The catalogue: products and their gallery media. */
export class Migration20261122000300_products extends Migration {
  override name = 'Migration20261122000300_products';

  up(): void {
    this.addSql(`
      create table "products" (
        "id" uuid primary key,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null,
        "seller_id" uuid not null references "users" ("id"),
        "title" text not null,
        "description" text not null,
        "product_type" text not null default 'new' check ("product_type" in ('new', 'used')),
        "purchase_type" text not null default 'inquire' check ("purchase_type" in ('buy_now', 'inquire')),
        "condition" text null check ("condition" in ('new', 'like_new', 'good', 'fair', 'poor')),
        "category" text not null default 'Other',
        "tags" text[] not null default '{}',
        "price_paise" bigint null check ("price_paise" >= 0),
        "min_quantity" int not null default 1 check ("min_quantity" >= 1),
        "max_quantity" int not null default 1 check ("max_quantity" >= 1),
        "city" text null,
        "state" text null,
        "contact" text null,
        "thumbnail_key" text null,
        "custom_questions" jsonb not null default '[]',
        "enabled" boolean not null default true,
        "deleted_at" timestamptz null
      );`);
    // The seller's own list (newest first) and the public lookups skip deleted rows.
    this.addSql(`create index "products_seller_created_idx" on "products" ("seller_id", "created_at" desc) where "deleted_at" is null;`);
    this.addSql(`
      create table "product_media" (
        "id" uuid primary key,
        "product_id" uuid not null references "products" ("id") on delete cascade,
        "item_type" text not null check ("item_type" in ('picture', 'video', 'obj', 'other')),
        "storage_key" text not null,
        "content_type" text not null,
        "size_bytes" bigint not null,
        "position" int not null,
        "created_at" timestamptz not null
      );`);
    this.addSql(`create index "product_media_product_idx" on "product_media" ("product_id", "position");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "product_media";`);
    this.addSql(`drop table if exists "products";`);
  }
}
