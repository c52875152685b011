import { Migration } from '@mikro-orm/migrations';

/**
 * Notifications away from the page (docs/product.md#notifications): each device's Web Push subscription, each
 * user's preferences, and the notices waiting to go out (bundled, held over quiet hours, dropped once read in the
 * app).
 */
export class Migration20261128060000_notifications extends Migration {
  override name = 'Migration20261128060000_notifications';

  up(): void {
    this.addSql(`create table "push_subscriptions" (
      "endpoint" text primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "p256dh" text not null,
      "auth" text not null,
      "created_at" timestamptz not null,
      "last_sent_at" timestamptz null
    );`);
    this.addSql(`create index "push_subscriptions_user_idx" on "push_subscriptions" ("user_id");`);
    this.addSql(`create table "notification_preferences" (
      "user_id" uuid primary key references "users" ("id") on delete cascade,
      "settings" jsonb not null,
      "updated_at" timestamptz not null
    );`);
    this.addSql(`create table "notices" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "kind" text not null check ("kind" in ('order', 'message', 'quote', 'requirement')),
      "urgent" boolean not null,
      "scope" text not null,
      "scope_position" bigint null,
      "actor_id" uuid null,
      "title" jsonb not null,
      "body" jsonb not null,
      "url" text not null,
      "ref" text not null,
      "created_at" timestamptz not null,
      "due_at" timestamptz not null,
      "read_at" timestamptz null,
      "sent_at" timestamptz null,
      "sent_by" text[] not null default '{}',
      unique ("user_id", "ref")
    );`);
    this.addSql(`create index "notices_due_idx" on "notices" ("due_at") where "sent_at" is null and "read_at" is null;`);
    this.addSql(`create index "notices_user_scope_idx" on "notices" ("user_id", "scope") where "sent_at" is null and "read_at" is null;`);
  }

  override down(): void {
    this.addSql(`drop table "notices";`);
    this.addSql(`drop table "notification_preferences";`);
    this.addSql(`drop table "push_subscriptions";`);
  }
}
