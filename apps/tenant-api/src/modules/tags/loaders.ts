import type { RequestContext } from '../../types.ts';
import { labelCounts, labelsOf, type LabelKind } from './repo.ts';
import { isStaff, requireViewer } from '../../core/access.ts';

type Query<T> = { obj: T; params: unknown }[];

function counts(kind: LabelKind, owner: 'student' | 'user') {
  return async (queries: Query<{ id: string }>, ctx: RequestContext) => {
    const map = await labelCounts(
      ctx.db,
      kind,
      queries.map((q) => String(q.obj.id)),
      owner,
    );
    return queries.map((q) => map.get(String(q.obj.id)) ?? 0);
  };
}

/** A person's labels; allergies and medications only to themself and to staff. */
function ofUser(kind: LabelKind) {
  return async (queries: Query<{ id: string }>, ctx: RequestContext) => {
    const v = requireViewer(ctx);
    const allowed = (id: string) => kind === 'tag' || isStaff(v) || id === v.id;
    const ids = queries.map((q) => String(q.obj.id)).filter(allowed);
    const map = ids.length ? await labelsOf(ctx.db, kind, 'user', ids) : new Map();
    return queries.map((q) => (allowed(String(q.obj.id)) ? (map.get(String(q.obj.id)) ?? []) : []));
  };
}

/** A student's labels: only on rows reached through the viewer's student scope (marked `__scoped`). */
function ofStudent(kind: LabelKind) {
  return async (queries: Query<{ id: string; __scoped?: boolean }>, ctx: RequestContext) => {
    const ids = [...new Set(queries.filter((q) => q.obj.__scoped).map((q) => String(q.obj.id)))];
    const map = ids.length ? await labelsOf(ctx.db, kind, 'student', ids) : new Map();
    return queries.map((q) => (q.obj.__scoped ? (map.get(String(q.obj.id)) ?? []) : []));
  };
}

/** Counts and a person's or a student's labels: one query per field per request. */
export const tagLoaders = {
  Tag: { student_count: counts('tag', 'student'), user_count: counts('tag', 'user') },
  Allergy: { student_count: counts('allergy', 'student'), user_count: counts('allergy', 'user') },
  Medication: { student_count: counts('medication', 'student'), user_count: counts('medication', 'user') },
  User: { tags: ofUser('tag'), allergies: ofUser('allergy'), medications: ofUser('medication') },
  Student: { tags: ofStudent('tag'), allergies: ofStudent('allergy'), medications: ofStudent('medication') },
};
