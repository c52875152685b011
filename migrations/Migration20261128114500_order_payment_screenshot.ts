import { Migration } from '@mikro-orm/migrations';

/**
 * The buyer's screenshot of a payment, given with 'Confirm payment' instead of (or besides) the UTR
 * (docs/product.md#paying): the storage key of its pictures, served to the order's two parties only.
 */
export class Migration20261128114500_order_payment_screenshot extends Migration {
  override name = 'Migration20261128114500_order_payment_screenshot';

  up(): void {
    this.addSql(`alter table "orders" add column "payment_screenshot_key" text null;`);
  }

  override down(): void {
    this.addSql(`alter table "orders" drop column "payment_screenshot_key";`);
  }
}
