import { Migration } from '@mikro-orm/migrations';

/**
 * Blocks between users (docs/product.md#blocking): one row per blocker and blocked user. The primary key
 * answers "whom did A block" and the second index "who blocked B", so "blocked either way" between two
 * users, or every user blocked either way from one user (a matching query excluding them), is two index
 * look-ups.
 */
export class Migration20261127204040_user_blocks extends Migration {
  override up(): void {
    this.addSql(`create table if not exists "user_blocks" (
      "blocker_id" uuid not null references "users" ("id") on delete cascade,
      "blocked_id" uuid not null references "users" ("id") on delete cascade,
      "created_at" timestamptz not null default now(),
      constraint "user_blocks_pkey" primary key ("blocker_id", "blocked_id"),
      constraint "user_blocks_not_self" check ("blocker_id" <> "blocked_id")
    );`);
    this.addSql(`create index if not exists "user_blocks_blocked_idx" on "user_blocks" ("blocked_id", "blocker_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "user_blocks";`);
  }
}
