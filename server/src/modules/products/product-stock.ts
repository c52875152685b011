import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, notFound } from '../../common/app-error.js';
import { addOutboxEvent } from '../../outbox/outbox.js';
import { blockedSql, blockRefusal, notBlockedSql } from '../blocks/blocks.public.js';
import { productChanged } from './product-events.js';
import { MAX_PRICE_PAISE, MAX_QUANTITY } from './products.inputs.js';
import { productMessages } from './products.messages.js';

export const SOLD_OUT = productMessages.soldOut;
export const ORDER_TOO_LARGE = productMessages.thisOrderIsTooLargePlease;

/**
 * The most a purchase may come to, in paise: the highest price a listing may ask times the largest
 * quantity (10^16). A total beyond it (a listing or quote priced before the price limit) is refused
 * before PostgreSQL would fail on a total past 64 bits.
 */
export const MAX_ORDER_TOTAL_PAISE = MAX_PRICE_PAISE * BigInt(MAX_QUANTITY);

/** Whether `quantity` at `unitPricePaise` (integer paise as text) comes to more than a purchase may. */
export function totalTooLarge(unitPricePaise: string, quantity: number): boolean {
  return BigInt(unitPricePaise) * BigInt(quantity) > MAX_ORDER_TOTAL_PAISE;
}

/** The terms of a seller's quote a purchase takes instead of the listing's. */
export interface Quoted {
  sellerId: string;
  /** Integer paise as text. */
  unitPricePaise: string;
}
export const PRODUCT_NOT_FOUND = productMessages.productNotFound;

/**
 * The unit price (bigint paise) a quantity pays on a `products` row, in SQL: its price band's (the
 * last band the quantity reaches, price-bands.ts unitPriceFor), else the product's own price.
 */
export const bandPriceSql = (quantity: string) =>
  `coalesce((select (b->>'unitPricePaise')::bigint from jsonb_array_elements(price_tiers) b
     where (b->>'minQuantity')::int <= ${quantity} order by (b->>'minQuantity')::int desc limit 1), price_paise)`;

/**
 * A product's stock is its `max_quantity` ("Quantity available"). Taking and returning it is done
 * here, inside the caller's transaction, each by ONE conditional UPDATE (never read-then-write);
 * the database's CHECK (max_quantity >= 0) is the last guard. A buyer and a seller of whom either blocked
 * the other cannot trade (docs/product.md#blocking). Each change writes `product.changed`,
 * so search shows the product as sold out (or back in stock) after commit.
 */
export class ProductStock {
  /**
   * The ONE conditional UPDATE that takes `quantity` (the minimum order when null) of a buy-now
   * product for `buyerId`, as a CTE named `taken` for the caller's single statement (so the row lock
   * it takes is held for as short a time as possible). `taken` returns product_id, seller_id, title,
   * thumbnail_key, unit, hsn_code, gst_rate, price_paise (the quantity's price band's, or the quote's),
   * quantity and stock_left; no row means refused (see `refusal`), also
   * when the total would be more than a purchase may come to (MAX_ORDER_TOTAL_PAISE, in numeric: past
   * 64 bits a bigint product fails).
   * The caller writes `product.changed` (`changed`) in the same transaction.
   */
  takenCte(productId: string, buyerId: string, quantity: number | null, now: Date, quote?: Quoted): { sql: string; params: unknown[] } {
    if (quote) {
      // A quote's terms replace the listing's: its price, its quantity (the seller agreed to it, so
      // the minimum order does not apply), also for an inquire-only product; still the seller's own.
      return {
        sql: `taken as (
          update products set max_quantity = max_quantity - ?::int, updated_at = ?
           where id = ? and deleted_at is null and enabled and seller_id = ? and seller_id <> ? and max_quantity >= ?::int
             and ${notBlockedSql('seller_id', '?::uuid')}
           returning id as product_id, seller_id, title, thumbnail_key, unit, hsn_code, gst_rate, ?::bigint as price_paise, ?::int as quantity, max_quantity as stock_left)`,
        params: [quantity, now, productId, quote.sellerId, buyerId, quantity, buyerId, buyerId, quote.unitPricePaise, quantity],
      };
    }
    return {
      sql: `taken as (
        update products set max_quantity = max_quantity - coalesce(?::int, min_quantity), updated_at = ?
         where id = ? and deleted_at is null and enabled and purchase_type = 'buy_now' and price_paise is not null
           and seller_id <> ? and coalesce(?::int, min_quantity) >= min_quantity and max_quantity >= coalesce(?::int, min_quantity)
           and ${notBlockedSql('seller_id', '?::uuid')}
           and price_paise::numeric * coalesce(?::int, min_quantity) <= ${MAX_ORDER_TOTAL_PAISE}
         returning id as product_id, seller_id, title, thumbnail_key, unit, hsn_code, gst_rate,
           ${bandPriceSql('coalesce(?::int, min_quantity)')} as price_paise, coalesce(?::int, min_quantity) as quantity, max_quantity as stock_left)`,
      params: [quantity, now, productId, buyerId, quantity, quantity, buyerId, buyerId, quantity, quantity, quantity],
    };
  }

