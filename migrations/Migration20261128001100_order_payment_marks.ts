import { Migration } from '@mikro-orm/migrations';

/**
 * Paying, and knowing the money arrived (docs/product.md#paying): the buyer's "I paid" moves an order
 * to `payment_sent` with the UPI transaction reference (UTR) when given; the seller's mark moves it on
 * (payment received: `delivery_pending`, `paid_at`) or back (not received: `unpaid`, the payment window
 * open again).
 */
export class Migration20261128001100_order_payment_marks extends Migration {
  override name = 'Migration20261128001100_order_payment_marks';

  up(): void {
    this.addSql(`alter table "orders" drop constraint if exists "orders_status_check";`);
    this.addSql(`alter table "orders"
      add column "payment_utr" text null,
      add column "payment_sent_at" timestamptz null,
      add column "payment_not_received_at" timestamptz null,
      add constraint "orders_status_check" check ("status" in ('unpaid', 'payment_sent', 'delivery_pending', 'delivered', 'cancelled')),
      add constraint "orders_payment_utr_check" check ("payment_utr" is null or "payment_utr" ~ '^[0-9]{12}$');`);
  }

  override down(): void {
    this.addSql(`alter table "orders" drop constraint "orders_payment_utr_check", drop constraint "orders_status_check",
      drop column "payment_utr", drop column "payment_sent_at", drop column "payment_not_received_at";`);
    this.addSql(`alter table "orders" add constraint "orders_status_check" check ("status" in ('unpaid', 'delivery_pending', 'delivered', 'cancelled'));`);
  }
}
