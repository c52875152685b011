import { AMBIGUOUS_GOODS, CATEGORY_WORDS } from './category-words.js';
import { TRANSLATIONS } from './lexicon.js';
import { hasDevanagari } from './normalize.js';
import { CONTAINER_WORDS, DESCRIBING } from './word-classes.js';

/** Forms of goods words: known words, loanwords by sound, Hindi inflections, compounds, typos, plurals. */

export const SINGLE_GOODS_WORDS = [...CATEGORY_WORDS.keys()].filter((k) => !k.includes(' ')).sort();
/** Every word of a goods phrase ('chain' of 'bicycle chain'): a real word, never 'corrected' into another. */
export const KNOWN_WORDS = new Set([
  ...[...CATEGORY_WORDS.keys(), ...AMBIGUOUS_GOODS].flatMap((k) => k.split(' ')),
  // Common words one edit from a goods word ('combo' is no 'comb', 'plate' no 'plant').
  'combo', 'combos', 'plate', 'plates', 'paint', 'point', 'chain', 'chair', 'table', 'cable', 'stand', 'brand', 'model', 'month',
  'months', 'small', 'large', 'sizes', 'colour', 'colours', 'color', 'colors', 'design', 'designs', 'pack', 'packs', 'bundle', 'dozen',
]);

/**
 * A phonetic key: how a word sounds in Latin letters, so a Devanagari loanword spelt out letter by
 * letter (स्नोबोर्ड -> snobord, मसाज -> masaj, ऑक्सीजन -> oksijan) meets its English spelling
 * (snowboard, massage, oxygen). Vowels, w, h and y go; c, q, x, ph, soft g and 'tion' are spelt as said.
 */
export function soundKey(word: string): string {
  const w = word
    .toLowerCase()
    .replace(/tion/g, 'shn')
    .replace(/gh(?=t|$)/g, '')
    .replace(/ph/g, 'f')
    .replace(/tch/g, 'ch')
    .replace(/ck/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/dg(?=[eiy])/g, 'j')
    .replace(/g(?=[eiy])/g, 'j')
    .replace(/qu?/g, 'k')
    .replace(/c/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/z/g, 'j')
    .replace(/^w/, 'v')
    // A 'v' after a consonant is said as 'w' (स्विच -> svich, 'switch').
    .replace(/([^aeiou])v/g, '$1w')
    .replace(/^ks/, 'eks')
    .replace(/n(?=[pb])/g, 'm');
  // The first sound stays (any vowel as 'a'), so 'adult' and 'headlight' differ.
  const first = /^[aeiou]/.test(w) ? 'a' : w[0];
  return `${first}${w.slice(1).replace(/[aeiouwhy]/g, '').replace(/(.)\1+/g, '$1')}`;
}
/**
 * The phonetic keys an English word may be heard as: a 'g' before e, i or y is hard or soft ('geyser',
 * 'gel'), and an 's' between vowels may sound as 'z' ('geyser' is गीज़र). Written for the catalogue's
 * vocabulary, so a word spelt by ear meets it whichever way it was heard.
 */
export function soundKeys(word: string): string[] {
  if (!/^[a-z][a-z0-9]{2,}$/.test(word)) return [];
  // A plural as its singular too ('gumboots' is गमबूट).
  const spellings = new Set([word, ...(/[^s]s$/.test(word) && word.length > 4 ? [word.slice(0, -1)] : [])]);
  for (const w of [...spellings]) if (/g[eiy]/.test(w)) spellings.add(w.replace(/g(?=[eiy])/g, 'gh'));
  for (const w of [...spellings]) if (/[aeiouy]s[aeiouy]/.test(w)) spellings.add(w.replace(/([aeiouy])s(?=[aeiouy])/g, '$1z'));
  // An 'x' between vowels is often said 'gz' ('exhaust' is एग्ज़ॉस्ट).
  for (const w of [...spellings]) if (/[aeiou]x[aeiouh]/.test(w)) spellings.add(w.replace(/([aeiou])x(?=[aeiouh])/g, '$1gz'));
  const keys = [...spellings].map(soundKey);
  // Short words say too little by their consonants: their vowels count too ('teddy', 'pram', 'dash').
  // And as Hindi writes them (spokenKeys: 'chair' is चेयर).
  return [...new Set([...keys.filter((k) => k.length >= 3), ...(keys.every((k) => k.length < 4) ? [vowelKey(word)] : []), ...spokenKeys(word)])];
}

