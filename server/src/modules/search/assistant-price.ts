import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import { AppError } from '../../common/app-error.js';
import { renderMessage, type Message } from '../../common/message.js';
import { formatPaise } from '../../common/money.js';
import type { RequestContext } from '../../common/request-context.js';
import { isGstRate, readSellerTax, taxLine } from '../business/business.public.js';
import { askedQuantity, convertQuantity, perUnit, priceForQuantity, quantityWithUnit, readCatalogueProducts, UNIT_WORDS, type Unit } from '../products/products.public.js';
import { searchMessages } from './search.messages.js';
import type { QuantityQuestion } from './understanding/price-question.js';

/** The most a converted quantity may be (a tonne asked of a product sold per gram grows a millionfold). */
const MAX_CONVERTED = 1_000_000_000;

/** The assistant's answer to 'how much for 500?' on a product page: what the quantity costs at its band. */
export interface PriceAnswer {
  productId: string;
  quantity: number;
  unit: Unit;
  /** Integer paise as text. */
  unitPricePaise: string;
  /** The quantity times the unit price. */
  totalPaise: string;
  /** GST added to that total (the seller's prices exclude it), else null: an order charges `payablePaise`. */
  gstAdded: { rate: number; taxPaise: string } | null;
  payablePaise: string;
  /** The quantity the band of this price starts at; null for a product of one price. */
  bandFrom: number | null;
}

/**
 * Answers a quantity question about a product (docs/product.md#price-bands): the unit price of the band the
 * quantity reaches and the total, through the catalogue's own price rule, in the request's language with the
 * unit ('500 pcs: ₹40 / pc (the price from 500 pcs), ₹20,000 in all.'); the minimum order or the stock when
 * the quantity is outside them. A quantity asked in another unit is converted where that is exact and standard
 * ('2 dozen = 24 pcs: ...'), else asked again in the product's unit. A product the viewer may not see is not found.
 */
export async function answerPriceQuestion(
  db: SqlRunner,
  ctx: RequestContext,
  productId: string,
  question: QuantityQuestion,
): Promise<{ reply: string; price: PriceAnswer | null }> {
  const [p] = await readCatalogueProducts(db, [productId]);
  const own = p !== undefined && p.seller_id === ctx.viewer?.userId;
  if (!p || p.deleted || p.seller_deleted || (!p.enabled && !own)) throw new AppError('NOT_FOUND', searchMessages.productNotFound);
  const say = (m: Message) => renderMessage(m, ctx.locale);
  const count = (n: number) => quantityWithUnit(n, p.unit, ctx.locale);
  // Asked in another unit: converted where that is exact and standard ('2 dozen' = 24 pieces), else asked again.
  const quantity = question.unit ? convertQuantity(question.quantity, question.unit, p.unit) : question.quantity;
  if (quantity === null || quantity > MAX_CONVERTED) {
    const units = ctx.locale === 'hi' ? UNIT_WORDS[p.unit].hiOther : UNIT_WORDS[p.unit].other;
    return { reply: say(searchMessages.priceInOtherUnit({ unit: perUnit(p.unit, ctx.locale), units })), price: null };
  }
  const converted = question.unit !== null && question.unit !== p.unit;
  const priced = priceForQuantity(p.price_tiers, p.price_paise, quantity);
  if (!priced) return { reply: say(searchMessages.priceNotGiven), price: null };
  const bandFrom = priced.band < 0 ? null : p.price_tiers[priced.band].minQuantity;
  // As an order charges it: GST added to the price when the seller's prices exclude it (docs/product.md#gst-invoices).
  const tax = await readSellerTax(db, p.seller_id);
  const line = taxLine({ unitPricePaise: priced.unitPricePaise, quantity, gstRate: isGstRate(p.gst_rate) ? p.gst_rate : 0 }, tax.pricesIncludeGst, tax.registered ? 'intra' : 'none');
  const gstAdded = !tax.pricesIncludeGst && line.taxPaise > 0n ? { rate: p.gst_rate, taxPaise: line.taxPaise.toString() } : null;
  const payablePaise = gstAdded ? (BigInt(priced.totalPaise) + line.taxPaise).toString() : priced.totalPaise;
  const values = {
    // The quantity as asked, and in the product's unit when converted: '2 dozen = 24 pcs'.
    quantity: converted ? `${askedQuantity(question.quantity, question.unit!, ctx.locale)} = ${count(quantity)}` : count(quantity),
    price: formatPaise(priced.unitPricePaise),
    unit: perUnit(p.unit, ctx.locale),
    band: bandFrom !== null && p.price_tiers.length > 1 ? searchMessages.priceBand({ from: count(bandFrom) }) : '',
    total: formatPaise(payablePaise),
  };
  const parts = [
    say(gstAdded ? searchMessages.priceForQuantityPlusGst({ ...values, goods: formatPaise(priced.totalPaise), rate: gstAdded.rate, tax: formatPaise(gstAdded.taxPaise) }) : searchMessages.priceForQuantity(values)),
  ];
  if (quantity < p.min_quantity) parts.push(say(searchMessages.priceBelowMinimum({ quantity: count(p.min_quantity) })));
  else if (quantity > p.max_quantity) parts.push(say(searchMessages.priceAboveStock({ quantity: count(p.max_quantity) })));
  return {
    reply: parts.join(' '),
    price: { productId, quantity, unit: p.unit, unitPricePaise: priced.unitPricePaise, totalPaise: priced.totalPaise, gstAdded, payablePaise, bandFrom },
  };
}
