/**
 * GST on a sale (docs/product.md#gst-invoices), in integer paise. Each line's tax is worked out once
 * at its full rate and rounded to the paisa (half up); within one state it is split into CGST and
 * SGST halves (CGST takes an odd paisa), between states it is IGST. So a line's total, and the order's,
 * do not depend on where the buyer is, and an invoice's totals are the sums of its lines.
 */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];
export const isGstRate = (v: unknown): v is GstRate => typeof v === 'number' && (GST_RATES as readonly number[]).includes(v);

/**
 * `intra`: supplier and place of supply in one state (CGST + SGST); `inter`: different states (IGST);
 * `none`: the supplier has no GSTIN and charges no tax (a bill of supply).
 */
export type Supply = 'intra' | 'inter' | 'none';

export interface TaxLineInput {
  quantity: number;
  /** Integer paise: the price the seller states (with or without GST, as `pricesIncludeGst` says). */
  unitPricePaise: bigint | string;
  gstRate: GstRate;
}

export interface TaxAmounts {
  taxablePaise: bigint;
  cgstPaise: bigint;
  sgstPaise: bigint;
  igstPaise: bigint;
  taxPaise: bigint;
  /** What the buyer pays: taxable value plus tax. */
  totalPaise: bigint;
}

export interface TaxLine extends TaxAmounts {
  quantity: number;
  unitPricePaise: bigint;
  gstRate: GstRate;
}

/** a / b rounded half up, for a >= 0 and b > 0. */
const divRound = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b);

/** One line's taxable value and tax. */
export function taxLine(input: TaxLineInput, pricesIncludeGst: boolean, supply: Supply): TaxLine {
  const unitPricePaise = BigInt(input.unitPricePaise);
  if (unitPricePaise < 0n || !Number.isSafeInteger(input.quantity) || input.quantity < 0) throw new RangeError('taxLine: negative amount');
  const gross = unitPricePaise * BigInt(input.quantity);
  const rate = BigInt(supply === 'none' ? 0 : input.gstRate);
  const taxablePaise = pricesIncludeGst ? divRound(gross * 100n, 100n + rate) : gross;
  const taxPaise = pricesIncludeGst ? gross - taxablePaise : divRound(taxablePaise * rate, 100n);
  const cgstPaise = supply === 'intra' ? divRound(taxPaise, 2n) : 0n;
  return {
    quantity: input.quantity,
    unitPricePaise,
    gstRate: supply === 'none' ? 0 : input.gstRate,
    taxablePaise,
    cgstPaise,
    sgstPaise: supply === 'intra' ? taxPaise - cgstPaise : 0n,
    igstPaise: supply === 'inter' ? taxPaise : 0n,
    taxPaise,
    totalPaise: taxablePaise + taxPaise,
  };
}

/** An invoice's totals: the sums of its lines. */
export function taxTotals(lines: readonly TaxAmounts[]): TaxAmounts {
  const sum = (pick: (l: TaxAmounts) => bigint) => lines.reduce((s, l) => s + pick(l), 0n);
  return {
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    taxPaise: sum((l) => l.taxPaise),
    totalPaise: sum((l) => l.totalPaise),
  };
}

/**
 * Which tax applies: none without the supplier's GSTIN; else CGST + SGST when the place of supply
 * (the buyer's billing state, or the supplier's own when the buyer gave none) is the supplier's state.
 */
export function supplyOf(supplierGstin: string | null, supplierState: string, placeOfSupply: string | null): Supply {
  if (!supplierGstin) return 'none';
  return (placeOfSupply ?? supplierState) === supplierState ? 'intra' : 'inter';
}
