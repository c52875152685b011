import { stateByCode } from './indian-states.js';

/**
 * A GSTIN (GST identification number) is 15 characters: the GST state code (2 digits), the holder's
 * PAN (5 letters, 4 digits, 1 letter), the registration's number for that PAN in the state (1-9 or
 * A-Z), the letter Z, and a check character computed from the first 14 (docs/product.md#business-details).
 */
const FORMAT = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export type GstinProblem = 'format' | 'check' | 'state';

/**
 * The check character of a GSTIN's first 14 characters: each character's value (0-9, A=10 ... Z=35)
 * is multiplied by 1 and 2 alternately, each product's base-36 digits are added up, and the check
 * character is what brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

/** A GSTIN as people type it: upper-cased, spaces and hyphens dropped. */
export const normalizeGstin = (value: string): string => value.toUpperCase().replace(/[\s-]/g, '');

/**
 * What is wrong with a (normalized) GSTIN, or null when it is right: its format, its check
 * character, or its state code (unknown, or not `stateCode` when one is given).
 */
export function gstinProblem(gstin: string, stateCode?: string | null): GstinProblem | null {
  const m = FORMAT.exec(gstin);
  if (!m) return 'format';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'check';
  if (!stateByCode(m[1]) || (stateCode && m[1] !== stateCode)) return 'state';
  return null;
}

/** The state code a GSTIN was registered in (its first two digits). */
export const gstinStateCode = (gstin: string): string => gstin.slice(0, 2);
