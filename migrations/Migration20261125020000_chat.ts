import { Migration } from '@mikro-orm/migrations';

/**
 * Chat (docs/product.md#chat): one conversation per pair of users (the pair stored in id order, so
 * there is one row whichever side starts it), each participant's read position, messages in the
 * order the server accepted them (a per-conversation position, unique), an append-only history of
 * every earlier version of an edited message, quotes and bids, and the email notices already sent.
 */
export class Migration20261125020000_chat extends Migration {
  override name = 'Migration20261125020000_chat';

  up(): void {
    this.addSql(`
      create table "conversations" (
        "id" uuid primary key,
        "user_a" uuid not null references "users" ("id"),
        "user_b" uuid not null references "users" ("id"),
        "created_at" timestamptz not null,
        "last_message_id" uuid null,
        "last_message_at" timestamptz null,
        "a_read_position" bigint not null default 0,
        "b_read_position" bigint not null default 0,
        constraint "conversations_pair_check" check ("user_a" < "user_b"),
        constraint "conversations_pair_key" unique ("user_a", "user_b")
      );`);
    this.addSql(`create index "conversations_b_idx" on "conversations" ("user_b");`);
    this.addSql(`
      create table "chat_messages" (
        "id" uuid primary key,
        "conversation_id" uuid not null references "conversations" ("id"),
        "sender_id" uuid not null references "users" ("id"),
        "kind" text not null check ("kind" in ('text', 'attachment', 'inquiry', 'quote', 'bid', 'system')),
        "content" text not null,
        "created_at" timestamptz not null,
        "edited_at" timestamptz null,
        "version" int not null default 1,
        "position" bigint not null,
        "change_position" bigint not null,
        "client_message_id" text null,
        "inquiry" jsonb null,
        "attachment" jsonb null,
        constraint "chat_messages_position_key" unique ("conversation_id", "position"),
        constraint "chat_messages_client_id_key" unique ("sender_id", "client_message_id")
      );`);
    this.addSql(`create index "chat_messages_change_idx" on "chat_messages" ("conversation_id", "change_position");`);
    // Earlier versions of edited messages: rows are only ever added.
    this.addSql(`
      create table "chat_message_versions" (
        "message_id" uuid not null references "chat_messages" ("id"),
        "version" int not null,
        "content" text not null,
        "created_at" timestamptz not null,
        primary key ("message_id", "version")
      );`);
    this.addSql(`
      create function "chat_message_versions_append_only"() returns trigger language plpgsql as $$
      begin
        raise exception 'chat_message_versions is append-only';
      end $$;`);
    this.addSql(
      `create trigger "chat_message_versions_append_only" before update or delete on "chat_message_versions" for each row execute function "chat_message_versions_append_only"();`,
    );
    this.addSql(`
      create table "chat_offers" (
        "message_id" uuid primary key references "chat_messages" ("id"),
        "kind" text not null check ("kind" in ('quote', 'bid')),
        "product_id" uuid not null references "products" ("id"),
        "product_title" text not null,
        "quantity" int not null check ("quantity" >= 1),
        "unit_price_paise" bigint not null check ("unit_price_paise" >= 0),
        "note" text null,
        "valid_until" timestamptz null,
        "status" text not null check ("status" in ('open', 'ordered', 'accepted', 'countered', 'declined')),
        "order_id" uuid null unique references "orders" ("id"),
        "bid_message_id" uuid null references "chat_messages" ("id"),
        "quote_message_id" uuid null references "chat_messages" ("id"),
        constraint "chat_offers_quote_check" check ("kind" <> 'quote' or ("valid_until" is not null and "status" in ('open', 'ordered'))),
        constraint "chat_offers_bid_check" check ("kind" <> 'bid' or "status" in ('open', 'accepted', 'countered', 'declined'))
      );`);
    this.addSql(`
      create table "chat_email_notices" (
        "conversation_id" uuid not null references "conversations" ("id"),
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "sent_at" timestamptz not null,
        primary key ("conversation_id", "user_id")
      );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "chat_email_notices";`);
    this.addSql(`drop table if exists "chat_offers";`);
    this.addSql(`drop table if exists "chat_message_versions";`);
    this.addSql(`drop function if exists "chat_message_versions_append_only"();`);
    this.addSql(`drop table if exists "chat_messages";`);
    this.addSql(`drop table if exists "conversations";`);
  }
}
