import { foldNukta, multiplierValue, wordValue } from '../../common/number-words.js';
import type { PriceTier } from './price-bands.js';

/**
 * Reads a price ladder a seller typed or said in one line ('100 se upar 45, 500 se upar 40',
 * '100 पीस से ऊपर 45 रुपये', '100+ @ ₹45; 500+ @ ₹40', '100-499: 45') into bands, the way the
 * assistant reads a search into filters (docs/product.md#price-bands). Each part of the line names a
 * quantity and a price: the price is the number next to a rupee word (or after '@', ':', 'at', 'पर'),
 * the quantity the one next to a unit word or 'se upar' / '+' / 'from'; when nothing tells, the
 * first number is the quantity. A part that does not give exactly one of each is returned unread,
 * for the seller to see. The result is only a reading: the bands' rules are checked when saved.
 */
export interface LadderReading {
  /** By quantity, rising; prices in paise as text. */
  tiers: PriceTier[];
  /** The parts of the line that could not be read as a band, as the seller wrote them. */
  unread: string[];
}

/** Splits the line into its bands' parts: commas, semicolons, new lines, 'aur', 'और', 'then'. */
const PARTS = /\s*(?:[,;|\n।]+|\s(?:aur|और|and|then|phir|फिर|fir)\s)\s*/u;

const fold = foldNukta;
/** Words compared without nukta dots (lists and input alike). */
const wordSet = (list: string[]) => new Set(list.map(fold));

const RUPEE_BEFORE = wordSet(['₹', 'rs', 'rs.', 'inr', '@', 'at', '=', ':', 'pe', 'par', 'पर', 'mein', 'me', 'में', 'price', 'rate', 'दाम', 'daam', 'रेट']);
const RUPEE_AFTER = wordSet(['rs', 'rs.', 'rupees', 'rupee', 'rupaye', 'rupaiye', 'rupay', 'rupiya', 'रुपये', 'रुपए', 'रुपया', 'रूपये', 'रु', 'रु.', '/-', 'each', 'per', 'प्रति', '₹']);
const QUANTITY_BEFORE = wordSet(['from', 'above', 'over', 'min', 'moq', 'qty', 'quantity', 'minimum']);
const QUANTITY_AFTER = wordSet([
  '+', 'se', 'से', 'ke', 'के', 'upar', 'ऊपर', 'उपर', 'zyada', 'jyada', 'ज़्यादा', 'or', 'and', 'plus', 'onwards', 'above',
  'pc', 'pcs', 'piece', 'pieces', 'nag', 'नग', 'पीस', 'unit', 'units', 'pair', 'pairs', 'जोड़ी', 'set', 'sets', 'सेट', 'dozen', 'दर्जन',
  'box', 'boxes', 'डिब्बा', 'डिब्बे', 'carton', 'cartons', 'ctn', 'कार्टन', 'kg', 'kgs', 'kilo', 'किलो', 'gram', 'grams', 'g', 'ग्राम',
  'tonne', 'tonnes', 'ton', 'टन', 'litre', 'litres', 'liter', 'l', 'लीटर', 'metre', 'metres', 'meter', 'm', 'मीटर', 'sqm', 'वर्ग',
  'roll', 'rolls', 'रोल', 'bag', 'bags', 'बोरी', 'बोरियाँ', 'बैग',
]);
const RANGE_WORDS = wordSet(['-', '–', 'to']);
const FROM_WORDS = wordSet(['se', 'से']);
const UNTIL_WORDS = wordSet(['tak', 'तक']);

const DIGITS = /^(\d+(?:\.\d{1,2})?)(k)?$/;

interface NumberToken {
  /** The number as written, in decimal digits ('45.5'). */
  text: string;
  start: number;
  end: number;
}

/** The line's words: lower case, numbers and the signs that matter ('+', '@', ':', '₹', '-') apart. */
function words(part: string): string[] {
  return fold(part)
    .toLowerCase()
    .replace(/([+@:=₹–]|\/-)/g, ' $1 ')
    .replace(/(\d)-(?=\d)/g, '$1 - ')
    .replace(/(\d)(?=(?!k\b)[^\d.\s])/g, '$1 ') // '100pcs', '45rs'; '1k' stays whole
    .split(/\s+/)
    .map((w) => w.replace(/^(\d+)\.$/, '$1')) // a full stop after a number
    .filter(Boolean);
}

