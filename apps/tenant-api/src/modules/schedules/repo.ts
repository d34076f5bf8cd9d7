import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

const COLUMNS = ['id', 'location_id', 'name', 'status', 'created_at', 'updated_at'];

export interface ScheduleRow {
  id: string;
  location_id: string;
  name: string;
  status: boolean;
  [key: string]: unknown;
}

export interface ScheduleDate {
  day: string;
  start_time: string;
  end_time: string;
}

const live = (db: Db) => db('schedules').whereNull('deleted_at');

export async function findSchedules(db: Db, ids: readonly string[]): Promise<ScheduleRow[]> {
  return live(db)
    .whereIn('id', ids as string[])
    .select(COLUMNS);
}

export async function findScheduleByName(db: Db, locationId: string, name: string): Promise<ScheduleRow | undefined> {
  return live(db).where({ location_id: locationId }).whereRaw('lower(name) = lower(?)', [name]).first(COLUMNS);
}

function filtered(db: Db, locationIds: string[] | null, opts: { status?: boolean | null; location_id?: string | null }) {
  const q = live(db);
  if (locationIds) q.whereIn('location_id', locationIds);
  if (opts.location_id) q.where('location_id', opts.location_id);
  if (opts.status !== undefined && opts.status !== null) q.where('status', opts.status);
  return q;
}

/** Schedules of the given locations (null = all), by status (indexes schedules_location_status_idx, schedules_status_idx). */
export async function pageSchedules(
  db: Db,
  locationIds: string[] | null,
  opts: { status?: boolean | null; location_id?: string | null; page: number; first: number },
) {
  const [count] = await filtered(db, locationIds, opts).count({ n: '*' });
  const rows: ScheduleRow[] = await filtered(db, locationIds, opts)
    .orderByRaw('lower(name), id')
    .limit(opts.first)
    .offset((opts.page - 1) * opts.first)
    .select(COLUMNS);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function insertSchedule(db: Db, row: { location_id: string; name: string; status: boolean }): Promise<ScheduleRow> {
  const [created] = await db('schedules').insert(row).returning(COLUMNS);
  return created;
}

export async function updateSchedule(db: Db, id: string, patch: Record<string, unknown>): Promise<ScheduleRow> {
  const [row] = await db('schedules')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning(COLUMNS);
  return row;
}

export async function softDeleteSchedule(db: Db, id: string): Promise<void> {
  await db('schedules').where({ id }).update({ deleted_at: db.fn.now() });
}

/** Cameras and locations that used a deleted schedule fall back to none. */
export async function detachSchedule(db: Db, id: string): Promise<number> {
  await db('locations').where({ schedule_id: id }).update({ schedule_id: null });
  return db('cameras').where({ schedule_id: id }).update({ schedule_id: null });
}

export async function replaceScheduleDates(db: Db, scheduleId: string, dates: readonly ScheduleDate[]): Promise<void> {
  await db('schedule_dates').where({ schedule_id: scheduleId }).del();
  if (dates.length) await db('schedule_dates').insert(dates.map((d) => ({ schedule_id: scheduleId, ...d })));
}

/** Dates of a batch of schedules, by day of the week then start (Schedule.scheduledates loader). */
export async function datesByScheduleIds(db: Db, ids: readonly string[]): Promise<Map<string, Record<string, unknown>[]>> {
  const rows = await db('schedule_dates')
    .whereIn('schedule_id', ids as string[])
    .orderByRaw(
      `schedule_id, array_position(array['monday','tuesday','wednesday','thursday','friday','saturday','sunday']::text[], day::text), start_time`,
    )
    .select('id', 'schedule_id', 'day', 'start_time', 'end_time');
  const map = new Map<string, Record<string, unknown>[]>();
  for (const r of rows) map.set(String(r.schedule_id), [...(map.get(String(r.schedule_id)) ?? []), r]);
  return map;
}

export async function datesOf(db: Db, scheduleId: string): Promise<ScheduleDate[]> {
  return db('schedule_dates').where({ schedule_id: scheduleId }).orderBy('id').select('day', 'start_time', 'end_time');
}
