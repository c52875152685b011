/** Classes of words query understanding reads a sentence by (what describes, what joins, what counts). */

/**
 * The form goods come in ('protein powder', 'vitamin capsules'): sellers often leave it out of the
 * title, so it only describes, even inside a goods phrase.
 */
export const FORM_WORDS = ['powder', 'capsules', 'capsule', 'pills', 'pill', 'syrup', 'gel', 'liquid', 'granules', 'sachet', 'sachets', 'block', 'blocks', 'disc', 'discs'];
export const FORMS = new Set(FORM_WORDS);

/** Words that describe rather than name a product; a message of only these changes the current search. */
export const DESCRIBING = new Set([
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

export const COLOURS = new Set([
  'black', 'white', 'red', 'blue', 'green', 'yellow', 'grey', 'gray', 'silver', 'golden', 'gold', 'brown', 'pink', 'orange',
  'purple', 'kala', 'kaala', 'lal', 'safed', 'neela', 'hara', 'peela', 'काला', 'लाल', 'सफेद', 'नीला', 'हरा', 'पीला',
]);
/** 'color' after or before a colour adds nothing ('black color'). */
export const COLOUR_NOUNS = new Set(['color', 'colour', 'colored', 'coloured', 'rang', 'रंग']);

/** Units of a specification ('16 gb', '55 inch', '5 kva'). */
export const SPEC_UNITS = new Set([
  'gb', 'tb', 'mb', 'mp', 'mah', 'inch', 'inches', 'ton', 'tons', 'kva', 'kw', 'hp', 'watt', 'watts', 'hz', 'ghz', 'ltr', 'litre', 'liter',
  'litres', 'liters', 'amp', 'amps', 'ampere', 'volt', 'volts', 'kg', 'kgs', 'mm', 'cm', 'ft', 'feet', 'meter', 'metre', 'ml', 'gsm',
  'seater', 'seaters', 'lbs',
]);
/** Words naming a specification rather than goods ('16gb ram', 'bigger screen'). */
export const SPEC_WORDS = new Set(['ram', 'rom', 'storage', 'memory', 'screen', 'display', 'size', 'core', 'gen', 'generation', 'touch', 'touchscreen', 'backlit']);
export const SPEC = /^(\d+(\.\d+)?(gb|tb|mb|mp|mah|inch|ton|kva|kw|hp|w|hz|ghz|ltr|l|th|nd|rd|st|a|amp|v|kg|mm|cm|ft|ml|gsm)|i[3579]|ryzen|ssd|hdd)$/;

/** A word (at `i` of the searched words) that states a specification: '16gb', '16 gb', 'ram', 'i7'. */
export function isAttribute(words: string[], i: number): boolean {
  const w = words[i];
  if (SPEC.test(w) || SPEC_UNITS.has(w) || SPEC_WORDS.has(w)) return true;
  return /^\d+(\.\d+)?$/.test(w) && SPEC_UNITS.has(words[i + 1] ?? '');
}

/** Goods sold as a set of pieces: a count of pieces right after them is the set's size. */
export const SET_NOUNS = new Set(['blocks', 'block', 'puzzle', 'jigsaw', 'kit', 'set', 'lego', 'toolkit', 'sets', 'kits']);

/** 'old' in the three languages, and goods whose age is what they are (old coins are not second hand). */
export const OLD_WORDS = new Set(['old', 'purana', 'purani', 'purane', 'पुराना', 'पुरानी', 'पुराने']);
export const AGE_NOUNS = new Set([
  'coins', 'coin', 'sikke', 'sikka', 'सिक्के', 'सिक्का', 'stamps', 'films', 'filmon', 'movies', 'फिल्में', 'फिल्मों', 'songs', 'gaane',
  'गाने', 'notes', 'note', 'नोट', 'नोटों', 'currency', 'photos', 'paintings', 'newspapers', 'records', 'antiques', 'dvd', 'dvds', 'cd', 'cds', 'vcd', 'vcds',
  'cassettes', 'vinyl', 'डीवीडी', 'सीडी',
  // 'old age home', 'purane logon ke liye': old people, not old goods.
  'age', 'people', 'log', 'logon', 'लोगों', 'लोग',
]);
export const COORDINATORS = new Set(['and', 'or', '&', 'aur', 'ya', 'evam', 'और', 'या', 'एवं', 'तथा']);
export const GENITIVES = new Set(['ka', 'ki', 'ke', 'kaa', 'का', 'की', 'के']);
export const LIYE = new Set(['liye', 'lie', 'लिए', 'लिये']);
/**
 * What a machine does, from the Hindi and Hinglish verb ('baal katne wali machine', 'नोट गिनने की
 * मशीन'): lexicon.ts translates the verb to these, and 'ki' after one is no joint.
 */
/** Words naming a machine by what it does ('grass cutting machine', 'bp check karne wali machine'). */
export const DEVICE_WORDS = new Set(['machine', 'machines', 'device', 'devices']);
/** A word saying what a machine does: a gerund ('cutting', 'testing'). */
export const isGerund = (w: string): boolean => GERUNDS.has(w) || /^[a-z]{3,}ing$/.test(w);
/**
 * What a doer of a gerund is called, and its base ('cutting' -> cutter, cut; 'testing' -> tester,
 * test): listings name machines so ('grass cutter', 'sugar test').
 */
export function doerForms(gerund: string): string[] {
  if (!/ing$/.test(gerund)) return [];
  const stem = gerund.slice(0, -3);
  const base = /([bdgklmnprt])\1$/.test(stem) ? stem.slice(0, -1) : stem;
  return [...new Set([`${stem}er`, base])];
}
export const GERUNDS = new Set(['cutting', 'counting', 'drying', 'checking', 'weighing', 'filling', 'lifting', 'making', 'washing', 'grinding', 'sewing', 'massage', 'pressing', 'measuring', 'cleaning', 'cooling', 'heating', 'printing', 'packing', 'sealing', 'crushing', 'mixing']);

/** Heads that are a material or container of other goods: the goods word before them names the category. */
export const YIELDING_HEADS = new Set(['paper', 'papers', 'cloth', 'fabric', 'colours', 'colors', 'sack', 'sacks', 'sheet', 'sheets', 'rope', 'tape', 'powder', 'oil']);
/** Gadgets a vehicle word turns into car accessories. */
export const GADGET_CATEGORIES = new Set(['Cameras', 'Audio', 'HomeElectronics', 'Smartphones', 'Computers']);
export const VEHICLE_CONTEXT = new Set(['car', 'cars', 'parking', 'dashboard', 'truck', 'trucks', 'vehicle', 'reverse', 'gaadi', 'gadi']);
/** Words for 'the goods of' ('parlour ka saman', 'gym equipment'). */
export const TRADE_GOODS_WORDS = new Set(['goods', 'saman', 'samaan', 'items', 'equipment', 'equipments', 'supplies', 'material', 'सामान', 'उपकरण']);
/** The goods of a trade named by where they are used. */
export const PURPOSE_CATEGORY: ReadonlyMap<string, string> = new Map([
  ['parlour', 'Beauty'], ['parlor', 'Beauty'], ['salon', 'Beauty'], ['gym', 'FitnessEquipment'], ['hospital', 'MedicalDevices'],
  ['clinic', 'MedicalDevices'],
]);
/** Words that stand for each other in a settling phrase ('wall watch' as 'wall clock'). */
export const SPLIT_PARTNER = new Map([['watch', 'clock'], ['clock', 'watch'], ['watches', 'clocks'], ['clocks', 'watches']]);
export const KARNE = new Set(['karne', 'karna', 'karni', 'karte', 'करने', 'करना', 'करते']);
export const ENGLISH_VERBS: ReadonlyMap<string, string> = new Map(
  ['check', 'test', 'clean', 'wash', 'print', 'pack', 'seal', 'count', 'weigh', 'fill', 'lift', 'grind', 'mix', 'press', 'repair', 'scan']
    .map((v): [string, string] => [v, `${v}ing`])
    .concat([['cut', 'cutting'], ['measure', 'measuring'], ['make', 'making'], ['massage', 'massage'], ['chek', 'checking']]),
);

/** Who goods are for, and the clothes of those buyers ('ladies', 'bacchon', 'शिशु'). */
export const AUDIENCE_WORDS: ReadonlyMap<string, string> = new Map([
  ...['ladies', 'women', 'womens', 'woman', 'mahila', 'mahilaon', 'aurat', 'auraton', 'lady'].map((w): [string, string] => [w, 'WomensClothing']),
  ...['gents', 'men', 'mens', 'man', 'mard', 'mardon', 'purush', 'purushon', 'gent'].map((w): [string, string] => [w, 'MensClothing']),
  ...['baby', 'babies', 'kids', 'kid', 'children', 'child', 'childrens', 'infant', 'infants', 'newborn', 'toddler', 'bacche', 'bachche', 'bache',
    'bacchon', 'bachchon', 'bachon', 'baccho', 'bachcho', 'bachha', 'baccha', 'bachcha', 'bacha', 'shishu', 'navjat', 'navjaat'].map((w): [string, string] => [w, 'BabyClothing']),
]);
/** Goods that are clothes of anyone until said whose ('suit', 'dress', 'kapde'). */
export const CLOTHES_OF_ANYONE = new Set(['suit', 'suits', 'dress', 'dresses', 'clothes', 'cloth', 'kapde', 'outfit', 'outfits', 'nightwear', 'innerwear']);
/** Goods whose age is what they are: 'old' names no second hand there. */
export const AGED_CATEGORIES = new Set(['Collectibles', 'Movies']);
/** Words that say second hand whatever the goods ('used', 'second hand'), unlike 'old'. */
export const SECOND_HAND = new Set(['used', 'second', 'secondhand', 'refurbished', 'preowned', 'pre-owned']);
/** Words after which a number is no count of goods ('class 10', 'size 9', 'with two controllers'). */
export const NOT_A_COUNT_AFTER = new Set(['-', 'class', 'grade', 'std', 'standard', 'size', 'no', 'number', 'model', 'series', 'version', 'gen', 'generation', 'with', 'having', 'kaksha', 'कक्षा', 'क्लास', 'साइज', 'नंबर', 'page', 'pages', 'chapter', 'part', 'volume', 'vol', 'level', 'step', 'hero', 'iphone', 'galaxy', 'redmi', 'note', 'ps', 'gta', 'fifa', 'windows', 'ios', 'android',
  // 'pack of 6', 'set of 4', 'for 100 plants', 'collection 40 cars': what the goods come in or serve.
  'of', 'for', 'collection', 'album']);

/** Words after which the buyer describes the goods already named ('with', 'having', 'ke saath'). */
export const DESCRIBE_AFTER = new Set(['with', 'having']);
/** Words after what describes the goods ('gear wali', 'गियर वाली', 'strips ke saath'): Hindi postpositions. */
export const DESCRIBE_BEFORE = new Set(['saath', 'sath', 'साथ', 'वाला', 'वाली', 'वाले', 'wala', 'wali', 'wale', 'vala', 'vali', 'vale']);

export const HINGLISH_MARKERS = new Set([
  'se', 'kam', 'ka', 'ki', 'ke', 'chahiye', 'chahie', 'mujhe', 'wala', 'wali', 'wale', 'naya', 'nayi', 'purana', 'purani',
  'sasta', 'sasti', 'hazar', 'hazaar', 'tak', 'dikhao', 'aur', 'mein', 'koi', 'bhi', 'sirf', 'lakh', 'zyada', 'jyada',
]);

export const COUNTED_SPECS = new Set(['door', 'doors', 'seater', 'seaters', 'burner', 'burners', 'star', 'tier', 'layer', 'layers', 'ply', 'drawer', 'drawers', 'shelf', 'shelves']);
export const COUNTS = /^(single|double|triple|one|two|three|four|five|\d{1,2})$/;
export const CONTAINER_WORDS = new Set(['box', 'boxes', 'set', 'sets', 'kit', 'kits', 'pack', 'packs', 'case', 'cases', 'bag', 'bags']);
