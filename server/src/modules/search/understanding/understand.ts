import { CURRENCY_WORDS, multiply, readNumber, toPaise, type ReadNumber } from './amounts.js';
import { AMBIGUOUS_GOODS, AMBIGUOUS_TRADES, BRAND_CATEGORIES, BRAND_TRADES, BRANDED_CATEGORIES, CATEGORY_WORDS, DECIDING_WORDS, FOR_WHOM_WORDS, GENERIC_WORDS, PURPOSE_WORDS, SPLIT_GOODS } from './category-words.js';
import { MAX_QUANTITY } from '../../products/products.inputs.js';
import { cappedPrice, type SearchFilters } from './filters.js';
import {
  AROUND_AFTER,
  AROUND_BEFORE,
  BRANDS,
  BULK_WORDS,
  BUY_NOW_WORDS,
  CHEAPER_WORDS,
  COSTLIER_WORDS,
  INQUIRE_WORDS,
  MAX_AFTER,
  MAX_BEFORE,
  MIN_AFTER,
  MIN_BEFORE,
  NEW_WORDS,
  NEWEST_WORDS,
  NO_PREFERENCE_WORDS,
  PHRASE_TRANSLATIONS,
  PhraseSet,
  QUANTITY_BEFORE,
  QUANTITY_UNITS,
  RANGE_END,
  RANGE_JOIN,
  RANGE_START,
  REFINE_WORDS,
  STOPWORDS,
  TRANSLATIONS,
  USED_WORDS,
} from './lexicon.js';
import { hasDevanagari, normalizeQuery, tokenize } from './normalize.js';
import { PLACE_NAMES, PLACE_PREPOSITIONS } from './places.js';
import { transliterate } from './transliterate.js';

/** What a buyer's words mean for the search. */
export interface Understanding {
  /** The words to search, in English where a translation is known ('' when only filters were said). */
  text: string;
  /**
   * The words that name goods ('laptop', 'pressure cooker', 'watch', 'furniture'), in English. A result
   * must carry them (or a synonym); the other words of `text` describe ('black', 'office', 'dell').
   * Words naming a whole category ('furniture') are here but not in `text`: the category filter says it.
   */
  goods: string[];
  /**
   * The words of `text` that only describe (colours, materials, sizes, specifications, brands): when
   * the words together find nothing, these are dropped first. Every other word stays required.
   */
  optional: string[];
  /**
   * A goods word that names different goods in different trades ('watch': a wristwatch or a wall
   * clock; 'chain') with no phrase to settle it: no category is set, nor inferred from the catalogue.
   */
  ambiguous: boolean;
  filters: SearchFilters;
  /** A brand named ('dell'), or null. */
  brand: string | null;
  /** 'cheaper' / 'sasta' (lower) or 'premium' / 'mehenga' (higher). */
  priceDirection: 'lower' | 'higher' | null;
  /** Words such as 'only', 'sirf', 'aur' that suggest changing the current search. */
  refines: boolean;
  /** The message is an 'any' / 'koi bhi' answer. */
  noPreference: boolean;
  /** True when every content word is a brand or a describing word ('dell', 'black', 'steel'). */
  onlyDescribing: boolean;
  language: 'en' | 'hi' | 'hinglish';
}

const MAX_BEFORE_P = new PhraseSet(MAX_BEFORE);
const MAX_AFTER_P = new PhraseSet(MAX_AFTER);
const MIN_BEFORE_P = new PhraseSet(MIN_BEFORE);
const MIN_AFTER_P = new PhraseSet(MIN_AFTER);
const AROUND_BEFORE_P = new PhraseSet(AROUND_BEFORE);
const AROUND_AFTER_P = new PhraseSet(AROUND_AFTER);
const RANGE_START_P = new PhraseSet(RANGE_START);
const RANGE_JOIN_P = new PhraseSet(RANGE_JOIN);
const RANGE_END_P = new PhraseSet(RANGE_END);
const USED_P = new PhraseSet(USED_WORDS);
const NEW_P = new PhraseSet(NEW_WORDS);
const BUY_NOW_P = new PhraseSet(BUY_NOW_WORDS);
const INQUIRE_P = new PhraseSet(INQUIRE_WORDS);
const BULK_P = new PhraseSet(BULK_WORDS);
const CHEAPER_P = new PhraseSet(CHEAPER_WORDS);
const COSTLIER_P = new PhraseSet(COSTLIER_WORDS);
const NEWEST_P = new PhraseSet(NEWEST_WORDS);
const PLACES_P = new PhraseSet(PLACE_NAMES.keys());
const QTY_BEFORE_P = new PhraseSet(QUANTITY_BEFORE);
const CATEGORY_P = new PhraseSet(CATEGORY_WORDS.keys());
const NO_PREF_P = new PhraseSet(NO_PREFERENCE_WORDS);
const PHRASES_P = new PhraseSet(PHRASE_TRANSLATIONS.keys());

/**
 * The form goods come in ('protein powder', 'vitamin capsules'): sellers often leave it out of the
 * title, so it only describes, even inside a goods phrase.
 */
const FORM_WORDS = ['powder', 'capsules', 'capsule', 'syrup', 'gel', 'liquid', 'granules', 'sachet', 'sachets', 'block', 'blocks', 'disc', 'discs'];
const FORMS = new Set(FORM_WORDS);

