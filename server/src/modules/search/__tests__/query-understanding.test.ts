import { describe, expect, it } from 'vitest';
import { CATEGORIES, isCategoryId } from '../../products/products.public.js';
import { MAX_PRICE_PAISE } from '../../products/products.inputs.js';
import { CATEGORIES_WITH_WORDS, CATEGORY_WORD_LISTS, CATEGORY_WORDS, SPLIT_GOODS } from '../understanding/category-words.js';
import { PHRASE_TRANSLATIONS, TRANSLATIONS } from '../understanding/lexicon.js';
import { choosePrompt, nextTurn, type AssistantSession } from '../understanding/assistant-session.js';
import { transliterate } from '../understanding/transliterate.js';
import { relaxedStages } from '../search-plan.js';
import { understandQuery } from '../understanding/understand.js';
import { ENGLISH, expectedFilters, HINDI, HINGLISH, type Expect } from './query-cases.js';

function check([query, text, expect]: [string, string, Expect]) {
  const u = understandQuery(query);
  expect_(u.text, query).toBe(text);
  const { direction, ...rest } = expect;
  expect_(u.filters, query).toEqual(expectedFilters(rest));
  expect_(u.priceDirection, query).toBe(direction ?? null);
}
const expect_ = (value: unknown, message: string) => expect(value, message);

describe('query understanding: a table of real-looking queries', () => {
  it('has at least 100 cases across the three forms', () => {
    expect(ENGLISH.length + HINGLISH.length + HINDI.length).toBeGreaterThanOrEqual(100);
  });
  describe('English (en-US speech and typing)', () => {
    it.each(ENGLISH)('%s', (...c) => check(c));
  });
  describe('Hinglish (Latin letters)', () => {
    it.each(HINGLISH)('%s', (...c) => check(c));
  });
  describe('Hindi (hi-IN speech, Devanagari)', () => {
    it.each(HINDI)('%s', (...c) => check(c));
  });
});

