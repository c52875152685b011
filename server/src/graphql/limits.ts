import type { ApolloServerPlugin } from '@apollo/server';
import {
  getNamedType,
  GraphQLError,
  isInputObjectType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql';

export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
}

/**
 * What a paged field without a page size counts as: the largest default page size of the API
 * (products 20, search 10). The services hold the real defaults; over-counting is the safe side.
 */
export const DEFAULT_PAGE_SIZE = 20;

const SIZE_NAMES = new Set(['limit', 'first']);

const limitError = (message: string, status?: number) =>
  new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX', ...(status ? { http: { status } } : {}) } });

interface Measure {
  depth: number;
  aliases: number;
  cost: number;
}

type Variables = Readonly<Record<string, unknown>> | undefined;

/**
 * Measures one operation: its depth, its number of aliases, and a cost where every field costs 1
 * and a paged field (a `limit`/`first` argument, or an input object holding one) multiplies its
 * children's cost by its page size: a literal, a variable's value, the argument's default, or
 * DEFAULT_PAGE_SIZE when none is given.
 *
 * Each fragment is measured once and its measure reused at every spread, so the work is linear in
 * the document's size: fragments that spread the next one twice would otherwise cost 2^n walks.
 * (The measure itself may still be 2^n: such a query is refused, not walked.)
 */
export function measureOperation(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables?: Variables): Measure {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const variableDefaults = new Map<string, ValueNode>();
  for (const v of operation.variableDefinitions ?? []) if (v.defaultValue) variableDefaults.set(v.variable.name.value, v.defaultValue);

  const memo = new Map<string, Measure>();
  const inProgress = new Set<string>();
  const zero: Measure = { depth: 0, aliases: 0, cost: 0 };

  /** A number from an AST value: a literal, or a variable's value (its default when not sent). */
  const numberOf = (node: ValueNode | undefined): number | undefined => {
    if (!node) return undefined;
    if (node.kind === Kind.INT) return Number(node.value);
    if (node.kind === Kind.VARIABLE) {
      const given = variables?.[node.name.value];
      if (typeof given === 'number') return given;
      if (given === undefined || given === null) return numberOf(variableDefaults.get(node.name.value));
    }
    return undefined;
  };
  /** The `limit`/`first` field of an input object given as a literal or as a variable. */
  const sizeInObject = (node: ValueNode | undefined): number | undefined => {
    if (!node) return undefined;
    if (node.kind === Kind.OBJECT) {
      const field = node.fields.find((f) => SIZE_NAMES.has(f.name.value));
      return numberOf(field?.value);
    }
    if (node.kind === Kind.VARIABLE) {
      const given = variables?.[node.name.value];
      if (given && typeof given === 'object') {
        const sizes = Object.entries(given).filter(([key, v]) => SIZE_NAMES.has(key) && typeof v === 'number');
        return sizes.length ? (sizes[0][1] as number) : undefined;
      }
      return sizeInObject(variableDefaults.get(node.name.value));
    }
    return undefined;
  };
  const defaultOf = (def: GraphQLArgument | GraphQLInputField | undefined) =>
    typeof def?.defaultValue === 'number' ? def.defaultValue : DEFAULT_PAGE_SIZE;

  /** The page size a field asks for, or 1 when it is not a paged field. */
  const multiplierOf = (field: GraphQLField<unknown, unknown> | undefined, argNodes: readonly { name: { value: string }; value: ValueNode }[]) => {
    let size: number | undefined;
    let paged = false;
    const given = (name: string) => argNodes.find((a) => a.name.value === name)?.value;
    if (field) {
      for (const arg of field.args) {
        if (SIZE_NAMES.has(arg.name)) {
          paged = true;
          size ??= numberOf(given(arg.name)) ?? defaultOf(arg);
          continue;
        }
        const type = getNamedType(arg.type);
        if (!isInputObjectType(type)) continue;
        const sizeField = Object.values(type.getFields()).find((f) => SIZE_NAMES.has(f.name));
        if (!sizeField) continue;
        paged = true;
        size ??= sizeInObject(given(arg.name)) ?? defaultOf(sizeField);
      }
    } else {
      // A field the schema does not have (validation reports it): count what the document says.
      for (const a of argNodes) if (SIZE_NAMES.has(a.name.value)) size ??= numberOf(a.value);
      paged = size !== undefined;
    }
    return paged ? Math.max(1, Math.floor(Number(size)) || 1) : 1;
  };

  const fieldOf = (parent: GraphQLNamedType | undefined, name: string): GraphQLField<unknown, unknown> | undefined => {
    if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
    return parent && 'getFields' in parent ? (parent.getFields() as Record<string, GraphQLField<unknown, unknown>>)[name] : undefined;
  };

  const fragment = (name: string): Measure => {
    const known = memo.get(name);
    if (known) return known;
    const def = fragments.get(name);
    // A cycle (refused by NoFragmentCyclesRule) or an unknown fragment (KnownFragmentNamesRule) counts nothing here.
    if (!def || inProgress.has(name)) return zero;
    inProgress.add(name);
    const m = walk(def.selectionSet, schema.getType(def.typeCondition.name.value));
    inProgress.delete(name);
    memo.set(name, m);
    return m;
  };

  function walk(selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined): Measure {
    let depth = 0;
    let aliases = 0;
    let cost = 0;
    for (const sel of selectionSet.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.alias) aliases++;
        const field = fieldOf(parent, sel.name.value);
        if (sel.selectionSet) {
          const inner = walk(sel.selectionSet, field ? getNamedType(field.type) : undefined);
          // Introspection's `ofType` chain (a wrapped type's inner type) is linear and bounded by the
          // schema; counting it would refuse GraphiQL's own introspection query (15 levels).
          depth = Math.max(depth, inner.depth + (sel.name.value === 'ofType' ? 0 : 1));
          aliases += inner.aliases;
          cost += 1 + multiplierOf(field, sel.arguments ?? []) * inner.cost;
        } else {
          depth = Math.max(depth, 1);
          cost += 1;
        }
      } else {
        const inner =
          sel.kind === Kind.FRAGMENT_SPREAD
            ? fragment(sel.name.value)
            : walk(sel.selectionSet, sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : parent);
        depth = Math.max(depth, inner.depth);
        aliases += inner.aliases;
        cost += inner.cost;
      }
    }
    return { depth, aliases, cost };
  }

  const root =
    operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  return walk(operation.selectionSet, root ?? undefined);
}

