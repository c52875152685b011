import { Migration } from '@mikro-orm/migrations';

/**
 * A quote or an offer in chat keeps the unit its quantity counts and its price is per, as the product had it when
 * it was made (docs/product.md#quotes-and-bids): '50 kg x ₹40 / kg', never 'per piece' for goods sold by weight.
 * Offers made before take their product's unit now.
 */
export class Migration20261128120700_chat_offer_unit extends Migration {
  override name = 'Migration20261128120700_chat_offer_unit';

  up(): void {
    this.addSql(`alter table "chat_offers" add column "unit" text not null default 'piece';`);
    this.addSql(`update "chat_offers" o set "unit" = p."unit" from "products" p where p."id" = o."product_id";`);
  }

  override down(): void {
    this.addSql(`alter table "chat_offers" drop column "unit";`);
  }
}