/**
 * A finer phonetic key for short words, with the vowels as Hindi and English spellings share them
 * ('tedi' and 'teddy', 'praim' and 'pram', 'kaim' and 'cam'), marked so it never meets a consonant key.
 */
export function vowelKey(word: string): string {
  const w = word
    .toLowerCase()
    .replace(/ph/g, 'f')
    .replace(/(?<=[a-z])e$/, '')
    .replace(/tch/g, 'ch')
    .replace(/ck/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/(sh|th|kh|gh|bh|dh|ch|jh)/g, (m) => m[0])
    .replace(/qu?/g, 'k')
    .replace(/c/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/z/g, 'j')
    .replace(/w/g, 'v')
    .replace(/(ai|ay|ae)/g, 'a')
    .replace(/(ee|ea|ie|ey|y)/g, 'i')
    .replace(/(oo|ou)/g, 'u')
    .replace(/(au|aw)/g, 'o')
    .replace(/(.)\1+/g, '$1');
  return `v:${w}`;
}
/** English goods words by their phonetic key (a key two words share is left out: no guessing). */
export const BY_SOUND: ReadonlyMap<string, string> = (() => {
  const seen = new Map<string, string | null>();
  for (const word of new Set([...CATEGORY_WORDS.keys(), ...AMBIGUOUS_GOODS, ...DESCRIBING].flatMap((k) => k.split(' ')))) {
    if (!/^[a-z0-9]+$/.test(word) || word.length < 3) continue;
    const key = soundKey(word);
    if (key.length < 3) continue;
    const before = seen.get(key);
    if (before === undefined) seen.set(key, word);
    else if (before !== null && before !== word) seen.set(key, before.startsWith(word) ? word : word.startsWith(before) ? before : null);
  }
  return new Map([...seen].filter((e): e is [string, string] => e[1] !== null));
})();
/** The English goods word a transliterated Devanagari loanword sounds like, or the transliteration. */
export function loanword(latin: string): string {
  return CATEGORY_WORDS.has(latin) ? latin : (inflected(latin) ?? BY_SOUND.get(soundKey(latin)) ?? latin);
}

/** Hindi plural and oblique endings, in Latin letters ('filmon', 'kursiyon', 'botalen', 'gamle'). */
export const HINDI_ENDINGS = ['iyon', 'iyan', 'iyaan', 'yon', 'yan', 'on', 'en', 'ein', 'e'];
/**
 * A goods word in a Hindi inflection the tables do not hold ('filmon ki dvd', फिल्मों -> filmon ->
 * films): the stem (or the stem with 'a', 'i' or an English plural) when that is a known goods word.
 */
export function inflected(word: string): string | null {
  if (CATEGORY_WORDS.has(word) || KNOWN_WORDS.has(word) || !/^[a-z]+$/.test(word)) return null;
  for (const ending of HINDI_ENDINGS) {
    if (!word.endsWith(ending) || word.length - ending.length < 3) continue;
    const stem = word.slice(0, -ending.length);
    for (const form of [stem, `${stem}a`, `${stem}i`, `${stem}s`]) {
      const known = TRANSLATIONS.get(form) ?? (CATEGORY_WORDS.has(form) ? form : undefined);
      if (known) return known;
    }
  }
  return null;
}
/** Hindi plural and oblique endings in Devanagari, each with what the word ends in without it ('बालों' बाल, 'कुर्सियों' कुर्सी). */
const DEVANAGARI_ENDINGS: ReadonlyArray<[ending: string, bases: string[]]> = [
  ['ियों', ['ी', 'ि']],
  ['ियां', ['ी', 'ि']],
  ['ों', ['', 'ा', 'ी']],
  ['ें', ['', 'ा']],
  ['े', ['ा']],
];
/**
 * A Devanagari word in a Hindi inflection the tables do not hold, read through its stem: 'बालों'
 * (of hair) is बाल, hair, not the sound of 'bali' (an earring); 'किताबों' is किताब.
 */
