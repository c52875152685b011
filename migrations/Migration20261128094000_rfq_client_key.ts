import { Migration } from '@mikro-orm/migrations';

/**
 * A requirement remembers the device's id of its posting (docs/product.md#buy-requirements): the same post sent
 * again (a retry after a lost answer, a post queued offline) answers the requirement already posted.
 */
export class Migration20261128094000_rfq_client_key extends Migration {
  override name = 'Migration20261128094000_rfq_client_key';

  up(): void {
    this.addSql(`alter table "rfqs" add column "client_key" uuid null;`);
    this.addSql(`create unique index "rfqs_client_key_idx" on "rfqs" ("buyer_id", "client_key") where "client_key" is not null;`);
  }

  override down(): void {
    this.addSql(`alter table "rfqs" drop column "client_key";`);
  }
}
