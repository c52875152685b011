import {
  AMBIGUOUS_GOODS,
  AMBIGUOUS_TRADES,
  BRAND_CATEGORIES,
  BRAND_TRADES,
  CATEGORY_WORDS,
  DECIDING_WORDS,
  FOR_WHOM_WORDS,
  GENERIC_WORDS,
  PURPOSE_WORDS,
} from './category-words.js';
import { PhraseSet } from './lexicon.js';
import { nextJoint, type Sentence } from './sentence.js';
import {
  AUDIENCE_WORDS,
  CLOTHES_OF_ANYONE,
  CONTAINER_WORDS,
  COUNTED_SPECS,
  COUNTS,
  DESCRIBING,
  FORMS,
  GADGET_CATEGORIES,
  isAttribute,
  PURPOSE_CATEGORY,
  SPEC_UNITS,
  SPLIT_PARTNER,
  TRADE_GOODS_WORDS,
  VEHICLE_CONTEXT,
  YIELDING_HEADS,
} from './word-classes.js';
import { compound, singular } from './word-forms.js';

const CATEGORY_P = new PhraseSet(CATEGORY_WORDS.keys());

/** The goods a sentence names and the category they are of. */
export interface GoodsReading {
  /** The words naming goods (see Understanding.goods), 'wheelchair for hospital' without its purpose. */
  goods: string[];
  /** How many categories the goods words named (0: none; several: the head decided, or none did). */
  categories: number;
  /** The one category the words mean, or undefined. */
  category?: string;
  /** The category was named as a whole ('furniture', 'kids clothing', 'घर की सजावट'), not guessed from goods. */
  named: boolean;
  /**
   * The words naming the goods asked for ('office chair', 'seat cover' of 'seat cover for car'): what
   * a request relaxed to its goods still requires. Empty when no goods phrase heads the request.
   */
  head: string[];
  /** The word of the head that alone names the same goods ('speaker' of 'bluetooth speaker'). */
  core?: string;
  /** Goods words written as two ('wheel chair'), which listings write as one ('wheelchair'). */
  compounds: Array<[string, string]>;
  /** Positions of words that name a whole category ('furniture'), with the category they name. */
  generic: { from: number; to: number; category: string }[];
}

/**
 * The goods words of a sentence and their category: a goods phrase names one ('office chair' is
 * Furniture); several are settled by a deciding word, or by the head of the goods (the last goods
 * word of one noun group, leaving out what they are for and what describes them); a brand of one
 * trade, a trade's place ('parlour ka saman') or who clothes are for name one when nothing else does.
 * `tokens` are all the words said (with the filter words), `onlyDescribing` that every word describes.
 */
