import { describe, expect, it } from 'vitest';
import { formatPaise, paiseToRupees, rupeesToPaise } from '../money.js';

describe('money', () => {
  it.each([
    ['0', 0n],
    ['1', 100n],
    ['1.5', 150n],
    ['1234.50', 123450n],
    [' 99.99 ', 9999n],
    [1234.5, 123450n],
    [0.1, 10n],
    ['9999999999999.99', 999999999999999n],
  ] as const)('reads %j rupees as %s paise', (input, paise) => {
    expect(rupeesToPaise(input)).toBe(paise);
  });

  it.each(['', '-1', '1.005', '1e3', 'abc', '1,000', '.5', NaN, Infinity, -1, 0.1 + 0.2])('refuses %j', (input) => {
    expect(rupeesToPaise(input)).toBeNull();
  });

  it('writes paise as rupees with two decimals', () => {
    expect(paiseToRupees('123450')).toBe('1234.50');
    expect(paiseToRupees(5n)).toBe('0.05');
    expect(paiseToRupees('0')).toBe('0.00');
    expect(paiseToRupees('-150')).toBe('-1.50');
    expect(paiseToRupees('900719925474099312')).toBe('9007199254740993.12');
  });
});

describe('formatPaise', () => {
  it.each([
    ['0', '₹0'],
    ['5', '₹0.05'],
    ['246900', '₹2,469'],
    ['246950', '₹2,469.50'],
    ['15000000', '₹1,50,000'],
    ['1234567899', '₹1,23,45,678.99'],
    ['-150', '-₹1.50'],
  ])('%s paise -> %s', (paise, shown) => expect(formatPaise(paise)).toBe(shown));
});
