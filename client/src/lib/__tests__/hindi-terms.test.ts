import { afterEach, describe, expect, it } from 'vitest';
import { findings, forbiddenIn, forbiddenTerms, hindiFiles } from '../../../../scripts/hindi-check.mjs';
import { i18n } from '../i18n';

// docs/glossary-hi.md decides the words of our Hindi; its "Never" column is checked here for the client.
describe('the Hindi glossary (docs/glossary-hi.md) on the client', () => {
  const terms = forbiddenTerms();

  it('reads the forbidden words from the glossary', () => {
    expect(terms).toEqual(expect.arrayContaining(['उत्पाद', 'विक्रेता', 'सत्यापन', 'सत्यापित', 'सहेज', 'प्रश्न', 'उत्तर', 'दर्ज करें', 'अधिकतम', 'चित्र', 'इमेज', 'गलत', 'खरीद']));
  });

  it('finds a forbidden word, and tells a spelling with a nukta from one without', () => {
    expect(forbiddenIn('मुझे 3 उत्पाद मिले', terms)).toEqual(['उत्पाद']);
    expect(forbiddenIn('तुरंत खरीदें', terms)).toEqual(['खरीद']);
    expect(forbiddenIn('अभी ख़रीदें, सिर्फ़ आज', terms)).toEqual([]);
    expect(forbiddenIn('सिर्फ आज', terms)).toEqual(['सिर्फ']);
    // The precomposed letter (U+0959) is the same letter as ख + nukta.
    expect(forbiddenIn('\u0959रीदें', terms)).toEqual([]);
  });

  it('is followed by every Hindi text of the client (locales and sources)', () => {
    expect(hindiFiles('client')).toEqual(expect.arrayContaining(['client/src/locales/hi/common.json', 'client/src/locales/hi/products.json']));
    expect(findings('client', undefined, terms)).toEqual([]);
  });
});

describe('counted Hindi texts', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('agree with the count (CLDR: 0 and 1 are singular in Hindi)', async () => {
    await i18n.changeLanguage('hi');
    expect(i18n.t('search:image.found', { count: 1 })).toBe('आपकी फ़ोटो से मिलता-जुलता 1 प्रोडक्ट मिला');
    expect(i18n.t('search:image.found', { count: 3 })).toBe('आपकी फ़ोटो से मिलते-जुलते 3 प्रोडक्ट मिले');
    expect(i18n.t('verification:otp.attemptsLeft', { count: 0 })).toBe('वेरिफ़िकेशन कोड ग़लत है। 0 कोशिश बाकी है।');
    expect(i18n.t('verification:otp.attemptsLeft', { count: 1 })).toBe('वेरिफ़िकेशन कोड ग़लत है। 1 कोशिश बाकी है।');
    expect(i18n.t('verification:otp.attemptsLeft', { count: 2 })).toBe('वेरिफ़िकेशन कोड ग़लत है। 2 कोशिशें बाकी हैं।');
    expect(i18n.t('products:questions.generated', { count: 1 })).toBe('1 सवाल बन गया');
    expect(i18n.t('products:questions.generated', { count: 4 })).toBe('4 सवाल बन गए');
  });
});