export function hindiInflected(word: string): string | null {
  for (const [ending, bases] of DEVANAGARI_ENDINGS) {
    if (!word.endsWith(ending) || word.length - ending.length < 2) continue;
    const stem = word.slice(0, -ending.length);
    for (const base of bases) {
      const english = TRANSLATIONS.get(stem + base);
      if (english) return english;
    }
  }
  return null;
}
/** A goods word written as two ('coco peat', 'tread mill', 'sun glasses'), or null. */
export function compound(a: string | undefined, b: string | undefined): string | null {
  // 'match box' is a box of matches, not a collector's 'matchbox': a container or set word stays a word.
  if (!a || !b || CONTAINER_WORDS.has(b)) return null;
  const joined = `${a}${b}`;
  return CATEGORY_WORDS.has(joined) ? joined : singular(joined);
}

/**
 * The goods word a misspelt word was meant to be: same first letter, at most one edit for words of
 * 5 to 7 letters, two from 8 letters. Shorter words are left alone (too many real words are one edit
 * from a goods word).
 */
export function correctGoodsWord(word: string): string | null {
  if (word.length < 5 || !/^\p{L}+$/u.test(word) || hasDevanagari(word)) return null;
  const allowed = word.length >= 8 ? 2 : 1;
  let best: string | null = null;
  let bestDistance = allowed + 1;
  for (const candidate of SINGLE_GOODS_WORDS) {
    if (candidate[0] !== word[0] || Math.abs(candidate.length - word.length) > allowed) continue;
    const d = editDistance(word, candidate, allowed);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Optimal string alignment distance (insertions, deletions, substitutions, swaps), stopping past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_v, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j += 1) rows[0][j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2][j - 2] + 1);
      rows[i][j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
  }
  return rows[a.length][b.length];
}

export function singular(word: string): string | null {
  if (word.endsWith('es') && CATEGORY_WORDS.has(word.slice(0, -2))) return word.slice(0, -2);
  if (word.endsWith('s') && CATEGORY_WORDS.has(word.slice(0, -1))) return word.slice(0, -1);
  return null;
}

/** A goods word of the lexicon (any word of a goods phrase). */
export const isGoodsWord = (english: string): boolean => english.split(' ').some((w) => KNOWN_WORDS.has(w) && !DESCRIBING.has(w));

/** A spelling rule: every match of the pattern is written as the replacement, in order. */
type SpellingRule = readonly [RegExp, string];

const respell = (word: string, rules: readonly SpellingRule[]): string => rules.reduce((w, [from, to]) => w.replace(from, to), word);

/** An English word's letters as Hindi writes the word (chair -> 'cher', school -> 'skul'). */
const ENGLISH_AS_HINDI_WRITES: readonly SpellingRule[] = [
  [/^wr/, 'r'],
  [/^kn/, 'n'],
  [/sch/g, 'sk'],
  [/tion/g, 'shan'],
  [/ph/g, 'f'],
  [/tch/g, 'ch'],
  [/ck/g, 'k'],
  [/x/g, 'ks'],
  [/qu/g, 'kv'],
  [/c(?=[eiy])/g, 's'],
  [/c(?!h)/g, 'k'],
  // A silent final 'e' lengthens the vowel before it ('face' फेस, 'bike' बाइक, 'phone' फोन, 'lathe' लेथ).
  [/a([^aeiouy]h?)e(s?)$/, 'e$1$2'],
  [/i([^aeiouy]h?)e(s?)$/, 'ai$1$2'],
  [/([ou][^aeiouy]h?)e(s?)$/, '$1$2'],
  [/([^aeiou])le$/, '$1al'],
  [/([^aeiou])(er|or)$/, '$1ar'],
  [/^wa|(?<=[^aeiou])wa/g, 'vo'],
  [/[ao]l(?=k)/g, 'o'],
  [/all/g, 'ol'],
  [/(au|aw|oa)/g, 'o'],
  [/w/g, 'v'],
  [/(ai|ay|ei|ey)/g, 'e'],
  [/(oo|ou|oe)/g, 'u'],
  [/ee|ie(?=.)/g, 'i'],
  [/(?<=[a-z])(y|ie)$/, 'i'],
];