describe('query understanding: details', () => {
  it('marks the language', () => {
    expect(understandQuery('used laptop').language).toBe('en');
    expect(understandQuery('purana laptop chahiye').language).toBe('hinglish');
    expect(understandQuery('पुराना लैपटॉप').language).toBe('hi');
  });
  it('finds the brand and whether a message only describes', () => {
    expect(understandQuery('dell').brand).toBe('dell');
    expect(understandQuery('only black').onlyDescribing).toBe(true);
    expect(understandQuery('black laptop').onlyDescribing).toBe(false);
  });
  it('reads refinement words and "no preference" answers', () => {
    expect(understandQuery('aur sasta')).toMatchObject({ text: '', priceDirection: 'lower', refines: true });
    expect(understandQuery('only new')).toMatchObject({ text: '', filters: { productType: 'new' }, refines: true });
    expect(understandQuery('koi bhi')).toMatchObject({ text: '', noPreference: true });
    expect(understandQuery('कोई भी')).toMatchObject({ text: '', noPreference: true });
    for (const no of ['नहीं', 'nahi', 'no', 'No.']) expect(understandQuery(no), no).toMatchObject({ text: '', noPreference: true });
    expect(understandQuery('any brand is fine').noPreference).toBe(false);
  });
  it('is deterministic and never throws on odd input', () => {
    for (const q of ['', '   ', '₹', '- - -', 'under', '0 se kam', '99999999999999999999 rupees', '१२३', '🙂 laptop']) {
      expect(() => understandQuery(q)).not.toThrow();
      expect(understandQuery(q)).toEqual(understandQuery(q));
    }
  });
  it('bounds amounts to what a listing may hold: a quantity beyond it is no filter, a price beyond it is capped', () => {
    expect(understandQuery('2147483648 pieces').filters.minQuantity).toBeUndefined();
    expect(understandQuery('qty 3000000000').filters.minQuantity).toBeUndefined();
    expect(understandQuery('100000 dozen pens').filters.minQuantity).toBeUndefined();
    expect(understandQuery('qty 1000000').filters.minQuantity).toBe(1_000_000);
    expect(understandQuery('under 92233720368547759 rupees').filters.maxPricePaise).toBe(MAX_PRICE_PAISE);
    expect(understandQuery('over 999999999999 lakh').filters.minPricePaise).toBe(MAX_PRICE_PAISE);
  });
  it('keeps prices exact in paise (no floats)', () => {
    expect(understandQuery('under 1.75 lakh').filters.maxPricePaise).toBe(17_500_000n);
    expect(understandQuery('under rs 999.99').filters.maxPricePaise).toBe(99_999n);
  });
  it('transliterates unknown Devanagari words the way loanwords are spelt', () => {
    expect(transliterate('सैमसंग')).toBe('saimsang');
    expect(transliterate('गोदरेज')).toBe('godrej');
    expect(transliterate('कमल')).toBe('kamal');
  });
  it('has a lexicon of thousands of goods words, each in one category list only', () => {
    const owner = new Map<string, string>();
    for (const [category, words] of Object.entries(CATEGORY_WORD_LISTS)) {
      for (const w of words) {
        expect(owner.get(w) ?? category, `'${w}' is in ${owner.get(w)} and ${category}`).toBe(category);
        owner.set(w, category);
      }
    }
    if (process.env.SEARCH_QUALITY_REPORT) console.info(`goods words ${owner.size}, translations ${TRANSLATIONS.size}, phrases ${PHRASE_TRANSLATIONS.size}`);
    expect(owner.size).toBeGreaterThanOrEqual(2500);
    expect(TRANSLATIONS.size + PHRASE_TRANSLATIONS.size).toBeGreaterThanOrEqual(600);
    // Ambiguous goods name no category of their own.
    for (const w of SPLIT_GOODS) expect(CATEGORY_WORDS.has(w), w).toBe(false);
  });
  it("a category's own name, in English or Hindi, means the whole category (what the assistant suggests saying)", () => {
    for (const c of CATEGORIES.filter((x) => x.id !== 'Other')) {
      for (const name of [c.name, c.nameHi]) expect(understandQuery(name).filters.category, name).toBe(c.id);
      expect(understandQuery(c.name).text, c.name).toBe('');
    }
    // A one-word Hindi name is a goods word like any other: साइकिल searches bicycles in Bicycles.
    for (const c of CATEGORIES.filter((x) => x.id !== 'Other' && x.nameHi.includes(' '))) {
      expect(understandQuery(c.nameHi).text, c.nameHi).toBe('');
    }
  });
  it('maps words only to real category ids', () => {
    for (const id of CATEGORIES_WITH_WORDS) expect(isCategoryId(id), id).toBe(true);
  });
});

