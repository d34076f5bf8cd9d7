/** What resolvers answer with: the mutation notice (shared with the control plane) and timestamps as ISO text. */
export { notice, type Notice } from '@kv/server';

export const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v ? String(v) : null);
