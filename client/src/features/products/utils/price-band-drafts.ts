import { paiseToRupees, rupeesToPaise } from '../../../lib/money';
import type { FieldMessage } from './field-errors';

// Bulk price bands in the product form (docs/product.md#price-bands). Band 1 is the listing's own minimum
// order and price (the form's fields), so only the bands after it are kept here; the command sends them all,
// band 1 first, or [] for one price.

/** The most bands a listing may have, band 1 included (the server's MAX_BANDS). */
export const MAX_BANDS = 5;

/** A band after the first, as typed: a minimum quantity and rupees per unit. */
export interface DraftBand {
  key: string;
  minQuantity: string;
  price: string;
}

/** A band as the API gives and takes it. */
export interface PriceTierValue {
  minQuantity: number;
  /** Integer paise as text. */
  unitPricePaise: string;
}

let made = 0;
export const newBandKey = () => `band-${++made}`;

/** Paise as the seller would type them: '1450', '1450.50' (never '1450.00'). */
export const typedRupees = (paise: string | null | undefined): string => (paise ? paiseToRupees(paise).replace(/\.00$/, '') : '');

/** The element ids of band `index`'s two inputs (0 is band 1: the minimum order and the price, repeated). */
export const bandInputId = (index: number, part: 'quantity' | 'price') => `product-band-${index + 1}-${part}`;
/** The one-line reader's input (also where a refusal of the whole list is shown). */
export const LADDER_LINE_ID = 'product-bands-line';

/** Every id a band's message may be shown at. */
export const allBandIds = (): string[] => [LADDER_LINE_ID, ...Array.from({ length: MAX_BANDS }, (_, i) => [bandInputId(i, 'quantity'), bandInputId(i, 'price')]).flat()];

/** A stored product's bands as the form keeps them (band 1 is its minimum order and price). */
export const draftBands = (tiers: readonly PriceTierValue[]): DraftBand[] =>
  tiers.slice(1).map((t) => ({ key: newBandKey(), minQuantity: String(t.minQuantity), price: typedRupees(t.unitPricePaise) }));

/** The bands the command sends: [] for one price, else band 1 (the minimum order at the price) and the rest. */
export function priceTiersOf(minQuantity: string, price: string, bands: readonly DraftBand[]): PriceTierValue[] {
  if (!bands.length) return [];
  const all = [{ minQuantity, price }, ...bands];
  return all.map((b) => ({ minQuantity: Number(b.minQuantity.trim()), unitPricePaise: rupeesToPaise(b.price) ?? b.price.trim() }));
}

/**
 * The form's fields after a line was read into bands: when the listing has a price and the line's first band
 * starts above its minimum order at a lower price ('100 se upar 45' over ₹50 from 10), the line's bands follow
 * band 1 as it is; otherwise the line's first band is band 1 (its quantity the minimum order, its price the
 * listing's). Null when the line gave no band.
 */
export function fieldsFromLadder(
  current: { minQuantity: string; price: string },
  tiers: readonly PriceTierValue[],
): { minQuantity: string; price: string; bands: DraftBand[] } | null {
  if (!tiers.length) return null;
  const toDraft = (t: PriceTierValue): DraftBand => ({ key: newBandKey(), minQuantity: String(t.minQuantity), price: typedRupees(t.unitPricePaise) });
  const first = tiers[0];
  const min = Number(current.minQuantity.trim());
  const price = rupeesToPaise(current.price);
  const keepsBand1 = price !== null && price !== '0' && Number.isInteger(min) && min >= 1 && first.minQuantity > min && BigInt(first.unitPricePaise) < BigInt(price);
  if (keepsBand1) return { minQuantity: current.minQuantity, price: current.price, bands: tiers.slice(0, MAX_BANDS - 1).map(toDraft) };
  return { minQuantity: String(first.minQuantity), price: typedRupees(first.unitPricePaise), bands: tiers.slice(1, MAX_BANDS).map(toDraft) };
}

/**
 * The bands' problems by input id, as the server would refuse them (band numbers as the seller counts):
 * a whole quantity above the band before, a price no higher than the band before's; band 1 needs the price.
 */
export function bandProblems(
  v: { minQuantity: string; price: string; bands: readonly DraftBand[] },
  priceProblem: (text: string) => FieldMessage | null,
  maxQuantity: number,
): Record<string, FieldMessage> {
  const errors: Record<string, FieldMessage> = {};
  if (!v.bands.length) return errors;
  if (!v.price.trim()) errors[bandInputId(0, 'price')] = { key: 'bands.needPrice' };
  let quantityBefore = Number(v.minQuantity.trim());
  let priceBefore = rupeesToPaise(v.price);
  v.bands.forEach((band, i) => {
    const index = i + 1;
    const [n, m] = [index + 1, index];
    const q = Number(band.minQuantity.trim());
    if (!band.minQuantity.trim() || !Number.isInteger(q) || q < 1 || q > maxQuantity) errors[bandInputId(index, 'quantity')] = { key: 'bands.quantityInvalid', values: { n, max: maxQuantity } };
    else if (Number.isInteger(quantityBefore) && q <= quantityBefore) errors[bandInputId(index, 'quantity')] = { key: 'bands.quantityRises', values: { n, m, q: quantityBefore } };
    const problem = band.price.trim() ? priceProblem(band.price) : { key: 'bands.priceMissing', values: { n } };
    const paise = rupeesToPaise(band.price);
    if (problem) errors[bandInputId(index, 'price')] = problem;
    else if (paise !== null && priceBefore !== null && BigInt(paise) > BigInt(priceBefore)) errors[bandInputId(index, 'price')] = { key: 'bands.priceFalls', values: { n, m } };
    if (Number.isInteger(q) && q >= 1) quantityBefore = q;
    if (paise !== null && !problem) priceBefore = paise;
  });
  return errors;
}

/** The input a refusal's path names (`priceTiers.1.unitPricePaise`, `price_tiers.0.min_quantity`), or the line for the list as a whole. */
export function bandIdOfServerPath(path: readonly string[]): string | null {
  const [name, index, part] = path;
  if (name !== 'priceTiers' && name !== 'price_tiers') return null;
  const i = Number(index);
  if (index === undefined || !Number.isInteger(i) || i < 0 || i >= MAX_BANDS) return LADDER_LINE_ID;
  return bandInputId(i, part === 'unitPricePaise' || part === 'unit_price_paise' ? 'price' : 'quantity');
}
