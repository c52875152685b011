import { Migration } from '@mikro-orm/migrations';

/**
 * An order names its invoice once it is made (docs/product.md#gst-invoices): the number its two
 * parties' order screens show beside the download link. Invoices already made are named too.
 */
export class Migration20261128031000_order_invoice_number extends Migration {
  override name = 'Migration20261128031000_order_invoice_number';

  up(): void {
    this.addSql(`alter table "orders" add column "invoice_number" text null;`);
    this.addSql(`update "orders" o set "invoice_number" = i."number" from "invoices" i where i."order_id" = o."id";`);
  }

  override down(): void {
    this.addSql(`alter table "orders" drop column "invoice_number";`);
  }
}
