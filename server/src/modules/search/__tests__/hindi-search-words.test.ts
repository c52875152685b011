import { describe, expect, it } from 'vitest';
import { rowTitle } from '../recommendations.service.js';
import { hindiSearchWords } from '../understanding/hindi-words.js';

describe('the searched words shown to a Hindi reader', () => {
  it('puts English and Hinglish goods words in Devanagari and keeps a Devanagari search as typed', () => {
    expect(hindiSearchWords('chair')).toBe('कुर्सी');
    expect(hindiSearchWords('kursi')).toBe('कुर्सी');
    expect(hindiSearchWords('Laptop')).toBe('लैपटॉप');
    expect(hindiSearchWords('ऑफ़िस कुर्सी')).toBe('ऑफ़िस कुर्सी');
  });

  it('answers null when a word has no Hindi form, so nothing is echoed half in English', () => {
    expect(hindiSearchWords('hp 1020 printer')).toBeNull();
    expect(hindiSearchWords('   ')).toBeNull();
  });

  it('titles the row in Hindi without English words; English keeps the words as typed', () => {
    expect(rowTitle('searched', 'hi', 'chair')).toBe('आपने “कुर्सी” खोजा था, इसलिए');
    expect(rowTitle('searched', 'hi', 'hp 1020 printer')).toBe('आपकी पिछली खोज से मिलते प्रोडक्ट');
    expect(rowTitle('searched', 'en', 'chair')).toBe('Because you searched for “chair”');
  });
});
