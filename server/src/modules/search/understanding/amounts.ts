/**
 * Spoken and typed amounts ('5k', '1.5 lakh', 'पांच हजार', 'das hazar', '₹ 5000') read into exact
 * integer paise. Decimals are kept as digits and scaled with bigint arithmetic, never as floats.
 */

/** A decimal number as digits and a scale: 1.5 = { digits: 15n, scale: 1 }. */
export interface Decimal {
  digits: bigint;
  scale: number;
}

const MULTIPLIERS: Record<string, bigint> = {
  k: 1000n,
  thousand: 1000n,
  thousands: 1000n,
  hazar: 1000n,
  hazaar: 1000n,
  hajar: 1000n,
  hajaar: 1000n,
  hazzar: 1000n,
  हजार: 1000n,
  l: 100000n,
  lakh: 100000n,
  lakhs: 100000n,
  lac: 100000n,
  lacs: 100000n,
  laakh: 100000n,
  लाख: 100000n,
  cr: 10000000n,
  crore: 10000000n,
  crores: 10000000n,
  करोड: 10000000n,
  करोड़: 10000000n,
  hundred: 100n,
  sau: 100n,
  सौ: 100n,
};

/** Number words a recogniser or a typist may give instead of digits (English, Hinglish, Hindi). */
const NUMBER_WORDS: Record<string, Decimal> = {};
const addWords = (value: number, ...words: string[]) => {
  for (const w of words) NUMBER_WORDS[w] = { digits: BigInt(value), scale: 0 };
};
addWords(1, 'one', 'ek', 'एक');
addWords(2, 'two', 'do', 'दो');
addWords(3, 'three', 'teen', 'तीन');
addWords(4, 'four', 'char', 'chaar', 'चार');
addWords(5, 'five', 'panch', 'paanch', 'पांच', 'पाँच');
addWords(6, 'six', 'chhe', 'chah', 'छह', 'छः', 'छे');
addWords(7, 'seven', 'saat', 'सात');
addWords(8, 'eight', 'aath', 'आठ');
addWords(9, 'nine', 'nau', 'नौ');
addWords(10, 'ten', 'das', 'दस');
addWords(12, 'twelve', 'barah', 'बारह');
addWords(15, 'fifteen', 'pandrah', 'पंद्रह');
addWords(20, 'twenty', 'bees', 'बीस');
addWords(25, 'pachees', 'पच्चीस');
addWords(30, 'thirty', 'tees', 'तीस');
addWords(40, 'forty', 'chalis', 'chaalis', 'चालीस');
addWords(50, 'fifty', 'pachas', 'pachaas', 'पचास');
addWords(60, 'sixty', 'saath', 'साठ');
addWords(70, 'seventy', 'sattar', 'सत्तर');
addWords(80, 'eighty', 'assi', 'अस्सी');
addWords(90, 'ninety', 'nabbe', 'नब्बे');
NUMBER_WORDS.dedh = { digits: 15n, scale: 1 };
NUMBER_WORDS['डेढ'] = { digits: 15n, scale: 1 };
NUMBER_WORDS['डेढ़'] = { digits: 15n, scale: 1 };
NUMBER_WORDS.dhai = { digits: 25n, scale: 1 };
NUMBER_WORDS['ढाई'] = { digits: 25n, scale: 1 };

/** Words naming rupees, before or after the number. */
export const CURRENCY_WORDS = new Set(['₹', 'rs', 'inr', 'rupee', 'rupees', 'rupaye', 'rupaiye', 'rupay', 'rupiya', 'रुपये', 'रुपए', 'रुपया', 'रूपये', 'रु']);

const NUMERIC = /^(\d+(?:\.\d+)?)(k|l|lakh|lakhs|lac|lacs|cr|crore)?$/;

function parseDecimal(text: string): Decimal {
  const [whole, frac = ''] = text.split('.');
  return { digits: BigInt(whole + frac), scale: frac.length };
}

/** A number read from the words at a position. */
export interface ReadNumber {
  /** The value in whole units times 10^scale. */
  value: Decimal;
  /** Index after the last word used. */
  end: number;
  /** A thousand/lakh/crore word or suffix was part of it. */
  multiplied: boolean;
  /** The multiplier used (1 when none), to carry over in '5 se 10 hazar'. */
  multiplier: bigint;
  /** The multiplier was the one-letter 'k' suffix ('4k tv' is a resolution, '30k' a price). */
  kSuffix: boolean;
  /** The number before any multiplier. */
  base: Decimal;
  /** The plain value fits an integer (for quantities). */
  integer: number | null;
}

/** Reads a number (digits or number words, with a multiplier) starting at `i`, or null. */
export function readNumber(tokens: string[], i: number): ReadNumber | null {
  const tok = tokens[i];
  if (tok === undefined) return null;
  let value: Decimal;
  let multiplier = 1n;
  let multiplied = false;
  let end = i + 1;
  const m = NUMERIC.exec(tok);
  if (m) {
    value = parseDecimal(m[1]);
    if (m[2]) {
      multiplier = MULTIPLIERS[m[2]];
      multiplied = true;
    }
  } else if (NUMBER_WORDS[tok]) {
    value = NUMBER_WORDS[tok];
  } else {
    return null;
  }
  // '5 thousand', 'do lakh', 'पांच हजार', 'ek sau'; also '1 lakh 50 thousand' is rare enough to skip.
  const next = tokens[end];
  if (!multiplied && next !== undefined && MULTIPLIERS[next] !== undefined) {
    multiplier = MULTIPLIERS[next];
    multiplied = true;
    end += 1;
  }
  const scaled = { digits: value.digits * multiplier, scale: value.scale };
  const integer = scaled.scale === 0 && scaled.digits <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(scaled.digits) : null;
  return { value: scaled, end, multiplied, multiplier, kSuffix: m?.[2] === 'k', base: value, integer };
}

/** The value times a multiplier. */
export const multiply = (d: Decimal, by: bigint): Decimal => ({ digits: d.digits * by, scale: d.scale });

/** Rupees (as read) to integer paise, dropping fractions of a paisa. */
export function toPaise(value: Decimal): bigint {
  return (value.digits * 100n) / 10n ** BigInt(value.scale);
}
