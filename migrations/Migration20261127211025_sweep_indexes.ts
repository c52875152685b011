import { Migration } from '@mikro-orm/migrations';

/**
 * The workers' sweeps (docs/operations.md#redis) find the work whose job Redis may have lost through
 * small partial indexes: orders whose purchase is not recorded yet, codes still awaiting delivery (the
 * overdue unpaid orders already have theirs, orders_unpaid_due_idx).
 */
export class Migration20261127211025_sweep_indexes extends Migration {
  override name = 'Migration20261127211025_sweep_indexes';

  up(): void {
    this.addSql(`create index if not exists "orders_purchase_unrecorded_idx" on "orders" ("created_at") where not "purchase_recorded";`);
    this.addSql(`create index if not exists "otp_codes_awaiting_delivery_idx" on "otp_codes" ("requested_at") where "sealed_code" is not null;`);
  }

  override down(): void {
    this.addSql(`drop index if exists "otp_codes_awaiting_delivery_idx";`);
    this.addSql(`drop index if exists "orders_purchase_unrecorded_idx";`);
  }
}
