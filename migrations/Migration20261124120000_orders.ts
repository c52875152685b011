import { Migration } from '@mikro-orm/migrations';

/**
 * Orders (docs/product.md#orders): one row per purchase with the price, title and thumbnail as they
 * were, the status and its timestamps; per-user live positions; idempotency keys of buy-now calls.
 * A product's `max_quantity` is its stock and may now reach 0 (sold out), never below.
 */
export class Migration20261124120000_orders extends Migration {
  override name = 'Migration20261124120000_orders';

  up(): void {
    this.addSql(`alter table "products" drop constraint if exists "products_max_quantity_check";`);
    this.addSql(`alter table "products" add constraint "products_max_quantity_check" check ("max_quantity" >= 0);`);
    this.addSql(`
      create table "orders" (
        "id" uuid primary key,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null,
        "product_id" uuid not null references "products" ("id"),
        "buyer_id" uuid not null references "users" ("id"),
        "seller_id" uuid not null references "users" ("id"),
        "quantity" int not null check ("quantity" >= 1),
        "unit_price_paise" bigint not null check ("unit_price_paise" >= 0),
        "total_paise" bigint not null,
        "status" text not null default 'unpaid' check ("status" in ('unpaid', 'delivery_pending', 'delivered', 'cancelled')),
        "product_title" text not null,
        "product_thumbnail_key" text null,
        "pay_by" timestamptz not null,
        "paid_at" timestamptz null,
        "delivered_at" timestamptz null,
        "cancelled_at" timestamptz null,
        "cancelled_by" text null check ("cancelled_by" in ('buyer', 'seller', 'expiry')),
        "buyer_position" bigint not null,
        "seller_position" bigint not null,
        constraint "orders_total_check" check ("total_paise" = "unit_price_paise" * "quantity"),
        constraint "orders_parties_check" check ("buyer_id" <> "seller_id")
      );`);
    this.addSql(`create index "orders_buyer_idx" on "orders" ("buyer_id", "created_at" desc, "id" desc);`);
    this.addSql(`create index "orders_seller_idx" on "orders" ("seller_id", "created_at" desc, "id" desc);`);
    this.addSql(`create index "orders_buyer_position_idx" on "orders" ("buyer_id", "buyer_position");`);
    this.addSql(`create index "orders_seller_position_idx" on "orders" ("seller_id", "seller_position");`);
    this.addSql(`create index "orders_unpaid_due_idx" on "orders" ("pay_by") where "status" = 'unpaid';`);
    // Each user's live position: bumped (row-locked until commit) with every change of their orders,
    // so positions commit in order and "after position N" misses nothing.
    this.addSql(`
      create table "order_positions" (
        "user_id" uuid primary key references "users" ("id") on delete cascade,
        "position" bigint not null
      );`);
    this.addSql(`
      create table "order_idempotency_keys" (
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "key" text not null,
        "request_hash" text not null,
        "order_id" uuid null references "orders" ("id"),
        "created_at" timestamptz not null,
        primary key ("user_id", "key")
      );`);
    this.addSql(`create index "order_idempotency_keys_created_idx" on "order_idempotency_keys" ("created_at");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "order_idempotency_keys";`);
    this.addSql(`drop table if exists "order_positions";`);
    this.addSql(`drop table if exists "orders";`);
    this.addSql(`alter table "products" drop constraint if exists "products_max_quantity_check";`);
    this.addSql(`alter table "products" add constraint "products_max_quantity_check" check ("max_quantity" >= 1);`);
  }
}