/** A Devanagari word's Latin letters, respelt as `spoken` compares them. */
const DEVANAGARI_LATIN: readonly SpellingRule[] = [
  [/ph/g, 'f'],
  // ऐ is the 'a' of 'track' (ट्रैक), औ the 'o' of 'automatic'; 'eya' is the 'air' of 'chair' (चेयर).
  [/ai/g, 'a'],
  [/au/g, 'o'],
  [/eya/g, 'e'],
  [/iya/g, 'ia'],
  [/w/g, 'v'],
  [/z$/, 's'],
  [/(?<=[aeiou])j$/, 's'],
];

/**
 * How a word sounds as Hindi writes English (chair -> चेयर 'cheyar', school -> स्कूल 'skul', face -> फेस
 * 'fes', wash -> वॉश 'vosh', running -> रनिंग 'raning', lathe -> लेथ 'leth'): its consonants and its
 * first vowel, marked so it never meets the other keys ('h:cher'). Short loanwords say too little by
 * their consonants alone, and their vowels are spelt otherwise in each script: this key meets them.
 * `spokenKeys` gives an English word's keys (its spelling read more than one way), `hindiSpokenKey` a
 * Devanagari word's Latin letters' one.
 */
export function spokenKeys(word: string): string[] {
  if (!/^[a-z]{3,}$/.test(word)) return [];
  const w = respell(word, ENGLISH_AS_HINDI_WRITES);
  const variants = new Set([w]);
  // 'ea' is 'ee' ('heater' हीटर) or 'e' ('leather' लेदर); a 'th' between vowels may be द ('leather');
  // a 'u' before a consonant is 'u' ('tube') or 'a' ('truck' ट्रक, 'bubble' बबल).
  for (const v of [...variants]) if (v.includes('ea')) variants.add(v.replace(/ea/g, 'e')).add(v.replace(/ea/g, 'i')).delete(v);
  for (const v of [...variants]) if (/[aeiou]th[aeiou]/.test(v)) variants.add(v.replace(/(?<=[aeiou])th(?=[aeiou])/g, 'd'));
  for (const v of [...variants]) if (/u[^aeiou]/.test(v)) variants.add(v.replace(/u(?=[^aeiou])/g, 'a'));
  return [...new Set([...variants].map(spoken).filter((k): k is string => k !== null))];
}

/** The spoken key of a Devanagari word's Latin letters ('cheyar', 'traik', 'shuj'), or null. */
export function hindiSpokenKey(latin: string): string | null {
  if (!/^[a-z]{3,}$/.test(latin)) return null;
  return spoken(respell(latin, DEVANAGARI_LATIN));
}

/** The key of a word both sides spell alike: its first letter and vowel, then its consonants. */
function spoken(w: string): string | null {
  const s = w.replace(/th/g, 't').replace(/z$/, 's');
  const m = /^([^aeiou]*)([aeiou])(.*)$/.exec(s);
  if (!m) return null;
  const key = `${m[1]}${m[2]}${m[3].replace(/[aeiouy]/g, '').replace(/h(?![a-z])/g, '')}`.replace(/(.)\1+/g, '$1');
  return key.length >= 3 ? `h:${key}` : null;
}
