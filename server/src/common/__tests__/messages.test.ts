import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../app-error.js';
import { ERROR_STATUS } from '../error-codes.js';
import { hindiOf, localizeAppError, localizeMessage } from '../message-catalogue.js';
import { HINDI_BY_CODE, HINDI_MESSAGES, HINDI_PATTERNS } from '../messages.hi.js';
import { collectMessages, showShape, type MessageShape, type Part } from './message-sources.js';

const DEVANAGARI = /[\u0900-\u097F]/;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Whether the catalogue translates every message of this shape. */
function covered(parts: Part[]): boolean {
  const holes = parts.filter((p) => typeof p !== 'string');
  if (!holes.length) return hindiOf(parts.join('')) !== null;
  // A value in place of each hole (a number, a label) matches a pattern...
  if (hindiOf(parts.map((p) => (typeof p === 'string' ? p : '7')).join('')) !== null) return true;
  // ...or a pattern spells out what the source leaves open ("{n} attempts" for "{n} {word}s").
  const shape = new RegExp(`^${parts.map((p) => (typeof p === 'string' ? escape(p) : '.+')).join('')}$`, 's');
  return HINDI_PATTERNS.some(([en]) => shape.test(en.replace(/\{\w+\}/g, '\u0000')));
}

describe('the Hindi message catalogue', () => {
  let found: { messages: MessageShape[]; terms: MessageShape[] };
  beforeAll(() => {
    found = collectMessages();
  }, 120_000);

  it('reads the messages of every module from the sources', () => {
    const texts = found.messages.map((m) => showShape(m.parts));
    // Known messages of each module, so a broken reader cannot pass by finding nothing.
    expect(texts).toEqual(
      expect.arrayContaining([
        'Thumbnail file size must be less than 5MB',
        'Maximum 5 gallery images allowed',
        'Invalid username or password',
        'This code has expired. Please request a new code.',
        'Each image must be less than 5MB',
        'Please fill in all required fields',
        'Something went wrong. Please try again.',
      ]),
    );
    expect(texts.some((t) => t.startsWith('File size (') && t.includes('exceeds maximum allowed size'))).toBe(true);
    expect(texts.some((t) => t.startsWith('File type "{'))).toBe(true);
    expect(found.terms.map((t) => showShape(t.parts))).toEqual(expect.arrayContaining(['Title', 'Minimum quantity']));
    expect(found.messages.length).toBeGreaterThan(100);
  });

  it('has Hindi for every AppError message in server/src', () => {
    const missing = found.messages.filter((m) => !covered(m.parts)).map((m) => `${showShape(m.parts)}  (${m.at})`);
    expect(missing).toEqual([]);
  });

  it('has Hindi for every label a message inserts', () => {
    const missing = found.terms.filter((t) => !covered(t.parts)).map((t) => `${showShape(t.parts)}  (${t.at})`);
    expect(missing).toEqual([]);
  });

  it('writes every entry in Hindi, keeping the placeholders of its pattern', () => {
    for (const [en, hi] of Object.entries(HINDI_MESSAGES)) expect(hi, en).toMatch(DEVANAGARI);
    for (const [en, hi] of HINDI_PATTERNS) {
      expect(hi, en).toMatch(DEVANAGARI);
      expect(placeholders(hi), en).toEqual(placeholders(en));
    }
  });

  it('has a Hindi fallback for every error code', () => {
    for (const code of Object.keys(ERROR_STATUS)) expect(HINDI_BY_CODE[code], code).toMatch(DEVANAGARI);
  });
});

describe('localizing a message', () => {
  it('keeps English exactly as written', () => {
    expect(localizeMessage('Thumbnail file size must be less than 5MB', 'en')).toBe('Thumbnail file size must be less than 5MB');
    expect(localizeMessage('Anything at all', 'en', 'BAD_USER_INPUT')).toBe('Anything at all');
  });

  it('fills the values of dynamic messages, translating labels and keeping numbers, names and types', () => {
    expect(localizeMessage('File size (60.00 MB) exceeds maximum allowed size (50 MB)', 'hi')).toBe(
      'फ़ाइल 60.00 MB की है; ज़्यादा से ज़्यादा 50 MB की फ़ाइल डाल सकते हैं',
    );
    expect(localizeMessage('File type "text/html" is not allowed', 'hi')).toBe('इस तरह की फ़ाइल ("text/html") नहीं डाल सकते');
    expect(localizeMessage('Title must be at most 200 characters', 'hi')).toBe('प्रोडक्ट का नाम ज़्यादा से ज़्यादा 200 अक्षरों का हो सकता है');
    expect(localizeMessage('Minimum quantity must be at least 1', 'hi')).toBe('कम से कम ऑर्डर मात्रा 1 या उससे ज़्यादा होनी चाहिए');
    expect(localizeMessage('Invalid verification code. 1 attempt left.', 'hi')).toBe('वेरिफ़िकेशन कोड ग़लत है। 1 कोशिश बाकी है।');
    expect(localizeMessage('Please wait 30 seconds before requesting a new code.', 'hi')).toBe('नया कोड मँगाने से पहले कृपया 30 सेकंड रुकें।');
    expect(localizeMessage('Invalid verification code. 3 attempts left.', 'hi')).toBe('वेरिफ़िकेशन कोड ग़लत है। 3 कोशिशें बाकी हैं।');
    expect(localizeMessage('Maximum quantity must be at most 1000000', 'hi')).toBe('ज़्यादा से ज़्यादा मात्रा 10,00,000 से ज़्यादा नहीं हो सकती');
  });

  it('falls back to the Hindi of the error code for a message it does not know (a library default)', () => {
    expect(localizeMessage('Too small: expected string to have >=1 characters', 'hi', 'BAD_USER_INPUT')).toBe(HINDI_BY_CODE.BAD_USER_INPUT);
  });

  it("translates an AppError's per-field messages and keeps its other details", () => {
    const err = new AppError('RATE_LIMITED', 'Too many wrong attempts. Please request a new code.', {
      otpStatus: 'too_many_attempts',
      fields: { code: 'Please enter the OTP' },
    });
    expect(localizeAppError(err, 'hi')).toEqual({
      message: 'बहुत बार ग़लत कोड डाला गया। कृपया नया कोड मँगाएँ।',
      details: { otpStatus: 'too_many_attempts', fields: { code: 'कृपया OTP डालें' } },
    });
    expect(localizeAppError(err, 'en')).toEqual({ message: err.message, details: err.details });
  });
});
