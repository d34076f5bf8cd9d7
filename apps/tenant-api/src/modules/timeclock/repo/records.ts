import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

const COLUMNS = [
  'id',
  'user_id',
  'location_id',
  'program_id',
  'start_time',
  'end_time',
  'break_time',
  'checkedin_by',
  'checkedout_by',
  'check_in_method',
  'check_out_method',
  'created_at',
  'updated_at',
] as const;

export interface StaffRecordRow {
  id: string;
  user_id: string;
  location_id: string;
  program_id: string | null;
  date: string;
  start_time: Date;
  end_time: Date | null;
  break_time: number;
  check_in_method: string;
  check_out_method: string | null;
  checkedin_by: string | null;
  checkedout_by: string | null;
  created_at: Date;
  updated_at: Date;
  /** Start of the open break, if any (joined where asked). */
  break_started_at?: Date | null;
  [key: string]: unknown;
}

const select = (db: Db, alias = 'sa') => [...COLUMNS.map((c) => `${alias}.${c}`), db.raw(`to_char(${alias}.date, 'YYYY-MM-DD') as date`)];
const returning = (db: Db) => [...COLUMNS, db.raw(`to_char(date, 'YYYY-MM-DD') as date`)] as string[];
const live = (db: Db) => db('staff_attendances as sa').whereNull('sa.deleted_at');

export async function findStaffRecords(db: Db, ids: readonly string[]): Promise<StaffRecordRow[]> {
  if (!ids.length) return [];
  return live(db)
    .whereIn('sa.id', ids as string[])
    .select(select(db));
}

/** A person's open segment (index staff_attendances_one_open), locked when asked. */
export async function openStaffRecord(db: Db, userId: string, lock = false): Promise<StaffRecordRow | undefined> {
  const q = live(db).where('sa.user_id', userId).whereNull('sa.end_time').first(select(db));
  return lock ? q.forUpdate() : q;
}

export async function latestStaffRecord(db: Db, userId: string): Promise<StaffRecordRow | undefined> {
  return live(db).where('sa.user_id', userId).orderBy('sa.start_time', 'desc').orderBy('sa.id', 'desc').first(select(db));
}

/** Opens a segment unless the person has one open (two devices at once leave one). */
export async function insertStaffRecord(trx: Knex.Transaction, row: Record<string, unknown>): Promise<StaffRecordRow | undefined> {
  const [created] = await trx('staff_attendances').insert(row).onConflict().ignore().returning(returning(trx));
  return created;
}

export async function closeStaffRecord(
  trx: Knex.Transaction,
  id: string,
  patch: Record<string, unknown>,
): Promise<StaffRecordRow | undefined> {
  const [row] = await trx('staff_attendances')
    .where({ id })
    .whereNull('end_time')
    .whereNull('deleted_at')
    .update({ ...patch, updated_at: trx.fn.now() })
    .returning(returning(trx));
  return row;
}

export async function updateStaffRecord(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<StaffRecordRow> {
  const [row] = await trx('staff_attendances')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() })
    .returning(returning(trx));
  return row;
}

export async function lockStaffRecord(trx: Knex.Transaction, id: string): Promise<StaffRecordRow | undefined> {
  return live(trx).where('sa.id', id).forUpdate().first(select(trx));
}

export async function softDeleteStaffRecord(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('staff_attendances').where({ id }).update({ deleted_at: trx.fn.now(), updated_at: trx.fn.now() });
}

export async function staffRecordLocation(db: Db, id: string): Promise<string | null> {
  const row = await db('staff_attendances').where({ id }).first('location_id');
  return row ? String(row.location_id) : null;
}

export async function overlappingStaffRecord(db: Db, userId: string, exceptId: string, start: Date, end: Date | null): Promise<boolean> {
  const row = await live(db)
    .where('sa.user_id', userId)
    .whereNot('sa.id', exceptId)
    .whereRaw(
      `tstzrange(sa.start_time, coalesce(sa.end_time, 'infinity'::timestamptz)) && tstzrange(?::timestamptz, coalesce(?::timestamptz, 'infinity'::timestamptz))`,
      [start, end],
    )
    .first('sa.id');
  return Boolean(row);
}

// ── breaks ──────────────────────────────────────────────────────────────────

export async function openBreak(db: Db, recordId: string): Promise<{ id: string; start_time: Date } | undefined> {
  return db('staff_breaks').where({ staff_attendance_id: recordId }).whereNull('end_time').first('id', 'start_time');
}

/** Starts a break unless one is open (index staff_breaks_one_open). */
export async function startBreak(trx: Knex.Transaction, recordId: string, at: Date): Promise<boolean> {
  const rows = await trx('staff_breaks').insert({ staff_attendance_id: recordId, start_time: at }).onConflict().ignore().returning('id');
  return rows.length > 0;
}

/** Ends the open break and adds its whole minutes to the record's break time; returns the minutes. */
export async function endBreak(trx: Knex.Transaction, recordId: string, at: Date): Promise<number | null> {
  const [b] = await trx('staff_breaks')
    .where({ staff_attendance_id: recordId })
    .whereNull('end_time')
    .update({ end_time: trx.raw('greatest(start_time, ?::timestamptz)', [at]) })
    .returning(['start_time', 'end_time']);
  if (!b) return null;
  const minutes = Math.round((new Date(b.end_time).getTime() - new Date(b.start_time).getTime()) / 60_000);
  if (minutes > 0) await trx('staff_attendances').where({ id: recordId }).increment('break_time', minutes);
  return minutes;
}

