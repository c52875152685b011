import { describe, expect, it } from 'vitest';
import { askedQuantity, convertQuantity, type AskedUnit } from '../unit-conversion.js';
import { UNITS, type Unit } from '../units.js';

// docs/product.md#units: a quantity asked in another unit converts only where that is exact and standard.
describe('convertQuantity', () => {
  it('converts dozens and pieces, and grams, kilograms, quintals and tonnes, and millilitres and litres, both ways', () => {
    const cases: Array<[number, AskedUnit, Unit, number]> = [
      [2, 'dozen', 'piece', 24],
      [36, 'piece', 'dozen', 3],
      [1, 'quintal', 'kg', 100],
      [2, 'tonne', 'kg', 2000],
      [1, 'tonne', 'gram', 1_000_000],
      [5000, 'gram', 'kg', 5],
      [3000, 'kg', 'tonne', 3],
      [10, 'quintal', 'tonne', 1],
      [5000, 'millilitre', 'litre', 5],
      [4, 'litre', 'litre', 4],
      [7, 'carton', 'carton', 7],
    ];
    for (const [quantity, from, to, expected] of cases) expect(convertQuantity(quantity, from, to), `${quantity} ${from} -> ${to}`).toBe(expected);
    // Exact at the largest quantity asked.
    expect(convertQuantity(1_000_000_000, 'tonne', 'gram')).toBe(1e15);
  });

  it('has no conversion that is not whole or not standard', () => {
    const none: Array<[number, AskedUnit, Unit]> = [
      [30, 'piece', 'dozen'], // 2.5 dozen
      [500, 'gram', 'kg'], // half a kilogram
      [3, 'quintal', 'tonne'], // 0.3 t
      [2500, 'millilitre', 'litre'],
      [10, 'carton', 'piece'], // a carton holds what the seller packs
      [2, 'box', 'piece'],
      [1, 'dozen', 'pair'],
      [1, 'set', 'piece'],
      [1, 'kg', 'litre'], // a kilogram of what?
      [1, 'metre', 'square_metre'],
      [1, 'quintal', 'bag'],
    ];
    for (const [quantity, from, to] of none) expect(convertQuantity(quantity, from, to), `${quantity} ${from} -> ${to}`).toBeNull();
    // Between two different units of no family: never.
    for (const from of ['pair', 'set', 'box', 'carton', 'metre', 'square_metre', 'roll', 'bag'] as const) {
      for (const to of UNITS.filter((u) => u !== from)) expect(convertQuantity(12, from, to), `${from} -> ${to}`).toBeNull();
    }
  });

  it('names the quantity as it was asked, in English and Hindi', () => {
    expect(askedQuantity(2, 'dozen', 'en')).toBe('2 dozen');
    expect(askedQuantity(1, 'quintal', 'en')).toBe('1 quintal');
    expect(askedQuantity(1500, 'quintal', 'en')).toBe('1,500 quintals');
    expect(askedQuantity(500, 'millilitre', 'en')).toBe('500 ml');
    expect(askedQuantity(2, 'quintal', 'hi')).toBe('2 क्विंटल');
    expect(askedQuantity(2, 'dozen', 'hi')).toBe('2 दर्जन');
    expect(askedQuantity(2, 'tonne', 'en')).toBe('2 t');
  });
});
