import type { RequestContext } from '../../types.ts';
import { isStaff } from '../../core/access.ts';
import { findFiles, type FileObj } from '../files/index.ts';
import * as repo from './repo.ts';
import { FORM_ATTACHMENT_PURPOSE } from './attachments.ts';
import { UUID } from './values.ts';

type Query<T> = { obj: T; params: unknown }[];
type Person = { id: string; fname: string; lname: string };

/** Form.entries_count: one grouped count for a page of forms (families see 0). */
async function entriesCount(queries: Query<{ id: string }>, ctx: RequestContext): Promise<number[]> {
  if (!ctx.viewer || !isStaff(ctx.viewer)) return queries.map(() => 0);
  const counts = await repo.entryCounts(ctx.db, [...new Set(queries.map((q) => String(q.obj.id)))]);
  return queries.map((q) => counts.get(String(q.obj.id)) ?? 0);
}

/** Submissions reach these loaders only through the submission scope. */
async function signatures(queries: Query<{ id: string }>, ctx: RequestContext) {
  const rows = await repo.signaturesOf(ctx.db, [...new Set(queries.map((q) => String(q.obj.id)))]);
  return queries.map((q) => rows.filter((r) => String(r.submission_id) === String(q.obj.id)));
}

async function changeRequest(queries: Query<{ id: string }>, ctx: RequestContext) {
  const map = await repo.latestChangeRequests(ctx.db, [...new Set(queries.map((q) => String(q.obj.id)))]);
  return queries.map((q) => map.get(String(q.obj.id)) ?? null);
}

const person =
  <T>(column: (obj: T) => string | null | undefined) =>
  async (queries: Query<T>, ctx: RequestContext): Promise<(Person | null)[]> => {
    const ids = [...new Set(queries.map((q) => column(q.obj)).filter((x): x is string => Boolean(x)).map(String))];
    const names = await repo.namesOf(ctx.db, ids);
    return queries.map((q) => {
      const key = column(q.obj);
      return key ? (names.get(String(key)) ?? null) : null;
    });
  };

/**
 * A file of a page of rows in one query. Forms and submissions reach here only through this
 * area's scope (a form of the viewer's locations or shared with their child; a submission of a
 * child in their scope), so the files are marked readable.
 */
const storedFile =
  <T>(column: (obj: T) => string | null | undefined) =>
  async (queries: Query<T>, ctx: RequestContext): Promise<(FileObj | null)[]> => {
    const ids = [...new Set(queries.map((q) => column(q.obj)).filter((x): x is string => Boolean(x)).map(String))];
    const files = new Map((await findFiles(ctx.db, ids)).map((f) => [String(f.id), f]));
    return queries.map((q) => {
      const f = files.get(String(column(q.obj) ?? ''));
      return f && f.status === 'ready' ? { ...f, __readable: true } : null;
    });
  };
/**
 * SubmissionField.file: the attachments of a page of entries in one query. A field reaches here only
 * through the submission scope; its file counts only when it is a `form_attachment` of the entry's
 * own child (what `submitForm` accepts), so a stored id never opens another child's file.
 */
async function attachedFile(queries: Query<{ type: string; value: string | null; __student: string }>, ctx: RequestContext): Promise<(FileObj | null)[]> {
  const wanted = (f: { type: string; value: string | null }) => (f.type === 'file' && f.value && UUID.test(f.value) ? f.value : null);
  const ids = [...new Set(queries.map((q) => wanted(q.obj)).filter((x): x is string => Boolean(x)))];
  const files = new Map((await findFiles(ctx.db, ids)).map((f) => [String(f.id), f]));
  return queries.map((q) => {
    const f = files.get(wanted(q.obj) ?? '');
    return f && f.status === 'ready' && f.purpose === FORM_ATTACHMENT_PURPOSE && String(f.owner_id) === q.obj.__student ? { ...f, __readable: true } : null;
  });
}

/** FormNotificationSettings.users: the named staff, one query for every settings object asked. */
async function staffUsers(queries: Query<{ user_ids: string[] }>, ctx: RequestContext): Promise<Person[][]> {
  const names = await repo.namesOf(ctx.db, [...new Set(queries.flatMap((q) => q.obj.user_ids.map(String)))]);
  return queries.map((q) => q.obj.user_ids.map((u) => names.get(String(u))).filter((p): p is Person => Boolean(p)));
}

export const formLoaders = {
  Form: { entries_count: entriesCount, pdf: storedFile<repo.FormRow>((f) => f.file_id) },
  FormSubmission: {
    signed_pdf: storedFile<repo.SubmissionRow>((s) => s.signed_file_id),
    signatures,
    change_request: changeRequest,
    submitted_by: person<repo.SubmissionRow>((s) => s.submitted_by),
    reviewed_by: person<repo.SubmissionRow>((s) => s.reviewed_by),
  },
  SubmissionField: { file: attachedFile },
  ChangeRequest: { requested_by: person<repo.ChangeRequestRow>((c) => c.requested_by) },
  FormLog: { user: person<{ user_id: string | null }>((l) => l.user_id) },
  FormNotificationSettings: { users: staffUsers },
};
