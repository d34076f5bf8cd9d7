import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface RangeFilter {
  location_id: string;
  /** IANA time zone of the location */
  tz: string;
  /** YYYY-MM-DD, inclusive, the location's local dates */
  from: string;
  to: string;
  program_id?: string | null;
  user_ids?: string[] | null;
  student_ids?: string[] | null;
}

/** `:name` placeholders → positional bindings (`::type` casts are left alone). */
function named(db: Db, sql: string, params: Record<string, unknown>): Knex.Raw {
  const bindings: unknown[] = [];
  const text = sql.replace(/(?<![:\w]):([a-z_]+)\b/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`missing SQL parameter ${name}`);
    bindings.push(params[name]);
    return '?';
  });
  return db.raw(text, bindings as Knex.RawBinding[]);
}

/**
 * Records (children's stays or staff segments) of a location overlapping a local date range,
 * cut at each local midnight of the location: `gross` is the hours of the record inside that
 * day. Days come from generate_series over local dates and their bounds from
 * `(date)::timestamp at time zone tz`, so a day across a DST change has 23 or 25 hours and a
 * stay across midnight counts on both days. Open records count up to now.
 */
function partsCte(kind: 'staff' | 'student', f: RangeFilter): { sql: string; params: Record<string, unknown> } {
  const table = kind === 'staff' ? 'staff_attendances' : 'attendances';
  const who = kind === 'staff' ? 'user_id' : 'student_id';
  const filters: string[] = [];
  const params: Record<string, unknown> = { loc: f.location_id, tz: f.tz, from: f.from, to: f.to };
  if (f.program_id) {
    filters.push('and x.program_id = :program');
    params.program = f.program_id;
  }
  if (kind === 'staff' && f.user_ids?.length) {
    filters.push('and x.user_id = any(:users::bigint[])');
    params.users = f.user_ids;
  }
  if (kind === 'student' && f.student_ids?.length) {
    filters.push('and x.student_id = any(:students::bigint[])');
    params.students = f.student_ids;
  }
  return {
    params,
    sql: `with days as (
        select d::date as day,
               (d::date::timestamp at time zone :tz) as day_start,
               ((d::date + 1)::timestamp at time zone :tz) as day_end
          from generate_series(:from::date, :to::date, interval '1 day') d
      ), seg as (
        select x.id, x.${who} as who, x.program_id, x.start_time,
               coalesce(x.end_time, least(now(), ((:to::date + 1)::timestamp at time zone :tz))) as end_time,
               (x.end_time is null) as open, x.break_time, x.date
          from ${table} x
         where x.location_id = :loc and x.deleted_at is null
           and x.start_time < ((:to::date + 1)::timestamp at time zone :tz)
           and coalesce(x.end_time, now()) > (:from::date::timestamp at time zone :tz)
           ${filters.join(' ')}
      ), parts as (
        select seg.*, days.day, days.day_start, days.day_end,
               greatest(0, extract(epoch from (least(seg.end_time, days.day_end) - greatest(seg.start_time, days.day_start)))) / 3600.0 as gross
          from seg join days on seg.start_time < days.day_end and seg.end_time > days.day_start
      )`,
  };
}

export interface DayRow {
  who: string;
  fname: string;
  lname: string;
  day: string;
  hours: number;
  break_minutes: number;
  first_in: Date;
  last_out: Date;
  open: boolean;
  records: number;
}

/**
 * Hours per person (staff) or child and local day. A staff segment's break is taken from the day
 * its segment started; a day's hours never go below zero.
 */
export async function dailyHours(db: Db, kind: 'staff' | 'student', f: RangeFilter): Promise<DayRow[]> {
  const { sql, params } = partsCte(kind, f);
  const people = kind === 'staff' ? 'users' : 'students';
  const r = await named(
    db,
    `${sql}
     select p.who, n.fname, n.lname, to_char(p.day, 'YYYY-MM-DD') as day,
            round(greatest(0, sum(p.gross) - sum(case when p.day = p.date then p.break_time else 0 end) / 60.0)::numeric, 2)::float8 as hours,
            sum(case when p.day = p.date then p.break_time else 0 end)::int as break_minutes,
            min(p.start_time) as first_in, max(p.end_time) as last_out, bool_or(p.open) as open, count(*)::int as records
       from parts p join ${people} n on n.id = p.who
      group by p.who, n.fname, n.lname, p.day
      order by p.day, lower(n.fname), lower(n.lname), p.who`,
    params,
  );
  return (r.rows as DayRow[]).map((x) => ({ ...x, who: String(x.who) }));
}

