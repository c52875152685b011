import { Migration } from '@mikro-orm/migrations';

/**
 * An inquire-first listing may show a price range ('₹1,200–₹1,500 / piece', docs/product.md#prices): the top of
 * the range beside the price, on the product and on its search document. The database keeps a range the right way
 * up and only on a listing with a price; the service refuses a range on Buy now listings.
 */
export class Migration20261127194357_products_price_range extends Migration {
  override up(): void {
    this.addSql(`alter table "products" add column if not exists "price_max_paise" bigint null;`);
    this.addSql(
      `alter table "products" add constraint "products_price_range_check" check ("price_max_paise" is null or ("price_paise" is not null and "price_max_paise" > "price_paise"));`,
    );
    this.addSql(`alter table "search_documents" add column if not exists "price_max_paise" bigint null;`);
  }

  override down(): void {
    this.addSql(`alter table "search_documents" drop column if exists "price_max_paise";`);
    this.addSql(`alter table "products" drop constraint if exists "products_price_range_check";`);
    this.addSql(`alter table "products" drop column if exists "price_max_paise";`);
  }
}
