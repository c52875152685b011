import type { SearchFilters } from '../understanding/filters.js';
import { understandQuery } from '../understanding/understand.js';
import { expectedFilters, type Expect } from './query-cases.js';

/** How query understanding is measured: per field, exact values only (query-understanding-measured.test.ts, held-out.test.ts). */

export type Field = 'category' | 'price' | 'condition' | 'place' | 'quantity';
export const FIELDS: Field[] = ['category', 'price', 'condition', 'place', 'quantity'];

/** A field's value as a comparable string, or null when the filters do not state it. */
function valueOf(f: SearchFilters, field: Field): string | null {
  switch (field) {
    case 'category':
      return f.category ?? null;
    case 'price':
      return f.minPricePaise === undefined && f.maxPricePaise === undefined ? null : `${f.minPricePaise ?? ''}-${f.maxPricePaise ?? ''}`;
    case 'condition':
      return f.productType ?? null;
    case 'place':
      return f.location ?? null;
    case 'quantity':
      return f.minQuantity === undefined ? null : String(f.minQuantity);
  }
}

export interface FieldScore {
  support: number;
  precision: number;
  recall: number;
  f1: number;
  misses: string[];
}

/** Precision, recall and F1 of each field over the cases. */
export function score(cases: Array<[string, Expect]>): Record<Field, FieldScore> {
  const out = {} as Record<Field, FieldScore>;
  for (const field of FIELDS) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    const misses: string[] = [];
    for (const [query, expected] of cases) {
      const { direction: _d, ...filters } = expected;
      const want = valueOf(expectedFilters(filters), field);
      const got = valueOf(understandQuery(query).filters, field);
      if (want !== null && got === want) tp += 1;
      else {
        if (got !== null) fp += 1;
        if (want !== null) fn += 1;
        if (got !== want) misses.push(`${query}: ${got ?? '-'} (expected ${want ?? '-'})`);
      }
    }
    const precision = tp + fp ? tp / (tp + fp) : 1;
    const recall = tp + fn ? tp / (tp + fn) : 1;
    out[field] = { support: tp + fn, precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, misses };
  }
  return out;
}

