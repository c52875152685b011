import { z } from 'zod';
import { productMessages } from './products.messages.js';
import { asZod, type Message } from '../../common/message.js';

/**
 * Bulk price bands (docs/product.md#price-bands): a product may have up to 5 bands, each a minimum
 * quantity and the unit price from that quantity on. The first band starts at the product's minimum
 * order (its price is the product's price), quantities rise strictly, prices never rise. A quantity
 * pays the price of the last band it reaches.
 */
export const MAX_BANDS = 5;

export interface PriceTier {
  minQuantity: number;
  /** Integer paise as text. */
  unitPricePaise: string;
}

export interface BandIssue {
  /** The refused field, in the command's names: `priceTiers.1.unitPricePaise`. */
  path: string;
  message: Message;
}

const WHOLE = /^\s*\d+\s*$/;
const asNumber = (v: unknown) => (typeof v === 'string' && WHOLE.test(v) ? Number(v) : v);

/**
 * One band as a command gives it; the messages name the band (1-based, as the seller counts).
 * `maxQuantity` and the prices are the product's limits (docs/product.md#limits).
 */
function bandSchema(index: number, maxQuantity: number, minPricePaise: bigint, maxPricePaise: bigint) {
  const n = index + 1;
  const quantityMessage = asZod(productMessages.bandQuantity({ n, max: maxQuantity }));
  const priceMessage = asZod(productMessages.bandPrice({ n }));
  return z.object(
    {
      minQuantity: z.preprocess(asNumber, z.number({ error: quantityMessage }).int(quantityMessage).min(1, quantityMessage).max(maxQuantity, quantityMessage)),
      unitPricePaise: z
        .union([z.string(), z.number()], { error: priceMessage })
        .transform((v, ctx) => {
          const text = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : v.trim();
          if (!/^\d{1,20}$/.test(text) || BigInt(text) < 1n) {
            ctx.addIssue({ code: 'custom', message: priceMessage });
            return z.NEVER;
          }
          if (BigInt(text) < minPricePaise) {
            ctx.addIssue({ code: 'custom', message: asZod(productMessages.bandPriceTooLow({ n })) });
            return z.NEVER;
          }
          if (BigInt(text) > maxPricePaise) {
            ctx.addIssue({ code: 'custom', message: asZod(productMessages.bandPriceTooLarge({ n })) });
            return z.NEVER;
          }
          return BigInt(text).toString();
        }),
    },
    { error: asZod(productMessages.bandNeedsQuantityAndPrice({ n })) },
  );
}

/** The bands as a command gives them: a list of at most 5 ({minQuantity, unitPricePaise}); an empty list means one price. */
export function priceTiersSchema(maxQuantity: number, minPricePaise: bigint, maxPricePaise: bigint) {
  return z
    .array(z.unknown(), { error: asZod(productMessages.priceBandsMustBeAList) })
    .max(MAX_BANDS, asZod(productMessages.tooManyBands({ max: MAX_BANDS })))
    .transform((list, ctx): PriceTier[] => {
      const tiers: PriceTier[] = [];
      list.forEach((raw, i) => {
        const parsed = bandSchema(i, maxQuantity, minPricePaise, maxPricePaise).safeParse(raw);
        if (parsed.success) tiers.push(parsed.data);
        else for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [i, ...issue.path], message: issue.message });
      });
      return tiers;
    });
}

/**
 * The rules across bands and the product (read on the whole product: a new one, or an edit over the
 * stored one): the first band at the minimum order, quantities strictly rising, prices never rising.
 */
export function bandIssues(tiers: readonly PriceTier[], minQuantity: number): BandIssue[] {
  const issues: BandIssue[] = [];
  if (tiers.length && tiers[0].minQuantity !== minQuantity) {
    issues.push({ path: 'priceTiers.0.minQuantity', message: productMessages.bandStartsAtMinimum({ n: 1, min: minQuantity }) });
  }
  for (let i = 1; i < tiers.length; i++) {
    const [before, band] = [tiers[i - 1], tiers[i]];
    if (band.minQuantity <= before.minQuantity) {
      issues.push({ path: `priceTiers.${i}.minQuantity`, message: productMessages.bandQuantityRises({ n: i + 1, m: i, q: before.minQuantity }) });
    }
    if (BigInt(band.unitPricePaise) > BigInt(before.unitPricePaise)) {
      issues.push({ path: `priceTiers.${i}.unitPricePaise`, message: productMessages.bandPriceFalls({ n: i + 1, m: i }) });
    }
  }
  return issues;
}

/**
 * The index of the band a quantity pays (the last one it reaches), or -1 without bands. A quantity
 * below the first band (below the minimum order) is counted in the first.
 */
export function bandIndexFor(tiers: readonly PriceTier[], quantity: number): number {
  if (!tiers.length) return -1;
  let index = 0;
  for (let i = 1; i < tiers.length; i++) if (quantity >= tiers[i].minQuantity) index = i;
  return index;
}

/** The unit price (paise as text) a quantity pays: its band's, else the product's own price (null: no price). */
export function unitPriceFor(tiers: readonly PriceTier[], pricePaise: string | null, quantity: number): string | null {
  const i = bandIndexFor(tiers, quantity);
  return i < 0 ? pricePaise : tiers[i].unitPricePaise;
}

/** What a quantity costs: its band (-1 without bands), the unit price and the total, integer paise as text; null without a price. */
export interface QuantityPrice {
  band: number;
  unitPricePaise: string;
  totalPaise: string;
}

/** The price of `quantity` units (docs/product.md#price-bands): the unit price of the band it reaches, times the quantity. */
export function priceForQuantity(tiers: readonly PriceTier[], pricePaise: string | null, quantity: number): QuantityPrice | null {
  const unitPricePaise = unitPriceFor(tiers, pricePaise, quantity);
  if (unitPricePaise === null) return null;
  return { band: bandIndexFor(tiers, quantity), unitPricePaise, totalPaise: (BigInt(unitPricePaise) * BigInt(quantity)).toString() };
}

/** The lowest price of a product (its last band's), for "from ₹40 / pc" in lists. */
export const lowestPrice = (tiers: readonly PriceTier[], pricePaise: string | null): string | null => (tiers.length ? tiers[tiers.length - 1].unitPricePaise : pricePaise);
