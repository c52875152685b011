import type { EngineQuery } from './search-engine.js';
import type { SqlRunner } from './sql-runner.js';
import { isAccessoryWord } from './accessories.js';
import { ACCESSORY_MARK, MIN_KNOWN_WORD, wordsOf } from './postgres-documents.js';

/** Words shorter than this are never 'corrected'. */
const MIN_TYPO_WORD = 4;
/** How many dictionary words a misspelt word may stand for. */
const TYPO_CANDIDATES = 3;
const CORRECTION_CACHE_SIZE = 10_000;
const CORRECTION_TTL_MS = 60_000;

/**
 * The parts of a document a goods word is looked for in: title (A), tags and English spellings (B),
 * never the seller's name or place (C: 'Saree House' also sells lehengas). The description (D)
 * counts only inside a category (a ThinkPad described as a 'notebook' is a laptop); across
 * categories it is noise (safety shoes 'for machine shops and restaurant kitchens').
 */
const GOODS_WEIGHTS = 'AB';
const GOODS_IN_CATEGORY_WEIGHTS = 'ABD';

/** A filter marker: a prefix and a value reduced as search_filter_markers reduces it (SQL). */
export const marker = (prefix: string, value: string) => `'${prefix}${value.toLowerCase().replace(/[^a-z0-9]/g, '')}'`;

/** A word that may start a read of the word index in date order, and the part of the query it stands for. */
export interface DriverOption {
  word: string;
  part: number;
  prefix: boolean;
}

/** A search's words as tsquery expressions (to_tsquery('english', ...)). */
export interface WordQueries {
  words: string[];
  /** What every match satisfies: the words (goods words in what the product is), accessories left out; null without words. */
  match: string | null;
  /** The words alone, to rank by (ts_rank walks every operand: no weights, no exclusions). */
  rank: string | null;
  /** One query per boost word: a match holding it ranks one higher. */
  boosts: string[];
  /** The words that may drive a read of the word index in date order. */
  drivers: DriverOption[];
  /** The accessory markers every match is without ('zacclaptop'), as written in `match`. */
  accessoriesOut: string[];
}

/** How each word may match (see PostgresSearchWords.options). */
interface WordForms {
  known: Set<string>;
  corrections: Map<string, string[]>;
  exact: Set<string>;
  alternatives: Map<string, string[]>;
}

/**
 * The words of a PostgreSQL search as tsqueries: each word with its synonyms and the alternatives the
 * query gives; a word the index holds matches whole ('table' never finds 'tablet'), one it does not
 * hold is a partial word as typed or a typo (a prefix, or-ed with its nearest words of the catalogue's
 * vocabulary), unless the query says it is a real word to match only as itself. Keeps the
 * vocabulary's answers a minute.
 */
export class PostgresSearchWords {
  private readonly correctionCache = new Map<string, { similar: string[]; known: boolean; until: number }>();

  constructor(
    private readonly runner: SqlRunner,
    private readonly synonyms: ReadonlyMap<string, string[]>,
    private readonly accessories: string[],
  ) {}

  /** The word queries of a search (boost words only when ranking by relevance). */
  async of(q: EngineQuery): Promise<WordQueries> {
    const words = wordsOf(q.text);
    // With any word enough, a boost word that is also a searched word counts how many of them a match holds.
    const boostWords = q.sort === 'relevance' ? [...new Set(wordsOf(q.boost ?? ''))].filter((w) => q.matching === 'any' || !words.includes(w)) : [];
    const alternatives = new Map<string, string[]>();
    for (const [w, alts] of Object.entries(q.alternatives ?? {})) {
      const forms = [...new Set(alts.map((a) => wordsOf(a).join(' ')).filter((a) => a && a !== w))];
      if (forms.length) alternatives.set(w, forms);
    }
    const exact = new Set((q.exact ?? []).flatMap(wordsOf));
    const { similar: corrections, known } = await this.corrections([...words, ...boostWords].filter((w) => !exact.has(w)));
    const forms: WordForms = { known, corrections, exact, alternatives };
    const goods = new Set((q.goods ?? []).flatMap(wordsOf).filter((w) => words.includes(w)));
    const inCategory = q.filters.category !== undefined;
    const goodsOptions = (w: string) => {
      if (inCategory) return this.options(w, forms, GOODS_IN_CATEGORY_WEIGHTS);
      if (!q.preferCategory) return this.options(w, forms, GOODS_WEIGHTS);
      // A preferred category (a guess, not a filter): the description counts there only.
      return [...this.options(w, forms, GOODS_WEIGHTS), `(${this.options(w, forms, 'D').join(' | ')}) & ${marker('zfc', q.preferCategory)}`];
    };
    const join = (parts: string[][], op: ' & ' | ' | ') => parts.map((o) => (o.length > 1 ? `(${o.join(' | ')})` : o[0])).join(op);
    const op = q.matching === 'all' ? ' & ' : ' | ';
    let match = words.length ? join(words.map((w) => (goods.has(w) ? goodsOptions(w) : this.options(w, forms))), op) : null;
    let accessoriesOut: string[] = [];
    // An accessory word anywhere in the request ('laptop ... stand', 'hand wash refill') asks for the accessory too.
    if (match && goods.size && q.matching === 'all' && ![...words, ...boostWords].some((w) => isAccessoryWord(w, this.accessories))) {
      // 'Laptop stand' is not a laptop: titles where a goods word is followed by an accessory word
      // carry a marker for that word (see accessoryMarkers), one lexeme to leave out.
      // A synonym's accessory too: 'bicycle' leaves out 'cycle chain', 'motorcycle' a 'bike helmet'.
      const marked = [...new Set([...goods].flatMap((g) => [g, ...this.synonymsOf(g)].flatMap(wordsOf)))];
      accessoriesOut = marked.map((g) => `${ACCESSORY_MARK}${g}`);
      match = `(${match}) & ${accessoriesOut.map((m) => `!'${m}'`).join(' & ')}`;
    }
    return {
      words,
      match,
      rank: words.length ? join(words.map((w) => this.options(w, forms)), op) : null,
      boosts: boostWords.map((w) => join([this.options(w, forms)], ' | ')),
      drivers: this.drivers(words, q.matching, forms),
      accessoriesOut,
    };
  }

