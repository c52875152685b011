import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { v7 as uuidv7 } from 'uuid';
import type { EngineQuery, EngineResult, SearchEngine } from '../../adapters/search/search-engine.js';
import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import { AppError, badInput } from '../../common/app-error.js';
import { categoryName } from '../products/products.public.js';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import type { UploadedFile } from '../../common/uploads.js';
import { answerPriceQuestion, type PriceAnswer } from './assistant-price.js';
import { AssistantSessionStore } from './assistant-session-store.js';
import { computeImageFeatures, sniffImageType, type ImageFeatures } from './images/image-features.js';
import type { ImageIndex } from './images/image-index.js';
import { askWhatQuestion, askWhatReply, assistantReply, promptText, relaxedMessage } from './replies.js';
import { relaxedSaying, type Plan, type Relaxation } from './search-plan.js';
import type { SearchVocabulary } from './search-vocabulary.js';
import { TextSearch, type Settle } from './text-search.js';
import {
  BAD_BODY,
  assistantFilterInput,
  assistantTurnInput,
  assistantPageInput,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE,
  MAX_IMAGES,
  NOT_AN_IMAGE,
  NOTHING_TO_SEARCH,
  productIdInput,
  SEARCH_PAGE_SIZE,
  searchInput,
  TOO_MANY_IMAGES,
} from './search.inputs.js';
import { acceptedStems, type SearchPage, type SearchResults } from './search-results.js';
import { choosePrompt, nextTurn, type AssistantSession, type PromptKind, type TurnKind } from './understanding/assistant-session.js';
import { hasNoFilters, withoutFilter } from './understanding/filters.js';
import { normalizeQuery } from './understanding/normalize.js';
import { rulesUnderstander, type QueryUnderstander } from './understanding/query-understander.js';
import { readQuantityQuestion } from './understanding/price-question.js';
import { readRequirement, type RequirementDraft } from './understanding/requirement.js';

export type { RequirementDraft } from './understanding/requirement.js';
import { startingFilters, type Understanding } from './understanding/understand.js';
import { hindiSearchWords } from './understanding/hindi-words.js';
import { searchMessages } from './search.messages.js';

/** One turn of the search assistant. */
export interface AssistantTurn {
  assistantSessionId: string;
  /** `price`: a quantity question about the product the assistant was opened from, answered (the search is left as it was). */
  kind: TurnKind | 'price';
  /** The assistant's short reply (the client may read it aloud). */
  reply: string;
  /** A follow-up question when one would narrow a broad result. */
  prompt: string | null;
  promptKind: PromptKind | null;
  search: SearchPage;
  /** What the quantity asked about costs (a `price` turn). */
  price: PriceAnswer | null;
}

export interface SearchServiceDeps {
  engine: SearchEngine;
  db: SqlRunner;
  images: ImageIndex;
  sessions: AssistantSessionStore;
  results: SearchResults;
  clock: Clock;
  /** The catalogue's vocabulary (search-vocabulary.ts). */
  vocabulary: SearchVocabulary;
  /** Query understanding (the rules unless configured otherwise; see query-understander.ts). */
  understander?: QueryUnderstander;
}

/** Text given as is ('force_original'): its words, no filters. */
const verbatim = (q: string): Understanding => ({
  text: normalizeQuery(q),
  goods: [],
  optional: [],
  head: [],
  alternatives: {},
  categoryNamed: false,
  known: [],
  corrected: [],
  ambiguous: false,
  filters: {},
  brand: null,
  priceDirection: null,
  refines: false,
  noPreference: false,
  onlyDescribing: false,
  language: 'en',
});

/** A plan of what the words say, with its filters as understood. */
const planOf = (u: Understanding): Plan => ({
  text: u.text,
  filters: startingFilters(u),
  boost: '',
  goods: u.goods,
  optional: u.optional,
  head: u.head,
  core: u.core,
  alternatives: u.alternatives,
  categoryNamed: u.categoryNamed,
  known: u.known,
  corrected: u.corrected,
});

