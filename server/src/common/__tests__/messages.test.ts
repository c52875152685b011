import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../app-error.js';
import { ERROR_STATUS } from '../error-codes.js';
import { declaredMessages, defineMessages, renderMessage } from '../message.js';
import { localizeAppError, localizeMessage } from '../message-catalogue.js';
import { commonMessages, HINDI_BY_CODE } from '../messages.js';
import { collectMessages, messageFiles, showShape, type MessageShape } from './message-sources.js';

const DEVANAGARI = /[\u0900-\u097F]/;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the message catalogue', () => {
  let found: { messages: MessageShape[]; terms: MessageShape[] };
  beforeAll(async () => {
    for (const file of messageFiles()) await import(file);
    found = collectMessages();
  }, 300_000);

  it("holds every module's messages by id", () => {
    const ids = [...declaredMessages().keys()];
    expect(ids).toEqual(
      expect.arrayContaining([
        'common.somethingWentWrong',
        'auth.invalidUsernameOrPassword',
        'verification.attemptsLeft',
        'products.thumbnailFileSizeMustBeLess',
        'products.textTooLong',
        'chat.youCannotMessageYourself',
        'http.theRequestBodyIsNotValid',
      ]),
    );
    expect(ids.length).toBeGreaterThan(150);
  });

  it('writes every message in English and Hindi with the same placeholders', () => {
    for (const [id, { en, hi }] of declaredMessages()) {
      expect(en, id).toMatch(/[A-Za-z]/);
      expect(hi, id).toMatch(DEVANAGARI);
      expect(placeholders(hi), id).toEqual(placeholders(en));
    }
  });

  it('finds a message given as English text instead of an id (its reader works)', () => {
    const fixture = collectMessages(path.join(import.meta.dirname, 'fixtures'));
    expect(fixture.messages.map((m) => showShape(m.parts))).toEqual(
      expect.arrayContaining(['Plain text refusal', 'Only {n} left', 'A zod check in English', 'A field in English']),
    );
  });

  it('gives every message in server/src by id (an AppError takes no text; a zod check, a field or an upload spec none in English)', () => {
    expect(found.messages.map((m) => `${showShape(m.parts)}  (${m.at})`)).toEqual([]);
    expect(found.terms.map((t) => `${showShape(t.parts)}  (${t.at})`)).toEqual([]);
  });

  it('has a Hindi fallback for every error code (for texts we did not write)', () => {
    for (const code of Object.keys(ERROR_STATUS)) expect(HINDI_BY_CODE[code], code).toMatch(DEVANAGARI);
  });

  it('refuses an id declared twice', () => {
    expect(() => defineMessages('common', { notFound: { en: 'Again', hi: 'फिर से' } })).toThrow('common.notFound');
  });
});

describe('a message in a language', () => {
  const demo = defineMessages('test-demo', {
    tooLong: { en: '{label} must be at most {max} characters', hi: '{label} ज़्यादा से ज़्यादा {max} अक्षरों का हो सकता है' },
    title: { en: 'Title', hi: 'प्रोडक्ट का नाम' },
    atMost: { en: 'Maximum quantity must be at most {max}', hi: 'ज़्यादा से ज़्यादा मात्रा {max} से ज़्यादा नहीं हो सकती' },
  });

  it('keeps English exactly as written', () => {
    expect(localizeMessage(commonMessages.somethingWentWrong, 'en')).toBe('Something went wrong. Please try again.');
    expect(localizeMessage('Anything at all', 'en', 'BAD_USER_INPUT')).toBe('Anything at all');
    expect(new AppError('NOT_FOUND', commonMessages.notFound).message).toBe('Not found');
  });

  it('fills the values, writing labels in the same language and whole numbers the Indian way in Hindi', () => {
    expect(renderMessage(commonMessages.fileTooLarge({ size: '60.00', max: 50 }), 'hi')).toBe('फ़ाइल 60.00 MB की है; ज़्यादा से ज़्यादा 50 MB की फ़ाइल डाल सकते हैं');
    expect(renderMessage(commonMessages.fileTooLarge({ size: '60.00', max: 50 }), 'en')).toBe('File size (60.00 MB) exceeds maximum allowed size (50 MB)');
    expect(renderMessage(demo.tooLong({ label: demo.title, max: 200 }), 'en')).toBe('Title must be at most 200 characters');
    expect(renderMessage(demo.tooLong({ label: demo.title, max: 200 }), 'hi')).toBe('प्रोडक्ट का नाम ज़्यादा से ज़्यादा 200 अक्षरों का हो सकता है');
    expect(renderMessage(demo.atMost({ max: 1_000_000 }), 'en')).toBe('Maximum quantity must be at most 1000000');
    expect(renderMessage(demo.atMost({ max: 1_000_000 }), 'hi')).toBe('ज़्यादा से ज़्यादा मात्रा 10,00,000 से ज़्यादा नहीं हो सकती');
  });

  it('falls back to the Hindi of the error code for a text we did not write (a library default)', () => {
    expect(localizeMessage('Too small: expected string to have >=1 characters', 'hi', 'BAD_USER_INPUT')).toBe(HINDI_BY_CODE.BAD_USER_INPUT);
  });

  it("writes an AppError's per-field messages in the language and keeps its other details", () => {
    const err = new AppError('RATE_LIMITED', demo.atMost({ max: 5000 }), { otpStatus: 'too_many_attempts', fields: { code: demo.title } });
    expect(localizeAppError(err, 'hi')).toEqual({
      message: 'ज़्यादा से ज़्यादा मात्रा 5,000 से ज़्यादा नहीं हो सकती',
      details: { otpStatus: 'too_many_attempts', fields: { code: 'प्रोडक्ट का नाम' } },
    });
    expect(localizeAppError(err, 'en')).toEqual({ message: 'Maximum quantity must be at most 5000', details: { otpStatus: 'too_many_attempts', fields: { code: 'Title' } } });
  });
});
