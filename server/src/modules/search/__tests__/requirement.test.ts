import { describe, expect, it } from 'vitest';
import { readRequirement } from '../understanding/requirement.js';
import { understandQuery } from '../understanding/understand.js';

/** A requirement's draft from the buyer's words (docs/product.md#buy-requirements). */
const draft = (text: string) => readRequirement(text, understandQuery(text));

describe('readRequirement', () => {
  it('reads goods, quantity, top price and a city from English', () => {
    expect(draft('200 steel almirahs in Pune under 5000 each')).toEqual({
      goodsWords: ['steel', 'almirah'],
      category: 'Furniture',
      quantity: 200,
      unit: null,
      maxUnitPricePaise: '500000',
      city: 'Pune',
      state: null,
      condition: null,
    });
  });

  it('takes a plain number before singular goods as the quantity, not the price', () => {
    const d = draft('200 steel almirah in Pune under 5000 rupees');
    expect([d.quantity, d.maxUnitPricePaise]).toEqual([200, '500000']);
    // The translation and the buyer's own word both match listings.
    expect(d.goodsWords).toEqual(expect.arrayContaining(['cupboard', 'almirah', 'steel']));
  });

  it('reads a unit and a state from Hindi, and leaves the unit word out of the goods', () => {
    const d = draft('महाराष्ट्र में 50 किलो चावल');
    expect(d).toMatchObject({ quantity: 50, unit: 'kg', state: 'Maharashtra', city: null });
    expect(d.goodsWords).not.toContain('kilo');
    expect(d.goodsWords).toContain('चावल');
  });

  it('keeps a unit word that names the goods when no number counts it', () => {
    expect(draft('500 jute bags').goodsWords).toContain('bag');
    expect(draft('500 jute bags').unit).toBeNull();
  });

  it('reads the condition', () => {
    expect(draft('used office chairs').condition).toBe('used');
  });
});
