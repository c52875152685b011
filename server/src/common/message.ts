import type { Locale } from './request-context.js';

// Messages keyed by id. Each module declares the messages it answers with, English and Hindi side by
// side (`defineMessages('orders', { notFound: { en: 'Order not found', hi: 'ऑर्डर नहीं मिला' } })`), and
// throws them by name (`new AppError('NOT_FOUND', orderMessages.notFound)`); the one error mapping
// writes the message in the request's language. A message with `{name}` placeholders is a function of
// its values, so a missing Hindi text, a missing value or a Hindi text without the English one's
// placeholders is a type error. Words follow docs/glossary-hi.md (`node scripts/hindi-check.mjs`).

/** A value a message shows: a number (grouped the Indian way in Hindi), a name or type as it is, or a word of the catalogue (a field label) in the message's language. */
export type MessageParam = string | number | Message;

/** One message as thrown: its id, its texts and the values of its placeholders. */
export interface Message {
  readonly id: string;
  readonly en: string;
  readonly hi: string;
  readonly values?: Readonly<Record<string, MessageParam>>;
}

/** The placeholder names of a text (`'Only {n} left'` -> `'n'`). */
export type Holes<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Holes<Rest> : never;

/** A text holding every one of the placeholders (an intersection of `${string}{name}${string}`). */
type WithHoles<H extends string> = [H] extends [never] ? string : UnionToIntersection<H extends string ? `${string}{${H}}${string}` : never>;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

export interface MessageTexts {
  readonly en: string;
  readonly hi: string;
}

/** A catalogue entry as code uses it: a message, or the function of its values that makes one. */
export type MessageEntry<T extends MessageTexts> = [Holes<T['en']>] extends [never]
  ? Message
  : (values: { readonly [K in Holes<T['en']>]: MessageParam }) => Message;

type Checked<T extends Record<string, MessageTexts>> = { [K in keyof T]: { readonly en: T[K]['en']; readonly hi: WithHoles<Holes<T[K]['en']>> } };

const catalogue = new Map<string, MessageTexts>();

/**
 * A module's messages, by name, under `namespace` (ids are `namespace.name`). Each needs its English
 * and its Hindi; a Hindi text must keep the English one's placeholders.
 */
export function defineMessages<const T extends Record<string, MessageTexts>>(
  namespace: string,
  texts: T & Checked<T>,
): { readonly [K in keyof T]: MessageEntry<T[K]> } {
  const out: Record<string, Message | ((values: Record<string, MessageParam>) => Message)> = {};
  for (const [name, { en, hi }] of Object.entries(texts as Record<string, MessageTexts>)) {
    const id = `${namespace}.${name}`;
    if (catalogue.has(id)) throw new Error(`message ${id} is declared twice`);
    catalogue.set(id, { en, hi });
    out[name] = /\{\w+\}/.test(en) ? (values) => Object.freeze({ id, en, hi, values: Object.freeze({ ...values }) }) : Object.freeze({ id, en, hi });
  }
  return out as { readonly [K in keyof T]: MessageEntry<T[K]> };
}

/** Every message declared so far, by id (for the catalogue's tests). */
export function declaredMessages(): ReadonlyMap<string, MessageTexts> {
  return catalogue;
}

export function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && typeof (value as Message).id === 'string' && typeof (value as Message).en === 'string' && typeof (value as Message).hi === 'string';
}

/** A whole number of 4 digits or more with Indian grouping in Hindi (1000000 -> 10,00,000, docs/glossary-hi.md); as written in English. */
function showNumber(value: number, locale: Locale): string {
  return locale === 'hi' && Number.isInteger(value) && Math.abs(value) >= 1000 ? value.toLocaleString('en-IN') : String(value);
}

/** A message in a language, its values filled in (labels in the same language). */
export function renderMessage(message: Message, locale: Locale): string {
  const text = locale === 'hi' ? message.hi : message.en;
  if (!message.values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = message.values![name];
    if (value === undefined) return whole;
    if (typeof value === 'number') return showNumber(value, locale);
    return typeof value === 'string' ? value : renderMessage(value, locale);
  });
}

// zod keeps an issue's message as text: a message given to a zod check travels as a token that
// `messageOfIssue` turns back into the message (validation.ts); zod's own texts stay as they are.
const TOKEN = '\u2063msg:';
const byToken = new Map<string, Message>();

/** The text to give a zod check (`z.string().min(1, asZod(authMessages.enterEmail))`) for this message. */
export function asZod(message: Message): string {
  const token = `${TOKEN}${message.id}${message.values ? JSON.stringify(message.values) : ''}`;
  byToken.set(token, message);
  return token;
}

/** The message a zod issue carries, or its text when zod wrote it (a library default). */
export function messageOfIssue(text: string): Message | string {
  return byToken.get(text) ?? text;
}

/** The English of a message, of a zod issue's text, or of an AppError's field (what a client reading English is told). */
export function inEnglish(value: Message | string): string {
  const message = typeof value === 'string' ? messageOfIssue(value) : value;
  return typeof message === 'string' ? message : renderMessage(message, 'en');
}
