import { useCallback, useState } from 'react';
import type { TFunction } from 'i18next';

/**
 * A message: a text key (with its values) of the products namespace, translated when shown, so a switch
 * of language also switches the messages already on screen; or a text as it came (the server's).
 */
export type FieldMessage = string | { key: string; values?: Record<string, string | number> };

export const say = (t: TFunction<'products'>, message: FieldMessage): string =>
  typeof message === 'string' ? message : String(t(message.key as never, (message.values ?? {}) as never));

/** The id of the message shown under a field (its `aria-describedby` names it). */
export const errorIdOf = (fieldId: string) => `${fieldId}-error`;

/**
 * Errors of a form, one per field (keyed by the field's element id): a message shown next to its field,
 * `clear(id)` as soon as the field is edited, `report(map)` after a refused submit, which also moves focus
 * to the first field (in page order) that has one.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Readonly<Record<string, FieldMessage>>>({});
  const clear = useCallback(
    (id: string) =>
      setErrors((prev) => {
        if (!(id in prev)) return prev;
        const next = { ...prev };
        delete next[id];
        return next;
      }),
    [],
  );
  const set = useCallback((id: string, message: FieldMessage) => setErrors((prev) => ({ ...prev, [id]: message })), []);
  const report = useCallback((next: Record<string, FieldMessage>) => {
    setErrors(next);
    focusFirst(Object.keys(next));
  }, []);
  const reset = useCallback(() => setErrors({}), []);
  return { errors, clear, set, report, reset, has: (id: string) => id in errors, count: Object.keys(errors).length };
}

/** Focuses the element, among those with the given ids, that comes first in the page. */
export function focusFirst(ids: string[]) {
  const elements = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
  elements.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  elements[0]?.focus();
}

/**
 * The server's field messages (`details.fields`, keyed by the input's path: `title`, `max_quantity`,
 * `custom_questions.0.question`, ...) as messages of this form's fields, for the paths it knows.
 */
export function serverFieldErrors(fields: unknown, idOf: (path: string[]) => string | null): Record<string, FieldMessage> {
  const found: Record<string, FieldMessage> = {};
  if (typeof fields !== 'object' || fields === null) return found;
  for (const [path, message] of Object.entries(fields)) {
    const id = typeof message === 'string' ? idOf(path.split('.')) : null;
    if (id && !(id in found)) found[id] = message as string;
  }
  return found;
}

/**
 * A form's problems by field id, as its check finds them: `need(ok, id, message)` marks a required field
 * left empty (the summary then says 'fill in all required fields'); `errors[id] = message` any other problem.
 */
export function formProblems() {
  const errors: Record<string, FieldMessage> = {};
  let missing = false;
  return {
    errors,
    need(ok: unknown, id: string, text: FieldMessage) {
      if (ok) return;
      errors[id] = text;
      missing = true;
    },
    get missing() {
      return missing;
    },
  };
}
