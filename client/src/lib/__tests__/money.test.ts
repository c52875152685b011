import { describe, expect, it } from 'vitest';
import { formatRupees, isRupeeAmount } from '../money';

describe('formatRupees', () => {
  it.each([
    ['0.00', '₹0'],
    ['5', '₹5'],
    ['999.5', '₹999.50'],
    ['1234.50', '₹1,234.50'],
    ['123456.00', '₹1,23,456'],
    ['150000', '₹1,50,000'],
    ['65000.00', '₹65,000'],
    ['12345678.99', '₹1,23,45,678.99'],
    ['0.05', '₹0.05'],
  ])('%s -> %s', (input, shown) => {
    expect(formatRupees(input)).toBe(shown);
  });
});

describe('isRupeeAmount', () => {
  it('accepts amounts with up to two decimals and refuses the rest', () => {
    expect(['0', '10', '10.5', '10.55'].every(isRupeeAmount)).toBe(true);
    expect(['', '-1', '10.555', 'abc', '1e3', '.5'].some(isRupeeAmount)).toBe(false);
  });
});