export function readGoods({ words, places, described }: Sentence, tokens: string[], onlyDescribing: boolean): GoodsReading {
  const categories = new Set<string>();
  /** Which phrase named each category. */
  const sources: Array<[category: string, phrase: string, at: number]> = [];
  const goods: string[] = [];
  const generic: GoodsReading['generic'] = [];
  const compounds: GoodsReading['compounds'] = [];
  /** Goods words that came from a category phrase ('office chair'): never only describing. */
  const inPhrase = new Set<string>();
  const addGoods = (from: number, to: number) => {
    for (const w of words.slice(from, to)) if (!goods.includes(w) && !FORMS.has(w)) goods.push(w);
    if (to - from > 1) for (const w of words.slice(from, to)) inPhrase.add(w);
  };
  for (let i = 0; i < words.length; ) {
    if (onlyDescribing && isAttribute(words, i)) {
      i += 1;
      continue;
    }
    // 'double door', '3 seater', '2 burner': a counted specification of the goods, not goods ('frij double door purana').
    if (COUNTED_SPECS.has(words[i]) && COUNTS.test(words[i - 1] ?? '')) {
      i += 1;
      continue;
    }
    const end = nextJoint(places, i);
    // A goods word written as two, also across 'ka' ('dhoop ka chashma': sun glasses, sunglasses).
    const joinable = i + 1 < end || places[i + 1]?.breakBefore === 'genitive';
    let len = CATEGORY_P.matchAt(words.slice(0, end), i) || (joinable && compound(words[i], words[i + 1]) ? 2 : 0);
    // The form goods come in names none alone ('5 kg blocks' of coco peat); 'building blocks' still does.
    if (len === 1 && FORMS.has(words[i])) len = 0;
    if (places[end]?.breakBefore === 'genitive') {
      const after = nextJoint(places, end);
      if (CATEGORY_P.matchAt(words.slice(0, after), i) === after - i) len = after - i;
    }
    if (len) {
      const phrase = words.slice(i, i + len).join(' ');
      const joined = len === 2 ? compound(words[i], words[i + 1]) : null;
      const category = CATEGORY_WORDS.get(phrase) ?? CATEGORY_WORDS.get(joined!)!;
      // A goods word written as two ('wheel chair', 'smart watches'): listings write it as one.
      if (joined) compounds.push([words[i], words[i + 1]]);
      categories.add(category);
      sources.push([category, phrase, i]);
      addGoods(i, i + len);
      if (GENERIC_WORDS.has(phrase)) generic.push({ from: i, to: i + len, category });
      i += len;
    } else {
      const single = FORMS.has(words[i]) ? null : singular(words[i]);
      const c = single && CATEGORY_WORDS.get(single);
      if (c) {
        categories.add(c);
        sources.push([c, single, i]);
        addGoods(i, i + 1);
        if (GENERIC_WORDS.has(single)) generic.push({ from: i, to: i + 1, category: c });
      } else if (AMBIGUOUS_GOODS.has(words[i]) && !onlyDescribing) addGoods(i, i + 1);
      i += 1;
    }
  }
  // 'ladies handbags': who the goods are for names a category only when nothing else does.
  if (categories.size > 1) {
    for (const c of [...categories]) if (sources.every(([sc, w]) => sc !== c || FOR_WHOM_WORDS.has(w))) categories.delete(c);
  }
  let category: string | undefined;
  /** The source naming the goods. */
  let headAt: number | undefined;
  /** The last goods phrase of a category not said as what the goods are for nor after 'with'. */
  // A goods phrase said as what the goods are for: any of its words ('false ceiling ke liye led light').
  const forWhat = (phrase: string, at: number) => phrase.split(' ').some((_w, k) => places[at + k]?.purpose);
  const lastOf = (c: string) => sources.filter(([sc, p, at]) => sc === c && !forWhat(p, at) && !described.has(words[at])).at(-1);
  if (categories.size === 1) category = [...categories][0];
  else if (categories.size > 1) {
    const decided = words.map((w) => DECIDING_WORDS.get(w)).find((c) => c !== undefined && categories.has(c));
    if (decided) category = decided;
    else {
      // The head of the goods: leaving out what they are for ('seat cover for car', 'car ke liye seat
      // cover') and what describes them ('bed with mattress'), the last goods word of one noun group
      // names them ('double door refrigerator', 'car ka seat cover', 'khidki ke parde'). Goods joined
      // by 'and' ('laptop and chair') name no single category.
      const heads = sources.filter(([c, p, at]) => categories.has(c) && !forWhat(p, at) && !described.has(words[at]));
      if (heads.length && new Set(heads.map(([, , at]) => places[at].group)).size === 1) {
        // A material or container is named by what it is of or for ('quilling paper', 'cement ki bori').
        const last = heads[heads.length - 1];
        // A material or a container of a measure ('quilling paper', 'cement ki bori', 'vermicompost 25 kg bag').
        const measured = CONTAINER_WORDS.has(last[1]) && SPEC_UNITS.has(words[last[2] - 1] ?? '');
        const yielding = heads.length > 1 && (YIELDING_HEADS.has(last[1]) || measured);
        const head = yielding ? heads[heads.length - 2] : last;
        category = head[0];
        headAt = sources.indexOf(head);
      }
    }
  }
  if (category && headAt === undefined) {
    const head = lastOf(category);
    if (head) headAt = sources.indexOf(head);
  }
  // A vehicle's gadget ('reverse parking camera', 'truck ka charger'): a car word before it makes it a car accessory.
  if (category && GADGET_CATEGORIES.has(category)) {
    const head = sources.find(([c]) => c === category);
    if (head && words.slice(0, head[2]).some((w, k) => VEHICLE_CONTEXT.has(w) && !places[k].purpose)) category = 'CarAccessories';
  }
  // A vehicle's tools ('gaadi ka tool kit', 'car ke liye spanner') are automotive tools.
  if (category === 'HomeTools' && words.some((w) => VEHICLE_CONTEXT.has(w))) category = 'AutoTools';
  if (!category && categories.size === 0) category = categoryBesideGoods(words, goods, tokens, onlyDescribing);
  // Who clothes are for decides which clothes: 'ladies suit ka kapda', 'chote bacche ke kapde', 'नवजात शिशु के कपड़े'.
  const audience = words.map((w) => AUDIENCE_WORDS.get(w)).find((c) => c !== undefined);
  if (audience && (category === 'UnisexClothing' || (!category && goods.some((w) => CLOTHES_OF_ANYONE.has(w))))) category = audience;
  // 'wheelchair for hospital': beside other goods, what they are for only describes them.
  if (goods.some((w) => !PURPOSE_WORDS.has(w))) {
    for (let k = goods.length - 1; k >= 0; k -= 1) if (PURPOSE_WORDS.has(goods[k]) && !inPhrase.has(goods[k])) goods.splice(k, 1);
  }
  const head = headAt !== undefined ? sources[headAt] : undefined;
  let headWords = head ? words.slice(head[2], head[2] + head[1].split(' ').length).filter((w) => !FORMS.has(w)) : categories.size === 0 ? goods.filter((w) => AMBIGUOUS_GOODS.has(w)).slice(-1) : [];
  // What goods are for ('factory', 'office') heads a request only when nothing else is said
  // ('फैक्ट्री के मज़दूरों के लिए सेफ्टी शूज़': the safety shoes the lexicon did not read are the goods).
  if (headWords.length && headWords.every((w) => PURPOSE_WORDS.has(w)) && words.some((w) => !headWords.includes(w) && !DESCRIBING.has(w))) headWords = [];
  // The word of the head naming the same goods alone ('speaker' of 'bluetooth speaker', 'trimmer' of 'beard trimmer').
  const last = headWords.at(-1);
  const core = head && headWords.length > 1 && last && (CATEGORY_WORDS.get(last) ?? CATEGORY_WORDS.get(singular(last) ?? '')) === head[0] ? last : undefined;
  return {
    goods,
    categories: categories.size,
    category,
    // Named only when the words naming the whole category are the goods asked for ('office furniture', not 'toy walkie talkie'):
    // followed in their noun group by other words, they describe those ('toy walkie talkie', 'vintage matchbox labels').
    named:
      category !== undefined &&
      head !== undefined &&
      generic.some((g) => g.category === category && g.from === head[2] && words.slice(g.to, nextJoint(places, g.from)).every((w) => DESCRIBING.has(w) || /^\d/.test(w))),
    head: headWords,
    core,
    generic,
    compounds,
  };
}

