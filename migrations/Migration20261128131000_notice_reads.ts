import { Migration } from '@mikro-orm/migrations';

/**
 * How far each user has read in each scope that has positions (a conversation: docs/product.md#notifications). A
 * read clears the notices already made; this row clears the ones made after it for what it covered: the notice of
 * a message is made by its event's job, which may run after the job of the read that covered it.
 */
export class Migration20261128131000_notice_reads extends Migration {
  override name = 'Migration20261128131000_notice_reads';

  up(): void {
    this.addSql(`create table "notice_reads" (
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "scope" text not null,
      "up_to" bigint not null,
      primary key ("user_id", "scope")
    );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "notice_reads";`);
  }
}