/** Children absent per local day of a range. */
export async function absencesPerDay(db: Db, f: RangeFilter): Promise<Map<string, number>> {
  const q = db('attendance_absences as ab')
    .where('ab.location_id', f.location_id)
    .whereBetween('ab.date', [f.from, f.to])
    .groupBy('ab.date')
    .select(db.raw(`to_char(ab.date, 'YYYY-MM-DD') as day`), db.raw('count(*)::int as n'));
  if (f.program_id)
    q.whereExists((e) => e.select(db.raw('1')).from('students as s').whereRaw('s.id = ab.student_id').where('s.program_id', f.program_id!));
  const rows = await q;
  return new Map(rows.map((r) => [String(r.day), Number(r.n)]));
}

export interface RecordRow {
  id: string;
  student_id: string;
  fname: string;
  lname: string;
  program_id: string | null;
  program_name: string | null;
  date: string;
  start_time: Date;
  end_time: Date | null;
  checkedin_by_name: string | null;
  checkedout_by_name: string | null;
  check_in_method: string;
  check_out_method: string | null;
  signed_in: boolean;
  signed_out: boolean;
}

/** Children's records whose local date is in the range, a page at a time (index attendances_location_date_idx). */
export async function studentRecords(
  db: Db,
  f: RangeFilter,
  page: number | null,
  first: number | null,
): Promise<{ rows: RecordRow[]; total: number }> {
  const base = () => {
    const q = db('attendances as a')
      .join('students as s', 's.id', 'a.student_id')
      .where('a.location_id', f.location_id)
      .whereNull('a.deleted_at')
      .whereBetween('a.date', [f.from, f.to]);
    if (f.program_id) q.where('a.program_id', f.program_id);
    if (f.student_ids?.length) q.whereIn('a.student_id', f.student_ids);
    return q;
  };
  const [count] = await base().count({ n: '*' });
  const q = base()
    .leftJoin('programs as p', 'p.id', 'a.program_id')
    .leftJoin('users as ci', 'ci.id', 'a.checkedin_by')
    .leftJoin('users as co', 'co.id', 'a.checkedout_by')
    .orderBy([{ column: 'a.date' }, { column: 'a.start_time' }, { column: 'a.id' }])
    .select(
      'a.id',
      'a.student_id',
      's.fname',
      's.lname',
      'a.program_id',
      'p.name as program_name',
      db.raw(`to_char(a.date, 'YYYY-MM-DD') as date`),
      'a.start_time',
      'a.end_time',
      db.raw(`nullif(trim(concat(ci.fname, ' ', ci.lname)), '') as checkedin_by_name`),
      db.raw(`nullif(trim(concat(co.fname, ' ', co.lname)), '') as checkedout_by_name`),
      'a.check_in_method',
      'a.check_out_method',
      db.raw('(a.checkedin_signature_id is not null) as signed_in'),
      db.raw('(a.checkedout_signature_id is not null) as signed_out'),
    );
  if (page && first) q.limit(first).offset((page - 1) * first);
  const rows = (await q) as RecordRow[];
  return { rows: rows.map((r) => ({ ...r, id: String(r.id), student_id: String(r.student_id) })), total: Number(count?.n ?? 0) };
}

export interface EventRow {
  at: Date;
  user_id: string;
  fname: string;
  lname: string;
  kind: string;
  detail: string | null;
  program_name: string | null;
}

/**
 * What staff did at a location in a range, newest first: their own punches (clock in/out, room
 * moves, breaks) and the children they checked in or out.
 */
