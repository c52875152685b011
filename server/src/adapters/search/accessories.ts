/**
 * Accessories of goods in listing titles: 'Laptop stand', 'Bicycle chain', 'Table lamp' are a stand,
 * a chain and a lamp, not a laptop, a bicycle or a table. Both engines use these rules with the
 * accessory words of the search module's language (EngineLanguage.accessories).
 */

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of a text, lower-cased ('Air-conditioner' -> ['air', 'conditioner']). */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

/** One word in the singular or the plural ('stand', 'stands'; 'glass', 'glasses'). */
export const sameWord = (a: string, b: string): boolean => a === b || a === `${b}s` || b === `${a}s` || a === `${b}es` || b === `${a}es`;

/** Whether a word is one of the accessory words (singular or plural). */
export const isAccessoryWord = (word: string, accessories: readonly string[]): boolean => accessories.some((a) => sameWord(word, a));

/**
 * The goods a listing is an accessory of, from its title (as written and as spelt in query words)
 * and each of its tags ('bike helmet'): 'Laptop stand' -> ['laptop'], 'लैपटॉप स्टैंड' -> ['laptop'].
 */
export function accessoryOfListing(d: { title: string; tags: string[] }, accessories: readonly string[], spell?: (text: string) => string): string[] {
  const texts = [d.title, ...(spell ? [spell(d.title)] : []), ...d.tags];
  return [...new Set(texts.flatMap((t) => accessoryOf(t, accessories)))];
}

/** The words of a title (lower case) that an accessory word follows: 'Laptop stand aluminium' -> ['laptop']. */
export function accessoryOf(title: string, accessories: readonly string[]): string[] {
  const words = wordsOf(title);
  const out = new Set<string>();
  for (let i = 0; i + 1 < words.length; i += 1) {
    if (!/^\d/.test(words[i]) && isAccessoryWord(words[i + 1], accessories)) out.add(words[i]);
  }
  return [...out];
}
