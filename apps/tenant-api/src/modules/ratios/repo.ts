import type { Knex } from 'knex';
import { ratioExpected } from './expected-port.ts';

type Db = Knex | Knex.Transaction;

/** Children or staff still open after this long are treated as forgotten check-outs, not present. */
export const PRESENT_WINDOW_HOURS = 24;
/** Look-ahead of the "will be out of ratio" warning. */
export const LOOKAHEAD_MINUTES = 30;

export interface RatioSnapshotRow {
  program_id: string;
  name: string;
  color_code: string | null;
  location_id: string;
  ratio_children: number | null;
  ratio_staff: number | null;
  children_present: number;
  staff_present: number;
  expected_arrivals: number;
  /** The status last recorded for the room (room_ratio_states), null before its first recount. */
  recorded_status: string | null;
}

/**
 * Live counts of rooms in one round trip:
 * - children present: open check-ins into the room;
 * - staff present: open clock-ins into the room, not on a break;
 * - expected arrivals: children of the room (homeroom) expected today — the student-schedules
 *   area's `expectedStudents` (their schedule, or Monday to Friday without one, minus absences
 *   and vacations) — who are not checked in today, and whose arrival (the schedule's start_time,
 *   else the median check-in time of the last 28 days) is within the next 30 minutes (the rest of
 *   the day near midnight), already past, or unknown.
 * Today and the weekday are the room's location's (its time zone).
 */
export async function ratioSnapshot(db: Db, programIds: readonly string[]): Promise<RatioSnapshotRow[]> {
  if (!programIds.length) return [];
  const r = await db.raw(
    `with p as (
       select p.id, p.name, p.color_code, p.location_id, l.timezone as tz, (now() at time zone l.timezone) as local_now
         from programs p join locations l on l.id = p.location_id
        where p.id = any(?::bigint[]) and p.deleted_at is null
     )
     select p.id as program_id, p.name, p.color_code, p.location_id,
            rr.children as ratio_children, rr.staff as ratio_staff, st.status as recorded_status,
            (select count(*)::int from attendances a
              where a.program_id = p.id and a.end_time is null and a.deleted_at is null
                and a.start_time > now() - make_interval(hours => ?)) as children_present,
            (select count(*)::int from staff_attendances sa
              where sa.program_id = p.id and sa.end_time is null and sa.deleted_at is null
                and sa.start_time > now() - make_interval(hours => ?)
                and not exists (select 1 from staff_breaks b where b.staff_attendance_id = sa.id and b.end_time is null)) as staff_present,
            (select count(*)::int from (${ratioExpected.use.expectedStudents({ date: 'p.local_now::date', programs: 'array[p.id]' })}) e
               left join lateral (
                 select percentile_disc(0.5) within group (order by (h.start_time at time zone p.tz)::time) as usual
                   from attendances h
                  where e.arrival is null and h.student_id = e.id and h.deleted_at is null and h.start_time > now() - interval '28 days'
               ) hist on true
              where not exists (select 1 from attendances t where t.student_id = e.id and t.date = p.local_now::date and t.deleted_at is null)
                and (coalesce(e.arrival::time, hist.usual) is null
                     or coalesce(e.arrival::time, hist.usual) <= (p.local_now + make_interval(mins => ?))::time
                     or (p.local_now + make_interval(mins => ?))::date > p.local_now::date)) as expected_arrivals
       from p
       left join room_ratios rr on rr.program_id = p.id
       left join room_ratio_states st on st.program_id = p.id
      order by lower(p.name), p.id`,
    [programIds as string[], PRESENT_WINDOW_HOURS, PRESENT_WINDOW_HOURS, LOOKAHEAD_MINUTES, LOOKAHEAD_MINUTES],
  );
  return (r.rows as RatioSnapshotRow[]).map((x) => ({ ...x, program_id: String(x.program_id), location_id: String(x.location_id) }));
}

/** Rooms of a location (live ones). */
export async function programIdsOfLocation(db: Db, locationId: string): Promise<string[]> {
  const rows = await db('programs').where({ location_id: locationId }).whereNull('deleted_at').select('id');
  return rows.map((r) => String(r.id));
}

export async function findProgram(db: Db, id: string): Promise<{ id: string; name: string; location_id: string } | undefined> {
  const row = await db('programs').where({ id }).whereNull('deleted_at').first('id', 'name', 'location_id');
  return row ? { id: String(row.id), name: row.name, location_id: String(row.location_id) } : undefined;
}

/**
 * Locks the last known state of each room (created when missing), in id order so that concurrent
 * transactions touching several rooms never deadlock. Counts read after this see every commit of
 * the transactions that held the lock before.
 */
export async function lockRatioStates(
  trx: Knex.Transaction,
  programIds: readonly string[],
): Promise<Map<string, { status: string; projected_status: string }>> {
  const ids = [...new Set(programIds)].sort((a, b) => Number(a) - Number(b));
  if (!ids.length) return new Map();
  await trx('room_ratio_states')
    .insert(ids.map((program_id) => ({ program_id, status: 'not_set', projected_status: 'not_set' })))
    .onConflict('program_id')
    .ignore();
  const rows = await trx('room_ratio_states')
    .whereIn('program_id', ids)
    .orderBy('program_id')
    .forUpdate()
    .select('program_id', 'status', 'projected_status');
  return new Map(rows.map((r) => [String(r.program_id), { status: r.status, projected_status: r.projected_status }]));
}

export async function saveRatioState(
  trx: Knex.Transaction,
  programId: string,
  row: { status: string; projected_status: string; children: number; staff: number },
): Promise<void> {
  await trx('room_ratio_states')
    .where({ program_id: programId })
    .update({ ...row, changed_at: trx.fn.now() });
}

export async function upsertRatio(
  trx: Knex.Transaction,
  row: { program_id: string; location_id: string; children: number; staff: number; updated_by: string },
) {
  await trx('room_ratios')
    .insert(row)
    .onConflict('program_id')
    .merge({ children: row.children, staff: row.staff, updated_by: row.updated_by, updated_at: trx.fn.now() });
}

export async function findRatio(db: Db, programId: string): Promise<{ children: number; staff: number } | undefined> {
  return db('room_ratios').where({ program_id: programId }).first('children', 'staff');
}

export async function deleteRatio(trx: Knex.Transaction, programId: string): Promise<void> {
  await trx('room_ratios').where({ program_id: programId }).del();
}

/** Rooms with a ratio, by location (the periodic warning check). */
export async function ratioProgramIds(db: Db): Promise<string[]> {
  const rows = await db('room_ratios as rr')
    .join('programs as p', 'p.id', 'rr.program_id')
    .whereNull('p.deleted_at')
    .orderBy('rr.program_id')
    .select('rr.program_id');
  return rows.map((r) => String(r.program_id));
}

export async function locationName(db: Db, locationId: string): Promise<string> {
  const row = await db('locations').where({ id: locationId }).first('name');
  return String(row?.name ?? '');
}
