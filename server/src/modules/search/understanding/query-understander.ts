import { z } from 'zod';
import { CATEGORIES } from '../../products/products.public.js';
import { cappedPrice } from './filters.js';
import { PLACE_NAMES } from './places.js';
import { normalizeQuery } from './normalize.js';
import { understandQuery, type Understanding } from './understand.js';

/**
 * Query understanding as a port: what the buyer said becomes the words to search and the filters
 * (the Understanding contract of understand.ts). The rules are the default; a language model may
 * be chosen instead, and then the rules are its fallback.
 */
export interface QueryUnderstander {
  readonly name: string;
  understand(text: string): Promise<Understanding>;
}

/** How many texts' understandings are kept (the same words are searched again and again: pages, refinements, popular goods). */
const UNDERSTOOD_CACHE_SIZE = 2000;
const understood = new Map<string, Understanding>();

/** A copy the caller may change without touching the kept one (its arrays and filters are its own). */
const copyOf = (u: Understanding): Understanding => ({ ...u, goods: [...u.goods], optional: [...u.optional], filters: { ...u.filters } });

/**
 * The rules' understanding of a text. The rules are pure (the same text always gives the same
 * answer), so answers are kept by text: understanding one costs about 0.4 ms of CPU, a kept one a copy.
 */
export function understandByRules(text: string): Understanding {
  let u = understood.get(text);
  if (!u) {
    u = understandQuery(text);
    if (understood.size >= UNDERSTOOD_CACHE_SIZE) understood.clear();
    understood.set(text, u);
  }
  return copyOf(u);
}

/** The rules of understand.ts (deterministic, no network). */
export const rulesUnderstander: QueryUnderstander = {
  name: 'rules',
  understand: (text) => Promise.resolve(understandByRules(text)),
};

export interface OpenAiUnderstandingSettings {
  /** An OpenAI-compatible API ('https://api.openai.com/v1', a vLLM or Ollama server). */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** How long a search waits for the model before it answers with the rules. */
  timeoutMs: number;
}

/** What the model is asked to return (the filters the rules read). */
const modelAnswer = z.object({
  category: z.string().nullable().optional(),
  min_price_rupees: z.number().int().positive().nullable().optional(),
  max_price_rupees: z.number().int().positive().nullable().optional(),
  condition: z.enum(['new', 'used']).nullable().optional(),
  location: z.string().nullable().optional(),
  quantity: z.number().int().positive().max(1_000_000).nullable().optional(),
});
type ModelAnswer = z.infer<typeof modelAnswer>;

const completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const CATEGORY_IDS = new Set(CATEGORIES.map((c) => c.id));

const SYSTEM = [
  'You read what a buyer on an Indian business-goods marketplace typed or said (English, Hinglish in Latin letters, or Hindi in Devanagari) and return the search filters it states.',
  `category: one of ${CATEGORIES.map((c) => c.id).join(', ')}, or null when the words do not name one kind of goods without doubt ('watch', 'chain', 'bike' alone are null).`,
  'min_price_rupees / max_price_rupees: whole rupees, only when a price is stated (5k = 5000, 1.5 lakh = 150000, "5000 se kam" = max 5000).',
  "condition: 'used' for second hand, purana, refurbished; 'new' for naya, sealed; else null (old coins or antiques are not used goods).",
  'location: the Indian city or state named, in English, else null. quantity: the number of pieces wanted, else null.',
  'Return JSON only: {"category":...,"min_price_rupees":...,"max_price_rupees":...,"condition":...,"location":...,"quantity":...}.',
].join(' ');

/**
 * Query understanding by any OpenAI-compatible chat-completions model. The words to search, the
 * goods words and everything else come from the rules; the model's filters replace the rules'
 * when they are valid (a category id we have, a place of the gazetteer, positive amounts). Any
 * failure (timeout, HTTP error, an answer that is not the JSON asked for) gives the rules' answer,
 * so a search never fails or waits longer than the timeout because of the model.
 */
export class OpenAiQueryUnderstander implements QueryUnderstander {
  readonly name = 'openai';

  constructor(
    private readonly settings: OpenAiUnderstandingSettings,
    private readonly onFallback: (error: unknown) => void = () => undefined,
  ) {}

  async understand(text: string): Promise<Understanding> {
    const rules = understandByRules(text);
    if (!text.trim()) return rules;
    try {
      return merge(rules, await this.ask(text));
    } catch (error) {
      this.onFallback(error);
      return rules;
    }
  }

  private async ask(text: string): Promise<ModelAnswer> {
    const res = await fetch(`${this.settings.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.settings.apiKey}` },
      body: JSON.stringify({
        model: this.settings.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: text },
        ],
      }),
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    if (!res.ok) throw new Error(`Query understanding model answered HTTP ${res.status}`);
    const content = completion.parse(await res.json()).choices[0].message.content ?? '';
    // Some models wrap JSON in a code fence even when asked not to.
    const json = content.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');
    return modelAnswer.parse(JSON.parse(json));
  }
}

/** The rules' understanding with the model's valid filters in place of the rules' ones. */
function merge(rules: Understanding, answer: ModelAnswer): Understanding {
  const filters = { ...rules.filters };
  if (answer.category === null) delete filters.category;
  else if (answer.category !== undefined && CATEGORY_IDS.has(answer.category)) filters.category = answer.category;
  const min = answer.min_price_rupees;
  const max = answer.max_price_rupees;
  if (min !== undefined || max !== undefined) {
    delete filters.minPricePaise;
    delete filters.maxPricePaise;
    if (min) filters.minPricePaise = cappedPrice(BigInt(min) * 100n);
    if (max && (!min || max >= min)) filters.maxPricePaise = cappedPrice(BigInt(max) * 100n);
  }
  if (answer.condition === null) delete filters.productType;
  else if (answer.condition) filters.productType = answer.condition;
  if (answer.location === null) delete filters.location;
  else if (answer.location) {
    const place = PLACE_NAMES.get(normalizeQuery(answer.location));
    if (place) filters.location = place;
  }
  if (answer.quantity === null) delete filters.minQuantity;
  else if (answer.quantity) filters.minQuantity = answer.quantity;
  return { ...rules, filters, ambiguous: filters.category === undefined && rules.ambiguous };
}

/** The understander QUERY_UNDERSTANDING names ('rules' by default; 'openai' needs an API key). */
export function createQueryUnderstander(
  settings: { mode?: string; baseUrl: string; apiKey?: string; model: string; timeoutMs?: number },
  onFallback?: (error: unknown) => void,
): QueryUnderstander {
  if (settings.mode !== 'openai' || !settings.apiKey) return rulesUnderstander;
  return new OpenAiQueryUnderstander({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model, timeoutMs: settings.timeoutMs ?? 1500 }, onFallback);
}
