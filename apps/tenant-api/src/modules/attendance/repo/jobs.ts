import type { Knex } from 'knex';
import { expectedAttendance } from '../expected-port.ts';

type Db = Knex | Knex.Transaction;

/** Locations that send "not checked in yet" reminders (a time and at least one channel). */
export async function reminderLocations(db: Db): Promise<{ id: string; name: string; timezone: string; time: string }[]> {
  const rows = await db('location_settings as ls')
    .join('locations as l', 'l.id', 'ls.location_id')
    .whereNull('l.deleted_at')
    .where('l.active', true)
    .whereNotNull('ls.check_in_parent_alert_time')
    .where((w) =>
      w
        .where('ls.check_in_parent_alert_email', true)
        .orWhere('ls.check_in_parent_alert_sms', true)
        .orWhere('ls.check_in_parent_alert_app', true),
    )
    .select('l.id', 'l.name', 'l.timezone', 'ls.check_in_parent_alert_time as time');
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}

/**
 * Children of a location expected on a day (the student-schedules area's `expectedStudents`:
 * their schedule, or Monday to Friday without one, minus absences and vacations) who have no
 * record that day and were not reminded yet.
 */
export async function studentsToRemind(db: Db, locationId: string, date: string): Promise<{ id: string; fname: string }[]> {
  const r = await db.raw(
    `with q as (select ?::date as d, ?::bigint as loc)
     select s.id, s.fname
       from q cross join lateral (${expectedAttendance.use.expectedStudents({ date: 'q.d', location: 'q.loc' })}) e
       join students s on s.id = e.id
      where not exists (select 1 from attendances a where a.student_id = e.id and a.deleted_at is null
                          and (a.end_time is null or a.date = q.d))
        and not exists (select 1 from attendance_reminders r where r.student_id = e.id and r.date = q.d)
      order by s.id`,
    [date, locationId],
  );
  return (r.rows as { id: string; fname: string }[]).map((x) => ({ id: String(x.id), fname: x.fname }));
}

/** Records the reminders; returns the children this call recorded (a concurrent run gets none). */
export async function markReminded(trx: Knex.Transaction, studentIds: readonly string[], date: string): Promise<Set<string>> {
  if (!studentIds.length) return new Set();
  const rows = await trx('attendance_reminders')
    .insert(studentIds.map((student_id) => ({ student_id, date })))
    .onConflict(['student_id', 'date'])
    .ignore()
    .returning('student_id');
  return new Set(rows.map((r) => String(r.student_id)));
}
