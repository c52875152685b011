import { Migration } from '@mikro-orm/migrations';

/**
 * Reviews (docs/product.md#reviews): one per delivered order, by its buyer, with the seller's one reply;
 * a review the team removed keeps its row (removed_at) but leaves the seller's figures. The figures
 * gain the count and sum of the ratings shown (kept by the reputation jobs), and the operators' audit
 * log gains the removal of a review.
 */
export class Migration20261128030000_reviews extends Migration {
  override name = 'Migration20261128030000_reviews';

  override up(): void {
    this.addSql(`
      create table if not exists "reviews" (
        "id" uuid primary key,
        "order_id" uuid not null references "orders" ("id"),
        "seller_id" uuid not null references "users" ("id"),
        "buyer_id" uuid not null references "users" ("id"),
        "rating" smallint not null check ("rating" between 1 and 5),
        "text" text null,
        "created_at" timestamptz not null,
        "edited_at" timestamptz null,
        "reply" text null,
        "replied_at" timestamptz null,
        "removed_at" timestamptz null,
        constraint "reviews_order_key" unique ("order_id"),
        constraint "reviews_reply_check" check (("reply" is null) = ("replied_at" is null))
      );`);
    this.addSql(`create index if not exists "reviews_seller_idx" on "reviews" ("seller_id", "created_at" desc, "id" desc) where "removed_at" is null;`);
    this.addSql(`alter table "seller_figures" add column if not exists "reviews_counted" int not null default 0, add column if not exists "rating_sum" int not null default 0;`);
    this.addSql(`alter table "operator_actions" add column if not exists "target_review_id" uuid null;`);
    this.addSql(`alter table "operator_actions" drop constraint if exists "operator_actions_action_check";`);
    this.addSql(
      `alter table "operator_actions" add constraint "operator_actions_action_check" check ("action" in ('dismiss', 'hide_product', 'suspend_user', 'unsuspend_user', 'remove_review'));`,
    );
  }

  override down(): void {
    this.addSql(`alter table "operator_actions" drop constraint if exists "operator_actions_action_check";`);
    this.addSql(`alter table "operator_actions" add constraint "operator_actions_action_check" check ("action" in ('dismiss', 'hide_product', 'suspend_user', 'unsuspend_user'));`);
    this.addSql(`alter table "operator_actions" drop column if exists "target_review_id";`);
    this.addSql(`alter table "seller_figures" drop column if exists "reviews_counted", drop column if exists "rating_sum";`);
    this.addSql(`drop table if exists "reviews";`);
  }
}
