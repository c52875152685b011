const DEVANAGARI_DIGITS = '०१२३४५६७८९';
const DEVANAGARI = /[\u0900-\u097F]/;

/** True when the text has Devanagari letters. */
export const hasDevanagari = (s: string): boolean => DEVANAGARI.test(s);

/**
 * One spelling for the many ways the same words arrive from speech recognition and keyboards:
 * NFC, lower case, ASCII digits, no nukta or zero-width joiners (हज़ार = हजार), chandrabindu as
 * anusvara (पाँच = पांच), thousands separators dropped (1,50,000), currency marks as their own word.
 */
export function normalizeQuery(raw: string): string {
  let s = raw.normalize('NFC').toLowerCase();
  s = s.replace(/[०-९]/g, (d) => String(DEVANAGARI_DIGITS.indexOf(d)));
  s = s.replace(/[\u093C\u200C\u200D]/g, '').replace(/\u0901/g, '\u0902');
  // Decomposed nukta letters come back as their plain consonants once the nukta is gone (NFC kept
  // precomposed forms such as \u0958-\u095F; fold them too).
  s = s.replace(/[\u0958-\u095F]/g, (c) => ({ '\u0958': 'क', '\u0959': 'ख', '\u095A': 'ग', '\u095B': 'ज', '\u095C': 'ड', '\u095D': 'ढ', '\u095E': 'फ', '\u095F': 'य' })[c] ?? c);
  s = s.replace(/(\d),(?=\d)/g, '$1');
  // '5000/-' is how prices are written in India: rupees.
  s = s.replace(/\/-/g, ' rs ');
  s = s.replace(/₹/g, ' ₹ ');
  // Dollars stay dollars (a word of their own), so '$500' is never read as ₹500.
  s = s.replace(/\$/g, ' $ ');
  s = s.replace(/\brs\.?(?=\s|\d|$)/g, ' rs ');
  // Split digits from letters ('5000rs', '30k' stays: the amount parser reads its suffix) and
  // ranges ('2000-5000').
  s = s.replace(/(\d)-(?=\d)/g, '$1 - ');
  s = s.replace(/(\d)\+/g, '$1 + ');
  s = s.replace(/(\d)(rs|rupees?|inr)\b/g, '$1 $2');
  s = s.replace(/(\d)(pcs|pc|pieces?|units?|nos)\b/g, '$1 $2');
  s = s.replace(/(\d)([\u0900-\u097F])/g, '$1 $2');
  s = s.replace(/'s\b/g, 's');
  // Everything else that is not a letter, digit, decimal point, ₹, $ or + separates words.
  s = s.replace(/[^\p{L}\p{M}\p{N}.₹$+\s-]/gu, ' ');
  s = s.replace(/(^|\s)-+(?=\s|$)/g, '$1 - ');
  s = s.replace(/(\p{L})-(?=\p{L})/gu, '$1 ');
  s = s.replace(/(^|\s)\.+|\.+(?=\s|$)/g, ' ');
  s = s.replace(/।/g, ' ');
  return s.replace(/\s+/g, ' ').trim();
}

/** Words of a normalized query. */
export const tokenize = (normalized: string): string[] => (normalized ? normalized.split(' ') : []);
