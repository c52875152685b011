import { Migration } from '@mikro-orm/migrations';

/**
 * Invoices (docs/product.md#gst-invoices): one per paid order, numbered per seller and financial year
 * by a counter row taken under lock in the transaction that writes the invoice (a rolled-back invoice
 * gives its number back: no gaps), with the document as made (its parties, lines and totals) and
 * where its PDF is stored.
 */
export class Migration20261128003000_invoices extends Migration {
  override name = 'Migration20261128003000_invoices';

  up(): void {
    this.addSql(`create table "invoice_counters" (
        "seller_id" uuid not null references "users" ("id"),
        "financial_year" text not null,
        "last_serial" int not null check ("last_serial" >= 1),
        primary key ("seller_id", "financial_year")
      );`);
    this.addSql(`create table "invoices" (
        "order_id" uuid primary key references "orders" ("id"),
        "seller_id" uuid not null references "users" ("id"),
        "buyer_id" uuid not null references "users" ("id"),
        "financial_year" text not null,
        "serial" int not null check ("serial" >= 1),
        "number" text not null check (char_length("number") between 1 and 16),
        "kind" text not null check ("kind" in ('tax_invoice', 'bill_of_supply')),
        "language" text not null check ("language" in ('en', 'hi')),
        "document" jsonb not null,
        "storage_key" text not null,
        "stored_at" timestamptz null,
        "created_at" timestamptz not null,
        constraint "invoices_serial_unique" unique ("seller_id", "financial_year", "serial"),
        constraint "invoices_number_unique" unique ("seller_id", "financial_year", "number")
      );`);
    this.addSql(`create index "invoices_unstored_idx" on "invoices" ("created_at") where "stored_at" is null;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "invoices";`);
    this.addSql(`drop table if exists "invoice_counters";`);
  }
}
