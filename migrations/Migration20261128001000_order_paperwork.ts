import { Migration } from '@mikro-orm/migrations';

/**
 * Orders carry their paperwork (docs/product.md#orders): the product's unit, HSN code and GST rate as
 * they were at purchase, whether the seller's prices included GST and the seller's GSTIN then (no
 * GSTIN: no tax), the GST the order's amount holds or adds, and what the buyer pays. Earlier orders
 * count in pieces, untaxed, and pay their total.
 */
export class Migration20261128001000_order_paperwork extends Migration {
  override name = 'Migration20261128001000_order_paperwork';

  up(): void {
    this.addSql(`alter table "orders"
      add column "unit" text not null default 'piece',
      add column "hsn_code" text null,
      add column "gst_rate" smallint not null default 0,
      add column "prices_include_gst" boolean not null default true,
      add column "seller_gstin" text null,
      add column "tax_paise" bigint not null default 0,
      add column "payable_paise" bigint null;`);
    this.addSql(`update "orders" set "payable_paise" = "total_paise";`);
    this.addSql(`alter table "orders" alter column "payable_paise" set not null,
      add constraint "orders_gst_rate_check" check ("gst_rate" in (0, 5, 12, 18, 28)),
      add constraint "orders_tax_check" check ("tax_paise" >= 0 and ("seller_gstin" is not null or "tax_paise" = 0)),
      add constraint "orders_payable_check" check ("payable_paise" = "total_paise" + case when "prices_include_gst" then 0 else "tax_paise" end);`);
  }

  override down(): void {
    this.addSql(`alter table "orders" drop constraint "orders_payable_check", drop constraint "orders_tax_check", drop constraint "orders_gst_rate_check",
      drop column "unit", drop column "hsn_code", drop column "gst_rate", drop column "prices_include_gst", drop column "seller_gstin",
      drop column "tax_paise", drop column "payable_paise";`);
  }
}