/**
 * A category when no goods word names one: the goods of a trade's place ('parlour ka saman', 'gym
 * equipment'), a brand or model line of one trade ('oneplus nord ce 4'), a brand's trades meeting an
 * ambiguous goods word's ('yamaha keyboard' is Music; 'hero bike' stays open), or an ambiguous goods
 * word settled by a word of its phrase said apart ('दीवार पर लगाने वाली घड़ी' is a wall clock).
 */
function categoryBesideGoods(words: string[], goods: string[], tokens: string[], onlyDescribing: boolean): string | undefined {
  if (tokens.some((t) => TRADE_GOODS_WORDS.has(t))) {
    const trade = words.map((w) => PURPOSE_CATEGORY.get(w)).find((c) => c !== undefined);
    if (trade) return trade;
  }
  if (!onlyDescribing) {
    const branded = words.map((w) => BRAND_CATEGORIES.get(w)).find((c) => c !== undefined);
    if (branded) return branded;
  }
  const trades = words.map((w) => BRAND_TRADES.get(w) ?? (BRAND_CATEGORIES.has(w) ? [BRAND_CATEGORIES.get(w)!] : undefined)).find((t) => t !== undefined);
  const meanings = goods.map((w) => AMBIGUOUS_TRADES.get(w)).find((t) => t !== undefined);
  const common = trades && meanings ? meanings.filter((c) => trades.includes(c)) : [];
  if (common.length === 1) return common[0];
  let settled: string | undefined;
  for (const g of goods.filter((w) => AMBIGUOUS_GOODS.has(w))) {
    const found = words.map((w) => CATEGORY_WORDS.get(`${w} ${g}`) ?? CATEGORY_WORDS.get(`${w} ${SPLIT_PARTNER.get(g) ?? g}`)).find((c) => c !== undefined);
    if (found) settled = found;
  }
  return settled;
}
