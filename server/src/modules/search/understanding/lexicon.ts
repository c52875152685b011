import { normalizeQuery } from './normalize.js';

/** Normalizes the keys of a word table once, so entries can be written the way people spell them. */
function normalizedMap(entries: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(entries).map(([k, v]) => [normalizeQuery(k), v]));
}
const normalizedSet = (words: string[]): Set<string> => new Set(words.map((w) => normalizeQuery(w)));

/**
 * Hindi (Devanagari) and Hinglish (Latin letters) words for goods, with the English word sellers
 * list them under. Devanagari loanwords (लैपटॉप, प्रिंटर, मोबाइल) must find English listings.
 */
export const TRANSLATIONS = normalizedMap({
  // Devanagari loanwords
  लैपटॉप: 'laptop', लैपटाप: 'laptop', लेपटॉप: 'laptop', कंप्यूटर: 'computer', कम्प्यूटर: 'computer', डेस्कटॉप: 'desktop',
  प्रिंटर: 'printer', स्कैनर: 'scanner', मॉनिटर: 'monitor', कीबोर्ड: 'keyboard', माउस: 'mouse', राउटर: 'router',
  मोबाइल: 'mobile', मोबाईल: 'mobile', फोन: 'phone', स्मार्टफोन: 'smartphone', टैबलेट: 'tablet', आईफोन: 'iphone',
  चार्जर: 'charger', केबल: 'cable', बैटरी: 'battery', हेडफोन: 'headphones', ईयरफोन: 'earphones', स्पीकर: 'speaker',
  माइक: 'mic', कैमरा: 'camera', कैमरे: 'camera', टीवी: 'tv', फ्रिज: 'fridge', फ्रीज: 'fridge', एसी: 'ac', कूलर: 'cooler',
  मशीन: 'machine', वाशिंग: 'washing', वॉशिंग: 'washing', सिलाई: 'sewing', जनरेटर: 'generator', मोटर: 'motor', पंप: 'pump',
  कंप्रेसर: 'compressor', इन्वर्टर: 'inverter', इनवर्टर: 'inverter', सोलर: 'solar', पैनल: 'panel', वेल्डिंग: 'welding',
  ड्रिल: 'drill', प्रोजेक्टर: 'projector', स्टेपलर: 'stapler', फाइल: 'file', पेन: 'pen', टेबल: 'table', सोफा: 'sofa',
  फर्नीचर: 'furniture', बैग: 'bag', बाइक: 'bike', मोटरसाइकिल: 'motorcycle', स्कूटर: 'scooter', स्कूटी: 'scooty',
  साइकिल: 'bicycle', कार: 'car', टायर: 'tyre', हेलमेट: 'helmet', गिटार: 'guitar', डंबल: 'dumbbell', ट्रेडमिल: 'treadmill',
  परफ्यूम: 'perfume', क्रीम: 'cream', ओवन: 'oven', मिक्सर: 'mixer', ग्राइंडर: 'grinder', कुकर: 'cooker', स्टोव: 'stove',
  लैंप: 'lamp', बल्ब: 'bulb', पेंटिंग: 'painting', टाइल्स: 'tiles', पेंट: 'paint', पाइप: 'pipe', ट्रैक्टर: 'tractor',
  व्हीलचेयर: 'wheelchair', साड़ी: 'saree', शर्ट: 'shirt', जींस: 'jeans', कुर्ता: 'kurta', कुर्ती: 'kurti', लहंगा: 'lehenga',
  जैकेट: 'jacket', घड़ी: 'watch', घडी: 'watch', स्मार्टवॉच: 'smartwatch', गेमिंग: 'gaming', कंसोल: 'console',
  प्लेस्टेशन: 'playstation', नोटबुक: 'notebook', नोटबुक्स: 'notebooks', होलसेल: 'wholesale', बिलिंग: 'billing', सीसीटीवी: 'cctv', प्रेस: 'press', ऑफिस: 'office',
  // Brands in Devanagari
  डेल: 'dell', एचपी: 'hp', लेनोवो: 'lenovo', सैमसंग: 'samsung', एप्पल: 'apple', ऐपल: 'apple', सोनी: 'sony', कैनन: 'canon',
  निकॉन: 'nikon', शाओमी: 'xiaomi', रेडमी: 'redmi', वनप्लस: 'oneplus', ओप्पो: 'oppo', वीवो: 'vivo', रियलमी: 'realme',
  बोट: 'boat', एलजी: 'lg', गोदरेज: 'godrej', बजाज: 'bajaj', हीरो: 'hero', होंडा: 'honda', टाटा: 'tata', एसर: 'acer',
  आसुस: 'asus', बॉश: 'bosch', फिलिप्स: 'philips', हैवेल्स: 'havells', उषा: 'usha', प्रेस्टीज: 'prestige', नाइकी: 'nike',
  एडिडास: 'adidas', बाटा: 'bata', टाइटन: 'titan', महिंद्रा: 'mahindra', किर्लोस्कर: 'kirloskar', वोल्टास: 'voltas',
  // Hindi words for goods
  कुर्सी: 'chair', कुर्सियां: 'chair', मेज: 'table', अलमारी: 'cupboard', पलंग: 'bed', बिस्तर: 'bed', गद्दा: 'mattress',
  जूते: 'shoes', जूता: 'shoes', चप्पल: 'slippers', कपड़े: 'clothes', कपड़ा: 'cloth', किताब: 'book', किताबें: 'books',
  पुस्तक: 'book', खिलौना: 'toy', खिलौने: 'toys', पंखा: 'fan', बर्तन: 'utensils', दवा: 'medicine', दवाई: 'medicine',
  कागज: 'paper', गहने: 'jewellery', अंगूठी: 'ring', हार: 'necklace', कंगन: 'bangles', चश्मा: 'glasses', साबुन: 'soap',
  तेल: 'oil', गमला: 'pot', पौधे: 'plants', बीज: 'seeds', तार: 'wire', नल: 'tap', इस्त्री: 'iron', चूल्हा: 'stove',
  थैला: 'bag', बल्ला: 'bat', गेंद: 'ball', कालीन: 'carpet', पर्दे: 'curtains', मूर्ति: 'statue', औजार: 'tools',
  रसोई: 'kitchen', सामान: 'goods', लकड़ी: 'wooden', टी: 't', टन: 'ton', कैंची: 'scissors', तराजू: 'weighing scale', कांटा: 'weighing scale',
  // Hinglish in Latin letters
  kursi: 'chair', kursiyan: 'chair', mez: 'table', mej: 'table', almari: 'cupboard', almirah: 'cupboard', palang: 'bed',
  bistar: 'bed', gadda: 'mattress', joote: 'shoes', joota: 'shoes', jute: 'shoes', juta: 'shoes', chappal: 'slippers',
  kapde: 'clothes', kapda: 'cloth', kapra: 'cloth', kitab: 'book', kitaab: 'book', kitaben: 'books', kitabein: 'books',
  khilona: 'toy', khilone: 'toys', pankha: 'fan', bartan: 'utensils', dawai: 'medicine', dawa: 'medicine', kagaz: 'paper',
  kagaj: 'paper', gehne: 'jewellery', anguthi: 'ring', chashma: 'glasses', sabun: 'soap', gamla: 'pot', beej: 'seeds',
  taar: 'wire', istri: 'iron', chulha: 'stove', thaila: 'bag', balla: 'bat', ghadi: 'watch', ghari: 'watch',
  cycle: 'bicycle', saari: 'saree', sari: 'saree', mobail: 'mobile', kempyutar: 'computer', laptap: 'laptop',
  lakdi: 'wooden', lakadi: 'wooden', machin: 'machine', masheen: 'machine', silai: 'sewing', tarazu: 'weighing scale', kainchi: 'scissors',
});

