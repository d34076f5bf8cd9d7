import type { RequestContext } from '../../types.ts';
import { fileDownloadUrl, findFiles, type FileObj } from '../files/index.ts';
import * as repo from './repo.ts';
import { seesAllTags } from './policy.ts';

type Query<T> = { obj: T; params: unknown }[];
type PhotoObj = Pick<repo.PhotoRow, 'id' | 'file_id' | 'uploaded_by' | 'approved_by'>;
type Person = { id: string; fname: string; lname: string };

/**
 * Photo rows reach these loaders only through the photos scope (and photo consent), so their
 * files are readable as they are (`__readable`): one query for a page's files.
 */
async function filesOf(queries: Query<PhotoObj>, ctx: RequestContext): Promise<(FileObj | null)[]> {
  const files = new Map((await findFiles(ctx.db, [...new Set(queries.map((q) => q.obj.file_id))])).map((f) => [f.id, f]));
  return queries.map((q) => {
    const f = files.get(q.obj.file_id);
    return f ? { ...f, __readable: true } : null;
  });
}

/** Photo.download_url: a signed attachment URL per photo, each download logged once a day per person. */
async function downloadUrls(queries: Query<PhotoObj>, ctx: RequestContext): Promise<(string | null)[]> {
  const files = await filesOf(queries, ctx);
  const urls = await Promise.all(files.map((f) => (f ? fileDownloadUrl(ctx, f) : null)));
  const day = new Date().toISOString().slice(0, 10);
  await repo.insertLogs(
    ctx.db,
    queries.flatMap((q, i) => (urls[i] ? [{ photo_id: String(q.obj.id), action: 'download' as const, user_id: ctx.viewer!.id, day }] : [])),
  );
  return urls;
}

/** Tagged children: staff see every one; a family only its own children (the others stay unnamed). */
async function students(queries: Query<PhotoObj>, ctx: RequestContext): Promise<Person[][]> {
  const tags = await repo.tagsOf(ctx.db, 'students', [...new Set(queries.map((q) => String(q.obj.id)))]);
  let keep = (_: string) => true;
  if (!seesAllTags(ctx)) {
    const own = await repo.ownChildren(ctx.db, ctx.viewer!.id, [...new Set(tags.map((t) => String(t.id)))]);
    keep = (sid) => own.has(sid);
  }
  return queries.map((q) =>
    tags.filter((t) => String(t.photo_id) === String(q.obj.id) && keep(String(t.id))).map(({ id, fname, lname }) => ({ id, fname, lname })),
  );
}

/** Tagged staff (staff viewers only). */
async function staff(queries: Query<PhotoObj>, ctx: RequestContext): Promise<Person[][]> {
  if (!seesAllTags(ctx)) return queries.map(() => []);
  const tags = await repo.tagsOf(ctx.db, 'staff', [...new Set(queries.map((q) => String(q.obj.id)))]);
  return queries.map((q) =>
    tags.filter((t) => String(t.photo_id) === String(q.obj.id)).map(({ id, fname, lname }) => ({ id, fname, lname })),
  );
}

/** A person column (uploader, approver, log user, consent recorder) as a name, one query per request. */
const person =
  <T>(column: (obj: T) => string | null | undefined) =>
  async (queries: Query<T>, ctx: RequestContext): Promise<(Person | null)[]> => {
    const ids = [
      ...new Set(
        queries
          .map((q) => column(q.obj))
          .filter((x): x is string => Boolean(x))
          .map(String),
      ),
    ];
    const names = await repo.namesOf(ctx.db, ids);
    return queries.map((q) => {
      const key = column(q.obj);
      return key ? (names.get(String(key)) ?? null) : null;
    });
  };

type StudentObj = { id: string; __scoped?: boolean };

/** Student.photo_consent: the current consent of each child the viewer reached through the students scope. */
async function studentConsent(queries: Query<StudentObj>, ctx: RequestContext) {
  const ids = [...new Set(queries.filter((q) => q.obj.__scoped).map((q) => String(q.obj.id)))];
  const consents = await repo.currentConsents(ctx.db, ids);
  return queries.map((q) => (q.obj.__scoped ? (consents.get(String(q.obj.id)) ?? null) : null));
}

export const photoLoaders = {
  Photo: {
    file: filesOf,
    download_url: downloadUrls,
    students,
    staff,
    uploaded_by: person<PhotoObj>((p) => p.uploaded_by),
    approved_by: person<PhotoObj>((p) => p.approved_by),
  },
  PhotoLog: { user: person<repo.LogRow>((l) => l.user_id) },
  PhotoConsent: { recorded_by: person<repo.ConsentRow>((c) => c.recorded_by) },
  Student: { photo_consent: studentConsent },
};
