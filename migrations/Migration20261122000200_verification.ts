import { Migration } from '@mikro-orm/migrations';

/** One-time codes (email and WhatsApp) and the development outbox. */
export class Migration20261122000200_verification extends Migration {
  override name = 'Migration20261122000200_verification';

  up(): void {
    // A code is kept only as an HMAC; `sealed_code` (encrypted) lives only until the worker delivers it.
    this.addSql(`
      create table "otp_codes" (
        "id" uuid primary key,
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "channel" text not null check ("channel" in ('email', 'whatsapp')),
        "address" text not null,
        "code_hash" text not null,
        "sealed_code" text null,
        "request_ip" text not null,
        "requested_at" timestamptz not null,
        "expires_at" timestamptz not null,
        "attempts" integer not null default 0,
        "consumed_at" timestamptz null,
        "voided_at" timestamptz null,
        "delivered_at" timestamptz null
      );`);
    // At most one live code per user and channel: a new code voids the previous one.
    this.addSql(
      `create unique index "otp_codes_live_unique" on "otp_codes" ("user_id", "channel") where "consumed_at" is null and "voided_at" is null;`,
    );
    this.addSql(`create index "otp_codes_user_idx" on "otp_codes" ("user_id", "channel", "requested_at" desc);`);
    this.addSql(`create index "otp_codes_address_idx" on "otp_codes" ("channel", "address", "requested_at" desc);`);
    this.addSql(`create index "otp_codes_client_idx" on "otp_codes" ("request_ip", "requested_at" desc);`);

    this.addSql(`
      create table "dev_outbox_messages" (
        "id" uuid primary key,
        "created_at" timestamptz not null,
        "channel" text not null check ("channel" in ('email', 'whatsapp')),
        "recipient" text not null,
        "subject" text null,
        "body" text not null,
        "dedupe_key" text null
      );`);
    this.addSql(`alter table "dev_outbox_messages" add constraint "dev_outbox_messages_dedupe_unique" unique ("dedupe_key");`);
    this.addSql(`create index "dev_outbox_messages_recipient_idx" on "dev_outbox_messages" ("recipient", "id" desc);`);
  }

  override down(): void {
    this.addSql(`drop table if exists "dev_outbox_messages";`);
    this.addSql(`drop table if exists "otp_codes";`);
  }
}