/** Words that carry no search meaning (filler, politeness, grammar) in English, Hinglish and Hindi. */
export const STOPWORDS = normalizedSet([
  // English
  'i', 'im', 'i am', 'me', 'my', 'we', 'us', 'our', 'you', 'your', 'want', 'wanted', 'need', 'needs', 'looking', 'look',
  'search', 'searching', 'find', 'show', 'get', 'give', 'buy', 'buying', 'purchase', 'order', 'please', 'pls', 'plz',
  'a', 'an', 'the', 'some', 'any', 'for', 'of', 'with', 'without', 'in', 'on', 'at', 'from', 'to', 'and', 'or', 'is',
  'are', 'be', 'that', 'this', 'these', 'those', 'which', 'who', 'can', 'could', 'would', 'should', 'do', 'does', 'have',
  'has', 'there', 'here', 'it', 'its', 'good', 'nice', 'best', 'great', 'quality', 'price', 'prices', 'priced', 'cost',
  'costing', 'rate', 'rates', 'budget', 'product', 'products', 'item', 'items', 'thing', 'things', 'stuff', 'available',
  'sale', 'supplier', 'suppliers', 'seller', 'sellers', 'dealer', 'dealers', 'vendor', 'vendors', 'manufacturer',
  'manufacturers', 'wholesaler', 'shop', 'store', 'near', 'nearby', 'around', 'also', 'just', 'only', 'too', 'very',
  'really', 'hi', 'hello', 'hey', 'ok', 'okay', 'thanks', 'thank', 'something', 'one', 'ones', 'kind', 'type', 'like',
  'options', 'option', 'range', 'under', 'condition', 'piece', 'pieces', 'about', 'regarding',
  // Hinglish
  'mujhe', 'muje', 'humein', 'hume', 'hamein', 'chahiye', 'chahie', 'chaiye', 'chahiya', 'dikhao', 'dikha', 'dikhaiye',
  'batao', 'bataiye', 'dhundo', 'khojo', 'lena', 'leni', 'lene', 'kharidna', 'hai', 'hain', 'ho', 'tha', 'ka', 'ki', 'ke',
  'ko', 'se', 'me', 'mein', 'mai', 'main', 'par', 'pe', 'aur', 'ya', 'ek', 'koi', 'kuch', 'accha', 'acha', 'achha',
  'badhiya', 'sa', 'si', 'wala', 'wali', 'wale', 'vala', 'vali', 'vale', 'bhai', 'ji', 'sir', 'kya', 'kaun', 'kahan',
  'kitne', 'kitna', 'daam', 'dam', 'keemat', 'kimat', 'rate', 'bhi', 'sirf', 'bas', 'liye', 'lie', 'chahta', 'chahti',
  'dijiye', 'do', 'de', 'dena', 'wale', 'milega', 'milenge', 'mil', 'jaye', 'sakta', 'sakte',
  // Hindi
  'मुझे', 'हमें', 'चाहिए', 'चाहिये', 'दिखाओ', 'दिखाइए', 'दिखाएं', 'बताओ', 'बताइए', 'ढूंढो', 'खोजो', 'लेना', 'खरीदना',
  'है', 'हैं', 'हो', 'था', 'का', 'की', 'के', 'को', 'से', 'में', 'मे', 'पर', 'और', 'या', 'एक', 'कोई', 'कुछ', 'अच्छा',
  'अच्छी', 'बढ़िया', 'सा', 'सी', 'वाला', 'वाली', 'वाले', 'भाई', 'जी', 'क्या', 'कौन', 'कहां', 'कितने', 'दाम', 'कीमत',
  'भी', 'सिर्फ', 'बस', 'लिए', 'चाहता', 'चाहती', 'दीजिए', 'दो', 'दे', 'मिलेगा', 'सप्लायर', 'विक्रेता', 'डीलर',
  'दुकान', 'रेट', 'प्राइस', 'बजट', 'प्रोडक्ट', 'उत्पाद', 'पीस',
]);

