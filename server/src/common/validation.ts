import type { z } from 'zod';
import { badInput } from './app-error.js';
import { messageOfIssue, type Message } from './message.js';
import { commonMessages, libraryText } from './messages.js';

/**
 * Parses a command's input with its zod schema. On failure throws BAD_USER_INPUT with the first
 * problem as the message and every field's problem in `details.fields`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const nul = findNul(input, '');
  // PostgreSQL text cannot hold NUL; refuse it here, once, instead of failing in the database.
  if (nul !== null) throw badInput(commonMessages.noNul, { fields: { [nul || '_']: commonMessages.noNul } });
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, Message> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= messageOf(issue.message);
  }
  const first = result.error.issues[0];
  throw badInput(first ? messageOf(first.message) : commonMessages.invalidInput, { fields });
}

/** An issue's message: ours by id, or zod's own text. */
function messageOf(text: string): Message {
  const message = messageOfIssue(text);
  return typeof message === 'string' ? libraryText(message, 'BAD_USER_INPUT') : message;
}

/** The path of the first string holding a NUL character, or null. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value)) {
    const found = findNul(v, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
