import type { Knex } from 'knex';
import { ACTIVITY_COLUMNS, type ActivityRow } from './activities.ts';

type Db = Knex | Knex.Transaction;

/**
 * The feeds: stored entries and the rows of attendance and health shown as entries (absent,
 * health check, check-in, check-out), read from their own tables. Each read is a fixed number of
 * statements whatever the number of entries or children (the room feed's statement test).
 */
export interface FeedFilter {
  /** A child's day (activity_students_student_date_idx) … */
  studentIds?: readonly string[];
  /** … or a room's (activities_program_date_idx; derived rows of the room's children). */
  programId?: string;
  from: string;
  to: string;
  kinds: readonly string[] | null;
  /** Parents: approved, not staff-only entries only. */
  parent: boolean;
  /** true: only staff-only entries; false: none of them; null: both. */
  staffOnly: boolean | null;
}

/** A derived entry: an attendance or health row in an entry's shape. */
export type DerivedRow = Pick<ActivityRow, 'id' | 'location_id' | 'program_id' | 'kind' | 'date' | 'time' | 'note' | 'type' | 'status'> & {
  student_id: string;
  amount: string | null;
  staff_only: boolean;
  end_time: null;
  details: Record<string, unknown>;
};

export async function storedEntries(db: Db, f: FeedFilter): Promise<ActivityRow[]> {
  const q = db('activities as a').whereBetween('a.date', [f.from, f.to]);
  if (f.studentIds) {
    q.whereExists((e) =>
      e
        .select(db.raw('1'))
        .from('activity_students as x')
        .whereRaw('x.activity_id = a.id')
        .whereIn('x.student_id', f.studentIds as string[])
        .whereBetween('x.date', [f.from, f.to]),
    );
  }
  if (f.programId) q.where('a.program_id', f.programId);
  if (f.kinds) q.whereIn('a.kind', f.kinds as string[]);
  if (f.parent) q.where({ 'a.status': 'approved', 'a.staff_only': false });
  else if (f.staffOnly !== null) q.where('a.staff_only', f.staffOnly);
  return q.orderBy([{ column: 'a.date' }, { column: 'a.time' }, { column: 'a.id' }]).select(ACTIVITY_COLUMNS(db));
}

const wants = (f: FeedFilter, kind: string) => (!f.kinds || f.kinds.includes(kind)) && f.staffOnly !== true;

/** Students the derived rows are read for: the listed children, or the room's. */
function studentsWhere(db: Db, f: FeedFilter, column: string) {
  return (q: Knex.QueryBuilder) => {
    if (f.studentIds) q.whereIn(column, f.studentIds as string[]);
    else q.whereIn(column, db('students').where({ program_id: f.programId }).whereNull('deleted_at').select('id'));
  };
}

/** Absences, health checks, check-ins and check-outs in one statement. */
export async function derivedEntries(db: Db, f: FeedFilter): Promise<DerivedRow[]> {
  const parts: string[] = [];
  const bindings: unknown[] = [];
  const sub = (q: Knex.QueryBuilder) => {
    const { sql, bindings: b } = q.toSQL();
    parts.push(sql);
    bindings.push(...b);
  };
  const base = (table: string, alias: string) =>
    db(`${table} as ${alias}`).join('locations as l', 'l.id', `${alias}.location_id`).whereBetween(`${alias}.date`, [f.from, f.to]);
  if (wants(f, 'absent')) {
    const q = base('attendance_absences', 'ab').select(
      db.raw(`'absent-' || ab.id as id`),
      'ab.location_id',
      db.raw('null::bigint as program_id'),
      db.raw(`'absent' as kind`),
      db.raw(`to_char(ab.date, 'YYYY-MM-DD') as date`),
      db.raw(`to_char(ab.created_at at time zone l.timezone, 'HH24:MI') as time`),
      'ab.note',
      db.raw('ab.reason as type'),
      db.raw('null::numeric as amount'),
      'ab.student_id',
    );
    studentsWhere(db, f, 'ab.student_id')(q);
    sub(q);
  }
  if (wants(f, 'health_check')) {
    const q = base('health_screens', 'h').select(
      db.raw(`'health-' || h.id as id`),
      'h.location_id',
      db.raw('null::bigint as program_id'),
      db.raw(`'health_check' as kind`),
      db.raw(`to_char(h.date, 'YYYY-MM-DD') as date`),
      db.raw(`coalesce(to_char(h.time, 'HH24:MI'), to_char(h.created_at at time zone l.timezone, 'HH24:MI')) as time`),
      'h.note',
      db.raw(`case when h.passed then 'passed' else 'failed' end as type`),
      db.raw('h.temperature as amount'),
      'h.student_id',
    );
    studentsWhere(db, f, 'h.student_id')(q);
    sub(q);
  }
  for (const [kind, column] of [
    ['check_in', 'start_time'],
    ['check_out', 'end_time'],
  ] as const) {
    if (!wants(f, kind)) continue;
    const q = base('attendances', 't')
      .whereNull('t.deleted_at')
      .whereNotNull(`t.${column}`)
      .select(
        db.raw(`'${kind.replace('_', '')}-' || t.id as id`),
        't.location_id',
        't.program_id',
        db.raw(`'${kind}' as kind`),
        db.raw(`to_char(t.date, 'YYYY-MM-DD') as date`),
        db.raw(`to_char(t.${column} at time zone l.timezone, 'HH24:MI') as time`),
        db.raw('null::text as note'),
        db.raw('null::text as type'),
        db.raw('null::numeric as amount'),
        't.student_id',
      );
    studentsWhere(db, f, 't.student_id')(q);
    sub(q);
  }
  if (!parts.length) return [];
  const { rows } = await db.raw(`${parts.map((p) => `(${p})`).join(' union all ')} order by date, time, id`, bindings as never[]);
  return (rows as Record<string, unknown>[]).map((r) => ({
    ...(r as DerivedRow),
    id: String(r.id),
    location_id: String(r.location_id),
    program_id: r.program_id === null ? null : String(r.program_id),
    student_id: String(r.student_id),
    staff_only: false,
    status: 'approved',
    end_time: null,
    details: {},
  }));
}

/** An absence row (its student and date) behind an `absent-<id>` entry. */
export async function findAbsence(db: Db, id: string) {
  return db('attendance_absences')
    .where({ id })
    .first('id', 'student_id', 'location_id', db.raw(`to_char(date, 'YYYY-MM-DD') as date`), 'reason', 'note');
}

export async function absencesOn(db: Db, studentIds: readonly string[], date: string) {
  return db('attendance_absences')
    .whereIn('student_id', studentIds as string[])
    .where({ date })
    .select('id', 'student_id');
}

/** The attendance row behind a `checkin-<id>` / `checkout-<id>` entry. */
export async function findAttendance(db: Db, id: string) {
  return db('attendances as t')
    .join('locations as l', 'l.id', 't.location_id')
    .where('t.id', id)
    .whereNull('t.deleted_at')
    .first(
      't.id',
      't.student_id',
      't.location_id',
      't.end_time',
      db.raw(`to_char(t.date, 'YYYY-MM-DD') as date`),
      db.raw(`to_char(t.start_time at time zone l.timezone, 'YYYY-MM-DD') as start_date`),
      db.raw(`to_char(t.end_time at time zone l.timezone, 'YYYY-MM-DD') as end_date`),
    );
}
