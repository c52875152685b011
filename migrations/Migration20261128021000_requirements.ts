import { Migration } from '@mikro-orm/migrations';

/**
 * Buy requirements (docs/product.md#buy-requirements): a buyer's requirement, the sellers it was matched
 * with (each with its live position for the seller's inbox, its best listing for a quote and its answer:
 * quoted or declined with a reason), and the sellers' quotes with their history (a second quote from the
 * same seller replaces the first; the earlier one stays, superseded). A requirement is open until it
 * expires by the clock, its buyer closes it or one of its quotes becomes an order (fulfilled).
 */
export class Migration20261128021000_requirements extends Migration {
  override name = 'Migration20261128021000_requirements';

  up(): void {
    this.addSql(`create table "rfqs" (
        "id" uuid primary key,
        "buyer_id" uuid not null references "users" ("id") on delete cascade,
        "text" text not null check (char_length("text") between 1 and 500),
        "goods_words" text[] not null default '{}',
        "category" text null,
        "quantity" int not null check ("quantity" >= 1),
        "unit" text not null,
        "max_unit_price_paise" bigint null check ("max_unit_price_paise" >= 0),
        "city" text null,
        "state" text null,
        "needed_by" date null,
        "condition" text null check ("condition" in ('new', 'used')),
        "notes" text null,
        "status" text not null default 'open' check ("status" in ('open', 'closed', 'fulfilled')),
        "created_at" timestamptz not null,
        "expires_at" timestamptz not null,
        "closed_at" timestamptz null,
        "accepted_quote_id" uuid null,
        "order_id" uuid null references "orders" ("id"),
        "position" bigint not null default 0
      );`);
    this.addSql(`create index "rfqs_buyer_idx" on "rfqs" ("buyer_id", "created_at" desc);`);
    this.addSql(`create table "rfq_matches" (
        "rfq_id" uuid not null references "rfqs" ("id") on delete cascade,
        "seller_id" uuid not null references "users" ("id") on delete cascade,
        "product_id" uuid null references "products" ("id") on delete set null,
        "score" real not null default 0,
        "matched_at" timestamptz not null,
        "answer" text null check ("answer" in ('quoted', 'declined')),
        "decline_reason" text null check ("decline_reason" in ('not_my_goods', 'cannot_deliver_there', 'price_too_low')),
        "answered_at" timestamptz null,
        "position" bigint not null default 0,
        primary key ("rfq_id", "seller_id")
      );`);
    this.addSql(`create index "rfq_matches_seller_idx" on "rfq_matches" ("seller_id", "matched_at" desc);`);
    this.addSql(`create table "rfq_quotes" (
        "id" uuid primary key,
        "rfq_id" uuid not null references "rfqs" ("id") on delete cascade,
        "seller_id" uuid not null references "users" ("id") on delete cascade,
        "product_id" uuid not null references "products" ("id"),
        "message_id" uuid not null references "chat_messages" ("id"),
        "unit_price_paise" bigint not null check ("unit_price_paise" >= 0),
        "quantity" int not null check ("quantity" >= 1),
        "delivery_days" int not null check ("delivery_days" between 0 and 365),
        "valid_until" timestamptz not null,
        "note" text null,
        "created_at" timestamptz not null,
        "superseded_at" timestamptz null,
        foreign key ("rfq_id", "seller_id") references "rfq_matches" ("rfq_id", "seller_id") on delete cascade
      );`);
    // One current quote per seller and requirement; the replaced ones are its history.
    this.addSql(`create unique index "rfq_quotes_current_idx" on "rfq_quotes" ("rfq_id", "seller_id") where "superseded_at" is null;`);
    this.addSql(`create index "rfq_quotes_message_idx" on "rfq_quotes" ("message_id");`);
    this.addSql(`alter table "rfqs" add constraint "rfqs_accepted_quote_fk" foreign key ("accepted_quote_id") references "rfq_quotes" ("id");`);
    // Matching reads the enabled listings of a category by seller.
    this.addSql(`create index if not exists "products_category_seller_idx" on "products" ("category", "seller_id") where "deleted_at" is null and "enabled";`);
  }

  override down(): void {
    this.addSql(`alter table "rfqs" drop constraint if exists "rfqs_accepted_quote_fk";`);
    this.addSql(`drop table if exists "rfq_quotes";`);
    this.addSql(`drop table if exists "rfq_matches";`);
    this.addSql(`drop table if exists "rfqs";`);
    this.addSql(`drop index if exists "products_category_seller_idx";`);
  }
}
