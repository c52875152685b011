import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinProblem, normalizeGstin } from '../gstin.js';
import { findState, INDIAN_STATES } from '../indian-states.js';

// docs/product.md#business-details: format, check character, state code.
describe('GSTIN checker', () => {
  const valid = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '07AAGFF2194N1Z1', '24AAACC1206D1ZM'];

  it('accepts real GSTINs and computes their check character from the first 14', () => {
    for (const g of valid) {
      expect(gstinCheckCharacter(g.slice(0, 14)), g).toBe(g[14]);
      expect(gstinProblem(g), g).toBeNull();
    }
  });

  it('refuses a wrong check character, whichever character was mistyped', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('check');
    // One character changed anywhere in the first 14 changes the check character.
    const g = valid[0];
    for (let i = 2; i < 14; i++) {
      if (i === 12 || i === 13) continue; // the entity number and 'Z' have formats of their own
      const changed = g.slice(0, i) + (/\d/.test(g[i]) ? String((Number(g[i]) + 1) % 10) : g[i] === 'Z' ? 'A' : String.fromCharCode(g.charCodeAt(i) + 1)) + g.slice(i + 1);
      expect(gstinProblem(changed), changed).toBe('check');
    }
  });

  it('refuses a GSTIN of another state than the one given, and an unknown state code', () => {
    expect(gstinProblem('27AAPFU0939F1ZV', '27')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZV', '29')).toBe('state');
    const first14 = '98AAPFU0939F1Z';
    expect(gstinProblem(first14 + gstinCheckCharacter(first14))).toBe('state');
  });

  it('refuses what is not shaped like a GSTIN', () => {
    for (const bad of ['', '27AAPFU0939F1Z', '27AAPFU0939F1ZVX', '27AAPF00939F1ZV', '27AAPFU0939F1AV', '27AAPFU0939F0ZV', 'A7AAPFU0939F1ZV']) {
      expect(gstinProblem(bad), bad).toBe('format');
    }
  });

  it('reads a GSTIN as people type it', () => {
    expect(normalizeGstin(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(normalizeGstin('27-AAPFU-0939F1ZV')).toBe('27AAPFU0939F1ZV');
  });

  it('finds a state by its code or its name in either language', () => {
    expect(findState('27')?.en).toBe('Maharashtra');
    expect(findState('7')?.en).toBe('Delhi');
    expect(findState('  maharashtra ')?.code).toBe('27');
    expect(findState('महाराष्ट्र')?.code).toBe('27');
    expect(findState('Jammu & Kashmir')?.code).toBe('01');
    expect(findState('Atlantis')).toBeNull();
    expect(findState('25')).toBeNull();
    expect(new Set(INDIAN_STATES.map((s) => s.code)).size).toBe(INDIAN_STATES.length);
  });
});
