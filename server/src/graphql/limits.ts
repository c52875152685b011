import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
}

const limitError = (message: string) => new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX' } });

/**
 * Walks an operation's selections (following fragments, once each per path) and reports its depth,
 * its number of aliases and a cost: every field costs 1, and fields under a list argument `limit`
 * or `first` multiply their children's cost by it.
 */
function measure(selectionSet: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, seen: Set<string>) {
  let depth = 0;
  let aliases = 0;
  let cost = 0;
  for (const sel of selectionSet.selections) {
    if (sel.kind === Kind.FIELD) {
      if (sel.alias) aliases++;
      const size = sel.arguments?.find((a) => a.name.value === 'limit' || a.name.value === 'first');
      const multiplier = size?.value.kind === Kind.INT ? Math.max(1, Number(size.value.value)) : 1;
      if (sel.selectionSet) {
        const inner = measure(sel.selectionSet, fragments, seen);
        // Introspection's `ofType` chain (a wrapped type's inner type) is linear and bounded by the
        // schema; counting it would refuse GraphiQL's own introspection query (15 levels).
        depth = Math.max(depth, inner.depth + (sel.name.value === 'ofType' ? 0 : 1));
        aliases += inner.aliases;
        cost += 1 + multiplier * inner.cost;
      } else {
        depth = Math.max(depth, 1);
        cost += 1;
      }
    } else {
      const set =
        sel.kind === Kind.INLINE_FRAGMENT ? sel.selectionSet : seen.has(sel.name.value) ? null : fragments[sel.name.value]?.selectionSet;
      if (!set) continue;
      const nextSeen = sel.kind === Kind.FRAGMENT_SPREAD ? new Set(seen).add(sel.name.value) : seen;
      const inner = measure(set, fragments, nextSeen);
      depth = Math.max(depth, inner.depth);
      aliases += inner.aliases;
      cost += inner.cost;
    }
  }
  return { depth, aliases, cost };
}

/** One validation rule enforcing depth, alias and cost limits on every operation of a document. */
export function queryLimitsRule(limits: QueryLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const doc = context.getDocument();
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const def of doc.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
    return {
      OperationDefinition(node) {
        const m = measure(node.selectionSet, fragments, new Set());
        if (m.depth > limits.maxDepth) context.reportError(limitError(`Query is too deep: ${m.depth} levels (at most ${limits.maxDepth})`));
        if (m.aliases > limits.maxAliases) context.reportError(limitError(`Too many aliases: ${m.aliases} (at most ${limits.maxAliases})`));
        if (m.cost > limits.maxCost) context.reportError(limitError(`Query is too expensive: cost ${m.cost} (at most ${limits.maxCost})`));
      },
    };
  };
}
