/**
 * Recall tables of the search assistant on the demo catalogue (tests/integration/search-recall.test.ts).
 * Products are named by the start of their demo title (demo-stock-*.ts), which must name exactly one;
 * the test turns them into the product ids the seeded catalogue gave them.
 */

/** A demo product, asked for in English, Hinglish and Hindi: each must find it in the top 5. */
export type SweepRow = [title: string, english: string, hinglish: string, hindi: string];

/** A request as spoken, and the products of which at least one must be in the top 5. */
export type SpokenCase = [query: string, titles: string[]];

/**
 * Inputs with nothing to search for: symbols, emoji, greetings, filler, single letters. Each must
 * answer with no results and the question 'What are you looking for?'.
 */
export const NO_CONTENT: string[] = [
  '🙂🙂',
  '🙏',
  '%',
  '???',
  '...',
  '@#$%^&*',
  'a',
  'x',
  'hello',
  'hi there',
  'good morning',
  'namaste ji',
  'नमस्ते',
  'नमस्कार भाई साहब',
  'the and of',
  'please',
  'ok thanks',
  'hmm',
  'mujhe chahiye',
  'मुझे चाहिए',
  'kya hai',
  'bhai sahab',
  'sasta',
  '-',
];

/**
 * Goods the demo catalogue does not have: the answer is nothing, never other goods that share a word
 * or part of one ('washing machine' is no 'car washer', 'water tank' no 'water bottle').
 */
export const ABSENT: string[] = [
  'washing machine',
  'kapde dhone ki machine',
  'वॉशिंग मशीन',
  'microwave oven',
  'माइक्रोवेव ओवन',
  'pen drive 64 gb',
  'पेन ड्राइव',
  'water tank 1000 litre',
  'पानी की टंकी',
  'air fryer for home',
  'solar panel for roof',
  'सोलर पैनल',
  'tractor',
  'kitchen chimney',
  'double door fridge',
  'gadda for bed',
];
