import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPaise } from './money';

/**
 * The unit a price is per and a quantity counts (docs/product.md#units): the server's units
 * (server/src/modules/products/units.ts), each a key under `units` in common.json (both languages,
 * the glossary's words).
 */
export const PRICE_UNITS = ['piece', 'pair', 'set', 'dozen', 'box', 'carton', 'kg', 'gram', 'tonne', 'litre', 'metre', 'square_metre', 'roll', 'bag'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];
export const DEFAULT_UNIT: PriceUnit = 'piece';

const unitOf = (unit: string | null | undefined): PriceUnit => PRICE_UNITS.find((u) => u === unit) ?? DEFAULT_UNIT;

/** What a price line is made of: integer paise as text (the API's `pricePaise`), an optional upper end, the unit, the minimum order. */
export interface PriceFacts {
  pricePaise: string | null | undefined;
  /** The top of a range ('₹1,200–₹1,500 / piece'), for a listing that asks buyers to inquire. */
  priceMaxPaise?: string | null;
  unit?: string | null;
  minQuantity?: number | null;
}

/** '₹1,450 / piece': a price in integer paise (as text) per unit. */
export function formatPrice(paise: string, unit: string | null | undefined, t: TFunction): string {
  return t('price.perUnit', { amount: formatPaise(paise), unit: t(`units.${unitOf(unit)}.per`) });
}

/** '₹1,200–₹1,500 / piece' (or formatPrice's form when there is no upper end). */
export function formatPriceRange(fromPaise: string, toPaise: string | null | undefined, unit: string | null | undefined, t: TFunction): string {
  if (!toPaise || toPaise === fromPaise) return formatPrice(fromPaise, unit, t);
  return t('price.perUnit', { amount: t('price.range', { from: formatPaise(fromPaise), to: formatPaise(toPaise) }), unit: t(`units.${unitOf(unit)}.per`) });
}

/** A whole number as people in India write it: '1,000', '1,50,000'. */
export const groupedNumber = (n: number): string => n.toLocaleString('en-IN');

/** '10 pieces', '1 piece', '1,500 pieces' (in Hindi '10 पीस'): the number with Indian grouping, the word by its plural. */
export function formatQuantity(count: number, unit: string | null | undefined, t: TFunction): string {
  return t(`units.${unitOf(unit)}.count`, { count, n: groupedNumber(count) });
}

/** The price as a listing shows it: the price or range per unit, or 'Price on request'. */
export function formatListingPrice(p: PriceFacts, t: TFunction): string {
  return p.pricePaise ? formatPriceRange(p.pricePaise, p.priceMaxPaise, p.unit, t) : t('price.onRequest');
}

/** A card's line: '₹1,450 / piece · min. 10' (the minimum only when it is more than 1). */
export function formatPriceLine(p: PriceFacts, t: TFunction): string {
  const price = formatListingPrice(p, t);
  return p.minQuantity && p.minQuantity > 1 ? `${price} · ${t('price.minOrder', { count: p.minQuantity })}` : price;
}

/** A bulk price band: from `minQuantity` up, each unit at `unitPricePaise` (integer paise as text). */
export interface PriceBand {
  minQuantity: number;
  unitPricePaise: string;
}

/**
 * The band a quantity falls in (docs/product.md#price-bands): the last whose minimum it reaches;
 * null without bands (the listing's one price applies) or below the first.
 */
export function bandOf(bands: readonly PriceBand[], quantity: number): PriceBand | null {
  let found: PriceBand | null = null;
  for (const b of bands) if (quantity >= b.minQuantity) found = b;
  return found;
}

/** The unit price a quantity pays: its band's, else the listing's price (paise as text). */
export function unitPriceFor(bands: readonly PriceBand[], pricePaise: string, quantity: number): string {
  return bandOf(bands, quantity)?.unitPricePaise ?? pricePaise;
}

/** Bands as the API gave them, checked: whole paise, minimums rising (malformed ones left out). */
export function checkedBands(raw: ReadonlyArray<{ minQuantity: number; unitPricePaise: string }> | null | undefined): PriceBand[] {
  const bands: PriceBand[] = [];
  for (const b of raw ?? []) {
    if (!b || !Number.isInteger(b.minQuantity) || b.minQuantity < 1 || typeof b.unitPricePaise !== 'string' || !/^\d+$/.test(b.unitPricePaise)) continue;
    if (bands.length && b.minQuantity <= bands[bands.length - 1].minQuantity) continue;
    bands.push({ minQuantity: b.minQuantity, unitPricePaise: b.unitPricePaise });
  }
  return bands;
}

/** A band as a card names it: '₹400 / piece from 500 pieces'. */
export function formatBandFrom(band: PriceBand, unit: string | null | undefined, t: TFunction): string {
  return t('price.fromQuantity', { price: formatPrice(band.unitPricePaise, unit, t), quantity: formatQuantity(band.minQuantity, unit, t) });
}

/** The formatters bound to the interface language (a component re-renders when it changes). */
export function usePriceFormat() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      price: (paise: string, unit?: string | null) => formatPrice(paise, unit, t),
      range: (from: string, to: string | null | undefined, unit?: string | null) => formatPriceRange(from, to, unit, t),
      quantity: (count: number, unit?: string | null) => formatQuantity(count, unit, t),
      /** The unit's name as a price is per it ('piece', 'पीस'). */
      unitName: (unit?: string | null) => t(`units.${unitOf(unit)}.per`),
      listing: (p: PriceFacts) => formatListingPrice(p, t),
      line: (p: PriceFacts) => formatPriceLine(p, t),
      /** A search card's best band: '₹400 / piece from 500 pieces'. */
      from: (band: PriceBand, unit?: string | null) => formatBandFrom(band, unit, t),
    }),
    [t],
  );
}
