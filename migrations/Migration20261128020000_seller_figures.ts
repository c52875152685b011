import { Migration } from '@mikro-orm/migrations';

/**
 * A seller's public figures (docs/product.md#seller-profiles), kept by the reputation jobs from order
 * and chat events so that no profile read counts over history: orders placed with them, delivered and
 * cancelled by them; the first reply to each conversation someone else started (one row per
 * conversation) and, from those of the last 30 days, their count and median; and when the oldest of
 * those leaves the window (the sweep recounts then).
 */
export class Migration20261128020000_seller_figures extends Migration {
  override name = 'Migration20261128020000_seller_figures';

  override up(): void {
    this.addSql(`
      create table if not exists "seller_figures" (
        "seller_id" uuid primary key references "users" ("id") on delete cascade,
        "orders_total" int not null default 0,
        "orders_delivered" int not null default 0,
        "orders_cancelled_by_seller" int not null default 0,
        "replies_counted" int not null default 0,
        "reply_median_seconds" int null,
        "replies_recount_at" timestamptz null,
        "updated_at" timestamptz not null
      );`);
    this.addSql(`create index if not exists "seller_figures_recount_idx" on "seller_figures" ("replies_recount_at") where "replies_recount_at" is not null;`);
    this.addSql(`
      create table if not exists "first_replies" (
        "conversation_id" uuid primary key references "conversations" ("id") on delete cascade,
        "replier_id" uuid not null references "users" ("id") on delete cascade,
        "asked_at" timestamptz not null,
        "replied_at" timestamptz not null
      );`);
    this.addSql(`create index if not exists "first_replies_replier_idx" on "first_replies" ("replier_id", "asked_at");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "first_replies";`);
    this.addSql(`drop table if exists "seller_figures";`);
  }
}
