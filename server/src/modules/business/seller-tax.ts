import type { SqlRunner } from '../../adapters/search/sql-runner.js';

/**
 * How a seller's prices meet GST (docs/product.md#gst-invoices), as an order will charge them: GST only with a
 * GSTIN, and prices that include it unless the seller said otherwise (no business details: included, none charged).
 */
export interface SellerTax {
  registered: boolean;
  pricesIncludeGst: boolean;
}

export async function readSellerTax(db: SqlRunner, sellerId: string): Promise<SellerTax> {
  const { rows } = await db.query<{ registered: boolean; prices_include_gst: boolean }>(
    'select gstin is not null as registered, prices_include_gst from seller_business where user_id = $1',
    [sellerId],
  );
  return rows.length ? { registered: rows[0].registered, pricesIncludeGst: rows[0].prices_include_gst } : { registered: false, pricesIncludeGst: true };
}
