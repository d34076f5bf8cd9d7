import type { Knex } from 'knex';
import { raw, runSql, sql, type Sql } from '@kv/db';
import { ATTENDANCE_COLUMNS, type AttendanceRow } from './checkin.ts';
import { toCheckInRead, type CheckInRead } from './checkin-read.ts';

/**
 * One child's explicit check-in or check-out as a single statement: it reads what the request
 * checks (`read`, see checkin-read.ts `readSql`), and only when that allows it without a further
 * step (see `eligible`) writes the replay key (when the client sent a request id), the record, the
 * key's answer, the audit row and the domain event (`attendance.checked_in` / `checked_out`, as
 * `emit` writes it) — all or nothing, so no transaction is needed around it.
 */
export interface OneAction {
  type: 'check_in' | 'check_out';
  /** The centre, named in the event's payload. */
  centreId: string;
  /** The one child's read, with the caller's rights. */
  read: Sql;
  studentId: string;
  key: string | null;
  /** The room asked for; null: the child's own. */
  programId: string | null;
  /** The day of the record; null: today at the location. */
  date: string | null;
  at: Date;
  by: string;
  recordedBy: string;
  method: string;
  audit: { actorUserId: string; supportSessionId: string | null; actorLabel: string | null; ip: string | null };
}

export type OneOutcome =
  /** The check-in's new record, or the check-out's closed one. */
  | { outcome: 'done'; row: AttendanceRow }
  /** Check-in: the child's open record. Check-out: the child's latest (closed) record. */
  | { outcome: 'already'; row: AttendanceRow }
  /** Check-out of a child with no record at all. */
  | { outcome: 'never'; row: null };

/** A raced statement aborts itself with this in its error, which undoes it (see `raced`). */
const RACE_MARK = 'kv-check-in-raced';

const cols = (alias: string) =>
  raw(
    [...ATTENDANCE_COLUMNS.filter((c) => c !== 'date').map((c) => `${alias}.${c}`), `to_char(${alias}.date, 'YYYY-MM-DD') as date`].join(
      ', ',
    ),
  );

/**
 * The child may be checked in or out by this statement alone: found, at a live location the caller
 * reaches (or, for a parent, may pick up), in a room of that location when one is asked for and,
 * for a check-in, with no health screen to answer. Otherwise the statement writes nothing and the
 * request takes the general path, which gives the errors.
 */
const eligible = (a: OneAction) => sql`
  select * from ctx
   where live_location_id is not null and allowed
     and (${a.programId}::bigint is null or program_ok)
     ${raw(a.type === 'check_in' ? 'and not health_screen' : '')}`;

/**
 * The key is claimed with its answer already in it (a check-in's record id is drawn from the
 * sequence first), since no part of a statement can update a row another part inserted. When the
 * child's record changed under the statement (another device's check-in or check-out committed
 * after the statement's snapshot, before its write), that answer would be wrong and no part of the
 * statement can see the other device's row: the statement then fails on purpose, by casting
 * RACE_MARK to int, which undoes it, and the request takes the general path in a transaction.
 */
const raced = (test: string) =>
  sql`select 'raced' as outcome, cur.* from gate left join cur on false
       where case when ${raw(test)} then (${RACE_MARK} || gate.ok)::int is null else false end`;

const audit = (a: OneAction, action: string, from: 'ins' | 'upd') => sql`
  insert into audit_log (action, entity, entity_id, location_id, data, actor_user_id, support_session_id, actor_label, ip)
  select ${action}, 'attendance', x.id::text, e.s_location_id,
         jsonb_build_object('name', trim(e.s_fname || ' ' || e.s_lname), 'method', ${a.method}::text, 'by', ${a.by}::text),
         ${a.audit.actorUserId}, ${a.audit.supportSessionId}, ${a.audit.actorLabel}, ${a.audit.ip}
    from ${raw(from)} x, eligible e`;

/** The domain event of the record written (see `emit` in @kv/jobs): parents' alerts are its handler's. */
const event = (a: OneAction, name: string, from: 'ins' | 'upd') => sql`
  insert into domain_events (name, payload)
  select ${name}, jsonb_build_object('centreId', ${a.centreId}::text, 'attendanceIds', jsonb_build_array(x.id::text)) from ${raw(from)} x`;

const current = (a: OneAction) => sql`
  select ${cols('a')} from attendances a where a.student_id = ${a.studentId} and a.end_time is null and a.deleted_at is null`;

