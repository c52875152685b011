import { DEMO_SELLERS, type DemoSeller } from './demo-sellers.js';
import { DEMO_STOCK } from './demo-stock.js';

/** One demo listing, as the create form would send it (rupee prices as text). */
export interface DemoListing {
  seller: DemoSeller;
  title: string;
  description: string;
  category: string;
  productType: 'new' | 'used';
  condition: 'new' | 'like_new' | 'good' | 'fair' | 'poor';
  purchaseType: 'buy_now' | 'inquire';
  /** Rupees ("6499.00"); null: price on request. */
  price: string | null;
  minQuantity: number;
  maxQuantity: number;
  tags: string[];
  questions: Array<{ question: string; questionType: 'FreeResponse' | 'YesNo'; mandatory: boolean }>;
  /** Which of its category's pictures the thumbnail is (0 or 1); the other one is its gallery, when it has one. */
  picture: number;
  withGallery: boolean;
}

/** Pictures drawn per category (shared by its listings, so seeding stays fast). */
export const PICTURES_PER_CATEGORY = 2;

const CONDITIONS = ['new', 'like_new', 'good', 'fair', 'poor'] as const;
const DEVANAGARI = /[\u0900-\u097f]/;

const CITY_HI: Record<string, string> = {
  Delhi: 'दिल्ली',
  'New Delhi': 'नई दिल्ली',
  Mumbai: 'मुंबई',
  Bengaluru: 'बेंगलुरु',
  Chennai: 'चेन्नई',
  Kolkata: 'कोलकाता',
  Hyderabad: 'हैदराबाद',
  Pune: 'पुणे',
  Ahmedabad: 'अहमदाबाद',
  Surat: 'सूरत',
  Jaipur: 'जयपुर',
  Ludhiana: 'लुधियाना',
  Lucknow: 'लखनऊ',
  Kanpur: 'कानपुर',
  Coimbatore: 'कोयंबटूर',
  Indore: 'इंदौर',
};

/** Categories whose buyers usually want their own logo or printing. */
const CUSTOMISABLE = new Set(['MensClothing', 'WomensClothing', 'UnisexClothing', 'Bags', 'Wearables', 'Kitchen', 'Accessories', 'OfficeSupplies']);

function parseItem(line: string): { title: string; price: string | null; tags: string[]; min: number; max: number; condition: DemoListing['condition'] } {
  const [title, price = '', tags = '', range = '1-1', condition = 'new'] = line.split('|').map((s) => s.trim());
  const [min, max] = range.split('-').map(Number);
  if (!title || !Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max < min) throw new Error(`bad demo item: ${line}`);
  if (!(CONDITIONS as readonly string[]).includes(condition)) throw new Error(`bad demo condition: ${line}`);
  return {
    title,
    price: price === '' ? null : Number(price).toFixed(2),
    tags: tags.split(',').map((t) => t.trim()).filter(Boolean),
    min,
    max,
    condition: condition as DemoListing['condition'],
  };
}

function englishDescription(item: ReturnType<typeof parseItem>, notes: string[], seller: DemoSeller, n: number): string {
  const place = [`Ready stock at our ${seller.city} godown.`, `Dispatch from ${seller.city} within 2 working days.`, `Visit our ${seller.city} shop to see the goods.`][n % 3];
  const used = item.condition === 'new' ? '' : ['Used, in working order; photos of the exact piece on request.', 'Pre-owned, checked and cleaned; sold as seen.'][n % 2];
  const order = item.min > 1 ? `Minimum order ${item.min} pieces; ${item.max} available.` : item.max > 1 ? `${item.max} pieces in stock.` : 'Only one piece.';
  const pay = item.price === null ? 'Price on request: send an inquiry with your quantity.' : ['GST invoice provided.', 'GST bill, UPI and bank transfer accepted.', 'Rates are ex-godown, GST extra.'][n % 3];
  return [`${item.title}.`, notes[n % notes.length], used, place, order, pay].filter(Boolean).join(' ');
}