describe('search assistant turns', () => {
  const start = (q: string) => nextTurn(null, understandQuery(q)).state;
  const turn = (s: AssistantSession, q: string) => nextTurn(s, understandQuery(q));

  it('the first message starts a search; cheap sorts by price', () => {
    const s = start('cheap office chair');
    expect(s).toMatchObject({ text: 'office chair', filters: { category: 'Furniture', sort: 'price_asc' }, turns: 1 });
  });
  it('"cheaper" lowers the ceiling, or the median shown when no price was said', () => {
    const s = start('laptop under 30000');
    expect(turn(s, 'cheaper').state.filters.maxPricePaise).toBe(2_400_000n);
    const t = { ...start('laptop'), referencePricePaise: 5_000_000n };
    const r = turn(t, 'aur sasta');
    expect(r.kind).toBe('refine');
    expect(r.state.filters.maxPricePaise).toBe(4_000_000n);
    expect(turn(start('laptop'), 'sasta wala').state.filters.sort).toBe('price_asc');
  });
  it('"only new", "under 3000", "in Pune" refine and keep the rest', () => {
    let s = start('used laptop under 30000');
    s = turn(s, 'only new').state;
    expect(s.filters).toMatchObject({ productType: 'new', maxPricePaise: 3_000_000n, category: 'Computers' });
    s = turn(s, 'under 25000').state;
    expect(s.filters.maxPricePaise).toBe(2_500_000n);
    s = turn(s, 'पुणे में').state;
    expect(s).toMatchObject({ text: 'laptop', filters: { location: 'Pune' } });
  });
  it('attribute-only follow-ups refine the current search and keep its category', () => {
    const ram = turn(start('laptop'), 'with 16gb ram');
    expect(ram.kind).toBe('refine');
    expect(ram.state).toMatchObject({ text: 'laptop 16gb ram', filters: { category: 'Computers' } });
    const phone = turn(start('samsung phone under 20000'), 'with 8 gb ram');
    expect(phone.kind).toBe('refine');
    expect(phone.state).toMatchObject({ text: 'samsung phone 8 gb ram', filters: { category: 'Smartphones', maxPricePaise: 2_000_000n } });
    const black = turn(start('office chair'), 'black color');
    expect(black.kind).toBe('refine');
    expect(black.state).toMatchObject({ text: 'office chair black', filters: { category: 'Furniture' } });
    expect(turn(start('laptop'), 'kala rang wala').state.text).toBe('laptop kala');
    expect(turn(start('tv'), '55 inch').kind).toBe('refine');
    // A first message of the same words is a search of its own.
    expect(start('16gb ram')).toMatchObject({ text: '16gb ram', filters: {} });
  });
  it('bulk refines too, and a later quantity keeps it', () => {
    const s = turn(start('office chair'), 'bulk me');
    expect(s).toMatchObject({ kind: 'refine', state: { text: 'office chair', filters: { category: 'Furniture', bulk: true } } });
  });
  it('a message naming other goods starts a new search', () => {
    const s = start('used laptop under 30000');
    const r = turn(s, 'show me printers');
    expect(r.kind).toBe('new');
    expect(r.state).toMatchObject({ text: 'printers', filters: {} });
  });
  it('answers to the follow-up questions refine', () => {
    const s = { ...start('laptop'), lastPrompt: 'brand' as const, asked: ['brand' as const] };
    expect(turn(s, 'Dell').state).toMatchObject({ text: 'laptop dell', brand: 'dell' });
    // 'No' to "a preferred brand?" (in Hindi, Hinglish or English) is no preference: the search stays as it was.
    for (const no of ['koi bhi', 'नहीं', 'nahi', 'no']) expect(turn(s, no), no).toMatchObject({ kind: 'refine', state: { text: 'laptop', brand: null } });
    const g = { ...start('generator'), lastPrompt: 'industry' as const, asked: ['industry' as const] };
    expect(turn(g, 'construction').state).toMatchObject({ text: 'generator', boost: 'construction' });
    const p = { ...start('laptop'), lastPrompt: 'price' as const, asked: ['price' as const] };
    expect(turn(p, '20000 to 40000').state.filters).toMatchObject({ minPricePaise: 2_000_000n, maxPricePaise: 4_000_000n });
  });
  it('asks one question per turn, only for broad results, each once', () => {
    const g = start('generator');
    expect(choosePrompt(g, 5)).toBeNull();
    expect(choosePrompt(g, 40)).toBe('industry');
    expect(choosePrompt({ ...g, asked: ['industry'] }, 40)).toBe('brand');
    expect(choosePrompt({ ...g, asked: ['industry', 'brand'] }, 40)).toBe('price');
    expect(choosePrompt({ ...g, asked: ['industry', 'brand', 'price'] }, 40)).toBeNull();
    expect(choosePrompt(start('dell laptop under 50000'), 40)).toBeNull();
    expect(choosePrompt(start('laptop'), 40)).toBe('brand');
  });
});

