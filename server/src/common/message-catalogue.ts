import type { AppError } from './app-error.js';
import { isMessage, renderMessage, type Message } from './message.js';
import { HINDI_BY_CODE } from './messages.js';
import type { Locale } from './request-context.js';

/**
 * A message in the request's language: ours by id (`renderMessage`); a text we did not write (a
 * library's: GraphQL's validation, zod's defaults) as it is in English, and in Hindi the Hindi of its
 * error code when it has one. No English text is looked up to find its Hindi.
 */
export function localizeMessage(message: Message | string, locale: Locale, code?: string): string {
  if (isMessage(message)) return renderMessage(message, locale);
  if (locale !== 'hi') return message;
  return (code ? HINDI_BY_CODE[code] : undefined) ?? message;
}

/**
 * What a client is told of an AppError, in its language: the message, and the per-field messages
 * of `details.fields` (the other details are data, not text).
 */
export function localizeAppError(err: AppError, locale: Locale): { message: string; details?: Record<string, unknown> } {
  const message = renderMessage(err.text, locale);
  const fields = err.details?.fields;
  if (!fields || typeof fields !== 'object') return { message, details: err.details };
  const translated = Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' || isMessage(v) ? localizeMessage(v, locale, err.code) : v]),
  );
  return { message, details: { ...err.details, fields: translated } };
}
