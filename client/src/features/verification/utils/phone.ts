/** The example the number's message shows (docs/product.md#validation). */
export const PHONE_EXAMPLE = '+919876543210';

/**
 * docs/product.md#validation: digits and a leading plus kept, a plus added if missing, at least 10 characters,
 * and (as the server insists) E.164. Spaces, dashes, dots and brackets are separators. Returns null
 * for what cannot be a number; the server checks again.
 */
export function normalisePhone(input: string): string | null {
  const value = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(value)) return null;
  const e164 = `+${value.replace(/\D/g, '')}`;
  return /^\+[1-9]\d{8,14}$/.test(e164) ? e164 : null;
}

/** What the code field keeps of what is typed or pasted: digits, at most 6. */
export const normaliseOtp = (input: string) => input.replace(/\D/g, '').slice(0, 6);
