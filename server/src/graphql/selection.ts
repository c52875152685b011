import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * The names of the fields selected right below the field at `path` under the one being resolved
 * (through fragments and inline fragments; aliases count by the field they name; a field under @skip
 * or @include counts as selected): lets a resolver read only the columns the query needs.
 */
export function selectedFieldNames(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>, path: string[]): Set<string> {
  const names = new Set<string>();
  const visit = (set: SelectionSetNode | undefined, depth: number, seen: Set<string>): void => {
    if (!set) return;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (depth === path.length) names.add(sel.name.value);
        else if (sel.name.value === path[depth]) visit(sel.selectionSet, depth + 1, seen);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        visit(sel.selectionSet, depth, seen);
      } else if (!seen.has(sel.name.value)) {
        seen.add(sel.name.value);
        visit(info.fragments[sel.name.value]?.selectionSet, depth, seen);
      }
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet, 0, new Set());
  return names;
}
