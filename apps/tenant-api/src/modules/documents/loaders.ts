import type { RequestContext } from '../../types.ts';
import { findFiles, type FileObj } from '../files/index.ts';
import * as repo from './repo.ts';
import type { DocViewer } from './policy.ts';

type Query<T> = { obj: T; params: unknown }[];
type FileOwner = { file_id: string };
type Editable = { id: string; __editor?: boolean };
type RequestObj = repo.RequestRow & { __viewer?: DocViewer };

/**
 * The stored file of centre files and documents, in one query per page. Rows reach here only
 * through this area's own checks, so the files are marked readable (`__readable`).
 */
async function storedFile(queries: Query<FileOwner>, ctx: RequestContext): Promise<(FileObj | null)[]> {
  const files = new Map((await findFiles(ctx.db, [...new Set(queries.map((q) => String(q.obj.file_id)))])).map((f) => [String(f.id), f]));
  return queries.map((q) => {
    const f = files.get(String(q.obj.file_id));
    return f ? { ...f, __readable: true } : null;
  });
}

/** A file's shares (editors only), one query per page. */
async function shares(queries: Query<Editable>, ctx: RequestContext) {
  const ids = [...new Set(queries.filter((q) => q.obj.__editor).map((q) => String(q.obj.id)))];
  const map = await repo.sharesOf(ctx.db, ids);
  return queries.map((q) => (q.obj.__editor ? (map.get(String(q.obj.id)) ?? []) : []));
}

const logs = (subject: repo.LogSubject) => async (queries: Query<Editable>, ctx: RequestContext) => {
  const ids = [...new Set(queries.filter((q) => q.obj.__editor).map((q) => String(q.obj.id)))];
  const map = await repo.logsOf(ctx.db, subject, ids);
  return queries.map((q) => (q.obj.__editor ? (map.get(String(q.obj.id)) ?? []) : []));
};

const answersCache = new WeakMap<RequestContext, Map<string, Promise<repo.DocumentRow[]>>>();

/** The answers of a page of requests the viewer reads, one query for the page (shared by the counts). */
async function answersFor(queries: Query<RequestObj>, ctx: RequestContext): Promise<repo.DocumentRow[][]> {
  const viewer = queries[0]?.obj.__viewer;
  if (!viewer) return queries.map(() => []);
  const ids = [...new Set(queries.map((q) => String(q.obj.id)))];
  let cache = answersCache.get(ctx);
  if (!cache) answersCache.set(ctx, (cache = new Map()));
  const key = ids.join(',');
  let p = cache.get(key);
  if (!p) {
    p = repo.answersOf(ctx.db, viewer, ids);
    cache.set(key, p);
  }
  const rows = await p;
  return queries.map((q) => rows.filter((r) => String(r.request_id) === String(q.obj.id)));
}

const countOf = (status: repo.DocumentRow['status']) => async (queries: Query<RequestObj>, ctx: RequestContext) =>
  (await answersFor(queries, ctx)).map((rows) => rows.filter((r) => r.status === status).length);

export const documentLoaders = {
  CentreFile: { file: storedFile, shares, logs: logs('file') },
  DocumentRequest: {
    documents: answersFor,
    pending: countOf('pending'),
    approved: countOf('approved'),
    rejected: countOf('rejected'),
    expired: countOf('expired'),
    logs: logs('request'),
  },
  Document: { file: storedFile },
};