export async function addBreakMinutes(trx: Knex.Transaction, recordId: string, minutes: number): Promise<void> {
  if (minutes > 0) await trx('staff_attendances').where({ id: recordId }).increment('break_time', minutes);
}

export interface StaffBreakRow {
  id: string;
  start_time: Date;
  end_time: Date | null;
}

export async function breaksOf(db: Db, recordIds: readonly string[]): Promise<Map<string, StaffBreakRow[]>> {
  if (!recordIds.length) return new Map();
  const rows = await db('staff_breaks')
    .whereIn('staff_attendance_id', recordIds as string[])
    .orderBy(['staff_attendance_id', 'start_time'])
    .select('id', 'staff_attendance_id', 'start_time', 'end_time');
  const map = new Map<string, StaffBreakRow[]>();
  for (const r of rows)
    map.set(String(r.staff_attendance_id), [
      ...(map.get(String(r.staff_attendance_id)) ?? []),
      { id: String(r.id), start_time: r.start_time, end_time: r.end_time },
    ]);
  return map;
}

// ── the team of a location ──────────────────────────────────────────────────

export interface TeamMemberRow {
  id: string;
  fname: string;
  lname: string;
  roles: string[];
}

const teamQuery = (db: Db, locationId: string) =>
  db('users as u')
    .where('u.status', true)
    .whereNull('u.deleted_at')
    .where((w) =>
      w
        .whereExists((e) =>
          e.select(db.raw('1')).from('user_locations as ul').whereRaw('ul.user_id = u.id').where('ul.location_id', locationId),
        )
        .orWhereExists((e) =>
          e.select(db.raw('1')).from('location_managers as lm').whereRaw('lm.user_id = u.id').where('lm.location_id', locationId),
        ),
    )
    .whereExists((e) =>
      e
        .select(db.raw('1'))
        .from('user_roles as ur')
        .join('roles as r', 'r.id', 'ur.role_id')
        .whereRaw('ur.user_id = u.id')
        .whereIn('r.name', ['teacher', 'manager', 'center']),
    );

/** Of the given people, the active staff (teacher and above) of a location. */
export async function teamMembers(db: Db, locationId: string, userIds: readonly string[]): Promise<TeamMemberRow[]> {
  if (!userIds.length) return [];
  const rows = await teamQuery(db, locationId)
    .whereIn('u.id', userIds as string[])
    .select('u.id', 'u.fname', 'u.lname');
  return rows.map((r) => ({ ...r, id: String(r.id), roles: [] }));
}

export interface TeamStateRow {
  id: string;
  fname: string;
  lname: string;
  /** The member's open segment, at this or another location. */
  record_id: string | null;
  record_location_id: string | null;
  program_id: string | null;
  break_started_at: Date | null;
  /** numeric: node-postgres gives it as text. */
  hours_today: string;
}

/** The team of a location with each member's open segment and open break. */
export async function teamWithState(db: Db, locationId: string, date: string, page: number, first: number) {
  const [count] = await teamQuery(db, locationId).count({ n: '*' });
  const rows: TeamStateRow[] = await teamQuery(db, locationId)
    .leftJoin('staff_attendances as sa', (j) => j.on('sa.user_id', 'u.id').onNull('sa.end_time').onNull('sa.deleted_at'))
    .leftJoin('staff_breaks as b', (j) => j.on('b.staff_attendance_id', 'sa.id').onNull('b.end_time'))
    .orderByRaw('lower(u.fname), lower(u.lname), u.id')
    .limit(first)
    .offset((page - 1) * first)
    .select(
      'u.id',
      'u.fname',
      'u.lname',
      'sa.id as record_id',
      'sa.location_id as record_location_id',
      'sa.program_id',
      'b.start_time as break_started_at',
      db.raw(
        `(select coalesce(sum(extract(epoch from (coalesce(x.end_time, now()) - x.start_time)) / 3600.0 - x.break_time / 60.0), 0)
            from staff_attendances x where x.user_id = u.id and x.deleted_at is null and x.date = ?::date) as hours_today`,
        [date],
      ),
    );
  return { rows, total: Number(count?.n ?? 0) };
}

export async function auditRows(trx: Knex.Transaction, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length) await trx('audit_log').insert(rows.map((r) => ({ ...r, data: JSON.stringify(r.data ?? {}) })));
}

export async function programLocationOf(db: Db, programId: string): Promise<string | null> {
  const row = await db('programs').where({ id: programId }).whereNull('deleted_at').first('location_id');
  return row ? String(row.location_id) : null;
}

/**
 * Time-clock segments of these locations on local days `from` … `to` (the team calendar), with the
 * staff member's name; `userId` narrows to one person. Index staff_attendances_location_date_idx.
 */
export async function staffRecordsBetween(
  db: Db,
  f: { locationIds: readonly string[] | null; userId: string | null; from: string; to: string },
): Promise<(StaffRecordRow & { fname: string; lname: string })[]> {
  const q = live(db)
    .join('users as u', 'u.id', 'sa.user_id')
    .whereBetween('sa.date', [f.from, f.to])
    .select([...select(db), 'u.fname', 'u.lname'])
    .orderBy([{ column: 'sa.start_time' }, { column: 'sa.id' }])
    .limit(5000);
  if (f.locationIds) q.whereIn('sa.location_id', f.locationIds as string[]);
  if (f.userId) q.where('sa.user_id', f.userId);
  return q;
}
