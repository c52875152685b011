import { Migration } from '@mikro-orm/migrations';

/**
 * A seller's standing in search (docs/product.md#seller-profiles): kept beside the seller's figures by the
 * reputation jobs, copied into each of their search documents, where search orders equally relevant
 * matches by it. Sellers' figures counted before it existed get theirs here (the rule of
 * server/src/modules/reputation/badges.ts `searchStanding`, once, in SQL).
 */
export class Migration20261128090000_seller_standing extends Migration {
  override name = 'Migration20261128090000_seller_standing';

  up(): void {
    this.addSql(`alter table "seller_figures" add column "search_standing" smallint not null default 0;`);
    this.addSql(`alter table "search_documents" add column "seller_standing" smallint not null default 0;`);
    this.addSql(`update "seller_figures" set "search_standing" =
      (case when "reviews_counted" >= 3 then round(10.0 * "rating_sum" / "reviews_counted")::int else 0 end)
      + (case when "replies_counted" < 5 or "reply_median_seconds" is null then 0
              when greatest(1, ceil("reply_median_seconds" / 3600.0)) <= 1 then 5
              when ceil("reply_median_seconds" / 3600.0) <= 4 then 3
              when ceil("reply_median_seconds" / 3600.0) <= 24 then 1 else 0 end);`);
    this.addSql(`update "search_documents" d set "seller_standing" = f."search_standing"
      from "seller_figures" f where f."seller_id" = d."seller_id" and f."search_standing" <> 0;`);
  }

  override down(): void {
    this.addSql(`alter table "search_documents" drop column "seller_standing";`);
    this.addSql(`alter table "seller_figures" drop column "search_standing";`);
  }
}