/** Words and filters that name nothing to search for: letters on their own ('x'), an order alone ('sasta'). */
const namesNothing = (plan: Plan): boolean =>
  plan.text.split(' ').every((w) => [...w].length <= 1) && !plan.goods?.length && hasNoFilters({ ...plan.filters, sort: undefined });

/** Image matches score 0..1; matching the words too adds this much. */
const TEXT_MATCH_BONUS = 0.25;
/** How many image matches are considered before filters and paging. */
const IMAGE_CANDIDATES = 200;

/** A multipart search: the `body` field as sent and the received image files. */
export interface PhotoSearchCommand {
  body: string | undefined;
  images: UploadedFile[];
}

/**
 * The search assistant: understands what the buyer said, typed or photographed, searches the
 * engine, keeps each assistant session's state between messages, and records what logged-in buyers
 * search for (their recommendations start from it).
 */
export class SearchService {
  private readonly text: TextSearch;

  constructor(private readonly deps: SearchServiceDeps) {
    this.text = new TextSearch(deps.engine, deps.vocabulary);
  }

  // ---------------------------------------------------------------- one-shot search

  /** POST /products/search as multipart: the `body` field (JSON text) and up to 2 received `images`. */
  async searchUpload(ctx: RequestContext, command: PhotoSearchCommand): Promise<SearchPage> {
    let body: unknown = {};
    if (command.body !== undefined && command.body.trim() !== '') {
      try {
        body = JSON.parse(command.body);
      } catch {
        throw badInput(BAD_BODY);
      }
    }
    const images = await Promise.all(command.images.map((f) => readFile(f.path)));
    return this.search(ctx, body, images);
  }

  /**
   * Searches with text, photos or both. The text is understood (price, condition, category,
   * place, quantity) unless `forceOriginal`; photos find products whose pictures look alike.
   */
  /** What the words say, by the configured understander (the rules by default). */
  private understand(text: string): Promise<Understanding> {
    return (this.deps.understander ?? rulesUnderstander).understand(text);
  }

  /**
   * What a buyer's requirement says (the requirements module's draft and matching words): the same
   * understanding as a search, read as goods, quantity and unit, top price, place and condition.
   */
  async understandRequirement(text: string): Promise<RequirementDraft> {
    return readRequirement(text, await this.understand(text));
  }

  async search(ctx: RequestContext, raw: unknown, images: Buffer[] = []): Promise<SearchPage> {
    const started = performance.now();
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badInput(BAD_BODY);
    const input = parseInput(searchInput, raw);
    const photos = await this.readPhotos(images);
    if (!input.query && !photos.length) throw badInput(NOTHING_TO_SEARCH, { fields: { query: NOTHING_TO_SEARCH } });
    const u = input.forceOriginal ? verbatim(input.query) : await this.understand(input.query);
    // Chips the buyer removed (photo search is stateless: the client sends the words again without them).
    const filters = input.withoutFilters.reduce(withoutFilter, startingFilters(u));
    if (input.city) filters.location = input.city;
    if (input.sort) filters.sort = input.sort;
    const plan: Plan = { ...planOf(u), filters };
    if (!photos.length && namesNothing(plan)) {
      // Nothing to search for ('hello', '🙂', '%'): no results, and the question back.
      return { ...this.page(ctx, plan, { hits: [], total: 0 }, input.limit, input.offset), question: askWhatQuestion(ctx.locale) };
    }
    const settle = input.withoutFilters.includes('category') || u.ambiguous ? 'none' : 'infer';
    const page = photos.length
      ? await this.photoSearch(ctx, plan, photos, input.limit, input.offset)
      : await this.textSearch(ctx, plan, input.limit, input.offset, settle);
    if (input.offset === 0 && (plan.text || u.goods.length)) await this.remember(ctx, input.query, plan.filters.category ?? null);
    return { ...page, processingTimeMs: Math.round((performance.now() - started) * 100) / 100 };
  }

