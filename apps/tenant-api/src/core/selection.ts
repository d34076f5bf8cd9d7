import type { FieldNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

/**
 * Whether the query asks for any of `leaves` at `path` below the resolved field (through inline
 * fragments and named fragments): `selects(info, ['data', 'file'], ['url'])` on a page of photos.
 * For work that only a selected field needs (a photo is logged as viewed only when its image is sent).
 */
export function selects(
  info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>,
  path: readonly string[],
  leaves: readonly string[],
): boolean {
  const fieldsOf = (set: SelectionSetNode | undefined, seen: Set<string>): FieldNode[] =>
    (set?.selections ?? []).flatMap((s) => {
      if (s.kind === 'Field') return [s];
      if (s.kind === 'InlineFragment') return fieldsOf(s.selectionSet, seen);
      const name = s.name.value;
      if (seen.has(name)) return [];
      seen.add(name);
      return fieldsOf(info.fragments[name]?.selectionSet, seen);
    });
  let level: FieldNode[] = [...info.fieldNodes];
  for (const name of path) level = level.flatMap((f) => fieldsOf(f.selectionSet, new Set()).filter((c) => c.name.value === name));
  return level.some((f) => fieldsOf(f.selectionSet, new Set()).some((c) => leaves.includes(c.name.value)));
}
