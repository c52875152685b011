import { Migration } from '@mikro-orm/migrations';

/** Translations on tap (docs/product.md#translation), kept per message, version (an edit asks again) and language. */
export class Migration20261128100000_chat_translations extends Migration {
  override name = 'Migration20261128100000_chat_translations';

  up(): void {
    this.addSql(`
      create table "chat_translations" (
        "message_id" uuid not null references "chat_messages" ("id") on delete cascade,
        "version" int not null,
        "language" text not null check ("language" in ('en', 'hi')),
        "text" text not null,
        "created_at" timestamptz not null,
        primary key ("message_id", "version", "language")
      );`);
  }

  override down(): void {
    this.addSql(`drop table "chat_translations";`);
  }
}
