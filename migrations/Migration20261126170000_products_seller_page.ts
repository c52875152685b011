import { Migration } from '@mikro-orm/migrations';

/**
 * The seller's list in its own order (catalogue-reads.ts, readSellerPage: newest first, then by id):
 * the index by (seller, date) becomes one by (seller, date newest first, id newest first), so a page
 * is read straight off the index in the order it is shown, without sorting the seller's products of
 * the same date by id first. It serves every query the old one served (the same leading columns).
 * Writes to products wait while it is built (a few seconds at 1,000,000 products).
 */
export class Migration20261126170000_products_seller_page extends Migration {
  override up(): void {
    this.addSql(`create index if not exists "products_seller_page_idx" on "products" ("seller_id", "created_at" desc, "id" desc) where "deleted_at" is null;`);
    this.addSql(`drop index if exists "products_seller_created_idx";`);
  }

  override down(): void {
    this.addSql(`create index if not exists "products_seller_created_idx" on "products" ("seller_id", "created_at" desc) where "deleted_at" is null;`);
    this.addSql(`drop index if exists "products_seller_page_idx";`);
  }
}
