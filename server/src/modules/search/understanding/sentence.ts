import { CURRENCY_WORDS } from './amounts.js';
import { PHRASE_TRANSLATIONS, PhraseSet, REFINE_WORDS, STOPWORDS, TRANSLATIONS } from './lexicon.js';
import { hasDevanagari } from './normalize.js';
import { transliterate } from './transliterate.js';
import { COORDINATORS, DESCRIBE_AFTER, DESCRIBE_BEFORE, ENGLISH_VERBS, GENITIVES, GERUNDS, KARNE, LIYE } from './word-classes.js';
import { hindiInflected, inflected, loanword } from './word-forms.js';

const PHRASES_P = new PhraseSet(PHRASE_TRANSLATIONS.keys());

/** Where a word stands in the sentence. */
export interface WordPlace {
  /** Goods joined by 'and' / 'aur' are in different groups. */
  group: number;
  /** Said as what the goods are for ('for car', 'car ke liye'). */
  purpose: boolean;
  /**
   * A joint comes before it: 'and', 'for', 'with' (hard: no goods phrase spans it) or 'ka' / 'की'
   * (a possessor before its goods: a phrase spans it only when it takes in the whole of the goods,
   * 'bathroom ki fitting', 'कार की बैटरी'; 'car ka seat cover' is no 'car seat').
   */
  breakBefore: false | 'hard' | 'genitive';
}

/** The words of a request in English, and how each stands in the sentence. */
export interface Sentence {
  words: string[];
  /** Parallel to `words`. */
  places: WordPlace[];
  /** Words said after 'with' / 'having' ('laptop with backlit keyboard'): they describe the goods before them. */
  described: Set<string>;
  /**
   * The buyer's own spellings of words read in English ('kursi', 'कुर्सी' and 'kursi' for 'chair'):
   * listings written in Hindi or Hinglish carry those, not the English word.
   */
  origins: Map<string, string[]>;
  /** Words read through the dictionaries (a phrase, a translation, a Hindi plural, a loanword the lexicon knows): real words. */
  read: Set<string>;
}

/**
 * Reads the words left once the filters were taken: phrases first ('शुगर जांच मशीन' is a
 * glucometer), each other word in English (a translation, a Devanagari loanword by sound, a Hindi
 * plural's stem), filler left out, and the sentence's joints noted.
 */
