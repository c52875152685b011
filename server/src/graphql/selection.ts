import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * Whether the field being resolved selects the field at `path` below it (through fragments and inline
 * fragments; a field under @skip or @include counts as selected): lets a resolver read only what the
 * query asks for.
 */
export function selects(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>, path: string[]): boolean {
  const within = (set: SelectionSetNode | undefined, depth: number, seen: Set<string>): boolean => {
    if (!set) return false;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value !== path[depth]) continue;
        if (depth === path.length - 1 || within(sel.selectionSet, depth + 1, seen)) return true;
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        if (within(sel.selectionSet, depth, seen)) return true;
      } else if (!seen.has(sel.name.value)) {
        seen.add(sel.name.value);
        if (within(info.fragments[sel.name.value]?.selectionSet, depth, seen)) return true;
      }
    }
    return false;
  };
  return info.fieldNodes.some((node) => within(node.selectionSet, 0, new Set()));
}
