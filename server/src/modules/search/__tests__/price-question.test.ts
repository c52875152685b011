import { describe, expect, it } from 'vitest';
import { readQuantityQuestion } from '../understanding/price-question.js';

// docs/product.md#price-bands: the quantity questions the assistant answers on a product page, and what stays a search.
describe('readQuantityQuestion', () => {
  it('reads one quantity asked about, in English, Hinglish and Hindi, with the unit when one is said', () => {
    const cases: Array<[string, number, string | null]> = [
      ['how much for 500', 500, null],
      ['How much for 500?', 500, null],
      ['how much do 500 cost', 500, null],
      ['price of 2000 pcs?', 2000, 'piece'],
      ["what's the rate for 500 pieces", 500, 'piece'],
      ['total for 1,500 pcs', 1500, 'piece'],
      ['how much for 1k', 1000, null],
      ['how much for 250 kg', 250, 'kg'],
      ['500 ka kitna', 500, null],
      ['500 pcs ka rate kya hai', 500, 'piece'],
      ['20 dibba kitne ka', 20, 'box'],
      ['500 पीस का क्या रेट', 500, 'piece'],
      ['५०० पीस का दाम', 500, 'piece'],
      ['पांच सौ पीस कितने के', 500, 'piece'],
      ['पाँच सौ का भाव', 500, null],
      ['10 किलो की कीमत', 10, 'kg'],
      // Units no product is sold in, which the answer converts: quintals, millilitres.
      ['how much for 2 dozen', 2, 'dozen'],
      ['1 quintal ka rate', 1, 'quintal'],
      ['5 qtl kitne ka', 5, 'quintal'],
      ['2 क्विंटल का भाव', 2, 'quintal'],
      ['price of 500 ml', 500, 'millilitre'],
    ];
    for (const [text, quantity, unit] of cases) expect(readQuantityQuestion(text), text).toEqual({ quantity, unit });
  });

  it('leaves price limits, ranges, rupee amounts, two numbers, fractions and plain searches to the search', () => {
    for (const text of [
      'steel tiffin',
      'tiffin under 500',
      'price 500 se kam',
      'rate 500 tak',
      'price between 400 and 500',
      '500-1000 ka rate',
      'how much for 500 or 1000',
      '₹500 ka kitna',
      'how much for 500 rs',
      'how much for 2.5',
      'how much for 0',
      'how much',
      'kitna',
      '500 pcs',
    ])
      expect(readQuantityQuestion(text), text).toBeNull();
  });
});
