import { priceLines, type InvoiceDocument, type InvoiceLineInput } from '../invoice-document.js';
import type { Supply } from '../../business/business.public.js';

export const SELLER_GSTIN = '27AAPFU0939F1ZV';
export const BUYER_GSTIN = '29AAGCB7383J1Z4';

export const LINES: InvoiceLineInput[] = [
  { description: 'स्टील के बर्तन का सेट (5 पीस), प्लास्टिक की बोतलें', hsnCode: '7323', quantity: 120, unit: 'set', unitPricePaise: '45050', gstRate: 18 },
  { description: 'Steel tiffin box, 3 tier', hsnCode: '73239390', quantity: 500, unit: 'piece', unitPricePaise: '24000', gstRate: 12 },
];

/** An invoice of a Mumbai seller to a buyer in Mumbai (intra), Bengaluru (inter), or from an unregistered seller (none). */
export function invoiceFixture(language: 'en' | 'hi', supply: Supply, lines: InvoiceLineInput[] = LINES): InvoiceDocument {
  const inter = supply === 'inter';
  return {
    kind: supply === 'none' ? 'bill_of_supply' : 'tax_invoice',
    language,
    number: 'SS/26-27/17',
    issuedAt: new Date('2026-11-27T20:00:00Z'), // 28 November in India
    orderReference: '1a2b3c4d',
    seller: {
      name: 'Sharma Steel Traders Pvt Ltd',
      tradeName: 'शर्मा स्टील',
      gstin: supply === 'none' ? null : SELLER_GSTIN,
      address: { line1: '12, Lohar Chawl, Kalbadevi', city: 'Mumbai', state: '27', pincode: '400002' },
    },
    buyer: {
      name: 'गुप्ता किराना स्टोर',
      tradeName: null,
      gstin: inter ? BUYER_GSTIN : null,
      address: { line1: 'दुकान 4, गांधी बाज़ार', city: inter ? 'Bengaluru' : 'Mumbai', state: inter ? '29' : '27', pincode: inter ? '560004' : '400004' },
    },
    placeOfSupply: inter ? '29' : '27',
    supply,
    pricesIncludeGst: false,
    ...priceLines(lines, false, supply),
    payment: { utr: '412345678901', receivedAt: new Date('2026-11-27T09:00:00Z') },
  };
}