  // ---------------------------------------------------------------- the assistant

  /**
   * One turn of the search assistant (what the buyer said or typed): the first one searches; a later one refines the current
   * search ('cheaper', 'only new', an answer to the last question) or starts a new one.
   */
  async assistantTurn(ctx: RequestContext, raw: unknown): Promise<AssistantTurn> {
    const started = performance.now();
    const input = parseInput(assistantTurnInput, raw);
    const viewerId = ctx.viewer?.userId ?? null;
    const known = input.assistantSessionId ? await this.deps.sessions.load(input.assistantSessionId, viewerId) : null;
    const assistantSessionId = known && input.assistantSessionId ? input.assistantSessionId : uuidv7();
    const question = input.productId && !input.forceOriginal ? readQuantityQuestion(input.text) : null;
    if (input.productId && question) {
      // 'how much for 500?' on a product page: its price at that quantity; the search session stays as it was.
      const { reply, price } = await answerPriceQuestion(this.deps.db, ctx, input.productId, question);
      if (known) await this.deps.sessions.save(assistantSessionId, viewerId, known);
      const page = this.page(ctx, known ?? planOf(verbatim('')), { hits: [], total: 0 }, SEARCH_PAGE_SIZE, 0);
      return { assistantSessionId, kind: 'price', reply, prompt: null, promptKind: null, search: { ...page, question: null }, price };
    }
    const u = input.forceOriginal ? verbatim(input.text) : await this.understand(input.text);
    const { kind, state } = input.forceOriginal ? nextTurn(null, u) : nextTurn(known, u);
    if (kind === 'new' && namesNothing(state)) {
      // Nothing to search for ('hello'): ask, and keep the session as it was.
      const page = { ...this.page(ctx, state, { hits: [], total: 0 }, SEARCH_PAGE_SIZE, 0), question: askWhatQuestion(ctx.locale) };
      if (known) await this.deps.sessions.save(assistantSessionId, viewerId, known);
      return { assistantSessionId, kind, reply: askWhatReply(ctx.locale), prompt: null, promptKind: null, search: page, price: null };
    }
    const turn = await this.answer(ctx, assistantSessionId, kind, state, started, kind === 'new' && !u.ambiguous ? 'infer' : 'none');
    // Only a new search is something the buyer searched for: a refinement ('cheaper', 'only new',
    // 'restaurant' answering a question) means nothing on its own, and its search is the one
    // already remembered.
    if (kind === 'new' && (state.text || state.goods?.length)) await this.remember(ctx, input.text, state.filters.category ?? null);
    return turn;
  }

  /** Removes one filter (a chip the buyer closed) from the session's search and searches again. */
  async removeAssistantFilter(ctx: RequestContext, raw: unknown): Promise<AssistantTurn> {
    const started = performance.now();
    const input = parseInput(assistantFilterInput, raw);
    const state = await this.requireSession(ctx, input.assistantSessionId);
    const next: AssistantSession = { ...state, filters: withoutFilter(state.filters, input.filter), lastPrompt: null, turns: state.turns + 1 };
    return this.answer(ctx, input.assistantSessionId, 'refine', next, started);
  }

  /** The next page of the session's current search (infinite scroll). */
  async assistantPage(ctx: RequestContext, raw: unknown): Promise<SearchPage> {
    const started = performance.now();
    const input = parseInput(assistantPageInput, raw);
    const state = await this.requireSession(ctx, input.assistantSessionId);
    const page = await this.textSearch(ctx, state, input.limit, input.offset);
    return { ...page, processingTimeMs: Math.round((performance.now() - started) * 100) / 100 };
  }