/** Brands buyers name; naming one means the 'preferred brand' question need not be asked. */
export const BRANDS = new Set([
  'dell', 'hp', 'lenovo', 'asus', 'acer', 'apple', 'macbook', 'samsung', 'sony', 'lg', 'mi', 'xiaomi', 'redmi', 'oneplus',
  'oppo', 'vivo', 'realme', 'nokia', 'motorola', 'iphone', 'canon', 'nikon', 'fujifilm', 'gopro', 'boat', 'jbl', 'bose',
  'sennheiser', 'philips', 'panasonic', 'whirlpool', 'godrej', 'voltas', 'haier', 'bajaj', 'havells', 'usha', 'prestige',
  'hawkins', 'bosch', 'makita', 'stanley', 'kirloskar', 'crompton', 'tata', 'mahindra', 'hero',
  'honda', 'tvs', 'yamaha', 'enfield', 'nike', 'adidas', 'puma', 'reebok', 'bata', 'woodland', 'titan',
  'fastrack', 'casio', 'fossil', 'raymond', 'levis', 'wildcraft', 'tourister',
  'skybags', 'nilkamal', 'featherlite', 'durian', 'ikea', 'epson', 'xerox', 'intel', 'amd', 'microsoft',
  'logitech', 'tplink', 'cisco', 'zebra', 'essae', 'atlas', 'hercules', 'yonex', 'cosco', 'nivia', 'mrf', 'kent', 'aquaguard', 'eureka', 'forbes', 'luminous', 'exide', 'amaron', 'vguard', 'orient',
]);