/** Words that describe rather than name a product; a message of only these changes the current search. */
const DESCRIBING = new Set([
  'black', 'white', 'red', 'blue', 'green', 'yellow', 'grey', 'gray', 'silver', 'golden', 'gold', 'brown', 'pink', 'orange',
  'purple', 'steel', 'stainless', 'wooden', 'wood', 'plastic', 'metal', 'iron', 'leather', 'cotton', 'silk', 'glass',
  'small', 'big', 'large', 'medium', 'mini', 'portable', 'automatic', 'manual', 'electric', 'wireless', 'bluetooth',
  'digital', 'heavy', 'light', 'compact', 'foldable', 'waterproof', '4g', '5g', 'gaming', 'kala', 'kaala',
  'lal', 'safed', 'neela', 'hara', 'peela', 'lakdi', 'chota', 'chhota', 'bada', 'bara', 'काला', 'लाल', 'सफेद', 'नीला',
  'हरा', 'पीला', 'छोटा', 'बड़ा', 'बडा', 'लकड़ी', 'लकडी', 'स्टील',
  ...FORM_WORDS,
  // Languages books, films and software come in ('novels in hindi' is no 'handi').
  'hindi', 'english', 'marathi', 'tamil', 'telugu', 'kannada', 'malayalam', 'bengali', 'bangla', 'gujarati', 'punjabi', 'urdu',
  'sanskrit', 'odia', 'assamese',
]);

const COLOURS = new Set([
  'black', 'white', 'red', 'blue', 'green', 'yellow', 'grey', 'gray', 'silver', 'golden', 'gold', 'brown', 'pink', 'orange',
  'purple', 'kala', 'kaala', 'lal', 'safed', 'neela', 'hara', 'peela', 'काला', 'लाल', 'सफेद', 'नीला', 'हरा', 'पीला',
]);
/** 'color' after or before a colour adds nothing ('black color'). */
const COLOUR_NOUNS = new Set(['color', 'colour', 'colored', 'coloured', 'rang', 'रंग']);

/** Units of a specification ('16 gb', '55 inch', '5 kva'). */
const SPEC_UNITS = new Set([
  'gb', 'tb', 'mb', 'mp', 'mah', 'inch', 'inches', 'ton', 'tons', 'kva', 'kw', 'hp', 'watt', 'watts', 'hz', 'ghz', 'ltr', 'litre', 'liter',
  'litres', 'liters', 'amp', 'amps', 'ampere', 'volt', 'volts', 'kg', 'kgs', 'mm', 'cm', 'ft', 'feet', 'meter', 'metre', 'ml', 'gsm',
  'seater', 'seaters', 'lbs',
]);
/** Words naming a specification rather than goods ('16gb ram', 'bigger screen'). */
const SPEC_WORDS = new Set(['ram', 'rom', 'storage', 'memory', 'screen', 'display', 'size', 'core', 'gen', 'generation', 'touch', 'touchscreen', 'backlit']);
const SPEC = /^(\d+(\.\d+)?(gb|tb|mb|mp|mah|inch|ton|kva|kw|hp|w|hz|ghz|ltr|l|th|nd|rd|st|a|amp|v|kg|mm|cm|ft|ml|gsm)|i[3579]|ryzen|ssd|hdd)$/;

/** A word (at `i` of the searched words) that states a specification: '16gb', '16 gb', 'ram', 'i7'. */
function isAttribute(words: string[], i: number): boolean {
  const w = words[i];
  if (SPEC.test(w) || SPEC_UNITS.has(w) || SPEC_WORDS.has(w)) return true;
  return /^\d+(\.\d+)?$/.test(w) && SPEC_UNITS.has(words[i + 1] ?? '');
}

/** Goods sold as a set of pieces: a count of pieces right after them is the set's size. */
const SET_NOUNS = new Set(['blocks', 'block', 'puzzle', 'jigsaw', 'kit', 'set', 'lego', 'toolkit', 'sets', 'kits']);

/** 'old' in the three languages, and goods whose age is what they are (old coins are not second hand). */
const OLD_WORDS = new Set(['old', 'purana', 'purani', 'purane', 'पुराना', 'पुरानी', 'पुराने']);
const AGE_NOUNS = new Set([
  'coins', 'coin', 'sikke', 'sikka', 'सिक्के', 'सिक्का', 'stamps', 'films', 'filmon', 'movies', 'फिल्में', 'फिल्मों', 'songs', 'gaane',
  'गाने', 'notes', 'currency', 'photos', 'paintings', 'newspapers', 'records', 'antiques', 'dvd', 'dvds', 'cd', 'cds', 'vcd', 'vcds',
  'cassettes', 'vinyl', 'डीवीडी', 'सीडी',
  // 'old age home', 'purane logon ke liye': old people, not old goods.
  'age', 'people', 'log', 'logon', 'लोगों', 'लोग',
]);

