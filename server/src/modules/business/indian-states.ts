/**
 * India's states and union territories with their GST state codes (the first two digits of a GSTIN
 * registered there) and their names in English and Hindi (docs/glossary-hi.md). Codes no longer
 * issued (25 Daman and Diu, 28 the old Andhra Pradesh) are left out: both were merged into 26 and 37.
 */
export interface IndianState {
  /** GST state code, two digits. */
  code: string;
  en: string;
  hi: string;
}

export const INDIAN_STATES: readonly IndianState[] = [
  { code: '01', en: 'Jammu and Kashmir', hi: 'जम्मू और कश्मीर' },
  { code: '02', en: 'Himachal Pradesh', hi: 'हिमाचल प्रदेश' },
  { code: '03', en: 'Punjab', hi: 'पंजाब' },
  { code: '04', en: 'Chandigarh', hi: 'चंडीगढ़' },
  { code: '05', en: 'Uttarakhand', hi: 'उत्तराखंड' },
  { code: '06', en: 'Haryana', hi: 'हरियाणा' },
  { code: '07', en: 'Delhi', hi: 'दिल्ली' },
  { code: '08', en: 'Rajasthan', hi: 'राजस्थान' },
  { code: '09', en: 'Uttar Pradesh', hi: 'उत्तर प्रदेश' },
  { code: '10', en: 'Bihar', hi: 'बिहार' },
  { code: '11', en: 'Sikkim', hi: 'सिक्किम' },
  { code: '12', en: 'Arunachal Pradesh', hi: 'अरुणाचल प्रदेश' },
  { code: '13', en: 'Nagaland', hi: 'नागालैंड' },
  { code: '14', en: 'Manipur', hi: 'मणिपुर' },
  { code: '15', en: 'Mizoram', hi: 'मिज़ोरम' },
  { code: '16', en: 'Tripura', hi: 'त्रिपुरा' },
  { code: '17', en: 'Meghalaya', hi: 'मेघालय' },
  { code: '18', en: 'Assam', hi: 'असम' },
  { code: '19', en: 'West Bengal', hi: 'पश्चिम बंगाल' },
  { code: '20', en: 'Jharkhand', hi: 'झारखंड' },
  { code: '21', en: 'Odisha', hi: 'ओडिशा' },
  { code: '22', en: 'Chhattisgarh', hi: 'छत्तीसगढ़' },
  { code: '23', en: 'Madhya Pradesh', hi: 'मध्य प्रदेश' },
  { code: '24', en: 'Gujarat', hi: 'गुजरात' },
  { code: '26', en: 'Dadra and Nagar Haveli and Daman and Diu', hi: 'दादरा और नगर हवेली और दमन और दीव' },
  { code: '27', en: 'Maharashtra', hi: 'महाराष्ट्र' },
  { code: '29', en: 'Karnataka', hi: 'कर्नाटक' },
  { code: '30', en: 'Goa', hi: 'गोवा' },
  { code: '31', en: 'Lakshadweep', hi: 'लक्षद्वीप' },
  { code: '32', en: 'Kerala', hi: 'केरल' },
  { code: '33', en: 'Tamil Nadu', hi: 'तमिलनाडु' },
  { code: '34', en: 'Puducherry', hi: 'पुडुचेरी' },
  { code: '35', en: 'Andaman and Nicobar Islands', hi: 'अंडमान और निकोबार द्वीपसमूह' },
  { code: '36', en: 'Telangana', hi: 'तेलंगाना' },
  { code: '37', en: 'Andhra Pradesh', hi: 'आंध्र प्रदेश' },
  { code: '38', en: 'Ladakh', hi: 'लद्दाख' },
];

const BY_CODE = new Map(INDIAN_STATES.map((s) => [s.code, s]));
const BY_NAME = new Map(INDIAN_STATES.flatMap((s) => [[fold(s.en), s] as const, [fold(s.hi), s] as const]));

function fold(name: string): string {
  return name.normalize('NFC').toLowerCase().replace(/&/g, 'and').replace(/\s+/g, ' ').trim();
}

/** The state of a GST state code ('27'), or null. */
export const stateByCode = (code: string): IndianState | null => BY_CODE.get(code) ?? null;

/**
 * The state a seller means: its code ('27', '7' for Delhi), or its name in English or Hindi,
 * ignoring case and spacing ('maharashtra', 'महाराष्ट्र'); null for anything else.
 */
export function findState(value: string): IndianState | null {
  const text = value.trim();
  if (/^\d{1,2}$/.test(text)) return stateByCode(text.padStart(2, '0'));
  return BY_NAME.get(fold(text)) ?? null;
}

/** The state's name in a language. */
export const stateName = (code: string, locale: 'en' | 'hi'): string => {
  const s = stateByCode(code);
  return s ? s[locale] : code;
};
