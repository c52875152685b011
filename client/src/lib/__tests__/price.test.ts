import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../i18n';
import { bandOf, checkedBands, formatBandFrom, formatListingPrice, formatPrice, formatPriceLine, formatPriceRange, formatQuantity, unitPriceFor } from '../price';

const t = () => i18n.t.bind(i18n);

afterEach(async () => {
  await changeLanguage('en');
});

// docs/product.md#prices: every price names its unit; a card adds the minimum order.
describe('prices say what they cover', () => {
  it('names the unit, in English and in Hindi', async () => {
    expect(formatPrice('145000', 'piece', t())).toBe('₹1,450 / piece');
    expect(formatPrice('123450', undefined, t())).toBe('₹1,234.50 / piece');
    expect(formatQuantity(1, null, t())).toBe('1 piece');
    expect(formatQuantity(10, 'piece', t())).toBe('10 pieces');
    await changeLanguage('hi');
    expect(formatPrice('145000', 'piece', t())).toBe('₹1,450 / पीस');
    expect(formatQuantity(10, 'piece', t())).toBe('10 पीस');
    expect(formatPriceLine({ pricePaise: '145000', minQuantity: 10 }, t())).toBe('₹1,450 / पीस · कम से कम 10');
    expect(formatListingPrice({ pricePaise: null }, t())).toBe('दाम पूछने पर');
  });

  it('shows a range, the minimum order only above 1, and price on request', () => {
    expect(formatPriceRange('120000', '150000', 'piece', t())).toBe('₹1,200–₹1,500 / piece');
    expect(formatPriceRange('120000', '120000', 'piece', t())).toBe('₹1,200 / piece');
    expect(formatPriceLine({ pricePaise: '145000', minQuantity: 10 }, t())).toBe('₹1,450 / piece · min. 10');
    expect(formatPriceLine({ pricePaise: '145000', minQuantity: 1 }, t())).toBe('₹1,450 / piece');
    expect(formatPriceLine({ pricePaise: '120000', priceMaxPaise: '150000', minQuantity: 5 }, t())).toBe('₹1,200–₹1,500 / piece · min. 5');
    expect(formatPriceLine({ pricePaise: null, minQuantity: 5 }, t())).toBe('Price on request · min. 5');
  });
});

// docs/product.md#price-bands: a quantity pays the band it reaches; cards name the best band.
describe('price bands', () => {
  const bands = [
    { minQuantity: 10, unitPricePaise: '50000' },
    { minQuantity: 100, unitPricePaise: '45000' },
    { minQuantity: 500, unitPricePaise: '40000' },
  ];
  it('prices each quantity at its band, at every boundary', () => {
    expect([9, 10, 99, 100, 499, 500, 5000].map((q) => unitPriceFor(bands, '99900', q))).toEqual(['99900', '50000', '50000', '45000', '45000', '40000', '40000']);
    expect(bandOf([], 100)).toBeNull();
    expect(unitPriceFor([], '99900', 100)).toBe('99900');
  });

  it('keeps only well-formed bands with rising minimums', () => {
    expect(checkedBands([{ minQuantity: 10, unitPricePaise: '500' }, { minQuantity: 10, unitPricePaise: '400' }, { minQuantity: 0, unitPricePaise: '1' }, { minQuantity: 20, unitPricePaise: '4.5' }, { minQuantity: 30, unitPricePaise: '300' }])).toEqual([
      { minQuantity: 10, unitPricePaise: '500' },
      { minQuantity: 30, unitPricePaise: '300' },
    ]);
    expect(checkedBands(null)).toEqual([]);
  });

  it("names a card's best band, in English and in Hindi", async () => {
    expect(formatBandFrom({ minQuantity: 100, unitPricePaise: '45000' }, 'piece', t())).toBe('₹450 / piece from 100 pieces');
    await changeLanguage('hi');
    expect(formatBandFrom({ minQuantity: 100, unitPricePaise: '45000' }, 'piece', t())).toBe('100 पीस से ₹450 / पीस');
  });
});
