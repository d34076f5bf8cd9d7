import { localParts } from '@kv/shared';
import type { RequestContext } from '../../types.ts';
import { signaturesByIds } from './repo/checkin.ts';
import { studentsByIds } from './repo/children.ts';
import { userNames } from './repo/contacts.ts';
import { attendancesByIds, childStates, type ChildStateRow } from './repo/lists.ts';
import { locationZones } from './repo/places.ts';
import { checkInPinsFor } from './service/pins.ts';
import { programsById } from '../rooms/index.ts';

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

/**
 * Relation fields of attendance objects: one query per field per request, whatever the number of
 * rows. The parent objects were authorised by the query or mutation that returned them.
 */
/** Today's state of students (each at their location's date), one query per location involved. */
async function statesOf(queries: Query<{ id: string; location_id: string }>, ctx: RequestContext): Promise<Map<string, ChildStateRow>> {
  const byLocation = new Map<string, string[]>();
  for (const q of queries)
    byLocation.set(String(q.obj.location_id), [...(byLocation.get(String(q.obj.location_id)) ?? []), String(q.obj.id)]);
  const zones = await locationZones(ctx.db, [...byLocation.keys()]);
  const now = new Date();
  const out = new Map<string, ChildStateRow>();
  for (const [loc, ids] of byLocation) {
    for (const r of await childStates(ctx.db, ids, localParts(now, zones.get(loc) ?? 'UTC').date)) out.set(r.id, r);
  }
  return out;
}

const stateCache = new WeakMap<RequestContext, Map<string, Promise<Map<string, ChildStateRow>>>>();
/** The three Student fields share one lookup per request and batch. */
function sharedStates(queries: Query<{ id: string; location_id: string }>, ctx: RequestContext) {
  let perCtx = stateCache.get(ctx);
  if (!perCtx) stateCache.set(ctx, (perCtx = new Map()));
  const key = queries.map((q) => q.obj.id).join(',');
  let p = perCtx.get(key);
  if (!p) perCtx.set(key, (p = statesOf(queries, ctx)));
  return p;
}

export const attendanceLoaders = {
  Attendance: {
    student: by('student_id', (ctx, ids) => studentsByIds(ctx.db, ids)),
    program: by('program_id', programsById),
    checkedin_by: by('checkedin_by', person),
    checkedout_by: by('checkedout_by', person),
    checkedin_signature: by('checkedin_signature_id', (ctx, ids) => signaturesByIds(ctx.db, ids)),
    checkedout_signature: by('checkedout_signature_id', (ctx, ids) => signaturesByIds(ctx.db, ids)),
  },
  User: {
    async check_in_pin(queries: Query<{ id: string }>, ctx: RequestContext) {
      const map = await checkInPinsFor(ctx, present(queries.map((q) => q.obj.id)));
      return queries.map((q) => map.get(String(q.obj.id)) ?? null);
    },
  },
  Student: {
    async checked_in_out(queries: Query<{ id: string; location_id: string }>, ctx: RequestContext) {
      const map = await sharedStates(queries, ctx);
      return queries.map((q) => map.get(String(q.obj.id))?.checked_in_out ?? 'not_arrived');
    },
    async absent(queries: Query<{ id: string; location_id: string }>, ctx: RequestContext) {
      const map = await sharedStates(queries, ctx);
      return queries.map((q) => Boolean(map.get(String(q.obj.id))?.absent));
    },
    async attendance(queries: Query<{ id: string; location_id: string }>, ctx: RequestContext) {
      const map = await sharedStates(queries, ctx);
      const ids = present(queries.map((q) => map.get(String(q.obj.id))?.attendance_id));
      const rows = ids.length ? await attendancesByIds(ctx.db, ids) : new Map();
      return queries.map((q) => {
        const a = map.get(String(q.obj.id))?.attendance_id;
        return a ? (rows.get(a) ?? null) : null;
      });
    },
  },
  CheckInChild: {
    program: by('program_id', programsById),
    attendance: by('attendance_id', (ctx, ids) => attendancesByIds(ctx.db, ids)),
  },
};
