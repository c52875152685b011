import type { EngineResult, SearchEngine } from '../../adapters/search/search-engine.js';
import {
  checkWords,
  engineQuery,
  relaxableFilters,
  relaxedStages,
  strictStage,
  vocabularyQuestion,
  type CheckedWords,
  type Plan,
  type Relaxation,
  type RelaxedFilter,
  type Stage,
} from './search-plan.js';
import type { SearchVocabulary } from './search-vocabulary.js';

/** How many of the strongest matches are read to see whether they agree on a category. */
const INFER_PROBE = 10;
/** At least this many matches, and this share of them in one category (the first three always), make it the category. */
const INFER_MIN_MATCHES = 3;
const INFER_SHARE = 0.8;

/** The category the strongest matches (best first) agree on, or null. */
export function agreedCategory(categories: string[]): string | null {
  if (categories.length < INFER_MIN_MATCHES) return null;
  const [first] = categories;
  if (categories.slice(0, INFER_MIN_MATCHES).some((c) => c !== first)) return null;
  const share = categories.filter((c) => c === first).length / categories.length;
  return share >= INFER_SHARE ? first : null;
}

/** Whether a new search may settle its category from the catalogue ('infer') or keeps it as said. */
export type Settle = 'infer' | 'none';

/** A text search's answer: the engine's, the plan as run (its category settled), and what was left out to find anything. */
export interface TextAnswer {
  res: EngineResult;
  plan: Plan;
  relaxation: Relaxation | null;
}

const NOTHING_CHECKED: CheckedWords = { alternatives: {}, known: new Set(), exact: new Set() };

/**
 * Runs a plan: every word required first; when that finds nothing, the request relaxed to its goods
 * (search-plan.ts), then without the place, the price and new/used, one at a time, each with every
 * word first. A search that finds something at once costs one engine query (and one vocabulary
 * lookup, which the relaxed ones reuse).
 */
export class TextSearch {
  constructor(
    private readonly engine: SearchEngine,
    private readonly vocabulary: SearchVocabulary,
  ) {}

  async run(plan: Plan, limit: number, offset: number, settle: Settle = 'none'): Promise<TextAnswer> {
    const checked = plan.text ? checkWords(plan, await this.lookup(plan)) : NOTHING_CHECKED;
    const infer = settle === 'infer' && plan.text !== '' && !plan.categoryNamed && (plan.filters.sort ?? 'relevance') === 'relevance';
    const answer = await this.relaxing(plan, checked, limit, offset);
    if (!infer || answer.res.total === 0) return answer;
    // The category as the catalogue has it: goods no list knows are understood as sellers list them
    // ('gulal' is Crafts), and a guess the catalogue does not use for those goods gives way (a
    // wheelchair listed under Health Equipment). The strongest matches (the first page, or a probe of
    // it for a later page) decide; at most one more search ranks the page by the category found.
    const top = offset === 0 && limit >= INFER_PROBE ? answer.res : (await this.relaxing(plan, checked, INFER_PROBE, 0)).res;
    const categories = top.hits.slice(0, INFER_PROBE).map((h) => h.category);
    const guess = plan.filters.category;
    if (guess !== undefined && categories.includes(guess)) return answer;
    const agreed = agreedCategory(categories);
    const { category: _guess, ...others } = plan.filters;
    const settled: Plan = { ...plan, filters: agreed ? { ...others, category: agreed } : others, categoryNamed: false };
    // Every match already on the page is of that category: the page stands as it is.
    const unchanged = !agreed || (offset === 0 && answer.res.total === answer.res.hits.length && answer.res.hits.every((h) => h.category === agreed));
    return unchanged ? { ...answer, plan: settled } : { ...(await this.relaxing(settled, checked, limit, offset)), plan: settled };
  }

  private lookup(plan: Plan) {
    const { words, sounds } = vocabularyQuestion(plan);
    return this.vocabulary.lookup(words, sounds);
  }

  /**
   * Every word and filter first; relaxed to the goods; then without the place. A quantity to supply
   * gives way before any word: the goods asked for in a smaller lot ('non woven carry bags 1000
   * pieces' finds the listing of a 1000-piece pack, which sells up to 300 packs) come before other
   * goods that can supply it. A category guessed from the goods filters a search sorted by price or
   * date, and gives way when that finds nothing. The first attempt finding anything answers.
   */
  private async relaxing(plan: Plan, checked: CheckedWords, limit: number, offset: number): Promise<TextAnswer> {
    const stages: Stage[] = [strictStage(plan), ...relaxedStages(plan, checked)];
    const sorted = (plan.filters.sort ?? 'relevance') !== 'relevance' && plan.filters.category !== undefined && !plan.categoryNamed;
    const relaxable = relaxableFilters(plan.filters);
    const places: RelaxedFilter[][] = relaxable.includes('location') ? [[], ['location']] : [[]];
    const quantity: RelaxedFilter[][] = relaxable.includes('minQuantity') ? [[], ['minQuantity']] : [[]];
    let first: TextAnswer | null = null;
    for (const place of places) {
      for (const stage of stages) {
        for (const without of quantity.map((q) => [...place, ...q])) {
          for (const guessFilters of sorted ? [true, false] : [true]) {
            const query = engineQuery(plan, stage, checked, without, limit, offset, guessFilters);
            const res = await this.engine.search(query);
            if (res.total > 0) return { res, plan, relaxation: stage.dropped.length || without.length ? { words: stage.dropped, filters: without } : null };
            first ??= { res, plan, relaxation: null };
          }
        }
      }
    }
    return first!;
  }
}
