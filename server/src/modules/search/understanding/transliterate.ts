/**
 * Devanagari to Latin letters, the way English loanwords and brand names are usually spelt
 * (सैमसंग -> saimsang, close enough for typo-tolerant matching of 'samsung'). Used for words the
 * dictionary does not know; it follows Hindi's schwa deletion so words do not end in a stray 'a'.
 */

const VOWELS: Record<string, string> = {
  'अ': 'a', 'आ': 'a', 'इ': 'i', 'ई': 'i', 'उ': 'u', 'ऊ': 'u', 'ऋ': 'ri', 'ए': 'e', 'ऐ': 'ai', 'ओ': 'o', 'औ': 'au', 'ऑ': 'o', 'ऍ': 'e',
};
const MATRAS: Record<string, string> = {
  'ा': 'a', 'ि': 'i', 'ी': 'i', 'ु': 'u', 'ू': 'u', 'ृ': 'ri', 'े': 'e', 'ै': 'ai', 'ो': 'o', 'ौ': 'au', 'ॉ': 'o', 'ॅ': 'e',
};
const CONSONANTS: Record<string, string> = {
  'क': 'k', 'ख': 'kh', 'ग': 'g', 'घ': 'gh', 'ङ': 'n', 'च': 'ch', 'छ': 'chh', 'ज': 'j', 'झ': 'jh', 'ञ': 'n', 'ट': 't', 'ठ': 'th',
  'ड': 'd', 'ढ': 'dh', 'ण': 'n', 'त': 't', 'थ': 'th', 'द': 'd', 'ध': 'dh', 'न': 'n', 'प': 'p', 'फ': 'f', 'ब': 'b', 'भ': 'bh',
  'म': 'm', 'य': 'y', 'र': 'r', 'ल': 'l', 'व': 'v', 'श': 'sh', 'ष': 'sh', 'स': 's', 'ह': 'h', 'ळ': 'l',
};
const VIRAMA = '्';
const ANUSVARA = 'ं';
const VISARGA = 'ः';

interface Syllable {
  consonant: string;
  vowel: string;
  /** The vowel is the inherent 'a' (a candidate for deletion). */
  inherent: boolean;
}

/** English letters as Hindi writes their names (सी for C, टी for T), longest first. */
const LETTER_NAMES: Array<[string, string]> = (
  [
    ['डब्ल्यू', 'w'], ['डबल्यू', 'w'], ['क्यू', 'q'], ['एक्स', 'x'], ['ज़ेड', 'z'], ['जेड', 'z'], ['वाई', 'y'], ['आई', 'i'], ['एच', 'h'],
    ['एफ', 'f'], ['एल', 'l'], ['एम', 'm'], ['एन', 'n'], ['आर', 'r'], ['एस', 's'], ['बी', 'b'], ['सी', 'c'], ['डी', 'd'], ['जी', 'g'],
    ['जे', 'j'], ['के', 'k'], ['पी', 'p'], ['टी', 't'], ['यू', 'u'], ['वी', 'v'], ['ए', 'a'], ['ई', 'e'], ['ओ', 'o'],
  ] as Array<[string, string]>
).sort((a, b) => b[0].length - a[0].length);

/**
 * The letters of an abbreviation spelt out by their names (सीसीटीवी -> cctv, एनसीईआरटी -> ncert,
 * जीएसटी -> gst), or null when the word is not made of two or more letter names.
 */
export function spelledLetters(word: string): string | null {
  let out = '';
  for (let i = 0; i < word.length; ) {
    const name = LETTER_NAMES.find(([hi]) => word.startsWith(hi, i));
    if (!name) return null;
    out += name[1];
    i += name[0].length;
  }
  return out.length >= 2 ? out : null;
}

/** Latin spelling of one Devanagari word (an abbreviation spelt out as its letters); other characters pass through. */
export function transliterate(word: string): string {
  const letters = spelledLetters(word);
  if (letters) return letters;
  const units: Syllable[] = [];
  const chars = [...word];
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i];
    if (CONSONANTS[c] !== undefined) {
      const next = chars[i + 1];
      if (next === VIRAMA) {
        units.push({ consonant: CONSONANTS[c], vowel: '', inherent: false });
        i += 1;
      } else if (next !== undefined && MATRAS[next] !== undefined) {
        units.push({ consonant: CONSONANTS[c], vowel: MATRAS[next], inherent: false });
        i += 1;
      } else {
        units.push({ consonant: CONSONANTS[c], vowel: 'a', inherent: true });
      }
    } else if (VOWELS[c] !== undefined) {
      units.push({ consonant: '', vowel: VOWELS[c], inherent: false });
    } else if (c === ANUSVARA) {
      units.push({ consonant: 'n', vowel: '', inherent: false });
    } else if (c === VISARGA) {
      units.push({ consonant: 'h', vowel: '', inherent: false });
    } else if (MATRAS[c] !== undefined) {
      units.push({ consonant: '', vowel: MATRAS[c], inherent: false });
    } else {
      units.push({ consonant: c, vowel: '', inherent: false });
    }
  }
  // Schwa deletion: a final inherent 'a' goes; a medial one goes between a vowel-carrying
  // syllable and a consonant that carries a vowel (V C a C V -> V C C V), scanning right to left.
  const last = units[units.length - 1];
  if (last?.inherent && units.length > 1) last.vowel = '';
  for (let i = units.length - 2; i >= 1; i -= 1) {
    const u = units[i];
    const prev = units[i - 1];
    const next = units[i + 1];
    if (u.inherent && u.vowel && prev.vowel && next.consonant && next.vowel) u.vowel = '';
  }
  return units.map((u) => u.consonant + u.vowel).join('');
}
