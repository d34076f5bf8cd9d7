import type { RequestContext } from '../../types.ts';
import { breaksOf, findStaffRecords } from './repo/records.ts';
import { programsById } from '../rooms/index.ts';
import { userNames } from '../attendance/index.ts';

type Query<T> = { obj: T; params: unknown }[];

const present = (values: unknown[]) => [...new Set(values.filter((x) => x !== null && x !== undefined && x !== '').map(String))];

function by<T extends Record<string, unknown>, V>(field: keyof T, load: (ctx: RequestContext, ids: string[]) => Promise<Map<string, V>>) {
  return async (queries: Query<T>, ctx: RequestContext) => {
    const ids = present(queries.map((q) => q.obj[field]));
    const map = ids.length ? await load(ctx, ids) : new Map<string, V>();
    return queries.map((q) => (q.obj[field] ? (map.get(String(q.obj[field])) ?? null) : null));
  };
}

const person = (ctx: RequestContext, ids: string[]) =>
  userNames(ctx.db, ids).then((m) => new Map([...m].map(([k, v]) => [k, { id: k, ...v }])));
const records = (ctx: RequestContext, ids: string[]) =>
  findStaffRecords(ctx.db, ids).then((rows) => new Map(rows.map((r) => [String(r.id), r])));

/** Relation fields of staff records: one query per field per request. */
export const timeclockLoaders = {
  StaffAttendance: {
    user: by('user_id', person),
    program: by('program_id', programsById),
    checkedin_by: by('checkedin_by', person),
    checkedout_by: by('checkedout_by', person),
    async breaks(queries: Query<{ id: string }>, ctx: RequestContext) {
      const map = await breaksOf(ctx.db, present(queries.map((q) => q.obj.id)));
      return queries.map((q) => map.get(String(q.obj.id)) ?? []);
    },
    async on_break(queries: Query<{ id: string; end_time: Date | null }>, ctx: RequestContext) {
      const map = await breaksOf(ctx.db, present(queries.map((q) => q.obj.id)));
      return queries.map((q) => !q.obj.end_time && (map.get(String(q.obj.id)) ?? []).some((b) => !b.end_time));
    },
  },
  TeamMemberState: {
    record: by('record_id', records),
    program: by('program_id', programsById),
  },
};
