/** The example the number's message shows (docs/product.md#validation). */
export const PHONE_EXAMPLE = '+919876543210';

/** The country code the number field starts with (most of our users are in India). */
export const DEFAULT_COUNTRY_PREFIX = '+91 ';

/**
 * docs/product.md#validation: digits and a leading plus kept, a plus added if missing, at least 10 characters,
 * and (as the server insists) E.164. A bare Indian mobile number (10 digits starting 6 to 9, or with a
 * leading 0) is +91. Spaces, dashes, dots and brackets are separators. Returns null for what cannot
 * be a number; the server checks again with the same rule (verification.inputs.ts normalizePhone).
 */
export function normalisePhone(input: string): string | null {
  const value = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  const indianMobile = !value.startsWith('+') && /^0?[6-9]\d{9}$/.test(digits);
  const e164 = indianMobile ? `+91${digits.slice(-10)}` : `+${digits}`;
  return /^\+[1-9]\d{8,14}$/.test(e164) ? e164 : null;
}

/** What the code field keeps of what is typed or pasted: digits, at most 6. */
export const normaliseOtp = (input: string) => input.replace(/\D/g, '').slice(0, 6);
