import { taxLine, taxTotals, type GstRate, type Supply, type TaxAmounts, type TaxLine } from '../business/business.public.js';
import type { Unit } from '../products/products.public.js';

/** An address as an invoice prints it. */
export interface InvoiceAddress {
  line1: string;
  city: string;
  /** GST state code ('27'). */
  state: string;
  pincode: string;
}

export interface InvoiceParty {
  /** The legal name (the buyer's business name, else their username). */
  name: string;
  tradeName: string | null;
  gstin: string | null;
  address: InvoiceAddress | null;
}

export interface InvoiceLineInput {
  description: string;
  hsnCode: string | null;
  quantity: number;
  unit: Unit;
  /** The price the seller stated, per unit, integer paise. */
  unitPricePaise: string;
  gstRate: GstRate;
}

/** A line with its tax. */
export type InvoiceLine = Pick<InvoiceLineInput, 'description' | 'hsnCode' | 'unit'> & TaxLine;

/**
 * Everything an invoice shows, fixed when it is made (docs/product.md#gst-invoices): later changes to
 * the seller's details, the buyer's or the product never change an invoice already made.
 */
export interface InvoiceDocument {
  /** A tax invoice when the seller has a GSTIN, else a bill of supply (no tax lines). */
  kind: 'tax_invoice' | 'bill_of_supply';
  language: 'en' | 'hi';
  number: string;
  /** The invoice's date, as an instant (shown as the date in India). */
  issuedAt: Date;
  /** The order it is for (display id). */
  orderReference: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** GST state code of the place of supply. */
  placeOfSupply: string;
  supply: Supply;
  pricesIncludeGst: boolean;
  lines: InvoiceLine[];
  totals: TaxAmounts;
  /** How it was paid, when the seller confirmed it. */
  payment: { utr: string | null; receivedAt: Date | null } | null;
}

/** The invoice's lines with their tax, and its totals (the sums of its lines). */
export function priceLines(lines: readonly InvoiceLineInput[], pricesIncludeGst: boolean, supply: Supply): Pick<InvoiceDocument, 'lines' | 'totals'> {
  const priced = lines.map((l): InvoiceLine => ({ description: l.description, hsnCode: l.hsnCode, unit: l.unit, ...taxLine(l, pricesIncludeGst, supply) }));
  return { lines: priced, totals: taxTotals(priced) };
}
