import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../../common/message.js';
import { bandIndexFor, bandIssues, lowestPrice, priceTiersSchema, unitPriceFor, type PriceTier } from '../price-bands.js';

/** The rules' refusals, each message in English. */
const englishIssues = (...args: Parameters<typeof bandIssues>) => bandIssues(...args).map((i) => ({ path: i.path, message: inEnglish(i.message) }));

const schema = priceTiersSchema(1_000_000, 100n, 10_000_000_000n);
const tiers = (...pairs: Array<[number, number]>): PriceTier[] => pairs.map(([q, p]) => ({ minQuantity: q, unitPricePaise: String(p) }));

// docs/product.md#price-bands
describe('price bands', () => {
  it('reads bands given as numbers or text', () => {
    expect(schema.parse([{ minQuantity: '10', unitPricePaise: 5000 }, { minQuantity: 100, unitPricePaise: '4500' }])).toEqual(tiers([10, 5000], [100, 4500]));
    expect(schema.parse([])).toEqual([]);
  });

  it('refuses each malformed band by its number', () => {
    const issues = (v: unknown) => {
      const r = schema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), inEnglish(i.message)]);
    };
    expect(issues([{ minQuantity: 0, unitPricePaise: 100 }])).toEqual([['0.minQuantity', 'Band 1: the quantity must be a whole number from 1 to 1000000']]);
    expect(issues([{ minQuantity: 1, unitPricePaise: 100 }, { minQuantity: 2.5, unitPricePaise: 100 }])).toEqual([['1.minQuantity', 'Band 2: the quantity must be a whole number from 1 to 1000000']]);
    expect(issues([{ minQuantity: 1, unitPricePaise: '45.5' }])).toEqual([['0.unitPricePaise', 'Band 1: the price must be a whole number of paise of at least 1']]);
    expect(issues([{ minQuantity: 1, unitPricePaise: -1 }])).toEqual([['0.unitPricePaise', 'Band 1: the price must be a whole number of paise of at least 1']]);
    expect(issues([{ minQuantity: 1, unitPricePaise: '99999999999999999' }])).toEqual([['0.unitPricePaise', 'Band 1: the price is too large']]);
    expect(issues([{ minQuantity: 1, unitPricePaise: '99' }])).toEqual([['0.unitPricePaise', 'Band 1: the price is too low']]);
    expect(issues([1, 2])).toEqual([['0', 'Band 1 must have a quantity and a price'], ['1', 'Band 2 must have a quantity and a price']]);
    expect(issues(Array.from({ length: 6 }, (_, i) => ({ minQuantity: i + 1, unitPricePaise: 100 })))).toEqual([['', 'At most 5 price bands']]);
    expect(issues('100:45')[0]).toEqual(['', 'Price bands must be a list']);
  });

  it('refuses bands that do not start at the minimum order, do not rise, or cost more', () => {
    expect(englishIssues(tiers([10, 5000], [100, 4500], [500, 4000]), 10)).toEqual([]);
    expect(englishIssues(tiers([10, 5000], [100, 5000]), 10)).toEqual([]);
    expect(englishIssues(tiers([5, 5000]), 10)).toEqual([{ path: 'priceTiers.0.minQuantity', message: 'Band 1 must start at the minimum order (10)' }]);
    expect(englishIssues(tiers([10, 5000], [100, 4500], [100, 4000]), 10)).toEqual([
      { path: 'priceTiers.2.minQuantity', message: 'Band 3 must start at a larger quantity than band 2 (100)' },
    ]);
    expect(englishIssues(tiers([10, 5000], [50, 4500], [20, 4000]), 10)).toEqual([
      { path: 'priceTiers.2.minQuantity', message: 'Band 3 must start at a larger quantity than band 2 (50)' },
    ]);
    expect(englishIssues(tiers([10, 5000], [100, 5001]), 10)).toEqual([{ path: 'priceTiers.1.unitPricePaise', message: 'Band 2 must not cost more than band 1' }]);
  });

  it('prices each quantity by the last band it reaches, at every boundary', () => {
    const ladder = tiers([10, 5000], [100, 4500], [500, 4000]);
    const cases: Array<[number, string]> = [[1, '5000'], [10, '5000'], [99, '5000'], [100, '4500'], [101, '4500'], [499, '4500'], [500, '4000'], [1_000_000, '4000']];
    for (const [q, price] of cases) expect(unitPriceFor(ladder, '5000', q), String(q)).toBe(price);
    expect(bandIndexFor(ladder, 99)).toBe(0);
    expect(bandIndexFor(ladder, 100)).toBe(1);
    expect(bandIndexFor([], 100)).toBe(-1);
    expect(unitPriceFor([], '5000', 100)).toBe('5000');
    expect(unitPriceFor([], null, 100)).toBeNull();
    expect(lowestPrice(ladder, '5000')).toBe('4000');
    expect(lowestPrice([], '5000')).toBe('5000');
  });
});
