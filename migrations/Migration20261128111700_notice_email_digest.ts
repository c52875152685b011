import { Migration } from '@mikro-orm/migrations';

/**
 * The email digest of notices (docs/product.md#notifications): a notice the user gets by email is due in the
 * digest at `email_due_at` (15 minutes after it, or the end of quiet hours), and marked once an email listed it.
 * A read in the app now marks any unread notice (pushed or not), so a digest never lists what was read meanwhile.
 * Chat's own per-conversation emails gave way to the digest: their table goes.
 */
export class Migration20261128111700_notice_email_digest extends Migration {
  override name = 'Migration20261128111700_notice_email_digest';

  up(): void {
    this.addSql(`alter table "notices" add column "email_due_at" timestamptz null, add column "emailed_at" timestamptz null;`);
    this.addSql(`create index "notices_email_due_idx" on "notices" ("email_due_at") where "email_due_at" is not null and "emailed_at" is null and "read_at" is null;`);
    this.addSql(`create index "notices_user_unread_idx" on "notices" ("user_id", "scope") where "read_at" is null;`);
    this.addSql(`drop table if exists "chat_email_notices";`);
  }

  override down(): void {
    this.addSql(`drop index if exists "notices_user_unread_idx";`);
    this.addSql(`drop index if exists "notices_email_due_idx";`);
    this.addSql(`alter table "notices" drop column "email_due_at", drop column "emailed_at";`);
    this.addSql(`create table "chat_email_notices" (
      "conversation_id" uuid not null references "conversations" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "sent_at" timestamptz not null,
      primary key ("conversation_id", "user_id")
    );`);
  }
}
