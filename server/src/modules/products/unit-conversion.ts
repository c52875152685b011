import { isUnit, quantityWithUnit, type Unit } from './units.js';

/**
 * Quantities asked in another unit than a product's (docs/product.md#units): '2 dozen' of a product sold per
 * piece is 24 pieces, '1 quintal' of one sold per kilogram 100 kg. Only exact, standard conversions count
 * (a dozen is 12 pieces; a gram, kilogram, quintal and tonne are 1, 1,000, 1,00,000 and 10,00,000 grams; a
 * litre is 1,000 millilitres), and only into a whole number of the product's unit; anything else (cartons of
 * pieces, 500 g of a product sold per kilogram) has no conversion.
 */

/** Units a buyer may ask in that no product is sold in, but that convert into one that is. */
export const ASKED_ONLY_UNITS = ['quintal', 'millilitre'] as const;
export type AskedUnit = Unit | (typeof ASKED_ONLY_UNITS)[number];

/** Each convertible unit as a whole number of its family's smallest unit (pieces, grams, millilitres). */
const MEASURE: Partial<Record<AskedUnit, { family: 'count' | 'mass' | 'volume'; size: number }>> = {
  piece: { family: 'count', size: 1 },
  dozen: { family: 'count', size: 12 },
  gram: { family: 'mass', size: 1 },
  kg: { family: 'mass', size: 1000 },
  quintal: { family: 'mass', size: 100_000 },
  tonne: { family: 'mass', size: 1_000_000 },
  millilitre: { family: 'volume', size: 1 },
  litre: { family: 'volume', size: 1000 },
};

/**
 * `quantity` of `from` counted in `to`: a whole number, or null where no exact standard conversion exists or
 * the result is not whole. The same unit answers the quantity itself.
 */
export function convertQuantity(quantity: number, from: AskedUnit, to: Unit): number | null {
  if (from === to) return quantity;
  const a = MEASURE[from];
  const b = MEASURE[to];
  if (!a || !b || a.family !== b.family) return null;
  // Exact in a double: the largest asked quantity (10^9) times the largest size (10^6) stays below 2^53.
  const smallest = quantity * a.size;
  return smallest % b.size === 0 ? smallest / b.size : null;
}

/** The words of the units no product is sold in, as quantityWithUnit writes a product's ('2 quintals', '500 ml'). */
const ASKED_ONLY_WORDS: Readonly<Record<(typeof ASKED_ONLY_UNITS)[number], { one: string; other: string; hi: string }>> = {
  quintal: { one: 'quintal', other: 'quintals', hi: 'क्विंटल' },
  millilitre: { one: 'ml', other: 'ml', hi: 'मिलीलीटर' },
};

/** A quantity in the unit it was asked in: '2 dozen', '1 quintal', '2 क्विंटल'. */
export function askedQuantity(quantity: number, unit: AskedUnit, locale: 'en' | 'hi'): string {
  if (isUnit(unit)) return quantityWithUnit(quantity, unit, locale);
  const w = ASKED_ONLY_WORDS[unit];
  return `${quantity.toLocaleString('en-IN')} ${locale === 'hi' ? w.hi : quantity === 1 ? w.one : w.other}`;
}
