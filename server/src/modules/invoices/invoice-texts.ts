/**
 * The words an invoice prints, in the buyer's language (docs/glossary-hi.md). GST's own terms (GSTIN,
 * HSN, CGST, SGST, IGST, UTR) stay in Latin letters in Hindi too, as on every Indian bill.
 */
export interface InvoiceTexts {
  taxInvoice: string;
  billOfSupply: string;
  number: string;
  date: string;
  order: string;
  placeOfSupply: string;
  reverseCharge: string;
  seller: string;
  buyer: string;
  state: string;
  unregistered: string;
  item: string;
  quantity: string;
  rate: string;
  taxable: string;
  total: string;
  totalTax: string;
  inWords: string;
  pricesInclude: string;
  pricesExclude: string;
  noTax: string;
  paid: (utr: string | null, date: string) => string;
  computerMade: string;
  forSeller: (name: string) => string;
  page: (n: number, of: number) => string;
}

export const INVOICE_TEXTS: Readonly<Record<'en' | 'hi', InvoiceTexts>> = {
  en: {
    taxInvoice: 'Tax Invoice',
    billOfSupply: 'Bill of Supply',
    number: 'Invoice no.',
    date: 'Date',
    order: 'Order',
    placeOfSupply: 'Place of supply',
    reverseCharge: 'Tax payable on reverse charge: No',
    seller: 'Seller',
    buyer: 'Buyer',
    state: 'State',
    unregistered: 'Not registered under GST',
    item: 'Item',
    quantity: 'Quantity',
    rate: 'Price',
    taxable: 'Taxable value',
    total: 'Total',
    totalTax: 'Total tax',
    inWords: 'In words',
    pricesInclude: 'Prices include GST.',
    pricesExclude: 'Prices are before GST; the tax is added.',
    noTax: 'The seller is not registered under GST: no tax is charged.',
    paid: (utr, date) => (utr ? `Paid by UPI on ${date}, UTR ${utr}.` : `Payment received on ${date}.`),
    computerMade: 'This is a computer-generated invoice; no signature is needed.',
    forSeller: (name) => `For ${name}`,
    page: (n, of) => `Page ${n} of ${of}`,
  },
  hi: {
    taxInvoice: 'टैक्स इनवॉइस',
    billOfSupply: 'बिल ऑफ़ सप्लाई',
    number: 'इनवॉइस नंबर',
    date: 'तारीख़',
    order: 'ऑर्डर',
    placeOfSupply: 'सप्लाई की जगह',
    reverseCharge: 'रिवर्स चार्ज पर टैक्स: नहीं',
    seller: 'सेलर',
    buyer: 'ख़रीदार',
    state: 'राज्य',
    unregistered: 'GST में रजिस्टर्ड नहीं',
    item: 'सामान',
    quantity: 'मात्रा',
    rate: 'दाम',
    taxable: 'टैक्स से पहले की रकम',
    total: 'कुल',
    totalTax: 'कुल टैक्स',
    inWords: 'शब्दों में',
    pricesInclude: 'दामों में GST शामिल है।',
    pricesExclude: 'दाम GST से पहले के हैं; टैक्स ऊपर से जोड़ा गया है।',
    noTax: 'सेलर GST में रजिस्टर्ड नहीं है, इसलिए कोई टैक्स नहीं लिया गया।',
    paid: (utr, date) => (utr ? `${date} को UPI से पेमेंट मिला, UTR ${utr}।` : `${date} को पेमेंट मिला।`),
    computerMade: 'यह कंप्यूटर से बना इनवॉइस है; इस पर दस्तख़त की ज़रूरत नहीं है।',
    forSeller: (name) => `${name} की ओर से`,
    page: (n, of) => `पेज ${n} / ${of}`,
  },
};