  private async answer(
    ctx: RequestContext,
    assistantSessionId: string,
    kind: TurnKind,
    state: AssistantSession,
    started: number,
    settle: Settle = 'none',
  ): Promise<AssistantTurn> {
    const page = await this.textSearch(ctx, state, SEARCH_PAGE_SIZE, 0, settle);
    const prices = page.results.flatMap((r) => (r.product.pricePaise === null ? [] : [BigInt(r.product.pricePaise)])).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    // The category the catalogue settled on (or dropped) is the session's from now on.
    const next: AssistantSession = {
      ...state,
      filters: page.filters,
      referencePricePaise: prices.length ? prices[Math.floor(prices.length / 2)] : state.referencePricePaise,
    };
    const promptKind = choosePrompt(next, page.totalCount);
    if (promptKind) {
      next.asked = [...next.asked, promptKind];
      next.lastPrompt = promptKind;
    }
    await this.deps.sessions.save(assistantSessionId, ctx.viewer?.userId ?? null, next);
    return {
      assistantSessionId,
      kind,
      // What a relaxed search left out comes first ('No ladders in Pune; here are ladders elsewhere.').
      reply: [
        page.relaxed?.message,
        assistantReply(
          ctx.locale,
          kind,
          page.totalCount,
          page.totalCount === 0 && page.filters.category && state.text ? categoryName(page.filters.category, ctx.locale) : null,
          page.totalCountExact,
        ),
      ]
        .filter(Boolean)
        .join(' '),
      prompt: promptKind ? promptText(ctx.locale, promptKind) : null,
      promptKind,
      search: { ...page, processingTimeMs: Math.round((performance.now() - started) * 100) / 100 },
      price: null,
    };
  }

  private async requireSession(ctx: RequestContext, id: string): Promise<AssistantSession> {
    const state = await this.deps.sessions.load(id, ctx.viewer?.userId ?? null);
    if (!state) throw new AppError('NOT_FOUND', searchMessages.thisSearchHasEndedPleaseSearch);
    return state;
  }

  // ---------------------------------------------------------------- history

  /**
   * Records that the viewer opened a product page (recommendations start from it). Visitors and a
   * seller looking at their own product: nothing recorded (false).
   */
  async recordView(ctx: RequestContext, raw: unknown): Promise<boolean> {
    const { productId } = parseInput(productIdInput, raw);
    if (!ctx.viewer) return false;
    const { rows } = await this.deps.db.query<{ category: string; seller_id: string }>('select category, seller_id from search_documents where product_id = $1', [productId]);
    if (!rows.length) throw new AppError('NOT_FOUND', searchMessages.productNotFound);
    if (rows[0].seller_id === ctx.viewer.userId) return false;
    await this.record(ctx.viewer.userId, 'view', { productId, category: rows[0].category });
    return true;
  }

  /** Records a purchase (for the orders module to call after an order is placed). */
  async recordPurchase(userId: string, productId: string): Promise<void> {
    const { rows } = await this.deps.db.query<{ category: string }>('select category from search_documents where product_id = $1', [productId]);
    await this.record(userId, 'purchase', { productId, category: rows[0]?.category ?? null });
  }

  /** A search worth starting recommendations from: one with goods words (not 'under 5000' alone). */
  private async remember(ctx: RequestContext, query: string, category: string | null): Promise<void> {
    if (ctx.viewer) await this.record(ctx.viewer.userId, 'search', { query: query.slice(0, 200), category });
  }

  private async record(userId: string, kind: 'view' | 'search' | 'purchase', what: { productId?: string; category: string | null; query?: string }) {
    await this.deps.db.query(
      'insert into search_interactions (id, user_id, kind, product_id, category, query, created_at) values ($1, $2, $3, $4, $5, $6, $7)',
      [uuidv7(), userId, kind, what.productId ?? null, what.category, what.query ?? null, this.deps.clock.now()],
    );
  }

  // ---------------------------------------------------------------- running searches

