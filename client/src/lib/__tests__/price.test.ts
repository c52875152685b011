import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../i18n';
import { formatListingPrice, formatPrice, formatPriceLine, formatPriceRange, formatQuantity } from '../price';

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