function checkIn(a: OneAction): Sql {
  const gate = a.key
    ? sql`insert into attendance_requests (key, kind, record_id, type)
          select ${a.key}, 'child', coalesce((select id from cur), ids.id), 'check_in' from ids, eligible
          on conflict (key) do nothing returning key as ok`
    : sql`select ''::text as ok from eligible`;
  return sql`
    with ctx as (${a.read}),
    eligible as (${eligible(a)}),
    cur as (${current(a)}),
    ids as (select nextval(pg_get_serial_sequence('attendances', 'id')) as id),
    gate as (${gate}),
    ins as (
      insert into attendances as a (id, student_id, location_id, program_id, date, start_time, checkedin_by, checkedin_recorded_by, check_in_method)
      select ids.id, e.s_id, e.s_location_id, coalesce(${a.programId}::bigint, e.s_program_id),
             coalesce(${a.date}::date, (${a.at}::timestamptz at time zone e.location_timezone)::date),
             ${a.at}, ${a.by}, ${a.recordedBy}, ${a.method}
        from ids, eligible e
       where exists (select 1 from gate) and not exists (select 1 from cur)
      on conflict do nothing
      returning ${cols('a')}
    ),
    audit as (${audit(a, 'attendance.check_in', 'ins')}),
    event as (${event(a, 'attendance.checked_in', 'ins')})
    select r.*, ctx.* from ctx left join (
      select 'done' as outcome, ins.* from ins
      union all
      select 'already', cur.* from cur where exists (select 1 from gate)
      union all
      ${raced('not exists (select 1 from ins) and not exists (select 1 from cur)')}
    ) r on true`;
}

function checkOut(a: OneAction): Sql {
  // A check-out before the open record's start is the general path's error to give.
  const inOrder = sql`not exists (select 1 from cur where cur.start_time > ${a.at})`;
  const gate = a.key
    ? sql`insert into attendance_requests (key, kind, record_id, type)
          select ${a.key}, 'child', coalesce(cur.id, last.id),
                 case when cur.id is not null or last.end_time is not null then 'check_out' else 'not_checked_in' end
            from eligible left join cur on true left join last on true
           where ${inOrder}
          on conflict (key) do nothing returning key as ok`
    : sql`select ''::text as ok from eligible where ${inOrder}`;
  return sql`
    with ctx as (${a.read}),
    eligible as (${eligible(a)}),
    cur as (${current(a)}),
    last as (
      select ${cols('a')} from attendances a where a.student_id = ${a.studentId} and a.deleted_at is null
       order by a.start_time desc, a.id desc limit 1
    ),
    gate as (${gate}),
    upd as (
      update attendances a
         set end_time = ${a.at}, checkedout_by = ${a.by}, checkedout_recorded_by = ${a.recordedBy}, check_out_method = ${a.method},
             updated_at = now()
        from cur
       where a.id = cur.id and a.end_time is null and a.deleted_at is null and exists (select 1 from gate)
      returning ${cols('a')}
    ),
    audit as (${audit(a, 'attendance.check_out', 'upd')}),
    event as (${event(a, 'attendance.checked_out', 'upd')})
    select r.*, ctx.* from ctx left join (
      select 'done' as outcome, upd.* from upd
      union all
      select 'already', last.* from last where not exists (select 1 from cur) and exists (select 1 from gate)
      union all
      select 'never', cur.* from gate left join cur on false where not exists (select 1 from cur) and not exists (select 1 from last)
      union all
      ${raced('exists (select 1 from cur) and not exists (select 1 from upd)')}
    ) r on true`;
}

/**
 * Runs one child's explicit action (see OneAction). `read` is the statement's read (whatever it
 * decided); `outcome` is null when the statement gave way, having written nothing.
 */
export async function oneAction(db: Knex, a: OneAction): Promise<{ read: CheckInRead | null; outcome: OneOutcome | null }> {
  let rows: (Record<string, unknown> & { outcome: string | null })[];
  try {
    rows = await runSql(db, a.type === 'check_in' ? checkIn(a) : checkOut(a));
  } catch (err) {
    // 22P02 (invalid_text_representation) is the cast of RACE_MARK, sent as a binding and never
    // part of the SQL text, so no other failure carries it.
    if ((err as { code?: string }).code === '22P02' && String((err as Error).message).includes(RACE_MARK))
      return { read: null, outcome: null };
    throw err;
  }
  const read = toCheckInRead(rows);
  const first = rows[0];
  if (!first?.outcome || first.outcome === 'raced') return { read, outcome: null };
  if (first.outcome === 'never') return { read, outcome: { outcome: 'never', row: null } };
  const row = Object.fromEntries(ATTENDANCE_COLUMNS.map((c) => [c, first[c]])) as AttendanceRow;
  return { read, outcome: { outcome: first.outcome as 'done' | 'already', row } };
}