  /**
   * A text search (text-search.ts): every word required first; when that finds nothing, the request
   * relaxed to its goods (the describing and filler words only rank), then without the place, the
   * price and new/used; what was left out is said with the results. A category guessed from the
   * goods ranks its matches first; one the buyer named filters.
   */
  async textSearch(ctx: RequestContext, plan: Plan, limit: number, offset: number, settle: Settle = 'none'): Promise<SearchPage> {
    const answer = await this.text.run(plan, limit, offset, settle);
    return this.page(ctx, answer.plan, answer.res, limit, offset, answer.relaxation);
  }

  /** Photos find candidates by picture likeness; the words' filters apply, and matching the words ranks higher. */
  private async photoSearch(ctx: RequestContext, plan: Plan, photos: ImageFeatures[], limit: number, offset: number): Promise<SearchPage> {
    const matches = await this.deps.images.match(photos, IMAGE_CANDIDATES);
    const ids = matches.map((m) => m.productId);
    if (!ids.length) return this.page(ctx, plan, { hits: [], total: 0 }, limit, offset);
    const { sort: _sort, ...filters } = plan.filters;
    const everyMatch: EngineQuery = { text: '', matching: 'all', filters: { ...filters, ids }, sort: 'relevance', limit: ids.length, offset: 0 };
    const passing = await this.deps.engine.search(everyMatch);
    const textual = plan.text ? await this.deps.engine.search({ ...everyMatch, text: plan.text, matching: 'any' }) : null;
    const withWords = new Set(textual?.hits.map((d) => d.id) ?? []);
    const score = new Map(matches.map((m) => [m.productId, m.score + (withWords.has(m.productId) ? TEXT_MATCH_BONUS : 0)]));
    const ranked = [...passing.hits].sort((a, b) => score.get(b.id)! - score.get(a.id)! || a.id.localeCompare(b.id));
    return this.page(ctx, plan, { hits: ranked.slice(offset, offset + limit), total: ranked.length }, limit, offset);
  }

  private page(
    ctx: RequestContext,
    plan: Plan,
    { hits, total, totalExact = true }: EngineResult,
    limit: number,
    offset: number,
    relaxation: Relaxation | null = null,
  ): SearchPage {
    const viewerId = ctx.viewer?.userId ?? null;
    const accepted = acceptedStems(plan.text);
    // Nothing found for words naming no goods ('asdf ghjk'): ask what the buyer is looking for.
    const lost = total === 0 && !plan.goods?.length && plan.filters.category === undefined;
    return {
      relaxed: relaxation ? { ...relaxation, message: relaxedMessage(ctx.locale, relaxedSaying(plan, relaxation, ctx.locale)) } : null,
      question: lost ? askWhatQuestion(ctx.locale) : null,
      results: hits.map((d) => this.deps.results.hit(d, viewerId, ctx.locale, accepted)),
      totalCount: total,
      totalCountExact: totalExact,
      queryEnhanced: plan.text,
      queryHindi: hindiSearchWords(plan.text),
      processingTimeMs: 0,
      filters: plan.filters,
      offset,
      limit,
      // Not counted to the end: more match than the total says, so a full page may have a next one.
      hasMore: offset + hits.length < total || (!totalExact && hits.length === limit),
    };
  }

  /** Checks the photos (count, size, type from their bytes) and computes their features. */
  private async readPhotos(images: Buffer[]): Promise<ImageFeatures[]> {
    if (images.length > MAX_IMAGES) throw badInput(TOO_MANY_IMAGES, { fields: { images: TOO_MANY_IMAGES } });
    for (const img of images) {
      // docs/product.md#limits: each 'less than 5MB', so a photo of exactly 5 MiB is refused too.
      if (img.length >= IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE, { fields: { images: IMAGE_TOO_LARGE } });
      if (!sniffImageType(img)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE, { fields: { images: NOT_AN_IMAGE } });
    }
    try {
      return await Promise.all(images.map((img) => computeImageFeatures(img)));
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE, { fields: { images: NOT_AN_IMAGE } });
    }
  }
}
