import type { RequestContext } from '../../types.ts';
import { findFiles, type FileObj } from '../files/index.ts';

type Query<T> = { obj: T; params: unknown }[];
type MessageObj = { attachment_id: string | null; user_id: string | null; author_fname?: string | null; author_lname?: string | null };

/**
 * Messages reach these loaders only through the chat scope (the viewer reads the thread), so
 * their attachments are readable as they are (`__readable`): one query for a page's files.
 */
async function attachments(queries: Query<MessageObj>, ctx: RequestContext): Promise<(FileObj | null)[]> {
  const ids = [...new Set(queries.map((q) => q.obj.attachment_id).filter((v): v is string => Boolean(v)))];
  const files = new Map((ids.length ? await findFiles(ctx.db, ids) : []).map((f) => [f.id, f]));
  return queries.map((q) => {
    const f = q.obj.attachment_id ? files.get(q.obj.attachment_id) : undefined;
    return f && f.status === 'ready' ? { ...f, __readable: true } : null;
  });
}

/** The author, as the thread's query joined it (or one query for rows that came without). */
async function authors(queries: Query<MessageObj>, ctx: RequestContext) {
  const missing = [...new Set(queries.filter((q) => q.obj.author_fname === undefined && q.obj.user_id).map((q) => String(q.obj.user_id)))];
  const people = new Map<string, { fname: string; lname: string }>(
    (missing.length ? await ctx.db('users').whereIn('id', missing).select('id', 'fname', 'lname') : []).map((u: { id: string; fname: string; lname: string }) => [
      String(u.id),
      u,
    ]),
  );
  return queries.map((q) => {
    if (!q.obj.user_id) return null;
    const known = q.obj.author_fname !== undefined ? { fname: q.obj.author_fname ?? '', lname: q.obj.author_lname ?? '' } : people.get(String(q.obj.user_id));
    return known ? { id: String(q.obj.user_id), fname: known.fname, lname: known.lname } : null;
  });
}

export const chatLoaders = {
  ChatMessage: { attachment: attachments, author: authors },
};
