import type { Knex } from 'knex';

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
 * Children of a location expected on a day (their `week_schedule` has the weekday; an empty
 * schedule means Monday to Friday) who have no record that day, are not marked absent and were
 * not reminded yet.
 */
export async function studentsToRemind(
  db: Db,
  locationId: string,
  date: string,
  weekday: string,
): Promise<{ id: string; fname: string }[]> {
  const weekend = weekday === 'sat' || weekday === 'sun';
  const rows = await db('students as s')
    .where('s.location_id', locationId)
    .whereNull('s.deleted_at')
    .where('s.status', true)
    .whereRaw(`coalesce(s.type, '') not in ('lead', 'waitlist')`)
    .where((w) => {
      w.whereRaw('? = any(s.week_schedule)', [weekday]);
      if (!weekend) w.orWhereRaw('cardinality(s.week_schedule) = 0');
    })
    .whereNotExists((e) =>
      e
        .select(db.raw('1'))
        .from('attendances as a')
        .whereRaw('a.student_id = s.id')
        .whereNull('a.deleted_at')
        .where((x) => x.whereNull('a.end_time').orWhere('a.date', date)),
    )
    .whereNotExists((e) => e.select(db.raw('1')).from('attendance_absences as ab').whereRaw('ab.student_id = s.id').where('ab.date', date))
    .whereNotExists((e) => e.select(db.raw('1')).from('attendance_reminders as r').whereRaw('r.student_id = s.id').where('r.date', date))
    .orderBy('s.id')
    .select('s.id', 's.fname');
  return rows.map((r) => ({ id: String(r.id), fname: r.fname }));
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
