import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { execute, printSchema, type DocumentNode, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/** How many operations of one parsed document are kept compiled (a document usually holds one). */
const OPERATIONS_PER_DOCUMENT = 8;

/** The compiled form of each operation, kept per parsed document (shared by Apollo's executor and the signed-in reads). */
export class CompiledQueries {
  private readonly compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | null>>();

  constructor(readonly schema: GraphQLSchema) {}

  /** The compiled operation, or null when graphql-jit cannot compile it (then graphql-js runs it). */
  of(document: DocumentNode, operationName: string | null | undefined): CompiledQuery | null {
    let byName = this.compiled.get(document);
    if (!byName) this.compiled.set(document, (byName = new Map()));
    const key = operationName ?? '';
    let query = byName.get(key);
    if (query === undefined) {
      const result = compileQuery(this.schema, document, operationName ?? undefined);
      query = isCompiledQuery(result) ? result : null;
      if (byName.size >= OPERATIONS_PER_DOCUMENT) byName.delete(byName.keys().next().value!);
      byName.set(key, query);
    }
    return query;
  }
}

/**
 * Executes queries over HTTP with graphql-jit (docs/architecture.md#read-path): each operation is
 * compiled once into a function that resolves, coerces and serialises exactly the fields it selects,
 * instead of graphql-js walking the document for every request. The compiled form is kept per parsed
 * document (Apollo parses and validates each query text once and hands the same DocumentNode back), so
 * it lives as long as Apollo's document cache (or the signed-in reads' own, graphql/signed-in-reads.ts) keeps the query.
 *
 * Only queries that run without an error are answered by the compiled form: a query whose compiled run
 * reports an error (a product not found, a refusal, a variable of the wrong type) is run again by
 * graphql-js, so errors keep exactly graphql-js's shape, paths and partial data; queries read, so
 * running one twice changes nothing. Mutations always run with graphql-js (once, in field order).
 *
 * Apollo takes a custom executor only from a gateway: this one serves our own schema, loaded once.
 */
export function compiledExecution(queries: CompiledQueries): GatewayInterface {
  const { schema } = queries;
  const executor: GatewayExecutor = async ({ document, operation, operationName, request, context }) => {
    const reference = () =>
      execute({ schema, document, contextValue: context, variableValues: request.variables, operationName }) as Promise<ExecutionResult>;
    // Apollo hands no operation over when the document names none it can pick (graphql-js reports it).
    if ((operation as OperationDefinitionNode | undefined)?.operation !== 'query') return reference();
    const query = queries.of(document, operationName);
    if (!query) return reference();
    const result = (await query.query(undefined, context, request.variables ?? {})) as ExecutionResult;
    return result.errors?.length ? reference() : result;
  };

  return {
    async load() {
      return { schema, executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => undefined;
    },
    async stop() {},
  };
}
