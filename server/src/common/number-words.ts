/**
 * Numbers in words in the Indian system (hundred, thousand, lakh, crore), in English and Hindi:
 * amounts on invoices ('One Lakh Twenty Thousand Rupees', 'एक लाख बीस हज़ार रुपये') and the
 * number words a seller may say instead of digits. Hindi has a word of its own for each number
 * below 100.
 */

const HINDI_0_99 = [
  'शून्य', 'एक', 'दो', 'तीन', 'चार', 'पाँच', 'छह', 'सात', 'आठ', 'नौ',
  'दस', 'ग्यारह', 'बारह', 'तेरह', 'चौदह', 'पंद्रह', 'सोलह', 'सत्रह', 'अठारह', 'उन्नीस',
  'बीस', 'इक्कीस', 'बाईस', 'तेईस', 'चौबीस', 'पच्चीस', 'छब्बीस', 'सत्ताईस', 'अट्ठाईस', 'उनतीस',
  'तीस', 'इकतीस', 'बत्तीस', 'तैंतीस', 'चौंतीस', 'पैंतीस', 'छत्तीस', 'सैंतीस', 'अड़तीस', 'उनतालीस',
  'चालीस', 'इकतालीस', 'बयालीस', 'तैंतालीस', 'चवालीस', 'पैंतालीस', 'छियालीस', 'सैंतालीस', 'अड़तालीस', 'उनचास',
  'पचास', 'इक्यावन', 'बावन', 'तिरेपन', 'चौवन', 'पचपन', 'छप्पन', 'सत्तावन', 'अट्ठावन', 'उनसठ',
  'साठ', 'इकसठ', 'बासठ', 'तिरेसठ', 'चौंसठ', 'पैंसठ', 'छियासठ', 'सड़सठ', 'अड़सठ', 'उनहत्तर',
  'सत्तर', 'इकहत्तर', 'बहत्तर', 'तिहत्तर', 'चौहत्तर', 'पचहत्तर', 'छिहत्तर', 'सतहत्तर', 'अठहत्तर', 'उन्यासी',
  'अस्सी', 'इक्यासी', 'बयासी', 'तिरासी', 'चौरासी', 'पचासी', 'छियासी', 'सत्तासी', 'अट्ठासी', 'नवासी',
  'नब्बे', 'इक्यानवे', 'बानवे', 'तिरानवे', 'चौरानवे', 'पचानवे', 'छियानवे', 'सत्तानवे', 'अट्ठानवे', 'निन्यानवे',
] as const;

const ENGLISH_0_19 = [
  'Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine',
  'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
] as const;
const ENGLISH_TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'] as const;

type Lang = 'en' | 'hi';

const SCALE: Record<Lang, { hundred: string; thousand: string; lakh: string; crore: string }> = {
  en: { hundred: 'Hundred', thousand: 'Thousand', lakh: 'Lakh', crore: 'Crore' },
  hi: { hundred: 'सौ', thousand: 'हज़ार', lakh: 'लाख', crore: 'करोड़' },
};

function below100(n: number, lang: Lang): string {
  if (lang === 'hi') return HINDI_0_99[n];
  if (n < 20) return ENGLISH_0_19[n];
  return n % 10 ? `${ENGLISH_TENS[Math.floor(n / 10)]} ${ENGLISH_0_19[n % 10]}` : ENGLISH_TENS[n / 10];
}

/** Words of a whole number below 1 crore, without 'zero' (an empty list for 0). */
function belowCrore(n: number, lang: Lang): string[] {
  const s = SCALE[lang];
  const words: string[] = [];
  const lakhs = Math.floor(n / 100_000);
  const thousands = Math.floor((n % 100_000) / 1000);
  const hundreds = Math.floor((n % 1000) / 100);
  const rest = n % 100;
  if (lakhs) words.push(below100(lakhs, lang), s.lakh);
  if (thousands) words.push(below100(thousands, lang), s.thousand);
  if (hundreds) words.push(below100(hundreds, lang), s.hundred);
  if (rest) words.push(below100(rest, lang));
  return words;
}

