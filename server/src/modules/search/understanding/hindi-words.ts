import { TRANSLATIONS } from './lexicon.js';
import { hasDevanagari, normalizeQuery } from './normalize.js';

/** Each English goods word's first Devanagari spelling in the lexicon ('chair' → 'कुर्सी'). */
const HINDI_FOR = new Map<string, string>();
for (const [word, english] of TRANSLATIONS) if (hasDevanagari(word) && !HINDI_FOR.has(english)) HINDI_FOR.set(english, word);

/**
 * A search's words for a Hindi reader: a search typed in Devanagari as it was typed; English and Hinglish goods
 * words in Devanagari ('chair' and 'kursi' → 'कुर्सी'). Null when a word has no Hindi form the lexicon knows
 * (a brand, a model number), so the words are never echoed half in English.
 */
export function hindiSearchWords(query: string): string | null {
  if (hasDevanagari(query) && !/[a-z]/i.test(query)) return query.trim();
  const words = normalizeQuery(query).split(' ').filter(Boolean);
  if (!words.length) return null;
  const hindi = words.map((w) => (hasDevanagari(w) ? w : HINDI_FOR.get(TRANSLATIONS.get(w) ?? w)));
  return hindi.every((w): w is string => w !== undefined) ? hindi.join(' ') : null;
}