/** Words that ask for lower prices ('cheaper', 'aur sasta'). */
export const CHEAPER_WORDS = normalizedSet([
  'cheaper', 'cheap', 'cheapest', 'less expensive', 'lower price', 'low price', 'lowest', 'affordable', 'budget friendly',
  'sasta', 'sasti', 'saste', 'sastaa', 'kam daam', 'kam kimat', 'kam keemat', 'सस्ता', 'सस्ती', 'सस्ते', 'कम दाम',
  'कम कीमत', 'किफायती',
]);

/** Words that ask for higher-end goods ('costlier', 'mehenga'). */
export const COSTLIER_WORDS = normalizedSet([
  'costlier', 'expensive', 'more expensive', 'costliest', 'premium', 'high end', 'highend', 'luxury', 'mehenga',
  'mehnga', 'mehengi', 'mehange', 'महंगा', 'महंगी', 'महंगे', 'प्रीमियम',
]);

/** Words asking for the newest listings. */
export const NEWEST_WORDS = normalizedSet(['latest', 'newest', 'recent', 'newly listed', 'नवीनतम', 'लेटेस्ट']);

/** Product type: used goods. Longer phrases first where one contains another ('like new'). */
export const USED_WORDS = normalizedSet([
  'like new', 'second hand', 'secondhand', '2nd hand', 'pre owned', 'preowned', 'used', 'old', 'refurbished', 'purana',
  'purani', 'purane', 'puraana', 'पुराना', 'पुरानी', 'पुराने', 'सेकंड हैंड', 'सेकेंड हैंड', 'इस्तेमाल किया', 'रिफर्बिश्ड',
]);

/** Product type: new goods. */
export const NEW_WORDS = normalizedSet([
  'brand new', 'new', 'unused', 'sealed', 'box packed', 'naya', 'nayi', 'naye', 'nai', 'नया', 'नई', 'नए', 'नयी', 'नये',
]);

/** Purchase type words. */
export const BUY_NOW_WORDS = normalizedSet(['buy now', 'instant buy', 'direct buy', 'turant kharid', 'तुरंत खरीद']);
export const INQUIRE_WORDS = normalizedSet(['inquire', 'enquire', 'inquiry', 'enquiry', 'quote', 'quotation']);

/**
 * Bulk or wholesale buying. Not a hard quantity: most sellers leave the maximum quantity at its
 * default of 1, so 'bulk' only leaves out listings whose maximum says they cannot supply a bulk
 * order (`BULK_QUANTITY` in the engine port).
 */
export const BULK_WORDS = normalizedSet([
  'bulk', 'wholesale', 'in bulk', 'bulk order', 'bulk me', 'bulk mein', 'thok', 'thok me', 'थोक', 'थोक में', 'होलसेल',
  'बल्क', 'बल्क में',
]);

/** Units after a quantity ('100 pieces'); the value is how many pieces one unit is. */
export const QUANTITY_UNITS = new Map<string, number>([
  ...[...normalizedSet(['pieces', 'piece', 'pcs', 'pc', 'units', 'unit', 'nos', 'qty', 'packets', 'packet', 'boxes',
    'sets', 'set', 'pairs', 'pair', 'पीस', 'नग', 'यूनिट', 'पैकेट', 'सेट', 'जोड़ी'])].map((w): [string, number] => [w, 1]),
  ['dozen', 12],
  ['dozens', 12],
  [normalizeQuery('दर्जन'), 12],
]);
/** Words before a quantity ('qty 100', 'moq 500'). */
export const QUANTITY_BEFORE = new Set(['qty', 'quantity', 'moq', 'minimum order']);

