import { Migration } from '@mikro-orm/migrations';

/**
 * A seller's business details (legal and trade name, GSTIN, registered address, UPI address, bank
 * details, invoice number prefix, whether prices include GST) and a buyer's billing details (GSTIN,
 * billing address), one row per account each (docs/product.md#business-details).
 */
export class Migration20261127193108_business_details extends Migration {
  override up(): void {
    this.addSql(`create table "seller_business" (
      "user_id" uuid primary key references "users" ("id"),
      "legal_name" text not null,
      "trade_name" text null,
      "gstin" text null,
      "address_line1" text not null,
      "city" text not null,
      "state_code" text not null,
      "pincode" text not null,
      "upi_vpa" text null,
      "bank_account_name" text null,
      "bank_account_number" text null,
      "bank_ifsc" text null,
      "invoice_prefix" text not null,
      "prices_include_gst" boolean not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "seller_business_gstin_state" check ("gstin" is null or left("gstin", 2) = "state_code")
    );`);
    this.addSql(`create table "buyer_billing" (
      "user_id" uuid primary key references "users" ("id"),
      "legal_name" text null,
      "gstin" text null,
      "address_line1" text not null,
      "city" text not null,
      "state_code" text not null,
      "pincode" text not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "buyer_billing_gstin_state" check ("gstin" is null or left("gstin", 2) = "state_code")
    );`);
  }

  override down(): void {
    this.addSql('drop table if exists "buyer_billing";');
    this.addSql('drop table if exists "seller_business";');
  }
}