/** Reads a number at `i`: digits (with 'k' or a multiplier word after), or number words ('पाँच सौ', 'forty five'). */
function readNumber(tokens: string[], i: number): NumberToken | null {
  const first = DIGITS.exec(tokens[i]);
  if (first) {
    let [whole, frac = ''] = first[1].split('.');
    let end = i + 1;
    const factor = first[2] ? 1000 : multiplierValue(tokens[end] ?? '');
    if (factor) {
      if (!first[2]) end += 1;
      // Scale the decimal text without floats: 1.5 thousand = 1500.
      const scaled = BigInt(whole + frac) * BigInt(factor);
      const div = 10n ** BigInt(frac.length);
      whole = (scaled / div).toString();
      frac = scaled % div ? (scaled % div).toString().padStart(frac.length, '0') : '';
    }
    return { text: frac ? `${whole}.${frac}` : whole, start: i, end };
  }
  let total = 0;
  let current: number | null = null;
  let j = i;
  for (; j < tokens.length; j++) {
    const small = wordValue(tokens[j]);
    const factor = multiplierValue(tokens[j]);
    if (small !== null && current === null) current = small;
    else if (small !== null && current !== null && current % 10 === 0 && current >= 20 && current < 100 && small < 10) current += small; // 'forty five'
    else if (factor !== null) {
      total += (current ?? 1) * factor;
      current = null;
    } else break;
  }
  if (j === i) return null;
  return { text: String(total + (current ?? 0)), start: i, end: j };
}

/** Rupees as written ('45', '45.5') to paise, or null when not an amount of at least 1 paisa. */
function paiseOf(text: string): string | null {
  const [whole, frac = ''] = text.split('.');
  const paise = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0') || '0');
  return paise > 0n ? paise.toString() : null;
}

function readPart(part: string): PriceTier | null {
  const tokens = words(part);
  const numbers: NumberToken[] = [];
  for (let i = 0; i < tokens.length; ) {
    const n = readNumber(tokens, i);
    if (!n) {
      i += 1;
      continue;
    }
    const last = numbers[numbers.length - 1];
    const rising = last !== undefined && n.start === last.end + 1 && Number(n.text) > Number(last.text);
    // '100-499', '100 to 499', '100 से 499 तक': a range of quantities; the band starts at its first number.
    if (rising && RANGE_WORDS.has(tokens[last.end])) last.end = n.end;
    else if (rising && FROM_WORDS.has(tokens[last.end]) && UNTIL_WORDS.has(tokens[n.end] ?? '')) last.end = n.end + 1;
    else numbers.push(n);
    i = n.end;
  }
  if (numbers.length !== 2) return null;
  const isPrice = (n: NumberToken) => RUPEE_BEFORE.has(tokens[n.start - 1] ?? '') || RUPEE_AFTER.has(tokens[n.end] ?? '');
  const isQuantity = (n: NumberToken) => QUANTITY_BEFORE.has(tokens[n.start - 1] ?? '') || QUANTITY_AFTER.has(tokens[n.end] ?? '');
  let [quantity, price] = numbers;
  if ((isPrice(quantity) && !isPrice(price)) || (isQuantity(price) && !isQuantity(quantity))) [quantity, price] = [price, quantity];
  if (!/^\d+$/.test(quantity.text)) return null;
  const minQuantity = Number(quantity.text);
  const unitPricePaise = paiseOf(price.text);
  if (!Number.isSafeInteger(minQuantity) || minQuantity < 1 || unitPricePaise === null) return null;
  return { minQuantity, unitPricePaise };
}

/** Reads a one-line ladder into bands (rising by quantity; a quantity said twice keeps its last price). */
export function readPriceLadder(line: string): LadderReading {
  const byQuantity = new Map<number, PriceTier>();
  const unread: string[] = [];
  // Digit grouping (1,000 and 1,00,000) before the commas between bands.
  for (const raw of line.normalize('NFC').replace(/(\d),(?=\d)/g, '$1').split(PARTS)) {
    const part = raw.trim();
    if (!part) continue;
    const tier = readPart(part);
    if (tier) byQuantity.set(tier.minQuantity, tier);
    else unread.push(part);
  }
  return { tiers: [...byQuantity.values()].sort((a, b) => a.minQuantity - b.minQuantity), unread };
}
