import type { Knex } from 'knex';
import { runPrepared } from '@kv/db';
import { checkInSettingsSql, type CheckInSettingsRow } from './settings.ts';

type Db = Knex | Knex.Transaction;

/** A check-in or check-out record as its parents' alert tells it, with its location's alert settings. */
export interface AlertRecordRow extends CheckInSettingsRow {
  id: string;
  student_id: string;
  fname: string;
  location_name: string;
  timezone: string;
  /** When the child came in (check-in) or left (check-out); null: the record is open again. */
  at: Date | null;
  actor_fname: string | null;
  actor_lname: string | null;
}

/**
 * The live records among `ids`, in id order, for the alert of their check-in or check-out: one
 * read, prepared once per connection (it runs for every check-in, alerts on or off).
 */
export async function alertRecords(db: Db, ids: readonly string[], type: 'check_in' | 'check_out'): Promise<AlertRecordRow[]> {
  if (!ids.length) return [];
  const query = db('attendances as a')
    .join('students as st', 'st.id', 'a.student_id')
    .join('locations as l', 'l.id', 'a.location_id')
    .leftJoin('attendance_settings as s', 's.location_id', 'l.id')
    .leftJoin('location_settings as ls', 'ls.location_id', 'l.id')
    .leftJoin('users as u', 'u.id', type === 'check_in' ? 'a.checkedin_by' : 'a.checkedout_by')
    .whereRaw('a.id = any(?::bigint[])', [ids as string[]])
    .whereNull('a.deleted_at')
    .orderBy('a.id')
    .select(
      'a.id',
      'a.student_id',
      'st.fname',
      'a.location_id',
      'l.name as location_name',
      'l.timezone',
      type === 'check_in' ? 'a.start_time as at' : 'a.end_time as at',
      'u.fname as actor_fname',
      'u.lname as actor_lname',
      ...checkInSettingsSql().map((c) => db.raw(c)),
    );
  const rows = await runPrepared<AlertRecordRow[]>(query, `attendance_alert_records_${type}`);
  return rows.map((r) => ({ ...r, id: String(r.id), student_id: String(r.student_id), location_id: String(r.location_id) }));
}
