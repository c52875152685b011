import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../invoice-pdf.js';
import { BUYER_GSTIN, invoiceFixture, LINES, SELLER_GSTIN } from './invoice-fixtures.js';
import { pdfDescribe, pdfPages, pdfText } from './pdf-tools.js';

const withPdf = pdfDescribe(describe);

/** The text of each invoice, read back from its PDF (docs/product.md#gst-invoices). */
withPdf('an invoice PDF read back', () => {
  it('states a tax invoice within one state in English: parties, GSTINs, CGST and SGST per line, totals, words', async () => {
    const text = await pdfText(await renderInvoicePdf(invoiceFixture('en', 'intra')));
    for (const expected of [
      'Tax Invoice', 'Invoice no.: SS/26-27/17', 'Date: 28/11/2026', 'Order: 1a2b3c4d',
      'Sharma Steel Traders Pvt Ltd', 'शर्मा स्टील', `GSTIN: ${SELLER_GSTIN}`, 'गुप्ता किराना स्टोर', 'दुकान 4, गांधी बाज़ार', 'Not registered under GST',
      'Place of supply: Maharashtra (27)', 'Tax payable on reverse charge: No',
      // Line 1: 120 sets at ₹450.50 = ₹54,060.00, 18%: CGST 9% ₹4,865.40 + SGST 9% ₹4,865.40.
      'स्टील के बर्तन का सेट (5 पीस), प्लास्टिक की बोतलें', 'HSN 7323', '120 sets', '₹450.50\n/ set', '₹54,060.00', '₹4,865.40\n9%', '₹63,790.80',
      // Line 2: 500 pcs at ₹240 = ₹1,20,000.00, 12%: 6% + 6% = ₹7,200.00 each.
      'HSN 73239390', '500 pcs', '₹1,20,000.00', '₹7,200.00\n6%', '₹1,34,400.00',
      // Totals: the sums of the lines.
      'Taxable value\n₹1,74,060.00', 'CGST\n₹12,065.40', 'SGST\n₹12,065.40', 'Total tax\n₹24,130.80', 'Total\n₹1,98,190.80',
      'In words: One Lakh Ninety Eight Thousand One Hundred Ninety Rupees and Eighty Paise',
      'Prices are before GST; the tax is added.', 'Paid by UPI on 27/11/2026, UTR 412345678901.', 'For Sharma Steel Traders Pvt Ltd', 'Page 1 of 1',
    ]) expect(text, expected).toContain(expected);
    expect(text).not.toContain('IGST');
  });

  it('states a tax invoice between states in Hindi: IGST, the place of supply, words in Hindi in reading order', async () => {
    const text = await pdfText(await renderInvoicePdf(invoiceFixture('hi', 'inter')));
    for (const expected of [
      'टैक्स इनवॉइस', 'इनवॉइस नंबर: SS/26-27/17', 'तारीख़: 28/11/2026', `GSTIN: ${SELLER_GSTIN}`, `GSTIN: ${BUYER_GSTIN}`,
      'सप्लाई की जगह: कर्नाटक (29)', 'राज्य: महाराष्ट्र (27)', 'रिवर्स चार्ज पर टैक्स: नहीं',
      '120 सेट', '500 पीस', '₹9,730.80\n18%', '₹14,400.00\n12%', 'IGST\n₹24,130.80', 'कुल टैक्स\n₹24,130.80', 'कुल\n₹1,98,190.80',
      'शब्दों में: एक लाख अट्ठानवे हज़ार एक सौ नब्बे रुपये और अस्सी पैसे',
      'दाम GST से पहले के हैं; टैक्स ऊपर से जोड़ा गया है।', '27/11/2026 को UPI से पेमेंट मिला, UTR 412345678901।', 'पेज 1 / 1',
    ]) expect(text, expected).toContain(expected);
    expect(text).not.toMatch(/CGST|SGST/);
  });

  it('makes a bill of supply without tax lines when the seller has no GSTIN', async () => {
    const text = await pdfText(await renderInvoicePdf(invoiceFixture('en', 'none')));
    for (const expected of ['Bill of Supply', 'Not registered under GST', 'Total\n₹1,74,060.00', 'In words: One Lakh Seventy Four Thousand Sixty Rupees', 'The seller is not registered under GST: no tax is charged.']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toMatch(/GSTIN|CGST|SGST|IGST|Tax Invoice|Taxable value|reverse charge/);
  });

  it('carries many lines over to more pages, with the table heads again, the totals after the last line', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({ ...LINES[i % 2], description: `Item ${i + 1}` }));
    const pdf = await renderInvoicePdf(invoiceFixture('en', 'intra', lines));
    const pages = (await pdfText(pdf)).split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(await pdfPages(pdf)).toBe(pages.length);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    expect(pages[1]).toMatch(/^#\nItem\nQuantity\nPrice\nTaxable value\nCGST\nSGST\nTotal\n/);
    const all = pages.join('');
    expect(all.indexOf('Item 40')).toBeLessThan(all.indexOf('Total tax'));
    // 20 lines of each: 20 x 54,060 + 20 x 1,20,000 taxable.
    expect(all).toContain('Taxable value\n₹34,81,200.00');
  });
});

describe('an invoice PDF', () => {
  it('is the same whatever invoices the process drew before it (the fonts are parsed once per process)', async () => {
    // English first: fontkit remembers the code points a glyph was first drawn for, and a Hindi invoice drawn after
    // an English one with that memory shared got another ToUnicode map.
    await renderInvoicePdf(invoiceFixture('en', 'intra'));
    const after = await renderInvoicePdf(invoiceFixture('hi', 'intra'));
    // A second instance of the module, as in a process that has drawn nothing yet.
    const fresh = '../invoice-pdf.js?first-invoice';
    const { renderInvoicePdf: renderFirst } = (await import(/* @vite-ignore */ fresh)) as typeof import('../invoice-pdf.js');
    expect((await renderFirst(invoiceFixture('hi', 'intra'))).equals(after)).toBe(true);
  });
});