/** Where a word stands in the sentence. */
interface WordPlace {
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
const COORDINATORS = new Set(['and', 'or', '&', 'aur', 'ya', 'evam', 'और', 'या', 'एवं', 'तथा']);
const GENITIVES = new Set(['ka', 'ki', 'ke', 'kaa', 'का', 'की', 'के']);
const LIYE = new Set(['liye', 'lie', 'लिए', 'लिये']);
/**
 * What a machine does, from the Hindi and Hinglish verb ('baal katne wali machine', 'नोट गिनने की
 * मशीन'): lexicon.ts translates the verb to these, and 'ki' after one is no joint.
 */
const GERUNDS = new Set(['cutting', 'counting', 'drying', 'checking', 'weighing', 'filling', 'lifting', 'making', 'washing', 'grinding', 'sewing', 'massage', 'pressing', 'measuring', 'cleaning', 'cooling', 'heating', 'printing', 'packing', 'sealing', 'crushing', 'mixing']);

/** Heads that are a material or container of other goods: the goods word before them names the category. */
const YIELDING_HEADS = new Set(['paper', 'papers', 'cloth', 'fabric', 'colours', 'colors', 'sack', 'sacks', 'sheet', 'sheets', 'rope', 'tape', 'powder', 'oil']);
/** Gadgets a vehicle word turns into car accessories. */
const GADGET_CATEGORIES = new Set(['Cameras', 'Audio', 'HomeElectronics', 'Smartphones', 'Computers']);
const VEHICLE_CONTEXT = new Set(['car', 'cars', 'parking', 'dashboard', 'truck', 'trucks', 'vehicle', 'reverse', 'gaadi', 'gadi']);
/** Words for 'the goods of' ('parlour ka saman', 'gym equipment'). */
const TRADE_GOODS_WORDS = new Set(['goods', 'saman', 'samaan', 'items', 'equipment', 'equipments', 'supplies', 'material', 'सामान', 'उपकरण']);
/** The goods of a trade named by where they are used. */
const PURPOSE_CATEGORY: ReadonlyMap<string, string> = new Map([
  ['parlour', 'Beauty'], ['parlor', 'Beauty'], ['salon', 'Beauty'], ['gym', 'FitnessEquipment'], ['hospital', 'MedicalDevices'],
  ['clinic', 'MedicalDevices'],
]);
/** Words that stand for each other in a settling phrase ('wall watch' as 'wall clock'). */
const SPLIT_PARTNER = new Map([['watch', 'clock'], ['clock', 'watch'], ['watches', 'clocks'], ['clocks', 'watches']]);
const KARNE = new Set(['karne', 'karna', 'karni', 'karte', 'करने', 'करना', 'करते']);
const ENGLISH_VERBS: ReadonlyMap<string, string> = new Map(
  ['check', 'test', 'clean', 'wash', 'print', 'pack', 'seal', 'count', 'weigh', 'fill', 'lift', 'grind', 'mix', 'press', 'repair', 'scan']
    .map((v): [string, string] => [v, `${v}ing`])
    .concat([['cut', 'cutting'], ['measure', 'measuring'], ['make', 'making'], ['massage', 'massage'], ['chek', 'checking']]),
);

/** Who goods are for, and the clothes of those buyers ('ladies', 'bacchon', 'शिशु'). */
const AUDIENCE_WORDS: ReadonlyMap<string, string> = new Map([
  ...['ladies', 'women', 'womens', 'woman', 'mahila', 'mahilaon', 'aurat', 'auraton', 'lady'].map((w): [string, string] => [w, 'WomensClothing']),
  ...['gents', 'men', 'mens', 'man', 'mard', 'mardon', 'purush', 'purushon', 'gent'].map((w): [string, string] => [w, 'MensClothing']),
  ...['baby', 'babies', 'kids', 'kid', 'children', 'child', 'childrens', 'infant', 'infants', 'newborn', 'toddler', 'bacche', 'bachche', 'bache',
    'bacchon', 'bachchon', 'bachon', 'baccho', 'bachcho', 'bachha', 'baccha', 'bachcha', 'bacha', 'shishu', 'navjat', 'navjaat'].map((w): [string, string] => [w, 'BabyClothing']),
]);
/** Goods that are clothes of anyone until said whose ('suit', 'dress', 'kapde'). */
const CLOTHES_OF_ANYONE = new Set(['suit', 'suits', 'dress', 'dresses', 'clothes', 'cloth', 'kapde', 'outfit', 'outfits', 'nightwear', 'innerwear']);
/** Goods whose age is what they are: 'old' names no second hand there. */
const AGED_CATEGORIES = new Set(['Collectibles', 'Movies']);
/** Words that say second hand whatever the goods ('used', 'second hand'), unlike 'old'. */
const SECOND_HAND = new Set(['used', 'second', 'secondhand', 'refurbished', 'preowned', 'pre-owned']);
/** Words after which a number is no count of goods ('class 10', 'size 9', 'with two controllers'). */
const NOT_A_COUNT_AFTER = new Set(['-', 'class', 'grade', 'std', 'standard', 'size', 'no', 'number', 'model', 'series', 'version', 'gen', 'generation', 'with', 'having', 'kaksha', 'कक्षा', 'क्लास', 'साइज', 'नंबर', 'page', 'pages', 'chapter', 'part', 'volume', 'vol', 'level', 'step', 'hero', 'iphone', 'galaxy', 'redmi', 'note', 'ps', 'gta', 'fifa', 'windows', 'ios', 'android']);

/** Words after which the buyer describes the goods already named ('with', 'having', 'ke saath'). */
const DESCRIBE_AFTER = new Set(['with', 'having', 'saath', 'sath', 'साथ', 'वाला', 'वाली', 'वाले']);

const HINGLISH_MARKERS = new Set([
  'se', 'kam', 'ka', 'ki', 'ke', 'chahiye', 'chahie', 'mujhe', 'wala', 'wali', 'wale', 'naya', 'nayi', 'purana', 'purani',
  'sasta', 'sasti', 'hazar', 'hazaar', 'tak', 'dikhao', 'aur', 'mein', 'koi', 'bhi', 'sirf', 'lakh', 'zyada', 'jyada',
]);

/** How wide 'around X' is: X - 20% to X + 20%. */
const AROUND_PERCENT = 20n;

/**
 * Rule-based query understanding: turns what the buyer said or typed (English, Hindi in Devanagari,
 * Hinglish in Latin letters) into the words to search and the filters they implied. Deterministic:
 * the same words always give the same answer.
 */
export function understandQuery(raw: string): Understanding {
  const tokens = tokenize(normalizeQuery(raw));
  const taken = tokens.map(() => false);
  const take = (from: number, to: number) => {
    for (let k = from; k < to; k += 1) taken[k] = true;
  };
  const filters: SearchFilters = {};

  readQuantities(tokens, taken, take, filters);
  dropForeignPrices(tokens, taken, take);
  readPrices(tokens, taken, take, filters);

  // Places ('in Pune', 'Surat ke supplier', 'पुणे में'), with the little words around them.
  for (let i = 0; i < tokens.length && !filters.location; i += 1) {
    const len = taken[i] ? 0 : PLACES_P.matchAt(tokens, i, taken);
    if (!len) continue;
    filters.location = PLACE_NAMES.get(tokens.slice(i, i + len).join(' '));
    take(i, i + len);
    if (i > 0 && PLACE_PREPOSITIONS.has(tokens[i - 1]) && !taken[i - 1]) taken[i - 1] = true;
    if (PLACE_PREPOSITIONS.has(tokens[i + len] ?? '') && !taken[i + len]) taken[i + len] = true;
  }

  const purchase = findPhrase(tokens, taken, BUY_NOW_P) ? 'buy_now' : findPhrase(tokens, taken, INQUIRE_P) ? 'inquire' : null;
  if (purchase) filters.purchaseType = purchase;
  // A quantity said in numbers ('500 pcs wholesale') says more than 'bulk'.
  if (findPhrase(tokens, taken, BULK_P) && filters.minQuantity === undefined) filters.bulk = true;

  // 'old coins', 'purani filmon ki dvd': how old the goods are, not a used condition.
  for (let i = 0; i + 1 < tokens.length; i += 1) {
    if (taken[i] || !OLD_WORDS.has(tokens[i])) continue;
    // The aged goods may come a few words on ('old indian stamps', 'purani hindi filmon ki dvd').
    if (tokens.slice(i + 1, i + 5).some((t) => AGE_NOUNS.has(t) || AGE_NOUNS.has(inflected(t) ?? ''))) taken[i] = true;
  }
  const used = findPhrase(tokens, taken, USED_P);
  const isNew = findPhrase(tokens, taken, NEW_P);
  if (used !== isNew) filters.productType = used ? 'used' : 'new';

  const lower = findPhrase(tokens, taken, CHEAPER_P);
  const higher = findPhrase(tokens, taken, COSTLIER_P);
  const priceDirection = lower && !higher ? 'lower' : higher && !lower ? 'higher' : null;
  if (findPhrase(tokens, taken, NEWEST_P)) filters.sort = 'newest';

  const rest = tokens.filter((_t, i) => !taken[i]);
  const noPreference = rest.length > 0 && NO_PREF_P.matchAt(rest, 0) === rest.length;
  const refines = rest.some((t) => REFINE_WORDS.has(t));

  const words: string[] = [];
  /** Words said after 'with' / 'having' ('laptop with backlit keyboard'): they describe the goods before them. */
  const described = new Set<string>();
  /** How each word stands in the sentence (parallel to `words`): see WordPlace. */
  const places: WordPlace[] = [];
  let describing = false;
  let group = 0;
  let breakNext: WordPlace['breakBefore'] = false;
  let forWhat = false;
  for (let i = 0; i < rest.length; i += 1) {
    const t = rest[i];
    // Phrases first ('शुगर जांच मशीन' is a glucometer, 'बच्चों की ड्रेस' children's clothes).
    const phraseLength = PHRASES_P.matchAt(rest, i);
    const phrase = phraseLength ? PHRASE_TRANSLATIONS.get(rest.slice(i, i + phraseLength).join(' ')) : undefined;
    if (phrase) i += phraseLength - 1;
    else {
      if (DESCRIBE_AFTER.has(t) && words.length) describing = true;
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
    const english = phrase ?? TRANSLATIONS.get(t) ?? (hasDevanagari(t) ? loanword(transliterate(t)) : (inflected(t) ?? t));
    for (const w of english.split(' ')) {
      if (!w || words.includes(w)) continue;
      words.push(w);
      places.push({ group, purpose: forWhat, breakBefore: breakNext });
      breakNext = false;
      if (describing) described.add(w);
    }
  }
  // 'jhola bag kapde ka': a possessor said after its goods only describes them.
  if (GENITIVES.has(rest[rest.length - 1] ?? '') && places.length > 1) places[places.length - 1].purpose = true;
  if (noPreference) words.length = 0;
  // 'black color', 'kala rang': the colour is the point; 'color' alone stays ('color printer').
  if (words.some((w) => COLOURS.has(w))) {
    for (let i = words.length - 1; i >= 0; i -= 1) if (COLOUR_NOUNS.has(words[i])) words.splice(i, 1);
  }

  // A misspelt goods word ('laptp', 'genrator') stands for the category word it is one or two edits from.
  for (const [i, w] of words.entries()) {
    const fixed = KNOWN_WORDS.has(w) || singular(w) || BRANDS.has(w) || DESCRIBING.has(w) || SPEC_UNITS.has(w) || SPEC_WORDS.has(w) ? null : correctGoodsWord(w);
    if (fixed && !words.includes(fixed)) words[i] = fixed;
  }

  // Only describing what is searched already ('with 16gb ram', 'black', 'dell'): the specification
  // words then name no category ('ram' would otherwise turn a phone search into Computers).
  const onlyDescribing = words.length > 0 && words.every((w, i) => BRANDS.has(w) || DESCRIBING.has(w) || isAttribute(words, i));

  const categories = new Set<string>();
  /** Which phrase named each category. */
  const sources: Array<[category: string, phrase: string, at: number]> = [];
  const goods: string[] = [];
  /** Positions of words that name a whole category ('furniture'): not searched when that category is the filter. */
  const generic: { from: number; to: number; category: string }[] = [];
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
    let len = CATEGORY_P.matchAt(words.slice(0, end), i) || (i + 1 < end && compound(words[i], words[i + 1]) ? 2 : 0);
    // The form goods come in names none alone ('5 kg blocks' of coco peat); 'building blocks' still does.
    if (len === 1 && FORMS.has(words[i])) len = 0;
    if (places[end]?.breakBefore === 'genitive') {
      const after = nextJoint(places, end);
      if (CATEGORY_P.matchAt(words.slice(0, after), i) === after - i) len = after - i;
    }
    if (len) {
      const phrase = words.slice(i, i + len).join(' ');
      const category = CATEGORY_WORDS.get(phrase) ?? CATEGORY_WORDS.get(compound(words[i], words[i + 1])!)!;
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
  if (categories.size === 1) filters.category = [...categories][0];
  else if (categories.size > 1) {
    const decided = words.map((w) => DECIDING_WORDS.get(w)).find((c) => c !== undefined && categories.has(c));
    if (decided) filters.category = decided;
    else {
      // The head of the goods: leaving out what they are for ('seat cover for car', 'car ke liye seat
      // cover') and what describes them ('bed with mattress'), the last goods word of one noun group
      // names them ('double door refrigerator', 'car ka seat cover', 'khidki ke parde'). Goods joined
      // by 'and' ('laptop and chair') name no single category.
      const heads = sources.filter(([c, , at]) => categories.has(c) && !places[at].purpose && !described.has(words[at]));
      if (heads.length && new Set(heads.map(([, , at]) => places[at].group)).size === 1) {
        // A material or container is named by what it is of or for ('quilling paper', 'cement ki bori').
        const last = heads[heads.length - 1];
        const yielding = heads.length > 1 && YIELDING_HEADS.has(last[1]);
        filters.category = yielding ? heads[heads.length - 2][0] : last[0];
      }
    }
  }
  // A vehicle's gadget ('reverse parking camera', 'truck ka charger'): a car word before it makes it a car accessory.
  if (filters.category && GADGET_CATEGORIES.has(filters.category)) {
    const head = sources.find(([c]) => c === filters.category);
    if (head && words.slice(0, head[2]).some((w, k) => VEHICLE_CONTEXT.has(w) && !places[k].purpose)) filters.category = 'CarAccessories';
  }
  // A vehicle's tools ('gaadi ka tool kit', 'car ke liye spanner') are automotive tools.
  if (filters.category === 'HomeTools' && words.some((w) => VEHICLE_CONTEXT.has(w))) filters.category = 'AutoTools';
  // 'parlour ka saman', 'gym equipment': the goods of a trade, when nothing else names them.
  if (!filters.category && categories.size === 0 && tokens.some((t) => TRADE_GOODS_WORDS.has(t))) {
    const trade = words.map((w) => PURPOSE_CATEGORY.get(w)).find((c) => c !== undefined);
    if (trade) filters.category = trade;
  }
  // A brand or model line of one trade with other words ('oneplus nord ce 4', 'nikon d7500 body').
  if (!filters.category && categories.size === 0 && !onlyDescribing) {
    const branded = words.map((w) => BRAND_CATEGORIES.get(w)).find((c) => c !== undefined);
    if (branded) filters.category = branded;
  }
  // A brand's trades and an ambiguous goods word's meet in one ('yamaha keyboard' is Music; 'hero bike' stays open).
  if (!filters.category && categories.size === 0) {
    const trades = words.map((w) => BRAND_TRADES.get(w) ?? (BRAND_CATEGORIES.has(w) ? [BRAND_CATEGORIES.get(w)!] : undefined)).find((t) => t !== undefined);
    const meanings = goods.map((w) => AMBIGUOUS_TRADES.get(w)).find((t) => t !== undefined);
    const common = trades && meanings ? meanings.filter((c) => trades.includes(c)) : [];
    if (common.length === 1) filters.category = common[0];
  }
  // An ambiguous goods word settled by a word of its phrase said apart ('दीवार पर लगाने वाली घड़ी' is a wall clock, 'कार के लिए मैट' a car mat).
  if (!filters.category && categories.size === 0) {
    for (const g of goods.filter((w) => AMBIGUOUS_GOODS.has(w))) {
      const settled = words.map((w) => CATEGORY_WORDS.get(`${w} ${g}`) ?? CATEGORY_WORDS.get(`${w} ${SPLIT_PARTNER.get(g) ?? g}`)).find((c) => c !== undefined);
      if (settled) filters.category = settled;
    }
  }
  // Who clothes are for decides which clothes: 'ladies suit ka kapda', 'chote bacche ke kapde', 'नवजात शिशु के कपड़े'.
  const audience = words.map((w) => AUDIENCE_WORDS.get(w)).find((c) => c !== undefined);
  if (audience && (filters.category === 'UnisexClothing' || (!filters.category && goods.some((w) => CLOTHES_OF_ANYONE.has(w))))) filters.category = audience;
  // 'purani hindi filmon ki dvd', 'old indian stamps': how old collectors' goods are, not second hand.
  if (filters.productType === 'used' && AGED_CATEGORIES.has(filters.category ?? '') && !tokens.some((t) => SECOND_HAND.has(t))) delete filters.productType;
  // 'wheelchair for hospital': beside other goods, what they are for only describes them.
  if (goods.some((w) => !PURPOSE_WORDS.has(w))) {
    for (let k = goods.length - 1; k >= 0; k -= 1) if (PURPOSE_WORDS.has(goods[k]) && !inPhrase.has(goods[k])) goods.splice(k, 1);
  }
  // 'furniture', 'office furniture': the category filter says it; the other words stay.
  const dropped = new Set<number>();
  for (const g of generic) if (g.category === filters.category) for (let k = g.from; k < g.to; k += 1) dropped.add(k);
  const searched = words.filter((_w, k) => !dropped.has(k));

  const brand = words.find((w) => BRANDS.has(w)) ?? null;

  const optional = searched.filter(
    (w, k) => described.has(w) || (!goods.includes(w) && (BRANDS.has(w) || DESCRIBING.has(w) || isAttribute(searched, k) || /^\d+(\.\d+)?$/.test(w))),
  );

  return {
    text: searched.join(' '),
    goods,
    optional,
    ambiguous: categories.size === 0 && goods.some((w) => SPLIT_GOODS.has(w)),
    filters,
    brand,
    priceDirection,
    refines,
    noPreference,
    onlyDescribing,
    language: hasDevanagari(raw) ? 'hi' : tokens.some((t) => HINGLISH_MARKERS.has(t)) ? 'hinglish' : 'en',
  };
}

/** True (and the words taken) when a phrase of the set occurs among the untaken words. */
function findPhrase(tokens: string[], taken: boolean[], set: PhraseSet): boolean {
  let found = false;
  for (let i = 0; i < tokens.length; i += 1) {
    if (taken[i]) continue;
    const len = set.matchAt(tokens, i, taken);
    if (len) {
      for (let k = i; k < i + len; k += 1) taken[k] = true;
      found = true;
      i += len - 1;
    }
  }
  return found;
}

const SINGLE_GOODS_WORDS = [...CATEGORY_WORDS.keys()].filter((k) => !k.includes(' ')).sort();
/** Every word of a goods phrase ('chain' of 'bicycle chain'): a real word, never 'corrected' into another. */
const KNOWN_WORDS = new Set([
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
function soundKey(word: string): string {
  const w = word
    .toLowerCase()
    .replace(/tion/g, 'shn')
    .replace(/gh(?=t|$)/g, '')
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/g(?=[eiy])/g, 'j')
    .replace(/qu?/g, 'k')
    .replace(/c/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/z/g, 'j')
    .replace(/^w/, 'v')
    .replace(/^ks/, 'eks')
    .replace(/n(?=[pb])/g, 'm');
  // The first sound stays (any vowel as 'a'), so 'adult' and 'headlight' differ.
  const first = /^[aeiou]/.test(w) ? 'a' : w[0];
  return `${first}${w.slice(1).replace(/[aeiouwhy]/g, '').replace(/(.)\1+/g, '$1')}`;
}
/** English goods words by their phonetic key (a key two words share is left out: no guessing). */
const BY_SOUND: ReadonlyMap<string, string> = (() => {
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
const HINDI_ENDINGS = ['iyon', 'iyan', 'iyaan', 'yon', 'yan', 'on', 'en', 'ein', 'e'];
/**
 * A goods word in a Hindi inflection the tables do not hold ('filmon ki dvd', फिल्मों -> filmon ->
 * films): the stem (or the stem with 'a', 'i' or an English plural) when that is a known goods word.
 */
function inflected(word: string): string | null {
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
/** Where the noun group of the word at `i` ends (the next joint, or the end). */
function nextJoint(places: WordPlace[], i: number): number {
  let end = i + 1;
  while (end < places.length && !places[end].breakBefore) end += 1;
  return end;
}
const COUNTED_SPECS = new Set(['door', 'doors', 'seater', 'seaters', 'burner', 'burners', 'star', 'tier', 'layer', 'layers', 'ply', 'drawer', 'drawers', 'shelf', 'shelves']);
const COUNTS = /^(single|double|triple|one|two|three|four|five|\d{1,2})$/;
const CONTAINER_WORDS = new Set(['box', 'boxes', 'set', 'sets', 'kit', 'kits', 'pack', 'packs', 'case', 'cases', 'bag', 'bags']);
/** A goods word written as two ('coco peat', 'tread mill', 'sun glasses'), or null. */
function compound(a: string | undefined, b: string | undefined): string | null {
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
function correctGoodsWord(word: string): string | null {
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
function editDistance(a: string, b: string, max: number): number {
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

function singular(word: string): string | null {
  if (word.endsWith('es') && CATEGORY_WORDS.has(word.slice(0, -2))) return word.slice(0, -2);
  if (word.endsWith('s') && CATEGORY_WORDS.has(word.slice(0, -1))) return word.slice(0, -1);
  return null;
}

type Take = (from: number, to: number) => void;

/** '100 pieces', 'qty 500', '5 dozen'; a quantity beyond what any listing may offer is not a filter. */
function readQuantities(tokens: string[], taken: boolean[], take: Take, filters: SearchFilters) {
  for (let i = 0; i < tokens.length; i += 1) {
    if (taken[i]) continue;
    const before = QTY_BEFORE_P.matchAt(tokens, i, taken);
    if (before) {
      const n = readNumber(tokens, i + before);
      if (n?.integer && n.integer <= MAX_QUANTITY) {
        filters.minQuantity = n.integer;
        take(i, n.end);
        continue;
      }
    }
    // 'class 10 books', 'size 9', 'ps5 with two controllers': a grade, a size or what comes with the goods.
    if (NOT_A_COUNT_AFTER.has(tokens[i - 1] ?? '')) continue;
    const n = readNumber(tokens, i);
    const unit = n ? QUANTITY_UNITS.get(tokens[n.end] ?? '') : undefined;
    // 'building blocks 500 pieces', 'tool kit 65 pieces': the size of the set, not how many to buy.
    if (n && unit && SET_NOUNS.has(tokens[i - 1] ?? '')) continue;
    if (n?.integer && unit) {
      if (n.integer * unit > MAX_QUANTITY) continue;
      filters.minQuantity = n.integer * unit;
      take(i, n.end + 1);
    } else if (n?.integer && n.integer >= 2 && n.integer <= MAX_QUANTITY && !n.multiplied && countsGoods(tokens, n.end, n.integer)) {
      filters.minQuantity = n.integer;
      take(i, n.end);
    }
  }
}

/** '50 office chairs': a plain number followed, within three words, by goods named in the plural. */
function countsGoods(tokens: string[], from: number, n: number): boolean {
  // '5 kg blocks', '3 seater sofa', '55 इंच का टीवी': a measure of each, not how many.
  const next = tokens[from] ?? '';
  if (SPEC_UNITS.has(next) || SPEC_UNITS.has(TRANSLATIONS.get(next) ?? (hasDevanagari(next) ? transliterate(next) : next))) return false;
  for (let k = from; k < Math.min(tokens.length, from + 3); k += 1) {
    const t = tokens[k];
    if (readNumber(tokens, k) || CURRENCY_WORDS.has(t) || STOPWORDS.has(t)) return false;
    if (t.endsWith('s') && (singular(t) !== null || KNOWN_WORDS.has(t.replace(/e?s$/, '')))) return true;
    // Hindi and Hinglish do not mark the plural ('200 tiffin box', '200 टिफिन बॉक्स'): ten or more
    // followed at once by goods words counts them (a model number comes after its goods: 'iphone 13').
    const unmarkedPlural = hasDevanagari(t) || tokens.some((x) => HINGLISH_MARKERS.has(x));
    // A describing word may come between ('40 सिंगल बेड', '100 steel glass').
    if (k <= from + 1 && n >= 10 && unmarkedPlural && isGoodsWord(TRANSLATIONS.get(t) ?? (hasDevanagari(t) ? loanword(transliterate(t)) : t))) return true;
  }
  return false;
}

/** A goods word of the lexicon (any word of a goods phrase). */
const isGoodsWord = (english: string): boolean => english.split(' ').some((w) => KNOWN_WORDS.has(w) && !DESCRIBING.has(w));

/** Currencies other than the rupee. */
const FOREIGN_CURRENCY = new Set(['$', 'usd', 'dollar', 'dollars']);

/**
 * '$500', 'under 500 dollars': there is no exchange rate to turn this into rupees, and reading it
 * as ₹500 would be wrong, so the amount and its price words are dropped (neither a filter nor words
 * to search).
 */
function dropForeignPrices(tokens: string[], taken: boolean[], take: Take) {
  for (let i = 0; i < tokens.length; i += 1) {
    if (taken[i]) continue;
    let end = -1;
    if (FOREIGN_CURRENCY.has(tokens[i])) {
      const n = readNumber(tokens, i + 1);
      end = n ? n.end : i + 1;
    } else {
      const n = readNumber(tokens, i);
      if (n && FOREIGN_CURRENCY.has(tokens[n.end] ?? '')) end = n.end + 1;
    }
    if (end < 0) continue;
    const before = Math.max(...[MAX_BEFORE_P, MIN_BEFORE_P, AROUND_BEFORE_P].map((set) => set.matchEndingAt(tokens, i, taken)));
    const after = Math.max(...[MAX_AFTER_P, MIN_AFTER_P, AROUND_AFTER_P].map((set) => set.matchAt(tokens, end, taken)));
    take(i - before, end + after);
    i = end + after - 1;
  }
}

/** An amount with the currency words next to it ('₹ 5000', 'rs 5k', '5000 rupees'). */
interface Amount {
  start: number;
  end: number;
  number: ReadNumber;
  currency: boolean;
}

function readAmount(tokens: string[], taken: boolean[], i: number): Amount | null {
  const start = i;
  let currency = false;
  if (CURRENCY_WORDS.has(tokens[i] ?? '') && !taken[i]) {
    currency = true;
    i += 1;
  }
  if (taken[i]) return null;
  const number = readNumber(tokens, i);
  if (!number || number.value.digits === 0n) return null;
  for (let k = i; k < number.end; k += 1) if (taken[k]) return null;
  let end = number.end;
  while (CURRENCY_WORDS.has(tokens[end] ?? '') && !taken[end]) {
    currency = true;
    end += 1;
  }
  return { start, end, number, currency };
}

/** Amounts that are prices on their own: said with rupees, or with a thousand/lakh word ('30k', not '4k tv'). */
function looksLikePrice(a: Amount): boolean {
  if (a.currency) return true;
  if (!a.number.multiplied) return false;
  return !a.number.kSuffix || a.number.base.digits >= 10n * 10n ** BigInt(a.number.base.scale);
}

function setMax(filters: SearchFilters, paise: bigint) {
  filters.maxPricePaise = cappedPrice(paise);
}
function setMin(filters: SearchFilters, paise: bigint) {
  filters.minPricePaise = cappedPrice(paise);
}

/** Every price expression: ranges, under/over/around, in English, Hinglish and Hindi word orders. */
function readPrices(tokens: string[], taken: boolean[], take: Take, filters: SearchFilters) {
  for (let i = 0; i < tokens.length; i += 1) {
    if (taken[i]) continue;

    // Ranges: 'between 2000 and 5000', '2000 to 5000', '5 se 10 hazar tak', '2000-5000'.
    const startLen = RANGE_START_P.matchAt(tokens, i, taken);
    const first = readAmount(tokens, taken, i + startLen);
    if (first) {
      const joinLen = RANGE_JOIN_P.matchAt(tokens, first.end, taken);
      const join = tokens.slice(first.end, first.end + joinLen).join(' ');
      const second = joinLen ? readAmount(tokens, taken, first.end + joinLen) : null;
      const weakJoin = ['and', 'aur', 'और'].includes(join);
      if (second && (!weakJoin || startLen)) {
        let low = first.number.value;
        const high = second.number.value;
        // '5 se 10 hazar': the first number takes the second one's multiplier.
        if (!first.number.multiplied && second.number.multiplied) low = multiply(first.number.base, second.number.multiplier);
        const lowPaise = toPaise(low);
        const highPaise = toPaise(high);
        const priceLike = startLen > 0 || looksLikePrice(first) || looksLikePrice(second) || (lowPaise >= 10000n && highPaise >= 10000n);
        if (priceLike) {
          const endLen = RANGE_END_P.matchAt(tokens, second.end, taken);
          setMin(filters, lowPaise < highPaise ? lowPaise : highPaise);
          setMax(filters, lowPaise < highPaise ? highPaise : lowPaise);
          take(i, second.end + endLen);
          continue;
        }
      }
    }

    // Words before the amount: 'under 5000', 'above ₹2000', 'around 10k'.
    for (const [set, apply] of [
      [MAX_BEFORE_P, 'max'],
      [MIN_BEFORE_P, 'min'],
      [AROUND_BEFORE_P, 'around'],
    ] as const) {
      const len = set.matchAt(tokens, i, taken);
      const amount = len ? readAmount(tokens, taken, i + len) : null;
      if (amount) {
        applyPrice(filters, apply, toPaise(amount.number.value));
        take(i, amount.end);
        break;
      }
    }
    if (taken[i]) continue;

    // Words after the amount: '5000 se kam', '5 हजार से कम', '2000 or more', '10k ke aaspaas'.
    const amount = readAmount(tokens, taken, i);
    if (!amount) continue;
    let matched = false;
    for (const [set, apply] of [
      [MAX_AFTER_P, 'max'],
      [MIN_AFTER_P, 'min'],
      [AROUND_AFTER_P, 'around'],
    ] as const) {
      const len = set.matchAt(tokens, amount.end, taken);
      if (len) {
        applyPrice(filters, apply, toPaise(amount.number.value));
        take(amount.start, amount.end + len);
        matched = true;
        break;
      }
    }
    // A price said on its own ('₹ 25000', '30k ka phone', '30 हजार का'): around it.
    if (!matched && looksLikePrice(amount)) {
      applyPrice(filters, 'around', toPaise(amount.number.value));
      take(amount.start, amount.end);
    }
    if (taken[i]) i = Math.max(i, amount.end - 1);
  }
  if (filters.minPricePaise !== undefined && filters.maxPricePaise !== undefined && filters.minPricePaise > filters.maxPricePaise) {
    [filters.minPricePaise, filters.maxPricePaise] = [filters.maxPricePaise, filters.minPricePaise];
  }
}

function applyPrice(filters: SearchFilters, kind: 'max' | 'min' | 'around', paise: bigint) {
  if (kind === 'max') setMax(filters, paise);
  else if (kind === 'min') setMin(filters, paise);
  else {
    setMin(filters, (paise * (100n - AROUND_PERCENT)) / 100n);
    setMax(filters, (paise * (100n + AROUND_PERCENT)) / 100n);
  }
}

/** The filters a new search starts from: those understood, and 'cheaper' or 'costlier' as the price order unless a sort was named. */
export function startingFilters(u: Understanding): SearchFilters {
  const filters: SearchFilters = { ...u.filters };
  if (u.priceDirection && !filters.sort) filters.sort = u.priceDirection === 'lower' ? 'price_asc' : 'price_desc';
  return filters;
}

/** Whether a category is one where buyers usually name a brand. */
export const isBrandedCategory = (category: string | undefined): boolean => category === undefined || BRANDED_CATEGORIES.has(category);