const shown = (n: number) => (Number.isSafeInteger(n) ? String(n) : `more than ${Number.MAX_SAFE_INTEGER}`);

/**
 * The depth and alias limits, as a validation rule (HTTP and WebSocket alike). The cost limit
 * needs the request's variables, which validation does not see: `costError` checks it once the
 * operation is known (queryCostPlugin over HTTP, the socket's onSubscribe over WebSocket).
 */
export function queryLimitsRule(limits: QueryLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const m = measureOperation(context.getSchema(), context.getDocument(), node);
      if (m.depth > limits.maxDepth) context.reportError(limitError(`Query is too deep: ${m.depth} levels (at most ${limits.maxDepth})`));
      if (m.aliases > limits.maxAliases) context.reportError(limitError(`Too many aliases: ${shown(m.aliases)} (at most ${limits.maxAliases})`));
    },
  });
}

/** The cost limit of one operation with its variables: an error to answer with, or null. */
export function costError(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Variables,
  limits: Pick<QueryLimits, 'maxCost'>,
): GraphQLError | null {
  const cost = cachedCost(schema, document, operation, variables);
  return cost > limits.maxCost ? limitError(`Query is too expensive: cost ${shown(cost)} (at most ${limits.maxCost})`, 400) : null;
}

/**
 * The cost of an operation with its variables, remembered per parsed document (Apollo and the socket
 * server reuse one DocumentNode per query text) and variables: the same query with the same
 * variables is walked once. A few variable sets per document are kept.
 */
const costs = new WeakMap<DocumentNode, Map<string, number>>();
const COSTS_PER_DOCUMENT = 64;
function cachedCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Variables): number {
  const key = `${operation.name?.value ?? ''}\u0000${variables ? JSON.stringify(variables) : ''}`;
  // Large variable sets are measured each time, not kept.
  if (key.length > 2000) return measureOperation(schema, document, operation, variables).cost;
  let byVariables = costs.get(document);
  if (!byVariables) costs.set(document, (byVariables = new Map()));
  let cost = byVariables.get(key);
  if (cost === undefined) {
    cost = measureOperation(schema, document, operation, variables).cost;
    if (byVariables.size >= COSTS_PER_DOCUMENT) byVariables.delete(byVariables.keys().next().value!);
    byVariables.set(key, cost);
  }
  return cost;
}

/** Apollo plugin: refuses an operation over the cost limit before it runs (status 400). */
export function queryCostPlugin<T extends object>(limits: Pick<QueryLimits, 'maxCost'>): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          const err = costError(schema, document, operation, request.variables, limits);
          if (err) throw err;
        },
      };
    },
  };
}
