import type { EnqueuedTask, IndexObject, Key, MeilisearchErrorResponse, MultiSearchResponse, SearchResponse, Settings, Task, TaskStatus, TaskType } from 'meilisearch';
import { vi } from 'vitest';

/**
 * The HTTP requests the real `meilisearch` client makes (it calls the global fetch), captured, and the
 * answers a test gives them, shaped as Meilisearch's API documents them (the client's own types say
 * so, and the shapes follow the server's test snapshots). Not a Meilisearch: a test names each answer.
 */

export const HOST = 'http://meili.test:7700';
export const INDEX = 'products';
const AT = '2026-11-22T10:00:00.000000Z';

export interface Sent {
  method: string;
  /** Without the leading slash, as the client's paths are ('indexes/products/search'). */
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The bearer token sent (null without one). */
  key: string | null;
}

export interface Answer {
  status: number;
  body?: unknown;
}

type Handler = (req: Sent) => Answer | Promise<Answer>;

export class MeiliHttp {
  readonly sent: Sent[] = [];
  /** Requests no route answered (each answered 501 too, so the client fails). */
  readonly unanswered: Sent[] = [];
  private readonly routes: { method: string; path: string | RegExp; handler: Handler }[] = [];

  /** Answers `method path` (a string matches the whole path) with `answer` or what `handler` returns; the latest route wins. */
  on(method: string, path: string | RegExp, answer: Answer | Handler): this {
    this.routes.unshift({ method, path, handler: typeof answer === 'function' ? answer : () => answer });
    return this;
  }

  /** Sent requests of one method and path. */
  to(method: string, path: string | RegExp): Sent[] {
    return this.sent.filter((r) => r.method === method && matches(path, r.path));
  }

  /** Puts this in front of the global fetch for the test host (other hosts go through). */
  install(): void {
    const real = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: URL | RequestInfo, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.origin !== HOST) return real(input, init);
      const headers = new Headers(init?.headers);
      const raw = typeof init?.body === 'string' ? init.body : undefined;
      const req: Sent = {
        method: init?.method ?? 'GET',
        path: url.pathname.slice(1),
        query: url.searchParams,
        body: raw === undefined ? undefined : JSON.parse(raw),
        key: headers.get('authorization')?.replace(/^Bearer /, '') ?? null,
      };
      this.sent.push(req);
      const route = this.routes.find((r) => r.method === req.method && matches(r.path, req.path));
      if (!route) this.unanswered.push(req);
      const answer = route ? await route.handler(req) : { status: 501, body: apiError('not_implemented', `no answer for ${req.method} /${req.path}`, 'internal') };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    });
  }
}

const matches = (pattern: string | RegExp, path: string) => (typeof pattern === 'string' ? pattern === path : pattern.test(path));

/** 202 Accepted: a summarized task, as every asynchronous route answers. */
export const enqueued = (taskUid: number, type: TaskType, indexUid: string | null = INDEX): Answer => ({
  status: 202,
  body: { taskUid, indexUid, status: 'enqueued', type, enqueuedAt: AT } satisfies EnqueuedTask,
});

/** GET /tasks/{uid}. */
export const task = (uid: number, type: TaskType, status: TaskStatus = 'succeeded', extra: Partial<Task> = {}): Answer => {
  const done = status !== 'enqueued' && status !== 'processing';
  const body: Task = {
    uid,
    batchUid: status === 'enqueued' ? null : uid,
    indexUid: INDEX,
    status,
    type,
    canceledBy: null,
    details: {},
    error: null,
    duration: done ? 'PT0.012S' : null,
    enqueuedAt: AT,
    startedAt: status === 'enqueued' ? null : AT,
    finishedAt: done ? AT : null,
    ...extra,
  };
  return { status: 200, body };
};

/** GET /tasks: a page of tasks. */
export const tasks = (results: Task[]): Answer => ({ status: 200, body: { results, total: results.length, limit: 20, from: results[0]?.uid ?? null, next: null } });

/** POST /indexes/{uid}/search with offset and limit (`estimatedTotalHits`, capped by Meilisearch at `pagination.maxTotalHits`). */
export const searchAnswer = <T extends object>(hits: T[], page: { query?: string; limit?: number; offset?: number; estimatedTotalHits: number }): Answer => {
  const body: SearchResponse<T> & { requestUid: string } = {
    hits,
    query: page.query ?? '',
    processingTimeMs: 1,
    limit: page.limit ?? 20,
    offset: page.offset ?? 0,
    estimatedTotalHits: page.estimatedTotalHits,
    requestUid: '0196fd2a-5a6b-7c8d-9e0f-112233445566',
  };
  return { status: 200, body };
};

/** POST /multi-search: one result per query, in their order. */
export const multiSearchAnswer = <T extends object>(results: { hits: T[]; estimatedTotalHits: number; query: string; limit: number }[]): Answer => {
  const body: MultiSearchResponse<T> = {
    results: results.map((r) => ({ indexUid: INDEX, hits: r.hits, query: r.query, processingTimeMs: 1, limit: r.limit, offset: 0, estimatedTotalHits: r.estimatedTotalHits })),
  };
  return { status: 200, body };
};

/** An error answer's body. */
export const apiError = (code: string, message: string, type = 'invalid_request'): MeilisearchErrorResponse => ({ message, code, type, link: `https://docs.meilisearch.com/errors#${code}` });

export const indexNotFound: Answer = { status: 404, body: apiError('index_not_found', `Index \`${INDEX}\` not found.`) };
export const keyNotFound = (uid: string): Answer => ({ status: 404, body: apiError('api_key_not_found', `API key \`${uid}\` not found.`) });

/** GET /indexes/{uid}. */
export const indexInfo: Answer = { status: 200, body: { uid: INDEX, primaryKey: 'id', createdAt: AT, updatedAt: AT } satisfies IndexObject };

/** GET and POST /keys answers: a key as Meilisearch holds it (`key` is its value). */
export const keyAnswer = (status: 200 | 201, fields: Pick<Key, 'uid' | 'key' | 'actions' | 'indexes'> & { name?: string }): Answer => ({
  status,
  body: { name: fields.name ?? null, description: null, key: fields.key, uid: fields.uid, actions: fields.actions, indexes: fields.indexes, expiresAt: null, createdAt: AT, updatedAt: AT },
});

/** GET /indexes/{uid}/settings of a new index (every field, Meilisearch's defaults). */
export const DEFAULT_SETTINGS: Settings = {
  displayedAttributes: ['*'],
  searchableAttributes: ['*'],
  filterableAttributes: [],
  sortableAttributes: [],
  rankingRules: ['words', 'typo', 'proximity', 'attributeRank', 'sort', 'wordPosition', 'exactness'],
  stopWords: [],
  nonSeparatorTokens: [],
  separatorTokens: [],
  dictionary: [],
  synonyms: {},
  distinctAttribute: null,
  proximityPrecision: 'byWord',
  typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 }, disableOnWords: [], disableOnAttributes: [], disableOnNumbers: false },
  faceting: { maxValuesPerFacet: 100, sortFacetValuesBy: { '*': 'alpha' } },
  pagination: { maxTotalHits: 1000 },
  embedders: {},
  searchCutoffMs: null,
  localizedAttributes: null,
  facetSearch: true,
  prefixSearch: 'indexingTime',
};

/** A promise with its resolve function outside (to hold an answer until a test lets it go). */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
