import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface StaffScheduleRow {
  id: string;
  user_id: string;
  location_id: string;
  program_id: string | null;
  start_date: string;
  end_date: string | null;
  start_time: string;
  end_time: string;
  days: string[];
  repeat: string;
  note: string | null;
  fname: string;
  lname: string;
}

export interface StaffPtoRow {
  id: string;
  user_id: string;
  location_id: string;
  start_date: string;
  end_date: string;
  minutes: number;
  type: string;
  note: string | null;
  approved_by: string | null;
  approved_at: string | null;
  fname: string;
  lname: string;
}

export interface StaffAbsenceRow {
  id: string;
  user_id: string;
  location_id: string;
  date: string;
  reason: string | null;
  note: string | null;
  fname: string;
  lname: string;
}

/** A `date` column as YYYY-MM-DD (the driver gives a Date at local midnight). */
const day = (v: unknown): string | null =>
  v instanceof Date
    ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
    : v === null || v === undefined
      ? null
      : String(v).slice(0, 10);
const str = (r: Record<string, any>, keys: string[]) => {
  const o: Record<string, unknown> = { ...r };
  for (const k of keys) if (o[k] !== null && o[k] !== undefined) o[k] = String(o[k]);
  for (const k of ['start_date', 'end_date', 'date']) if (k in o) o[k] = day(o[k]);
  return o;
};
const KEYS = ['id', 'user_id', 'location_id', 'program_id', 'approved_by'];

export interface StaffFilter {
  locationIds: readonly string[] | null;
  userId: string | null;
  programId: string | null;
  from: string;
  to: string;
}

export async function schedulesBetween(db: Db, f: StaffFilter): Promise<StaffScheduleRow[]> {
  const q = db('staff_schedules as x')
    .join('users as u', 'u.id', 'x.user_id')
    .where('x.start_date', '<=', f.to)
    .where((w) => w.whereNull('x.end_date').orWhere('x.end_date', '>=', f.from))
    .select('x.*', 'u.fname', 'u.lname')
    .orderBy(['x.start_date', 'x.id'])
    .limit(2000);
  if (f.locationIds) q.whereIn('x.location_id', f.locationIds as string[]);
  if (f.userId) q.where('x.user_id', f.userId);
  if (f.programId) q.where('x.program_id', f.programId);
  return (await q).map((r: Record<string, any>) => str(r, KEYS) as unknown as StaffScheduleRow);
}

export async function ptosBetween(db: Db, f: StaffFilter): Promise<StaffPtoRow[]> {
  const q = db('staff_ptos as x')
    .join('users as u', 'u.id', 'x.user_id')
    .where('x.start_date', '<=', f.to)
    .where('x.end_date', '>=', f.from)
    .select('x.*', 'u.fname', 'u.lname')
    .orderBy(['x.start_date', 'x.id'])
    .limit(2000);
  if (f.locationIds) q.whereIn('x.location_id', f.locationIds as string[]);
  if (f.userId) q.where('x.user_id', f.userId);
  return (await q).map(
    (r: Record<string, any>) =>
      ({ ...str(r, KEYS), approved_at: r.approved_at ? new Date(r.approved_at).toISOString() : null }) as unknown as StaffPtoRow,
  );
}

export async function absencesBetween(db: Db, f: StaffFilter): Promise<StaffAbsenceRow[]> {
  const q = db('staff_absences as x')
    .join('users as u', 'u.id', 'x.user_id')
    .whereBetween('x.date', [f.from, f.to])
    .select('x.*', 'u.fname', 'u.lname')
    .orderBy(['x.date', 'x.id'])
    .limit(2000);
  if (f.locationIds) q.whereIn('x.location_id', f.locationIds as string[]);
  if (f.userId) q.where('x.user_id', f.userId);
  return (await q).map((r: Record<string, any>) => str(r, KEYS) as unknown as StaffAbsenceRow);
}

export async function findRow(db: Db, table: 'staff_schedules' | 'staff_ptos' | 'staff_absences', id: string) {
  const r = await db(`${table} as x`).join('users as u', 'u.id', 'x.user_id').where('x.id', id).first('x.*', 'u.fname', 'u.lname');
  return r ? (str(r, KEYS) as Record<string, any>) : undefined;
}

export async function insertRow(
  trx: Knex.Transaction,
  table: 'staff_schedules' | 'staff_ptos' | 'staff_absences',
  row: Record<string, unknown>,
) {
  const [r] = await trx(table).insert(row).returning('id');
  return String(r.id);
}

export async function updateRow(
  trx: Knex.Transaction,
  table: 'staff_schedules' | 'staff_ptos' | 'staff_absences',
  id: string,
  patch: Record<string, unknown>,
) {
  await trx(table)
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() });
}

export async function deleteRow(trx: Knex.Transaction, table: 'staff_schedules' | 'staff_ptos' | 'staff_absences', id: string) {
  await trx(table).where({ id }).del();
}

/** Whether a person works at a location (member, manager, or a room there). */
export async function worksAt(db: Db, userId: string, locationId: string): Promise<boolean> {
  const r = await db.raw(
    `select exists (select 1 from users u where u.id = ? and u.deleted_at is null
              and (exists (select 1 from user_locations ul where ul.user_id = u.id and ul.location_id = ?)
                   or exists (select 1 from location_managers lm where lm.user_id = u.id and lm.location_id = ?)
                   or exists (select 1 from user_programs up join programs p on p.id = up.program_id
                               where up.user_id = u.id and p.location_id = ?))) as ok`,
    [userId, locationId, locationId, locationId],
  );
  return Boolean(r.rows[0]?.ok);
}