describe('query understanding: reading the sentence', () => {
  const category = (q: string) => understandQuery(q).filters.category ?? null;

  it('the head of the goods names them; what they are for and what describes them do not', () => {
    expect(category('double door refrigerator')).toBe('HomeElectronics');
    expect(category('seat cover for my car')).toBe('CarAccessories');
    expect(category('car ke liye seat cover')).toBe('CarAccessories');
    expect(category('कार का सीट कवर')).toBe('CarAccessories');
    expect(category('hospital bed with mattress')).toBe('MedicalDevices');
  });

  it('goods joined by "and" of different trades name no category', () => {
    expect(category('laptop and office chair')).toBeNull();
    expect(category('laptop aur kursi')).toBeNull();
  });

  it('a phrase spans "ka" / "की" only when it takes in all the goods after it', () => {
    expect(category('कार की बैटरी')).toBe('CarParts');
    expect(category('bathroom ki fitting')).toBe('HomeImprovement');
  });

  it('who clothes are for decides which clothes', () => {
    expect(category('ladies suit ka kapda')).toBe('WomensClothing');
    expect(category('chote bacche ke kapde')).toBe('BabyClothing');
    expect(category('kids shoes')).toBe('Shoes');
  });

  it('Devanagari loanwords meet English goods words by sound, and Hindi endings are stemmed', () => {
    expect(understandQuery('स्नोबोर्ड').text).toBe('snowboard');
    expect(category('ऑक्सीजन सिलेंडर')).toBe('MedicalDevices');
    expect(category('purani filmon ki dvd')).toBe('Movies');
    expect(understandQuery('purani filmon ki dvd').filters.productType).toBeUndefined();
  });

  it('what a machine does, said in Hindi, names it', () => {
    expect(category('baal katne wali machine')).toBe('PersonalCare');
    expect(category('नोट गिनने की मशीन')).toBe('BusinessEquipment');
  });

  it("a brand settles an ambiguous goods word only when their trades meet in one", () => {
    expect(category('yamaha keyboard')).toBe('Music');
    expect(category('hero bike')).toBeNull();
    expect(category('oneplus nord ce 4')).toBe('Smartphones');
    expect(category('dell')).toBeNull();
  });

  it('counts that are no quantity: a grade, a measure, what comes with the goods', () => {
    expect(understandQuery('class 10 ncert books').filters.minQuantity).toBeUndefined();
    expect(understandQuery('coco peat 5 kg blocks').filters.minQuantity).toBeUndefined();
    expect(understandQuery('ps5 with two controllers').filters.minQuantity).toBeUndefined();
    expect(understandQuery('50 office chairs').filters.minQuantity).toBe(50);
    // A year before what it is of ('1983 world cup ki signed photo') counts nothing; a count right before goods still does.
    expect(understandQuery('1983 world cup ki signed photo').filters.minQuantity).toBeUndefined();
    expect(understandQuery('2000 tiffin box chahiye').filters.minQuantity).toBe(2000);
  });

  it('the face value of money as goods is no price; an amount before other goods still is', () => {
    for (const q of ['old one rupee notes', '1 rupaye ke purane note', 'एक रुपये के पुराने नोट', '10 rupee coin']) {
      const u = understandQuery(q);
      expect(u.filters.minPricePaise, q).toBeUndefined();
      expect(u.filters.maxPricePaise, q).toBeUndefined();
      expect(u.text, q).toMatch(/note|coin/);
    }
    expect(understandQuery('500 rupees ka pen').filters.maxPricePaise).toBe(60_000n);
  });

  it('Hindi inflections of table words are read through their stem, not by sound', () => {
    // 'बालों' (of hair) is बाल, not the sound of 'bali' (an earring); 'किताबों' is किताब.
    expect(understandQuery('आयुर्वेदिक बालों का तेल').text).toBe('ayurvedic hair oil');
    expect(understandQuery('पुरानी किताबों की दुकान').text).toBe('book');
  });

  it('materials and everyday words of goods in Hindi and Hinglish are read in English', () => {
    expect(understandQuery('peetal ki ganesh murti').text).toBe('brass ganesh murti');
    expect(understandQuery('सागौन का पुराना संदूक').text).toBe('teak chest');
    expect(understandQuery('माचिस के पुराने लेबल').text).toBe('matchbox label');
    expect(understandQuery('स्पोर्ट्स रनिंग शूज़').text).toBe('sports running shoes');
    expect(category('स्पोर्ट्स रनिंग शूज़')).toBe('Shoes');
    // The form goods come in only describes: 'multivitamin ki goli' is a multivitamin.
    expect(understandQuery('multivitamin ki goli').head).toEqual(['multivitamin']);
  });

  it('a machine named by what it does keeps what it works on, and its doer is another form', () => {
    const grass = understandQuery('ghaas kaatne ki petrol machine');
    expect(grass.head).toEqual(['grass', 'cutting', 'petrol', 'machine']);
    expect(grass.alternatives.cutting).toEqual(expect.arrayContaining(['cutter', 'cut']));
    // An unread word before the gerund is no object: the machine alone heads, as before.
    expect(understandQuery('nakli note pakadne wali note ginne ki machine').head).toEqual(['machine']);
    expect(understandQuery('washing machine').head).toEqual(['washing', 'machine']);
    // 'karne ki' / 'karne wali' between a phrase's words: 'sugar check karne ki machine' is the phrase 'sugar check machine'.
    expect(understandQuery('sugar check karne wali machine').text).toBe('glucometer');
    expect(understandQuery('शुगर चेक करने की मशीन').text).toBe('glucometer');
  });

  it("an ambiguous word its phrase settled also matches that trade's word; an abbreviation's plural its singular", () => {
    expect(understandQuery('mountain bike with gears').alternatives.bike).toEqual(['bicycle', 'cycle']);
    expect(understandQuery('hero bike').alternatives.bike).toBeUndefined();
    expect(understandQuery('old movie vcds').alternatives.vcds).toEqual(['vcd']);
    expect(understandQuery('tvs scooty').alternatives.tvs).toBeUndefined();
  });

  it('a word naming a whole category followed by other goods words describes them: a guess, not a filter', () => {
    expect(understandQuery('toy walkie talkie pair').categoryNamed).toBe(false);
    expect(understandQuery('vintage matchbox labels').categoryNamed).toBe(false);
    expect(understandQuery('furniture for office').categoryNamed).toBe(true);
    expect(understandQuery('books').categoryNamed).toBe(true);
    // Then the category word heads nothing alone: the request relaxes to the words that follow.
    const u = understandQuery('haath se bana kagaz a4');
    const plan = { text: u.text, filters: u.filters, boost: '', goods: u.goods, head: u.head, categoryNamed: u.categoryNamed };
    const [stage] = relaxedStages(plan, { alternatives: {}, known: new Set(['paper', 'a4']), exact: new Set() });
    expect(stage).toMatchObject({ matching: 'any', dropped: ['handicraft'] });
  });

  it('a correction that is only the plural of what was typed is the word meant', () => {
    const u = understandQuery('khet aur factory ke liye gumboot');
    expect(u.corrected).toEqual(['gumboots']);
    const plan = { text: u.text, filters: u.filters, boost: '', goods: u.goods, head: u.head, alternatives: u.alternatives, known: u.known, corrected: u.corrected };
    const stages = relaxedStages(plan, { alternatives: {}, known: new Set(['gumboots']), exact: new Set() });
    expect(stages.map((s) => s.text)).toContain('gumboots');
  });

  it('a goods word written as two joins, but not after a container word', () => {
    expect(category('coco peat')).toBe('Garden');
    expect(category('match box')).toBeNull();
  });
});