  /** Writes `product.changed` for a product whose stock changed (in the caller's transaction). */
  changed(tx: EntityManager, productId: string): void {
    addOutboxEvent(tx, productChanged, { productId });
  }

  /** Puts `quantity` back (a cancelled order), also on a disabled or deleted product. */
  async giveBack(tx: EntityManager, productId: string, quantity: number, now: Date): Promise<void> {
    await tx.execute('update products set max_quantity = max_quantity + ?, updated_at = ? where id = ?', [quantity, now, productId]);
    this.changed(tx, productId);
  }

  /** The clear reason a purchase was refused (read after the conditional update took nothing). */
  async refusal(tx: EntityManager, productId: string, buyerId: string, quantity: number | null, quote?: Quoted): Promise<AppError> {
    const [p] = await tx.execute<Array<{ seller_id: string; enabled: boolean; deleted_at: Date | null; purchase_type: string; price_paise: string | null; min_quantity: number; max_quantity: number }>>(
      'select seller_id, enabled, deleted_at, purchase_type, price_paise, min_quantity, max_quantity from products where id = ?',
      [productId],
    );
    if (!p || p.deleted_at || (!p.enabled && p.seller_id !== buyerId)) return notFound(PRODUCT_NOT_FOUND);
    if (p.seller_id === buyerId) return new AppError('FORBIDDEN', productMessages.youCannotBuyYourOwnProduct);
    if (!p.enabled || (quote && p.seller_id !== quote.sellerId)) return notFound(PRODUCT_NOT_FOUND);
    const [blocks] = await tx.execute<Array<{ by_buyer: boolean; by_seller: boolean }>>(
      `select ${blockedSql('?::uuid', '?::uuid')} as by_buyer, ${blockedSql('?::uuid', '?::uuid')} as by_seller`,
      [buyerId, p.seller_id, p.seller_id, buyerId],
    );
    const blocked = blockRefusal({ byFirst: blocks.by_buyer, bySecond: blocks.by_seller });
    if (blocked) return blocked;
    if (quote) return p.max_quantity <= 0 ? new AppError('CONFLICT', SOLD_OUT, { left: 0 }) : new AppError('CONFLICT', productMessages.onlyLeft({ n: p.max_quantity }), { left: p.max_quantity });
    if (p.purchase_type !== 'buy_now' || p.price_paise === null) {
      return new AppError('BAD_REQUEST', productMessages.thisProductIsSoldOnInquiry);
    }
    const wanted = quantity ?? p.min_quantity;
    if (p.max_quantity <= 0) return new AppError('CONFLICT', SOLD_OUT, { left: 0 });
    if (wanted < p.min_quantity) {
      const below = productMessages.minimumOrder({ n: p.min_quantity });
      return new AppError('BAD_USER_INPUT', below, { fields: { quantity: below }, minQuantity: p.min_quantity });
    }
    if (totalTooLarge(p.price_paise, wanted)) return new AppError('BAD_USER_INPUT', ORDER_TOO_LARGE, { fields: { quantity: ORDER_TOO_LARGE } });
    return new AppError('CONFLICT', productMessages.onlyLeft({ n: p.max_quantity }), { left: p.max_quantity });
  }
}