/**
 * A whole number in words, Indian system: 120000 -> 'One Lakh Twenty Thousand', 'एक लाख बीस हज़ार'.
 * Beyond 99 crore the crores are counted the same way ('One Lakh Crore').
 */
export function numberInWords(value: bigint, lang: Lang): string {
  if (value < 0n) throw new RangeError('numberInWords: negative');
  if (value === 0n) return below100(0, lang);
  const words: string[] = [];
  const crores = value / 10_000_000n;
  if (crores) words.push(numberInWords(crores, lang), SCALE[lang].crore);
  words.push(...belowCrore(Number(value % 10_000_000n), lang));
  return words.join(' ');
}

/**
 * An amount of paise in words, as an invoice states its total: 'One Lakh Twenty Thousand Rupees',
 * 'Two Rupees and Fifty Paise'; 'एक लाख बीस हज़ार रुपये', 'एक रुपया और पचास पैसे'.
 */
export function amountInWords(paise: bigint | string, lang: Lang): string {
  const total = BigInt(paise);
  if (total < 0n) throw new RangeError('amountInWords: negative');
  const rupees = total / 100n;
  const p = total % 100n;
  const rupeeWord = lang === 'hi' ? (rupees === 1n ? 'रुपया' : 'रुपये') : rupees === 1n ? 'Rupee' : 'Rupees';
  const main = `${numberInWords(rupees, lang)} ${rupeeWord}`;
  if (!p) return main;
  const paiseWords = `${numberInWords(p, lang)} ${lang === 'hi' ? 'पैसे' : p === 1n ? 'Paisa' : 'Paise'}`;
  return lang === 'hi' ? `${main} और ${paiseWords}` : `${main} and ${paiseWords}`;
}

/**
 * A word without its nukta dots, as words people type or say are compared (ज़्यादा and its spelling
 * without the dot, हज़ार and हजार, are one word to a reader).
 */
export const foldNukta = (text: string): string => text.normalize('NFD').replace(/\u093C/g, '').normalize('NFC');

const WORD_VALUES = new Map<string, number>();
HINDI_0_99.forEach((w, i) => WORD_VALUES.set(foldNukta(w), i));
ENGLISH_0_19.forEach((w, i) => WORD_VALUES.set(w.toLowerCase(), i));
ENGLISH_TENS.forEach((w, i) => w && WORD_VALUES.set(w.toLowerCase(), i * 10));
// Common other spellings: without the chandrabindu, and Hinglish as recognisers and typists write it.
for (const [word, n] of [
  ['पांच', 5], ['छः', 6], ['छै', 6], ['पन्द्रह', 15], ['ek', 1], ['do', 2], ['teen', 3], ['char', 4], ['chaar', 4], ['panch', 5], ['paanch', 5],
  ['chhe', 6], ['saat', 7], ['aath', 8], ['nau', 9], ['das', 10], ['gyarah', 11], ['barah', 12], ['pandrah', 15], ['bees', 20], ['pachees', 25],
  ['tees', 30], ['paintis', 35], ['chalis', 40], ['chaalis', 40], ['paintalis', 45], ['pachas', 50], ['pachaas', 50], ['pachpan', 55],
  ['saath', 60], ['sattar', 70], ['pachattar', 75], ['assi', 80], ['nabbe', 90],
] as const) WORD_VALUES.set(word, n);

const MULTIPLIER_WORDS = new Map<string, number>([
  ['hundred', 100], ['sau', 100], ['सौ', 100],
  ['thousand', 1000], ['hazar', 1000], ['hazaar', 1000], ['hajar', 1000], [foldNukta('हज़ार'), 1000],
  ['lakh', 100_000], ['lac', 100_000], ['लाख', 100_000],
]);

/** The value of one number word ('पैंतालीस', 'forty', 'das'), or null. */
export const wordValue = (word: string): number | null => WORD_VALUES.get(foldNukta(word.toLowerCase())) ?? null;

/** The factor of a multiplier word ('सौ' 100, 'hazaar' 1000, 'lakh' 100000), or null. */
export const multiplierValue = (word: string): number | null => MULTIPLIER_WORDS.get(foldNukta(word.toLowerCase())) ?? null;
