/** What resolvers answer with: the mutation notice (shared with the control plane) and timestamps as ISO text. */
export { notice, type Notice } from '@kv/server';

export const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v ? String(v) : null);

/** A NOT NULL timestamp column as ISO 8601, for a `String!` field: a missing one is a bug, not a null. */
export function isoTime(v: unknown): string {
  const text = iso(v);
  if (text === null) throw new TypeError('A required timestamp is missing from the row.');
  return text;
}
