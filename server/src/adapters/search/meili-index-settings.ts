import type { Logger } from 'pino';
import type { Meilisearch, Settings, Task } from 'meilisearch';
import type { EngineLanguage } from './search-engine.js';

/** How often a long task (a settings change that re-indexes) is polled, and its progress logged. */
const POLL_MS = 1000;
const REPORT_MS = 10_000;

/**
 * The index settings the engine needs. `maxTotalHits`: Meilisearch counts matches up to it and serves
 * no result past it (its default of 1,000 cut paging and totals short); the engine sets it one past
 * the deepest result the app asks for, so a total that reaches it is known to be a lower bound.
 */
export function indexSettings(language: EngineLanguage, maxTotalHits: number): Settings {
  const synonyms: Record<string, string[]> = {};
  for (const group of language.synonyms) for (const w of group) synonyms[w] = group.filter((x) => x !== w);
  return {
    searchableAttributes: ['title', 'tags', 'extra_terms', 'seller_name', 'city', 'state', 'description'],
    filterableAttributes: ['id', 'seller_id', 'category', 'price_paise', 'product_type', 'purchase_type', 'city_key', 'state_key', 'max_quantity', 'indexed_at_ms', 'accessory_of'],
    sortableAttributes: ['price_paise', 'created_at_ms'],
    // 'sort' first: 'cheapest first' means strictly by price, as on PostgreSQL.
    rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness', 'seller_standing:desc', 'created_at_ms:desc'],
    // One typo from five letters, two from nine (Meilisearch's own thresholds, which the engine
    // contract states); never in numbers, where a typo is another model ('5490' is not '5480').
    typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 }, disableOnNumbers: true },
    // Listings and queries are English or Hindi: the tokenizer is told so instead of guessing the
    // language of a short title (a guess can pick another language's segmentation and normalisation).
    localizedAttributes: [{ attributePatterns: ['*'], locales: ['eng', 'hin'] }],
    pagination: { maxTotalHits },
    synonyms,
  };
}

/** Settings compared as sets: Meilisearch may answer them in another order than they were given. */
const SET_LIKE = new Set<keyof Settings>(['filterableAttributes', 'sortableAttributes']);

/** A value with object keys sorted (and, for set-like settings, arrays too), to compare answers with wishes. */
function canonical(value: unknown, sortArrays: boolean): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => canonical(v, sortArrays));
    return sortArrays ? items.map((v) => JSON.stringify(v)).sort() : items;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k], sortArrays)]));
  }
  return value;
}

/**
 * The part of `wanted` that `current` (GET /indexes/{uid}/settings) does not have yet. Only the
 * fields the app sets are compared (Meilisearch answers every field, with its defaults); synonyms
 * compare as sets of words.
 */
export function changedSettings(current: Settings, wanted: Settings): Settings {
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(wanted) as [keyof Settings, unknown][]) {
    const has = current[name];
    const now = name === 'typoTolerance' && has && typeof has === 'object' && value ? pick(has, Object.keys(value)) : has;
    const asSet = SET_LIKE.has(name);
    const same =
      name === 'synonyms'
        ? JSON.stringify(canonical(now ?? {}, true)) === JSON.stringify(canonical(value, true))
        : JSON.stringify(canonical(now, asSet)) === JSON.stringify(canonical(value, asSet));
    if (!same) changed[name] = value;
  }
  return changed as Settings;
}

function pick(o: object, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, (o as Record<string, unknown>)[k]]));
}

/**
 * Waits for a task however long it takes (a settings change re-indexes every document), logging its
 * progress every few seconds; throws when it did not succeed.
 */
export async function waitLogged(client: Meilisearch, taskUid: number, what: string, log?: Logger): Promise<Task> {
  let reported = Date.now();
  for (;;) {
    const task = await client.tasks.getTask(taskUid);
    if (task.status === 'succeeded') return task;
    if (task.status === 'failed' || task.status === 'canceled') {
      throw new Error(`Meilisearch ${what} (task ${taskUid}) ${task.status}: ${task.error?.message ?? ''}`);
    }
    if (Date.now() - reported >= REPORT_MS) {
      reported = Date.now();
      const batch = task.batchUid === null ? null : await client.batches.getBatch(task.batchUid).catch(() => null);
      log?.info({ task: taskUid, status: task.status, percent: batch?.progress?.percentage, step: batch?.progress?.steps.at(-1)?.currentStep }, `Meilisearch: ${what} under way`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
