import { Migration } from '@mikro-orm/migrations';

/** Accounts and the transactional outbox. */
export class Migration20261122000100_accounts extends Migration {
  override name = 'Migration20261122000100_accounts';

  up(): void {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`
      create table "users" (
        "id" uuid primary key,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null,
        "email" text not null,
        "username" text not null,
        "password_hash" text not null,
        "email_verified" boolean not null default false,
        "whatsapp_number" text null,
        "whatsapp_verified" boolean not null default false,
        "language" text not null default 'en',
        "email_notifications" boolean not null default true,
        "deleted_at" timestamptz null
      );`);
    // The service stores both lower-cased, so plain unique constraints make them unique ignoring case.
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`);
    this.addSql(`
      create table "outbox_events" (
        "id" uuid primary key,
        "topic" text not null,
        "payload" jsonb not null,
        "created_at" timestamptz not null,
        "dispatched_at" timestamptz null
      );`);
    this.addSql(`create index "outbox_events_pending_idx" on "outbox_events" ("id") where "dispatched_at" is null;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "outbox_events";`);
    this.addSql(`drop table if exists "users";`);
  }
}