  /** A word's synonyms, or its singular's ('phones' has those of 'phone'). */
  private synonymsOf(w: string): string[] {
    return this.synonyms.get(w) ?? (w.endsWith('s') ? (this.synonyms.get(w.slice(0, -1)) ?? (w.endsWith('es') ? this.synonyms.get(w.slice(0, -2)) : undefined)) : undefined) ?? [];
  }

  /**
   * The ways one word matches, or-ed: itself (whole when the index holds it or the query says it is
   * a real word, else as a prefix), its synonyms and alternatives (a phrase of several words in order)
   * and, for a word the index does not hold, its nearest words of the vocabulary. `weights` limits
   * them to parts of the document ('AB').
   */
  private options(w: string, forms: WordForms, weights = ''): string[] {
    const label = weights ? `:${weights}` : '';
    const whole = forms.known.has(w) || forms.exact.has(w);
    const out = [whole ? `'${w}'${label}` : `'${w}':*${weights}`];
    const phrase = (text: string) => wordsOf(text).map((x) => `'${x}'${label}`).join(' <-> ');
    for (const s of this.synonymsOf(w)) out.push(phrase(s));
    for (const a of forms.alternatives.get(w) ?? []) out.push(phrase(a));
    if (!forms.exact.has(w)) for (const c of forms.corrections.get(w) ?? []) out.push(`'${c}'${label}`);
    return [...new Set(out)];
  }

  /**
   * The words that may start a search in the word index in date order, each with the part of the
   * query it stands for: with every word required, each word is a part (its own options: itself, its
   * synonyms and alternatives, a phrase by its first word, and corrections); with any word enough,
   * all of them are one part. Every match of the query holds a lexeme of each part, so the postings
   * of any one part find them all. A word the index does not hold matches as a prefix, which the
   * postings cannot read in date order: when an indexed word starts with it, its part cannot start a
   * search (see PostgresSearchSql.driver).
   */
  private drivers(words: string[], matching: 'all' | 'any', forms: WordForms): DriverOption[] {
    const out: DriverOption[] = [];
    for (const [i, w] of words.entries()) {
      const part = matching === 'all' ? i : 0;
      out.push({ word: w, part, prefix: !forms.known.has(w) && !forms.exact.has(w) });
      const options = [
        ...[...this.synonymsOf(w), ...(forms.alternatives.get(w) ?? [])].map((s) => wordsOf(s)[0]),
        ...(forms.exact.has(w) ? [] : (forms.corrections.get(w) ?? [])),
      ];
      for (const word of new Set(options)) if (word && word !== w) out.push({ word, part, prefix: false });
    }
    return out;
  }

  /**
   * For each word the index does not hold, the closest words of the catalogue's vocabulary (by
   * trigram distance): words some listing's title, tags or spellings use now. Answers are kept a minute: a word that became known meanwhile still matches
   * through its own prefix.
   */
  private async corrections(all: string[]): Promise<{ similar: Map<string, string[]>; known: Set<string> }> {
    const out = new Map<string, string[]>();
    const known = new Set<string>();
    const ask: string[] = [];
    const now = Date.now();
    for (const w of new Set(all.filter((x) => x.length >= MIN_KNOWN_WORD && !/^\d+$/.test(x)))) {
      const hit = this.correctionCache.get(w);
      if (hit && hit.until > now) {
        if (hit.known) known.add(w);
        if (hit.similar.length) out.set(w, hit.similar);
      } else ask.push(w);
    }
    if (!ask.length) return { similar: out, known };
    const { rows } = await this.runner.query<{ word: string; similar: string[] | null }>(
      `select w as word,
         case when exists (select 1 from search_terms t where t.term = w) then null
         when length(w) < ${MIN_TYPO_WORD} then '{}'::text[]
         else array(select v.word from search_vocabulary v where v.word % w and v.documents > 0 order by v.word <-> w limit ${TYPO_CANDIDATES}) end as similar
       from unnest($1::text[]) as w`,
      [ask],
    );
    if (this.correctionCache.size > CORRECTION_CACHE_SIZE) this.correctionCache.clear();
    for (const r of rows) {
      const similar = (r.similar ?? []).filter((x) => !/[^\p{L}\p{M}\p{N}]/u.test(x));
      this.correctionCache.set(r.word, { similar, known: r.similar === null, until: now + CORRECTION_TTL_MS });
      if (r.similar === null) known.add(r.word);
      if (similar.length) out.set(r.word, similar);
    }
    return { similar: out, known };
  }
}
