/**
 * The units a product is sold in (docs/product.md#units): every quantity, band, quote, order and
 * invoice of a product counts in its unit, and every price names it ('₹45 / kg'). The Hindi names
 * are the glossary's (docs/glossary-hi.md#units); `uqc` is the GST unit quantity code an invoice
 * prints.
 */
export const UNITS = ['piece', 'pair', 'set', 'dozen', 'box', 'carton', 'kg', 'gram', 'tonne', 'litre', 'metre', 'square_metre', 'roll', 'bag'] as const;
export type Unit = (typeof UNITS)[number];
export const DEFAULT_UNIT: Unit = 'piece';

interface UnitWords {
  /** English: one, many, and the short form prices use ('₹450 / pc'). */
  one: string;
  other: string;
  short: string;
  shortOther: string;
  /** Hindi: one and many (most are the same). */
  hiOne: string;
  hiOther: string;
  uqc: string;
}

export const UNIT_WORDS: Readonly<Record<Unit, UnitWords>> = {
  piece: { one: 'piece', other: 'pieces', short: 'pc', shortOther: 'pcs', hiOne: 'पीस', hiOther: 'पीस', uqc: 'PCS' },
  pair: { one: 'pair', other: 'pairs', short: 'pair', shortOther: 'pairs', hiOne: 'जोड़ी', hiOther: 'जोड़ी', uqc: 'PRS' },
  set: { one: 'set', other: 'sets', short: 'set', shortOther: 'sets', hiOne: 'सेट', hiOther: 'सेट', uqc: 'SET' },
  dozen: { one: 'dozen', other: 'dozen', short: 'dozen', shortOther: 'dozen', hiOne: 'दर्जन', hiOther: 'दर्जन', uqc: 'DOZ' },
  box: { one: 'box', other: 'boxes', short: 'box', shortOther: 'boxes', hiOne: 'डिब्बा', hiOther: 'डिब्बे', uqc: 'BOX' },
  carton: { one: 'carton', other: 'cartons', short: 'carton', shortOther: 'cartons', hiOne: 'कार्टन', hiOther: 'कार्टन', uqc: 'CTN' },
  kg: { one: 'kilogram', other: 'kilograms', short: 'kg', shortOther: 'kg', hiOne: 'किलो', hiOther: 'किलो', uqc: 'KGS' },
  gram: { one: 'gram', other: 'grams', short: 'g', shortOther: 'g', hiOne: 'ग्राम', hiOther: 'ग्राम', uqc: 'GMS' },
  tonne: { one: 'tonne', other: 'tonnes', short: 't', shortOther: 't', hiOne: 'टन', hiOther: 'टन', uqc: 'MTS' },
  litre: { one: 'litre', other: 'litres', short: 'L', shortOther: 'L', hiOne: 'लीटर', hiOther: 'लीटर', uqc: 'LTR' },
  metre: { one: 'metre', other: 'metres', short: 'm', shortOther: 'm', hiOne: 'मीटर', hiOther: 'मीटर', uqc: 'MTR' },
  square_metre: { one: 'square metre', other: 'square metres', short: 'sq m', shortOther: 'sq m', hiOne: 'वर्ग मीटर', hiOther: 'वर्ग मीटर', uqc: 'SQM' },
  roll: { one: 'roll', other: 'rolls', short: 'roll', shortOther: 'rolls', hiOne: 'रोल', hiOther: 'रोल', uqc: 'ROL' },
  bag: { one: 'bag', other: 'bags', short: 'bag', shortOther: 'bags', hiOne: 'बोरी', hiOther: 'बोरियाँ', uqc: 'BAG' },
};

export const isUnit = (value: unknown): value is Unit => typeof value === 'string' && (UNITS as readonly string[]).includes(value);

/** A quantity with its unit, as people read it: '100 pcs', '1 kg', '100 पीस', '2 डिब्बे'. */
export function quantityWithUnit(quantity: number, unit: Unit, locale: 'en' | 'hi'): string {
  const w = UNIT_WORDS[unit];
  const n = quantity.toLocaleString('en-IN');
  if (locale === 'hi') return `${n} ${quantity === 1 ? w.hiOne : w.hiOther}`;
  return `${n} ${quantity === 1 ? w.short : w.shortOther}`;
}

/** The unit a price is per: 'pc', 'kg' ('₹450 / pc'); in Hindi 'पीस', 'किलो'. */
export const perUnit = (unit: Unit, locale: 'en' | 'hi'): string => (locale === 'hi' ? UNIT_WORDS[unit].hiOne : UNIT_WORDS[unit].short);
