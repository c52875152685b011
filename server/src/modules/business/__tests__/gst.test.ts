import { describe, expect, it } from 'vitest';
import { supplyOf, taxLine, taxTotals, type GstRate, type Supply } from '../gst.js';

const line = (quantity: number, unitPricePaise: number, gstRate: GstRate, inclusive: boolean, supply: Supply) => {
  const l = taxLine({ quantity, unitPricePaise: BigInt(unitPricePaise), gstRate }, inclusive, supply);
  return { taxable: Number(l.taxablePaise), cgst: Number(l.cgstPaise), sgst: Number(l.sgstPaise), igst: Number(l.igstPaise), tax: Number(l.taxPaise), total: Number(l.totalPaise) };
};

// docs/product.md#gst-invoices
describe('GST on a line', () => {
  it('adds tax to prices stated without GST: CGST + SGST within a state, IGST between states', () => {
    expect(line(100, 45_000, 18, false, 'intra')).toEqual({ taxable: 4_500_000, cgst: 405_000, sgst: 405_000, igst: 0, tax: 810_000, total: 5_310_000 });
    expect(line(100, 45_000, 18, false, 'inter')).toEqual({ taxable: 4_500_000, cgst: 0, sgst: 0, igst: 810_000, tax: 810_000, total: 5_310_000 });
  });

  it('takes the tax out of prices stated with GST, so the buyer pays the stated price', () => {
    // 118.00 with 18% inside: 100.00 taxable, 18.00 tax.
    expect(line(1, 11_800, 18, true, 'intra')).toEqual({ taxable: 10_000, cgst: 900, sgst: 900, igst: 0, tax: 1_800, total: 11_800 });
    expect(line(3, 1_000, 12, true, 'inter')).toEqual({ taxable: 2_679, cgst: 0, sgst: 0, igst: 321, tax: 321, total: 3_000 });
  });

  it('rounds each line to the paisa, half up, and splits an odd paisa with CGST taking it', () => {
    // 10.10 at 5%: 0.505 -> 0.51; halves 0.26 + 0.25.
    expect(line(1, 1_010, 5, false, 'intra')).toEqual({ taxable: 1_010, cgst: 26, sgst: 25, igst: 0, tax: 51, total: 1_061 });
    expect(line(1, 1_010, 5, false, 'inter')).toEqual({ taxable: 1_010, cgst: 0, sgst: 0, igst: 51, tax: 51, total: 1_061 });
    // 0.99 at 28% inclusive: 0.7734... -> 0.77 taxable, 0.22 tax.
    expect(line(1, 99, 28, true, 'intra')).toEqual({ taxable: 77, cgst: 11, sgst: 11, igst: 0, tax: 22, total: 99 });
  });

  it('charges no tax at 0% or without the seller\'s GSTIN (a bill of supply)', () => {
    expect(line(10, 5_000, 0, false, 'intra')).toEqual({ taxable: 50_000, cgst: 0, sgst: 0, igst: 0, tax: 0, total: 50_000 });
    expect(line(10, 5_000, 18, false, 'none')).toEqual({ taxable: 50_000, cgst: 0, sgst: 0, igst: 0, tax: 0, total: 50_000 });
    expect(line(10, 5_000, 18, true, 'none')).toEqual({ taxable: 50_000, cgst: 0, sgst: 0, igst: 0, tax: 0, total: 50_000 });
  });

  it('keeps every line whole: taxable + tax = total, CGST + SGST + IGST = tax, over many prices', () => {
    for (let price = 1; price < 5_000; price += 37) {
      for (const rate of [0, 5, 12, 18, 28] as GstRate[]) {
        for (const inclusive of [true, false]) {
          for (const supply of ['intra', 'inter'] as Supply[]) {
            const l = line(7, price, rate, inclusive, supply);
            expect(l.taxable + l.tax).toBe(l.total);
            expect(l.cgst + l.sgst + l.igst).toBe(l.tax);
            expect(Math.abs(l.cgst - l.sgst)).toBeLessThanOrEqual(1);
            if (inclusive) expect(l.total).toBe(7 * price);
            // The same tax wherever the buyer is.
            expect(l.tax).toBe(line(7, price, rate, inclusive, supply === 'intra' ? 'inter' : 'intra').tax);
          }
        }
      }
    }
  });

  it('totals an invoice as the sums of its lines', () => {
    const lines = [taxLine({ quantity: 1, unitPricePaise: 1_010n, gstRate: 5 }, false, 'intra'), taxLine({ quantity: 3, unitPricePaise: 1_010n, gstRate: 5 }, false, 'intra')];
    const t = taxTotals(lines);
    // Lines: 10.10 -> tax 0.51 (0.26 + 0.25); 30.30 -> tax 1.52 (0.76 + 0.76). Rounded per line, the
    // tax is 2.03, a paisa more than 5% of the 40.40 total would be: the invoice adds up its lines.
    expect(t).toEqual({ taxablePaise: 4_040n, cgstPaise: 102n, sgstPaise: 101n, igstPaise: 0n, taxPaise: 203n, totalPaise: 4_243n });
    expect(t.taxablePaise + t.taxPaise).toBe(t.totalPaise);
  });

  it('decides the supply from the seller\'s GSTIN and the two states', () => {
    expect(supplyOf(null, '27', '27')).toBe('none');
    expect(supplyOf('27AAPFU0939F1ZV', '27', '27')).toBe('intra');
    expect(supplyOf('27AAPFU0939F1ZV', '27', null)).toBe('intra');
    expect(supplyOf('27AAPFU0939F1ZV', '27', '29')).toBe('inter');
  });
});