/** Price words around an amount. Each is matched as a whole phrase of words. */
export const MAX_BEFORE = normalizedSet([
  'under', 'below', 'less than', 'lesser than', 'upto', 'up to', 'within', 'max', 'maximum', 'not more than',
  'no more than', 'cheaper than', 'budget', 'budget of', 'in budget of', 'not above', 'till', 'neeche', 'andar',
]);
export const MAX_AFTER = normalizedSet([
  'se kam', 'se kam ka', 'se kam ki', 'se kam ke', 'tak', 'tak ka', 'tak ki', 'tak ke', 'ke andar', 'ke neeche',
  'ke niche', 'se neeche', 'se niche', 'or less', 'and below', 'or below', 'and under', 'or under', 'max', 'maximum',
  'se sasta', 'ke budget', 'ke budget me', 'ke budget mein', 'budget', 'से कम', 'से कम का', 'से कम की', 'से कम के',
  'से नीचे', 'तक', 'तक का', 'तक की', 'तक के', 'के अंदर', 'के नीचे', 'के भीतर', 'से सस्ता', 'के बजट में',
]);
export const MIN_BEFORE = normalizedSet([
  'above', 'over', 'more than', 'greater than', 'at least', 'atleast', 'min', 'minimum', 'starting', 'starting from',
  'upwards of', 'not below',
]);
export const MIN_AFTER = normalizedSet([
  'se zyada', 'se jyada', 'se zyaada', 'se jyaada', 'se upar', 'ke upar', 'se adhik', 'or more', 'and above',
  'or above', 'plus', '+', 'onwards', 'and up', 'से ज्यादा', 'से ज़्यादा', 'से अधिक', 'से ऊपर', 'के ऊपर',
]);
export const AROUND_BEFORE = normalizedSet([
  'around', 'about', 'approx', 'approximately', 'roughly', 'close to', 'nearly', 'near', 'lagbhag', 'lag bhag',
  'karib', 'kareeb', 'kareeban', 'takreeban', 'taqreeban', 'लगभग', 'करीब', 'करीबन', 'तकरीबन', 'qareeb',
]);
export const AROUND_AFTER = normalizedSet(['ke aaspaas', 'ke aas paas', 'ke aspas', 'के आसपास', 'के आस पास', 'ish']);
export const RANGE_START = normalizedSet(['between', 'from', 'range', 'price range', 'beech']);
export const RANGE_JOIN = normalizedSet(['to', '-', 'and', 'se', 'aur', 'till', 'until', 'से', 'और']);
export const RANGE_END = normalizedSet(['tak', 'ke beech', 'ke bich', 'ke beech me', 'तक', 'के बीच', 'के बीच में']);

/** Words that mark a message as changing the current search rather than starting a new one. */
export const REFINE_WORDS = normalizedSet([
  'only', 'just', 'sirf', 'bas', 'keval', 'सिर्फ', 'केवल', 'बस', 'show more', 'more', 'aur', 'और', 'instead', 'now',
  'ab', 'अब', 'wala', 'wale', 'wali', 'वाला', 'वाले', 'वाली', 'them', 'those', 'these', 'same', 'but', 'lekin', 'लेकिन',
  // 'with 16gb ram', 'having a touch screen': describing what is already being searched for.
  'with', 'having',
]);

/** Answers to a follow-up question that mean 'no preference'. */
export const NO_PREFERENCE_WORDS = normalizedSet([
  'any', 'anything', 'no preference', 'doesnt matter', 'does not matter', 'no', 'none', 'koi bhi', 'kuch bhi', 'koi nahi',
  'nahi', 'कोई भी', 'कुछ भी', 'कोई नहीं', 'नहीं', 'skip',
]);

/** A long phrase list matched as words: the longest match at a position wins. */
export class PhraseSet {
  private readonly byFirst = new Map<string, string[][]>();

  constructor(phrases: Iterable<string>) {
    for (const p of phrases) {
      const words = p.split(' ');
      const list = this.byFirst.get(words[0]) ?? [];
      list.push(words);
      list.sort((a, b) => b.length - a.length);
      this.byFirst.set(words[0], list);
    }
  }

  /** The number of words of the longest phrase starting at `i`, or 0. */
  matchAt(tokens: string[], i: number, taken?: boolean[]): number {
    const candidates = this.byFirst.get(tokens[i] ?? '');
    if (!candidates) return 0;
    for (const words of candidates) {
      if (words.every((w, k) => tokens[i + k] === w && !taken?.[i + k])) return words.length;
    }
    return 0;
  }

  /** The number of words of the longest phrase ending just before `end`, or 0. */
  matchEndingAt(tokens: string[], end: number, taken?: boolean[]): number {
    let best = 0;
    for (let len = 1; len <= Math.min(4, end); len += 1) {
      if (this.matchAt(tokens, end - len, taken) === len) best = len;
    }
    return best;
  }
}
