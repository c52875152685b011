import { Migration } from '@mikro-orm/migrations';

/**
 * A buy requirement's photos (docs/product.md#buy-requirements): up to 3, stored privately as webp variants; the
 * row keeps their base storage keys in order.
 */
export class Migration20261128091000_rfq_photos extends Migration {
  override name = 'Migration20261128091000_rfq_photos';

  up(): void {
    this.addSql(`alter table "rfqs" add column "photo_keys" text[] not null default '{}' check (cardinality("photo_keys") <= 3);`);
  }

  override down(): void {
    this.addSql(`alter table "rfqs" drop column "photo_keys";`);
  }
}