export async function staffEvents(
  db: Db,
  f: RangeFilter,
  page: number | null,
  first: number | null,
): Promise<{ rows: EventRow[]; total: number }> {
  const params: Record<string, unknown> = {
    loc: f.location_id,
    tz: f.tz,
    from: f.from,
    to: f.to,
    users: f.user_ids?.length ? f.user_ids : null,
  };
  const bounds = `((:from::date)::timestamp at time zone :tz) and ((:to::date + 1)::timestamp at time zone :tz)`;
  const userFilter = (col: string) => `and (:users::bigint[] is null or ${col} = any(:users::bigint[]))`;
  const events = `
    select sa.start_time as at, sa.user_id, case when sa.check_in_method = 'move' then 'room_move' else 'clock_in' end as kind, sa.check_in_method as detail, sa.program_id
      from staff_attendances sa where sa.location_id = :loc and sa.deleted_at is null and sa.start_time between ${bounds} ${userFilter('sa.user_id')}
    union all
    select sa.end_time, sa.user_id, 'clock_out', sa.check_out_method, sa.program_id
      from staff_attendances sa where sa.location_id = :loc and sa.deleted_at is null and sa.end_time is not null
       and coalesce(sa.check_out_method, '') <> 'move' and sa.end_time between ${bounds} ${userFilter('sa.user_id')}
    union all
    select b.start_time, sa.user_id, 'break_start', null, sa.program_id
      from staff_breaks b join staff_attendances sa on sa.id = b.staff_attendance_id
     where sa.location_id = :loc and sa.deleted_at is null and b.start_time between ${bounds} ${userFilter('sa.user_id')}
    union all
    select b.end_time, sa.user_id, 'break_end', null, sa.program_id
      from staff_breaks b join staff_attendances sa on sa.id = b.staff_attendance_id
     where sa.location_id = :loc and sa.deleted_at is null and b.end_time is not null and b.end_time between ${bounds} ${userFilter('sa.user_id')}
    union all
    select a.start_time, a.checkedin_recorded_by, 'child_check_in', concat(s.fname, ' ', s.lname), a.program_id
      from attendances a join students s on s.id = a.student_id
     where a.location_id = :loc and a.deleted_at is null and a.checkedin_recorded_by is not null and a.start_time between ${bounds} ${userFilter('a.checkedin_recorded_by')}
    union all
    select a.end_time, a.checkedout_recorded_by, 'child_check_out', concat(s.fname, ' ', s.lname), a.program_id
      from attendances a join students s on s.id = a.student_id
     where a.location_id = :loc and a.deleted_at is null and a.end_time is not null and a.checkedout_recorded_by is not null
       and a.end_time between ${bounds} ${userFilter('a.checkedout_recorded_by')}`;
  // Only staff accounts: a parent checking in from their phone is not staff activity.
  const staffOnly = `exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = e.user_id and r.name in ('teacher', 'manager', 'center'))`;
  const count = await named(db, `select count(*)::int as n from (${events}) e where ${staffOnly}`, params);
  const limit = page && first ? `limit ${Number(first)} offset ${(Number(page) - 1) * Number(first)}` : '';
  const r = await named(
    db,
    `select e.at, e.user_id, u.fname, u.lname, e.kind, e.detail, p.name as program_name
       from (${events}) e join users u on u.id = e.user_id left join programs p on p.id = e.program_id
      where ${staffOnly}
      order by e.at desc, e.kind ${limit}`,
    params,
  );
  return { rows: (r.rows as EventRow[]).map((x) => ({ ...x, user_id: String(x.user_id) })), total: Number(count.rows[0]?.n ?? 0) };
}

/** Staff segments in a range with their breaks (the time clock history), newest first. */
export async function staffSegments(db: Db, f: RangeFilter, page: number, first: number) {
  const base = () => {
    const q = db('staff_attendances as sa')
      .where('sa.location_id', f.location_id)
      .whereNull('sa.deleted_at')
      .whereBetween('sa.date', [f.from, f.to]);
    if (f.user_ids?.length) q.whereIn('sa.user_id', f.user_ids);
    if (f.program_id) q.where('sa.program_id', f.program_id);
    return q;
  };
  const [count] = await base().count({ n: '*' });
  const rows = await base()
    .orderBy([
      { column: 'sa.start_time', order: 'desc' },
      { column: 'sa.id', order: 'desc' },
    ])
    .limit(first)
    .offset((page - 1) * first)
    .select('sa.id');
  return { ids: rows.map((r) => String(r.id)), total: Number(count?.n ?? 0) };
}
