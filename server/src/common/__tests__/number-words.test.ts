import { describe, expect, it } from 'vitest';
import { amountInWords, multiplierValue, numberInWords, wordValue } from '../number-words.js';

// Totals in words on invoices, Indian system (docs/product.md#gst-invoices).
describe('numbers in words, Indian system', () => {
  it('says amounts in English', () => {
    expect(amountInWords(12_000_000n, 'en')).toBe('One Lakh Twenty Thousand Rupees');
    expect(amountInWords(100n, 'en')).toBe('One Rupee');
    expect(amountInWords(0n, 'en')).toBe('Zero Rupees');
    expect(amountInWords(250n, 'en')).toBe('Two Rupees and Fifty Paise');
    expect(amountInWords(1n, 'en')).toBe('Zero Rupees and One Paisa');
    expect(amountInWords('1740000', 'en')).toBe('Seventeen Thousand Four Hundred Rupees');
    expect(amountInWords(1_234_567_899n, 'en')).toBe('One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Rupees and Ninety Nine Paise');
    expect(numberInWords(10n ** 12n, 'en')).toBe('One Lakh Crore');
    expect(numberInWords(105n, 'en')).toBe('One Hundred Five');
    expect(numberInWords(99_99_99_999n, 'en')).toBe('Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine');
  });

  it('says amounts in Hindi, with a word of its own for every number below 100', () => {
    expect(amountInWords(12_000_000n, 'hi')).toBe('एक लाख बीस हज़ार रुपये');
    expect(amountInWords(100n, 'hi')).toBe('एक रुपया');
    expect(amountInWords(4550n, 'hi')).toBe('पैंतालीस रुपये और पचास पैसे');
    expect(amountInWords('1740000', 'hi')).toBe('सत्रह हज़ार चार सौ रुपये');
    expect(numberInWords(99n, 'hi')).toBe('निन्यानवे');
    expect(numberInWords(1_00_00_000n, 'hi')).toBe('एक करोड़');
    const words = new Set(Array.from({ length: 100 }, (_, i) => numberInWords(BigInt(i), 'hi')));
    expect(words.size).toBe(100);
  });

  it('reads back every number word it writes, and the common other spellings', () => {
    for (let i = 1; i < 100; i++) {
      expect(wordValue(numberInWords(BigInt(i), 'hi'))).toBe(i);
      if (i < 20 || i % 10 === 0) expect(wordValue(numberInWords(BigInt(i), 'en'))).toBe(i);
    }
    expect(wordValue('पांच')).toBe(5);
    expect(wordValue('das')).toBe(10);
    expect(multiplierValue('सौ')).toBe(100);
    expect(multiplierValue('hazaar')).toBe(1000);
    expect(wordValue('lakh')).toBeNull();
  });

  it('refuses negative amounts', () => {
    expect(() => amountInWords(-1n, 'en')).toThrow(RangeError);
  });
});