function hindiDescription(item: ReturnType<typeof parseItem>, seller: DemoSeller, n: number): string {
  const city = CITY_HI[seller.city] ?? seller.city;
  const place = [`${city} में रेडी स्टॉक।`, `${city} से 2 दिन में डिस्पैच।`, `माल देखने के लिए ${city} की दुकान पर आइए।`][n % 3];
  const used = item.condition === 'new' ? 'बिल्कुल नया माल, कंपनी पैक।' : 'पुराना माल, चालू हालत में; फ़ोटो माँगने पर भेजेंगे।';
  const order = item.min > 1 ? `कम से कम ${item.min} पीस का ऑर्डर; ${item.max} पीस उपलब्ध।` : `${item.max} पीस उपलब्ध।`;
  const pay = item.price === null ? 'रेट के लिए इंक्वायरी भेजें।' : 'GST बिल मिलेगा। पूरे भारत में डिलीवरी।';
  return [`${item.title}।`, used, place, order, pay].join(' ');
}

function questionsFor(category: string, item: ReturnType<typeof parseItem>, hindi: boolean): DemoListing['questions'] {
  if (hindi) {
    return [
      { question: 'आपको कितने पीस चाहिए?', questionType: 'FreeResponse', mandatory: true },
      { question: 'क्या आपको GST बिल चाहिए?', questionType: 'YesNo', mandatory: false },
      { question: 'डिलीवरी किस शहर में चाहिए?', questionType: 'FreeResponse', mandatory: false },
    ];
  }
  const qs: DemoListing['questions'] = [{ question: 'How many pieces do you need?', questionType: 'FreeResponse', mandatory: true }];
  if (CUSTOMISABLE.has(category)) qs.push({ question: 'Do you need your logo or custom printing?', questionType: 'YesNo', mandatory: false });
  if (item.condition !== 'new') qs.push({ question: 'Would you like to see the piece before buying?', questionType: 'YesNo', mandatory: false });
  qs.push({ question: 'Do you need a GST invoice?', questionType: 'YesNo', mandatory: false });
  qs.push({ question: 'Which city should we deliver to?', questionType: 'FreeResponse', mandatory: false });
  return qs;
}

/**
 * The demo catalogue: every line of DEMO_STOCK as a listing by a shop that trades in its category
 * (Hindi listings by shops that write Hindi when there is one), with questions on every third
 * listing. Deterministic: the same catalogue on every fresh database.
 */
export function demoCatalogue(): DemoListing[] {
  const listings: DemoListing[] = [];
  let n = 0;
  for (const [category, stock] of Object.entries(DEMO_STOCK)) {
    const traders = DEMO_SELLERS.filter((s) => s.categories.includes(category));
    if (!traders.length) throw new Error(`no demo seller trades in ${category}`);
    stock.items.forEach((line, i) => {
      const item = parseItem(line);
      const hindi = DEVANAGARI.test(item.title);
      const pool = hindi && traders.some((s) => s.writesHindi) ? traders.filter((s) => s.writesHindi) : traders;
      const seller = pool[i % pool.length];
      const used = item.condition !== 'new';
      listings.push({
        seller,
        title: item.title,
        description: hindi ? hindiDescription(item, seller, n) : englishDescription(item, stock.notes, seller, n),
        category,
        productType: used ? 'used' : 'new',
        condition: item.condition,
        // Priced listings mostly sell at once (from the minimum order up); every third asks for an inquiry,
        // as sellers of bulk goods often do. Price on request is always an inquiry.
        purchaseType: item.price !== null && n % 3 !== 2 ? 'buy_now' : 'inquire',
        price: item.price,
        minQuantity: item.min,
        maxQuantity: item.max,
        tags: item.tags,
        questions: n % 3 === 0 ? questionsFor(category, item, hindi) : [],
        picture: i % PICTURES_PER_CATEGORY,
        withGallery: n % 4 === 1,
      });
      n += 1;
    });
  }
  return listings;
}
