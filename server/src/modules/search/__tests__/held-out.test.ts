import { describe, expect, it } from 'vitest';
import {
  BATCH_A_ENGLISH,
  BATCH_A_HINDI,
  BATCH_A_HINGLISH,
  BATCH_B_ENGLISH,
  BATCH_B_HINDI,
  BATCH_B_HINGLISH,
  BATCH_C_ENGLISH,
  BATCH_C_HINDI,
  BATCH_C_HINGLISH,
} from './held-out-cases.js';
import { FIELDS, score } from './measure.js';

/**
 * Category understanding on held-out queries (held-out-cases.ts): per language and batch, the F1 of
 * each field. SEARCH_QUALITY_REPORT=1 prints the figures docs/search.md quotes.
 */

const BATCHES = [
  ['A', 'English', BATCH_A_ENGLISH],
  ['A', 'Hinglish', BATCH_A_HINGLISH],
  ['A', 'Hindi', BATCH_A_HINDI],
  ['B', 'English', BATCH_B_ENGLISH],
  ['B', 'Hinglish', BATCH_B_HINGLISH],
  ['B', 'Hindi', BATCH_B_HINDI],
  ['C', 'English', BATCH_C_ENGLISH],
  ['C', 'Hinglish', BATCH_C_HINGLISH],
  ['C', 'Hindi', BATCH_C_HINDI],
] as const;

/**
 * Floors against regressions, not targets (the target is 0.97): batch A is tuned (0.956 / 0.967 /
 * 1.000 on category when written), batch B was measured once (0.938 / 0.950 / 0.989); docs/search.md.
 */
const CATEGORY_FLOOR = { A: 0.95, B: 0.93, C: 0.9 } as const;
const OTHER_FIELDS_FLOOR = 0.85;

describe('query understanding on held-out queries', () => {
  it('has at least 150 queries per batch, about a third in each language, across the categories', () => {
    for (const batch of ['A', 'B', 'C']) {
      const cases = BATCHES.filter(([b]) => b === batch).flatMap(([, , c]) => c);
      expect(cases.length).toBeGreaterThanOrEqual(150);
      for (const [b, , c] of BATCHES) if (b === batch) expect(c.length).toBeGreaterThanOrEqual(45);
      expect(new Set(cases.map(([, e]) => e.category).filter(Boolean)).size).toBeGreaterThanOrEqual(48);
    }
  });

  it.each(BATCHES.filter(([b]) => !process.env.HELD_OUT_BATCH || b === process.env.HELD_OUT_BATCH))('batch %s, %s', (batch, language, cases) => {
    const scores = score([...cases]);
    if (process.env.SEARCH_QUALITY_REPORT) {
      for (const field of FIELDS) {
        const s = scores[field];
        console.info(`batch ${batch} ${language} ${field}: n=${s.support} P=${s.precision.toFixed(3)} R=${s.recall.toFixed(3)} F1=${s.f1.toFixed(3)}`, s.misses);
      }
    }
    expect(scores.category.f1, `category: ${scores.category.misses.join('; ')}`).toBeGreaterThanOrEqual(CATEGORY_FLOOR[batch]);
    for (const field of FIELDS.filter((f) => f !== 'category')) {
      expect(scores[field].f1, `${field}: ${scores[field].misses.join('; ')}`).toBeGreaterThanOrEqual(OTHER_FIELDS_FLOOR);
    }
  });
});
