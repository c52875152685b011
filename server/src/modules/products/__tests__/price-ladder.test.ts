import { describe, expect, it } from 'vitest';
import { readPriceLadder } from '../price-ladder.js';

const bands = (line: string) => readPriceLadder(line).tiers.map((t) => [t.minQuantity, Number(t.unitPricePaise) / 100]);

// docs/product.md#price-bands: the ladder typed or said in one line.
describe('reading a price ladder from one line', () => {
  it('reads Hinglish, Hindi and English as people say and type it', () => {
    expect(bands('100 se upar 45, 500 se upar 40')).toEqual([[100, 45], [500, 40]]);
    expect(bands('100 पीस से ऊपर 45 रुपये')).toEqual([[100, 45]]);
    expect(bands('100 पीस से ऊपर 45 रुपये, 500 पीस से ऊपर 40 रुपये और 1000 से ऊपर 38 रुपये')).toEqual([[100, 45], [500, 40], [1000, 38]]);
    expect(bands('100+ @ ₹45; 500+ @ ₹40')).toEqual([[100, 45], [500, 40]]);
    expect(bands('from 100 pcs Rs 45.50, from 1,000 pcs Rs 40')).toEqual([[100, 45.5], [1000, 40]]);
    expect(bands('10 kg 450 rs, 100kg 420rs')).toEqual([[10, 450], [100, 420]]);
    expect(bands('100-499: 45, 500 to 999: 42, 1k+: 40')).toEqual([[100, 45], [500, 42], [1000, 40]]);
    expect(bands('100 से 499 तक 45, 500 se 999 tak 42')).toEqual([[100, 45], [500, 42]]);
  });

  it('tells price from quantity by the words around them, in either order', () => {
    expect(bands('₹45 for 100 pcs')).toEqual([[100, 45]]);
    expect(bands('45 रुपये 100 पीस से ऊपर')).toEqual([[100, 45]]);
    expect(bands('ek hazaar se upar pachas')).toEqual([[1000, 50]]);
  });

  it('reads numbers said as words', () => {
    expect(bands('सौ पीस से ऊपर पैंतालीस रुपये, पाँच सौ से ऊपर चालीस रुपये')).toEqual([[100, 45], [500, 40]]);
    expect(bands('two hundred pcs at forty five')).toEqual([[200, 45]]);
    expect(bands('2 hazar se upar 38')).toEqual([[2000, 38]]);
  });

  it('returns what it could not read, and keeps the last price of a quantity said twice', () => {
    expect(readPriceLadder('100 se upar 45, sasta kar denge, 500')).toEqual({ tiers: [{ minQuantity: 100, unitPricePaise: '4500' }], unread: ['sasta kar denge', '500'] });
    expect(bands('100: 45, 100: 44')).toEqual([[100, 44]]);
    expect(readPriceLadder('')).toEqual({ tiers: [], unread: [] });
    expect(readPriceLadder('100 se upar 0').unread).toEqual(['100 se upar 0']);
    expect(readPriceLadder('10.5 pcs 45').unread).toEqual(['10.5 pcs 45']);
  });
});