export function readSentence(rest: string[]): Sentence {
  const words: string[] = [];
  const described = new Set<string>();
  const places: WordPlace[] = [];
  const origins = new Map<string, string[]>();
  const read = new Set<string>();
  let describing = false;
  let group = 0;
  let breakNext: WordPlace['breakBefore'] = false;
  let forWhat = false;
  for (let i = 0; i < rest.length; i += 1) {
    const t = rest[i];
    // Phrases first ('शुगर जांच मशीन' is a glucometer, 'बच्चों की ड्रेस' children's clothes), also
    // with what a machine does made Hindi by 'karne ki' ('sugar check karne ki machine').
    const phraseLength = PHRASES_P.matchAt(rest, i) || phraseThroughKarne(rest, i);
    const said = rest.slice(i, i + phraseLength);
    const phrase = phraseLength
      ? (PHRASE_TRANSLATIONS.get(said.join(' ')) ?? PHRASE_TRANSLATIONS.get(said.filter((_x, k) => !skippedByKarne(rest, i + k)).join(' ')))
      : undefined;
    if (phrase) i += phraseLength - 1;
    else {
      if (DESCRIBE_AFTER.has(t) && words.length) describing = true;
      // 'मुड़ने वाली व्हीलचेयर', 'calling wali smart watch', 'गमले के साथ': Hindi's postpositions make the
      // word before them describe the goods ('check karne wali machine': what the goods do stays in their phrase).
      if (DESCRIBE_BEFORE.has(t) && words.length && !KARNE.has(rest[i - 1] ?? '')) described.add(words[words.length - 1]);
      // The sentence's joints: 'and' / 'aur' join other goods; 'for' and 'ke liye' say what the goods
      // are for; 'ka' / 'की' join a possessor to its goods ('car ka seat cover'). No goods phrase spans one.
      if (COORDINATORS.has(t)) {
        group += 1;
        breakNext = 'hard';
      } else if (t === 'for') {
        forWhat = true;
        breakNext = 'hard';
      } else if (LIYE.has(t) && GENITIVES.has(rest[i - 1] ?? '')) {
        if (places.length) places[places.length - 1].purpose = true;
        breakNext = 'hard';
      } else if (GENITIVES.has(t) && !GERUNDS.has(words[words.length - 1] ?? '')) breakNext = 'genitive';
      else if (DESCRIBE_AFTER.has(t)) breakNext = 'hard';
    }
    // 'bp check karne ki machine', 'repair karne ka saman': an English verb made Hindi by 'karne' is what the goods do.
    if (!phrase && KARNE.has(t)) {
      const last = words.length - 1;
      if (last >= 0 && ENGLISH_VERBS.has(words[last])) words[last] = ENGLISH_VERBS.get(words[last])!;
      continue;
    }
    if (!phrase && (STOPWORDS.has(t) || REFINE_WORDS.has(t) || CURRENCY_WORDS.has(t) || t === '-' || t === '+')) continue;
    const latin = hasDevanagari(t) ? transliterate(t) : null;
    const english = phrase ?? TRANSLATIONS.get(t) ?? (latin !== null ? (hindiInflected(t) ?? loanword(latin)) : (inflected(t) ?? t));
    const fromDictionary = english !== t && english !== latin;
    // A word read as one English word keeps the buyer's spelling (and a Devanagari word its Latin letters).
    if (!phrase && !english.includes(' ') && english !== t) {
      const own = [t, ...(latin !== null ? [latin] : [])].filter((o) => o !== english);
      origins.set(english, [...new Set([...(origins.get(english) ?? []), ...own])]);
    }
    for (const w of english.split(' ')) {
      if (!w || words.includes(w)) continue;
      words.push(w);
      if (fromDictionary) read.add(w);
      places.push({ group, purpose: forWhat, breakBefore: breakNext });
      breakNext = false;
      if (describing) described.add(w);
    }
  }
  // 'jhola bag kapde ka': a possessor said after its goods only describes them.
  if (GENITIVES.has(rest[rest.length - 1] ?? '') && places.length > 1) places[places.length - 1].purpose = true;
  return { words, places, described, origins, read };
}

/** Whether the token at `k` is 'karne' or the joint right after it (left out of a phrase). */
const skippedByKarne = (rest: string[], k: number): boolean => KARNE.has(rest[k]) || (AFTER_KARNE.has(rest[k]) && KARNE.has(rest[k - 1] ?? ''));

/** The joint after 'karne' ('sugar check karne ki machine', 'bp check karne wali machine'). */
const AFTER_KARNE = new Set([...GENITIVES, ...DESCRIBE_BEFORE]);

/**
 * How many tokens from `i` a phrase of the table takes when 'karne' and the joint after it are left
 * out ('sugar check karne ki machine' is the phrase 'sugar check machine'), or 0.
 */
function phraseThroughKarne(rest: string[], i: number): number {
  const kept: number[] = [];
  for (let k = i; k < rest.length && kept.length < 6; k += 1) {
    if (k > i && KARNE.has(rest[k])) {
      if (AFTER_KARNE.has(rest[k + 1] ?? '')) k += 1;
      continue;
    }
    kept.push(k);
  }
  const len = PHRASES_P.matchAt(kept.map((k) => rest[k]), 0);
  return len > 0 && kept[len - 1] - i + 1 > len ? kept[len - 1] - i + 1 : 0;
}

/** Where the noun group of the word at `i` ends (the next joint, or the end). */
export function nextJoint(places: WordPlace[], i: number): number {
  let end = i + 1;
  while (end < places.length && !places[end].breakBefore) end += 1;
  return end;
}
