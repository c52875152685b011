import type { AppError } from './app-error.js';
import { isMessage, renderMessage, type Message } from './message.js';
import { HINDI_BY_CODE } from './messages.js';
import { HINDI_MESSAGES, HINDI_PATTERNS } from './messages.hi.js';
import type { Locale } from './request-context.js';

// Messages by id are written in the request's language by `renderMessage`. The English-keyed tables
// below serve the messages not yet moved to ids (messages.hi.ts); they go when the last one has moved.

interface CompiledPattern {
  regex: RegExp;
  names: string[];
  hindi: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(english: string, hindi: string): CompiledPattern {
  const names: string[] = [];
  const source = english
    .split(/(\{\w+\})/)
    .map((piece) => {
      const m = /^\{(\w+)\}$/.exec(piece);
      if (!m) return escape(piece);
      names.push(m[1]);
      return '(.+?)';
    })
    .join('');
  return { regex: new RegExp(`^${source}$`, 's'), names, hindi };
}

const PATTERNS = HINDI_PATTERNS.map(([en, hi]) => compile(en, hi));

/** A whole number of 4 digits or more with Indian grouping (1000000 -> 10,00,000, docs/glossary-hi.md); anything else as it is. */
const grouped = (value: string) => (/^\d{4,15}$/.test(value) ? Number(value).toLocaleString('en-IN') : value);

/** A message's Hindi, or null when the catalogue has none. */
export function hindiOf(message: string): string | null {
  const exact = HINDI_MESSAGES[message];
  if (exact !== undefined) return exact;
  for (const p of PATTERNS) {
    const m = p.regex.exec(message);
    if (!m) continue;
    const values = Object.fromEntries(p.names.map((name, i) => [name, HINDI_MESSAGES[m[i + 1]] ?? grouped(m[i + 1])]));
    return p.hindi.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
  }
  return null;
}

/**
 * A message in the request's language: a message by id in that language; a text we did not write (a
 * library's) as it is in English, and in Hindi the Hindi of its error code.
 */
export function localizeMessage(message: Message | string, locale: Locale, code?: string): string {
  if (isMessage(message)) return renderMessage(message, locale);
  if (locale !== 'hi') return message;
  return hindiOf(message) ?? (code ? HINDI_BY_CODE[code] : undefined) ?? message;
}

/**
 * What a client is told of an AppError, in its language: the message, and the per-field messages
 * of `details.fields` (the other details are data, not text).
 */
export function localizeAppError(err: AppError, locale: Locale): { message: string; details?: Record<string, unknown> } {
  const message = localizeMessage(err.text ?? err.message, locale, err.code);
  const fields = err.details?.fields;
  if (!fields || typeof fields !== 'object') return { message, details: err.details };
  const translated = Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' || isMessage(v) ? localizeMessage(v, locale, err.code) : v]),
  );
  return { message, details: { ...err.details, fields: translated } };
}
