import type { HeaderMap } from '@apollo/server';
import type { Request } from 'express';
import {
  getOperationAST,
  Kind,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import type { CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import type { CompiledQueries } from './compiled-execution.js';
import type { GqlContext } from './context.js';
import { costError, type QueryLimits } from './limits.js';

/**
 * The root fields a signed-in read may ask for on this path: reads of the viewer's own things and of
 * the catalogue that write nothing (a read that reports an error runs again through Apollo, so it
 * must be harmless to run twice). An operation with any other root field goes through Apollo.
 */
const DIRECT_FIELDS = new Set(['myProducts', 'myOrders', 'sellerOrders', 'order', 'me', 'product', 'productCategories', '__typename']);
/**
 * How many query texts are kept parsed and validated: at most this many, and this many characters of
 * query text in all (a parsed document takes some ten times its text); the longest one kept (longer
 * ones go through Apollo).
 */
const MAX_DOCUMENTS = 1_000;
const MAX_DOCUMENT_CHARS = 2_000_000;
const MAX_QUERY_LENGTH = 20_000;
/** How many Accept headers' content types are remembered, the latest used (a client sends one or two). */
const MAX_ACCEPTS = 32;

/** A query text as parsed and validated once: its operations that may run here, by name; or refused (Apollo answers it). */
type Prepared = { document: DocumentNode; operations: Map<string, Operation | null> } | null;
interface Operation {
  operation: OperationDefinitionNode;
  compiled: CompiledQuery;
}

/** What the handler sends: the content type Apollo gives this Accept header, and the body as Apollo writes it. */
export interface DirectAnswer {
  contentType: string;
  body: string;
}

/**
 * Signed-in reads without Apollo's request pipeline (docs/architecture.md#read-path): a query of a
 * request with a session whose root fields are all in DIRECT_FIELDS runs its compiled form (the same
 * graphql-jit function Apollo's executor runs) straight from the express handler, with the same
 * context. What Apollo would do first is done here too, once per query text: parsing, and validation
 * with graphql's rules and ours (depth, aliases, introspection in production); the cost limit with
 * each request's variables, as queryCostPlugin does.
 *
 * Only a plain success is answered here, as Apollo would answer it: status 200, the content type
 * Apollo chose for the same Accept header (learnt from its answers: until Apollo has answered one,
 * a request goes through Apollo), and `{"data":...}` with Apollo's line end. Everything else goes
 * through Apollo, which then answers exactly as it always does: a request with `extensions`, a body
 * Apollo would refuse, a query that fails to parse or validate, a mutation, an operation it cannot
 * pick, a query over the cost limit, and a query whose run reports any error (it runs again there,
 * so errors keep Apollo's codes, messages, formatting and status). A request without a session never
 * comes here (visitors have their kept answers, graphql/visitor-responses.ts); a session that ended
 * is no session (request-context.middleware.ts), so its request gets Apollo's UNAUTHENTICATED.
 */
export class SignedInReads {
  private readonly documents = new LRUCache<string, { prepared: Prepared }>({
    max: MAX_DOCUMENTS,
    maxSize: MAX_DOCUMENT_CHARS,
    sizeCalculation: (_value, query) => query.length,
  });
  private readonly contentTypes = new LRUCache<string, string>({ max: MAX_ACCEPTS });
  private readonly rules: readonly ValidationRule[];

  constructor(
    private readonly queries: CompiledQueries,
    rules: readonly ValidationRule[],
    private readonly limits: Pick<QueryLimits, 'maxCost'>,
  ) {
    this.rules = [...specifiedRules, ...rules];
  }

  /** The answer to a signed-in read, or null when Apollo is to answer the request (also when anything here fails). */
  async answer(req: Request, context: GqlContext): Promise<DirectAnswer | null> {
    try {
      return await this.run(req, context);
    } catch {
      return null;
    }
  }

  private async run(req: Request, context: GqlContext): Promise<DirectAnswer | null> {
    if (req.method !== 'POST' || !context.ctx.viewer) return null;
    const contentType = this.contentTypes.get(req.headers.accept ?? '');
    if (!contentType || !isJson(req.headers['content-type'])) return null;
    const body: unknown = req.body;
    if (!isRecord(body) || body.extensions !== undefined) return null;
    const { query, operationName, variables } = body;
    if (typeof query !== 'string' || !query || query.length > MAX_QUERY_LENGTH) return null;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
    if (variables !== undefined && variables !== null && !isRecord(variables)) return null;
    const op = this.operation(query, operationName ?? undefined);
    if (!op) return null;
    const vars = (variables ?? undefined) as Record<string, unknown> | undefined;
    if (costError(this.queries.schema, op.document, op.operation, vars, this.limits)) return null;
    const result = (await op.compiled.query(undefined, context, vars ?? {})) as ExecutionResult;
    if (result.errors?.length || !result.data) return null;
    return { contentType, body: `${JSON.stringify({ data: result.data })}\n` };
  }

  /**
   * Notes the content type of Apollo's answer to a signed-in request (status 200, one JSON body): the
   * same Accept header is answered with it here. An answer with any other header is not learnt from.
   */
  learn(req: Request, status: number, headers: HeaderMap): void {
    if (status !== 200 || !req.ctx?.viewer) return;
    const accept = req.headers.accept ?? '';
    if (this.contentTypes.has(accept)) return;
    const contentType = headers.get('content-type');
    if (!contentType || [...headers.keys()].some((k) => k !== 'content-type')) return;
    this.contentTypes.set(accept, contentType);
  }

  /** The operation of `query` named `operationName`, parsed, validated and compiled once; null when it may not run here. */
  private operation(query: string, operationName: string | undefined): (Operation & { document: DocumentNode }) | null {
    let kept = this.documents.get(query);
    if (!kept) this.documents.set(query, (kept = { prepared: this.prepare(query) }));
    const prepared = kept.prepared;
    if (!prepared) return null;
    const key = operationName ?? '';
    let op = prepared.operations.get(key);
    if (op === undefined) {
      op = this.pick(prepared.document, operationName);
      if (prepared.operations.size < 8) prepared.operations.set(key, op);
    }
    return op && { ...op, document: prepared.document };
  }

  private prepare(query: string): Prepared {
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch {
      return null;
    }
    if (validate(this.queries.schema, document, this.rules).length) return null;
    return { document, operations: new Map() };
  }

  private pick(document: DocumentNode, operationName: string | undefined): Operation | null {
    const operation = getOperationAST(document, operationName);
    if (operation?.operation !== 'query') return null;
    for (const sel of operation.selectionSet.selections) {
      if (sel.kind !== Kind.FIELD || !DIRECT_FIELDS.has(sel.name.value)) return null;
    }
    const compiled = this.queries.of(document, operationName);
    return compiled && { operation, compiled };
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v);

/** A JSON body's content type (Apollo's CSRF rule lets any such request through). */
const isJson = (contentType: string | undefined) => !!contentType && /^application\/json\s*(;|$)/i.test(contentType);
