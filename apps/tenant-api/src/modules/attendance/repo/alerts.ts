import type { Knex } from 'knex';
import { raw, runSql, sql } from '@kv/db';
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
  const actor = type === 'check_in' ? 'a.checkedin_by' : 'a.checkedout_by';
  const at = type === 'check_in' ? 'a.start_time' : 'a.end_time';
  const rows = await runSql<AlertRecordRow>(
    db,
    sql`select a.id, a.student_id, st.fname, a.location_id, l.name as location_name, l.timezone, ${raw(at)} as at,
               u.fname as actor_fname, u.lname as actor_lname, ${raw(checkInSettingsSql().join(', '))}
          from attendances a
          join students st on st.id = a.student_id
          join locations l on l.id = a.location_id
          left join attendance_settings s on s.location_id = l.id
          left join location_settings ls on ls.location_id = l.id
          left join users u on u.id = ${raw(actor)}
         where a.id = any(${ids}::bigint[]) and a.deleted_at is null
         order by a.id`,
  );
  return rows.map((r) => ({ ...r, id: String(r.id), student_id: String(r.student_id), location_id: String(r.location_id) }));
}
