import { AppError } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import * as repo from './repo.ts';
import { limited, scopedRow } from './service/common.ts';
import { readScope, type LocationScope, isParent, isStaff, studentReadScope, requireViewer, type StudentScope } from '../../core/access.ts';
import { visibleLocation, listLocations } from '../locations/index.ts';
import { programsById } from '../rooms/index.ts';

type Query<T> = { obj: T; params: unknown }[];
type StudentObj = { id: string; location_id: string; program_id: string | null; __scoped?: boolean };

const present = (values: (string | null | undefined)[]) => [...new Set(values.filter((x): x is string => Boolean(x)).map(String))];
const NAMES_ONLY: LocationScope = { all: false, ids: new Set(), view: 'names' };

/** Rows reached through the viewer's scope carry __scoped; only they get relations and medical data. */
const scopedIds = (queries: Query<StudentObj>) => present(queries.filter((q) => q.obj.__scoped).map((q) => q.obj.id));

function group<T extends Record<string, unknown>>(rows: T[], key: string): Map<string, Omit<T, typeof key>[]> {
  const map = new Map<string, Omit<T, typeof key>[]>();
  for (const { [key]: k, ...r } of rows) map.set(String(k), [...(map.get(String(k)) ?? []), r]);
  return map;
}

/** The pivot columns of a joined row (`pivot_*`) split from the person or student. */
function splitPivot(row: Record<string, unknown>) {
  const pivot: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (k.startsWith('pivot_')) pivot[k.slice(6)] = v;
    else rest[k] = v;
  }
  return { pivot, rest };
}

/**
 * A room as the viewer may see it: parents get the room without its camera group, so the group's
 * cameras (stream codes) are reached only through the live-camera area's own checks.
 */
function roomFor(ctx: RequestContext) {
  const staff = isStaff(requireViewer(ctx));
  return <T extends Record<string, unknown>>(p: T): T => (staff ? p : { ...p, camera_group_id: null });
}

/** A scope for relation fields: staff without `students.view` see no children through people. */
async function softScope(ctx: RequestContext): Promise<StudentScope> {
  try {
    return await studentReadScope(ctx);
  } catch (e) {
    if (e instanceof AppError) return { kind: 'none' };
    throw e;
  }
}

async function guardianRows(queries: Query<StudentObj>, ctx: RequestContext) {
  const ids = scopedIds(queries);
  const rows = ids.length ? await repo.guardiansOf(ctx.db, ids, { hideBlackListed: isParent(requireViewer(ctx)) }) : [];
  const map = new Map<string, { pivot: Record<string, unknown>; user: Record<string, unknown> }[]>();
  for (const r of rows) {
    const { pivot, rest } = splitPivot(r);
    const key = String(pivot.student_id);
    map.set(key, [...(map.get(key) ?? []), { pivot, user: { ...rest, __pivot: pivot } }]);
  }
  return queries.map((q) => (q.obj.__scoped ? (map.get(String(q.obj.id)) ?? []) : []));
}

/** Every relation of Student, batched: one query per field per request. */
export const studentLoaders = {
  Student: {
    async location(queries: Query<StudentObj>, ctx: RequestContext) {
      const ids = present(queries.map((q) => q.obj.location_id));
      const [rows, scope] = await Promise.all([listLocations(ctx.db, ids), readScope(ctx)]);
      const byId = new Map(rows.map((r) => [String(r.id), r]));
      return queries.map((q) => {
        const r = byId.get(String(q.obj.location_id));
        if (!r) return null;
        return visibleLocation(scope.all || scope.ids.has(String(r.id)) ? scope : NAMES_ONLY, r);
      });
    },
    async program(queries: Query<StudentObj>, ctx: RequestContext) {
      const map = await programsById(ctx, present(queries.map((q) => q.obj.program_id)));
      const room = roomFor(ctx);
      return queries.map((q) => (q.obj.program_id && map.get(String(q.obj.program_id)) ? room(map.get(String(q.obj.program_id))!) : null));
    },
    async other_rooms(queries: Query<StudentObj>, ctx: RequestContext) {
      const ids = scopedIds(queries);
      const map = group(ids.length ? await repo.otherRoomsOf(ctx.db, ids) : [], 'student_id');
      const room = roomFor(ctx);
      return queries.map((q) => (q.obj.__scoped ? (map.get(String(q.obj.id)) ?? []).map((p) => room(p as Record<string, unknown>)) : []));
    },
    async users(queries: Query<StudentObj>, ctx: RequestContext) {
      return (await guardianRows(queries, ctx)).map((list) => list.map((g) => g.user));
    },
    async guardians(queries: Query<StudentObj>, ctx: RequestContext) {
      return (await guardianRows(queries, ctx)).map((list) => list.map((g) => ({ ...g.pivot, user: g.user })));
    },
    /** Parents see a child's cameras only while they may watch (not black-listed, watch_camera on). */
    async cameras(queries: Query<StudentObj>, ctx: RequestContext) {
      const ids = scopedIds(queries);
      const v = requireViewer(ctx);
      const [rows, pivots] = await Promise.all([
        ids.length ? repo.camerasOfStudents(ctx.db, ids) : [],
        isParent(v) && ids.length ? repo.findPivots(ctx.db, ids, [v.id]) : [],
      ]);
      const blocked = new Set(pivots.filter((p) => !p.watch_camera || p.black_list).map((p) => String(p.student_id)));
      if (isParent(v)) for (const sid of ids) if (!pivots.some((p) => String(p.student_id) === sid)) blocked.add(sid);
      const map = group(rows, 'student_id');
      return queries.map((q) => (q.obj.__scoped && !blocked.has(String(q.obj.id)) ? (map.get(String(q.obj.id)) ?? []) : []));
    },
    /** Siblings the viewer may read come in full; others by name only. */
    async siblings(queries: Query<StudentObj>, ctx: RequestContext) {
      const ids = scopedIds(queries);
      const rows = ids.length ? await repo.siblingsOf(ctx.db, ids) : [];
      const scope = await softScope(ctx);
      const visible = new Set(await repo.idsInScope(ctx.db, scope, present(rows.map((r) => String(r.id)))));
      const map = new Map<string, unknown[]>();
      for (const { of_student, ...row } of rows) {
        map.set(String(of_student), [...(map.get(String(of_student)) ?? []), visible.has(String(row.id)) ? scopedRow(row) : limited(row)]);
      }
      return queries.map((q) => (q.obj.__scoped ? (map.get(String(q.obj.id)) ?? []) : []));
    },
  },
  User: {
    /** The person's children the viewer may read, with the pivot. */
    async students(queries: Query<{ id: string }>, ctx: RequestContext) {
      const scope = await softScope(ctx);
      const rows = await repo.childrenOf(ctx.db, scope, present(queries.map((q) => q.obj.id)));
      const map = new Map<string, unknown[]>();
      for (const r of rows) {
        const { pivot, rest } = splitPivot(r);
        const key = String(pivot.user_id);
        map.set(key, [...(map.get(key) ?? []), { ...rest, __scoped: true, __pivot: pivot }]);
      }
      return queries.map((q) => map.get(String(q.obj.id)) ?? []);
    },
  },
};
