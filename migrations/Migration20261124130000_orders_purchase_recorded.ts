import { Migration } from '@mikro-orm/migrations';

/** Whether an order's purchase was fed to recommendations (done once, after commit, by the worker). */
export class Migration20261124130000_orders_purchase_recorded extends Migration {
  override name = 'Migration20261124130000_orders_purchase_recorded';

  up(): void {
    this.addSql(`alter table "orders" add column "purchase_recorded" boolean not null default false;`);
  }

  override down(): void {
    this.addSql(`alter table "orders" drop column if exists "purchase_recorded";`);
  }
}
