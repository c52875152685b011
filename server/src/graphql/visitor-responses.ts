import type { ApolloServer, ApolloServerPlugin } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import type { Request, RequestHandler } from 'express';
import { Kind, type OperationDefinitionNode, type ValueNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import { sendBody } from '../http/send-body.js';
import type { GqlContext, VisitorAnswer } from './context.js';
import type { SignedInReads } from './signed-in-reads.js';

/** How many answers a process keeps, and for how long at most (the safety net under the invalidations). */
const MAX_ANSWERS = 2_000;
const TTL_MS = 10_000;
/**
 * How long an answer that depends on any product is kept: the home page's rows come from the search
 * index, which follows a change a moment after its commit (the indexing job), so the commit's
 * invalidation can come before the index shows the change; a short life bounds that lag.
 */
const ANY_PRODUCT_TTL_MS = 3_000;
/** What a visitor's answer depends on beyond one product: the home page's rows (any product, any seller). */
const ANY_PRODUCT = '*';

/** A change of what visitors are shown: one product, every product of a seller, or anything. */
export type VisitorChange = { productId: string } | { sellerId: string } | { all: true };

/** Where the changes come from (the catalogue's visitor cache, which hears them at commit in every process). */
export interface VisitorChanges {
  subscribe(subscriber: (change: VisitorChange) => void): void;
  /** Starts hearing changes if need be (and waits for it); answers whether they are heard. */
  ready(): Promise<boolean>;
}

/**
 * The root fields whose answer is the same for every visitor (in one language), and what each depends
 * on: the product of its `id` argument, or any product. An operation with any other root field is
 * never kept.
 */
const VISITOR_FIELDS: Record<string, (args: (name: string) => unknown) => string[] | null> = {
  product: (args) => (typeof args('id') === 'string' ? [`product:${args('id') as string}`] : null),
  recommendations: () => [ANY_PRODUCT],
  productCategories: () => [],
};

interface Answer {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  tags: string[];
}

/**
 * Whole GraphQL answers to visitors without a session (docs/architecture.md#read-path): the product
 * page's `product(id)`, the home page's `recommendations`, the categories, kept per query text,
 * variables, language and Accept header, and answered without running Apollo at all. Dropped when a
 * change they depend on commits in any process, as the catalogue's visitor cache hears it (a product's
 * change drops that product's answers and the home page's rows, a seller's new name everything);
 * nothing is kept while the changes cannot be heard, and nothing longer than 10 s in any case. The
 * home page's rows come from the search index, which follows a change a moment after it commits:
 * they are kept 3 s at most.
 * A request with a session, a mutation, an answer with an error: never kept.
 */
export class VisitorResponses {
  private readonly answers = new LRUCache<string, Answer>({ max: MAX_ANSWERS, ttl: TTL_MS });
  private readonly running = new Set<VisitorAnswer>();

  /** Without `changes`, nothing is kept. */
  constructor(private readonly changes: VisitorChanges | null) {
    changes?.subscribe((change) => {
      if ('productId' in change) this.drop([`product:${change.productId}`, ANY_PRODUCT]);
      else this.clear(); // a seller's new name (on their products and in the home rows), or the notifications lost
    });
  }

  /**
   * The express handler of POST/GET /graphql: a kept answer, a signed-in read answered without Apollo
   * (`signedIn`, graphql/signed-in-reads.ts), or Apollo's (kept when it may be).
   */
  handler<S>(apollo: ApolloServer<GqlContext<S>>, services: S, signedIn?: SignedInReads): RequestHandler {
    return async (req, res) => {
      if (signedIn && req.ctx.viewer) {
        const direct = await signedIn.answer(req, { ctx: req.ctx, services });
        if (direct) {
          res.setHeader('content-type', direct.contentType);
          sendBody(res, 200, direct.body);
          return;
        }
      }
      const visitor = await this.visitorKey(req);
      const kept = visitor ? this.answers.get(visitor.key) : undefined;
      if (kept) {
        for (const [k, v] of kept.headers) res.setHeader(k, v);
        sendBody(res, kept.status, kept.body);
        return;
      }
      const headers = new HeaderMap();
      for (const [key, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
      }
      if (visitor) this.running.add(visitor);
      try {
        const answer = await apollo.executeHTTPGraphQLRequest({
          httpGraphQLRequest: { method: req.method.toUpperCase(), headers, search: new URL(req.url, 'http://x').search, body: req.body },
          context: async () => ({ ctx: req.ctx, services, visitorAnswer: visitor ?? undefined }),
        });
        for (const [k, v] of answer.headers) res.setHeader(k, v);
        res.statusCode = answer.status ?? 200;
        if (answer.body.kind === 'complete') {
          const status = answer.status ?? 200;
          signedIn?.learn(req, status, answer.headers);
          if (visitor?.tags && !visitor.stale && status === 200) {
            const ttl = visitor.tags.includes(ANY_PRODUCT) ? ANY_PRODUCT_TTL_MS : TTL_MS;
            this.answers.set(visitor.key, { status, headers: [...answer.headers], body: answer.body.string, tags: visitor.tags }, { ttl });
          }
          sendBody(res, status, answer.body.string);
          return;
        }
        for await (const chunk of answer.body.asyncIterator) res.write(chunk);
        res.end();
      } finally {
        if (visitor) this.running.delete(visitor);
      }
    };
  }

  /**
   * The key of a visitor's POST that may be kept (null otherwise): no session, a JSON body with a query.
   * The first one starts listening for changes (and waits for it).
   */
  private async visitorKey(req: Request): Promise<VisitorAnswer | null> {
    if (req.method !== 'POST' || req.ctx.viewer) return null;
    const body = req.body as { query?: unknown; operationName?: unknown; variables?: unknown; extensions?: unknown } | undefined;
    if (!body || typeof body.query !== 'string' || body.extensions !== undefined) return null;
    if (!this.changes || !(await this.changes.ready())) return null;
    const key = [req.ctx.locale, req.headers.accept ?? '', String(body.operationName ?? ''), JSON.stringify(body.variables ?? null), body.query].join('\n');
    return { key, tags: null, stale: false };
  }

  /** Drops the answers that depend on any of `tags`; answers being made that do are not kept. */
  private drop(tags: string[]): void {
    for (const [key, a] of this.answers.entries()) if (a.tags.some((t) => tags.includes(t))) this.answers.delete(key);
    for (const r of this.running) if (!r.tags || r.tags.some((t) => tags.includes(t))) r.stale = true;
  }

  private clear(): void {
    this.answers.clear();
    for (const r of this.running) r.stale = true;
  }
}

/**
 * Says what a visitor's operation depends on, once Apollo knows it (VISITOR_FIELDS), and drops it
 * from keeping when it is not a visitor's query or its answer has errors.
 */
export function visitorResponsesPlugin(): ApolloServerPlugin<GqlContext> {
  return {
    async requestDidStart({ contextValue }) {
      const visitor = contextValue.visitorAnswer;
      if (!visitor) return;
      return {
        async didResolveOperation({ operation, request }) {
          visitor.tags = operation ? dependencies(operation, request.variables ?? {}) : null;
        },
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single' || response.body.singleResult.errors?.length) visitor.tags = null;
        },
      };
    },
  };
}

/** The tags of a visitor's query: what each root field depends on, or null when one may not be kept. */
function dependencies(operation: OperationDefinitionNode, variables: Record<string, unknown>): string[] | null {
  if (operation.operation !== 'query') return null;
  const tags: string[] = [];
  for (const sel of operation.selectionSet.selections) {
    if (sel.kind !== Kind.FIELD || sel.directives?.length) return null;
    if (sel.name.value === '__typename') continue;
    const depends = VISITOR_FIELDS[sel.name.value];
    if (!depends) return null;
    const args = (name: string) => valueOf(sel.arguments?.find((a) => a.name.value === name)?.value, variables);
    const t = depends(args);
    if (!t) return null;
    tags.push(...t);
  }
  return tags;
}

const valueOf = (node: ValueNode | undefined, variables: Record<string, unknown>): unknown => {
  if (!node) return undefined;
  if (node.kind === Kind.VARIABLE) return variables[node.name.value];
  if (node.kind === Kind.STRING || node.kind === Kind.INT) return node.value;
  return undefined;
};

