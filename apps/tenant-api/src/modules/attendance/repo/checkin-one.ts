import type { Knex } from 'knex';
import { ATTENDANCE_COLUMNS, type AttendanceRow } from './checkin.ts';

/**
 * One child's explicit check-in or check-out as a single data-modifying statement: the replay key
 * (when the client sent a request id), the record, the key's answer and the audit row are written
 * together or not at all, so the statement needs no transaction around it. It either answers, or
 * writes nothing and gives way (`null`) to the general path, which handles a replayed key, a
 * check-out before the check-in time and a race with another device.
 */
export interface OneAction {
  key: string | null;
  studentId: string;
  locationId: string;
  /** The room of a check-in. */
  programId: string | null;
  date: string;
  at: Date;
  by: string;
  recordedBy: string;
  method: string;
  audit: { actorUserId: string; supportSessionId: string | null; actorLabel: string | null; ip: string | null; data: unknown };
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

class Sql {
  constructor(
    readonly text: string,
    readonly values: unknown[],
  ) {}
}

/** A tagged template: `${value}` becomes a binding, `${sql`…`}` is spliced in. */
function sql(parts: TemplateStringsArray, ...values: unknown[]): Sql {
  let text = parts[0]!;
  const bindings: unknown[] = [];
  values.forEach((v, i) => {
    if (v instanceof Sql) {
      text += v.text;
      bindings.push(...v.values);
    } else {
      text += '?';
      bindings.push(v);
    }
    text += parts[i + 1]!;
  });
  return new Sql(text, bindings);
}

const raw = (text: string) => new Sql(text, []);

const cols = (alias: string) =>
  raw(
    [...ATTENDANCE_COLUMNS.filter((c) => c !== 'date').map((c) => `${alias}.${c}`), `to_char(${alias}.date, 'YYYY-MM-DD') as date`].join(
      ', ',
    ),
  );

/**
 * The key is claimed with its answer already in it (a check-in's record id is drawn from the
 * sequence first), since no part of a statement can update a row another part inserted. When the
 * child's record changed under the statement (another device's check-in or check-out committed
 * after the statement's snapshot, before its write), that answer would be wrong and no part of the
 * statement can see the other device's row: the statement then fails on purpose, by casting
 * RACE_MARK to int, which undoes it, and the general path runs in a transaction.
 */
const raced = (test: Sql) =>
  sql`select 'raced' as outcome, cur.* from gate left join cur on false
       where case when ${test} then (${RACE_MARK} || gate.ok)::int is null else false end`;

const audit = (a: OneAction, action: string, from: 'ins' | 'upd') => sql`
  insert into audit_log (action, entity, entity_id, location_id, data, actor_user_id, support_session_id, actor_label, ip)
  select ${action}, 'attendance', ${raw(from)}.id::text, ${a.locationId}, ${JSON.stringify(a.audit.data)}::jsonb,
         ${a.audit.actorUserId}, ${a.audit.supportSessionId}, ${a.audit.actorLabel}, ${a.audit.ip}
    from ${raw(from)}`;

const current = (a: OneAction) => sql`
  select ${cols('a')} from attendances a where a.student_id = ${a.studentId} and a.end_time is null and a.deleted_at is null`;

function checkIn(a: OneAction): Sql {
  const gate = a.key
    ? sql`insert into attendance_requests (key, kind, record_id, type)
          select ${a.key}, 'child', coalesce((select id from cur), ids.id), 'check_in' from ids
          on conflict (key) do nothing returning key as ok`
    : sql`select ''::text as ok`;
  return sql`
    with cur as (${current(a)}),
    ids as (select nextval(pg_get_serial_sequence('attendances', 'id')) as id),
    gate as (${gate}),
    ins as (
      insert into attendances as a (id, student_id, location_id, program_id, date, start_time, checkedin_by, checkedin_recorded_by, check_in_method)
      select ids.id, ${a.studentId}, ${a.locationId}, ${a.programId}, ${a.date}, ${a.at}, ${a.by}, ${a.recordedBy}, ${a.method} from ids
       where exists (select 1 from gate) and not exists (select 1 from cur)
      on conflict do nothing
      returning ${cols('a')}
    ),
    audit as (${audit(a, 'attendance.check_in', 'ins')})
    select 'done' as outcome, ins.* from ins
    union all
    select 'already', cur.* from cur where exists (select 1 from gate)
    union all
    ${raced(raw('not exists (select 1 from ins) and not exists (select 1 from cur)'))}`;
}

function checkOut(a: OneAction): Sql {
  // A check-out before the open record's start is the general path's error to give.
  const inOrder = sql`not exists (select 1 from cur where cur.start_time > ${a.at})`;
  const gate = a.key
    ? sql`insert into attendance_requests (key, kind, record_id, type)
          select ${a.key}, 'child', coalesce(cur.id, last.id),
                 case when cur.id is not null or last.end_time is not null then 'check_out' else 'not_checked_in' end
            from (select 1) one left join cur on true left join last on true
           where ${inOrder}
          on conflict (key) do nothing returning key as ok`
    : sql`select ''::text as ok where ${inOrder}`;
  return sql`
    with cur as (${current(a)}),
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
    audit as (${audit(a, 'attendance.check_out', 'upd')})
    select 'done' as outcome, upd.* from upd
    union all
    select 'already', last.* from last where not exists (select 1 from cur) and exists (select 1 from gate)
    union all
    select 'never', cur.* from gate left join cur on false where not exists (select 1 from cur) and not exists (select 1 from last)
    union all
    ${raced(raw('exists (select 1 from cur) and not exists (select 1 from upd)'))}`;
}

/** Runs one child's explicit action (see OneAction); `null` when it gave way, having written nothing. */
export async function oneAction(db: Knex, type: 'check_in' | 'check_out', a: OneAction): Promise<OneOutcome | null> {
  const q = type === 'check_in' ? checkIn(a) : checkOut(a);
  try {
    const { rows } = await db.raw(q.text, q.values as Knex.RawBinding[]);
    const [first] = rows as (AttendanceRow & { outcome: string })[];
    if (!first) return null;
    const { outcome, ...row } = first;
    return outcome === 'never' ? { outcome: 'never', row: null } : { outcome: outcome as 'done' | 'already', row: row as AttendanceRow };
  } catch (err) {
    // 22P02: invalid_text_representation, the cast of RACE_MARK (sent as a binding, never in the SQL text).
    if ((err as { code?: string }).code === '22P02' && String((err as Error).message).includes(RACE_MARK)) return null;
    throw err;
  }
}
