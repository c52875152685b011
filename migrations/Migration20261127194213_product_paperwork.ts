import { Migration } from '@mikro-orm/migrations';

/**
 * A product's unit, HSN code, GST rate and bulk price bands (docs/product.md#units,
 * docs/product.md#price-bands); the search documents carry the unit and bands so results show
 * '₹450 / pc from 100 pcs'. Existing listings count in pieces at 18% GST (the standard rate, shown in
 * the form for the seller to change) without bands.
 */
export class Migration20261127194213_product_paperwork extends Migration {
  override up(): void {
    this.addSql(`alter table "products"
      add column "unit" text not null default 'piece',
      add column "hsn_code" text null,
      add column "gst_rate" smallint not null default 18,
      add column "price_tiers" jsonb not null default '[]',
      add constraint "products_unit_check" check ("unit" in ('piece', 'pair', 'set', 'dozen', 'box', 'carton', 'kg', 'gram', 'tonne', 'litre', 'metre', 'square_metre', 'roll', 'bag')),
      add constraint "products_gst_rate_check" check ("gst_rate" in (0, 5, 12, 18, 28)),
      add constraint "products_hsn_code_check" check ("hsn_code" is null or "hsn_code" ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$');`);
    this.addSql(`alter table "search_documents"
      add column "unit" text not null default 'piece',
      add column "price_tiers" jsonb not null default '[]';`);
  }

  override down(): void {
    this.addSql('alter table "search_documents" drop column "unit", drop column "price_tiers";');
    this.addSql('alter table "products" drop column "unit", drop column "hsn_code", drop column "gst_rate", drop column "price_tiers";');
  }
}
