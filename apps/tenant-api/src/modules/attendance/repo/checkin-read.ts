import type { Knex } from 'knex';
import { raw, runSql, sql, type Sql } from '@kv/db';
import { checkInSettingsSql, type CheckInSettingsRow } from './settings.ts';
import { type CheckInStudentRow } from './children.ts';
import type { LocationScope } from '../../../core/access.ts';
import type { LocationInfo } from '../../locations/index.ts';

type Db = Knex | Knex.Transaction;

/** Whose rights the read checks: a parent's pickup rights, or a staff member's location scope. */
export type ReadRights = { pickupBy: string } | { scope: LocationScope };

/** What a check-in knows of its location's rooms before its transaction. */
export interface KnownRooms {
  /** Every room of the location, deleted ones included. */
  all: ReadonlySet<string>;
  /**
   * The live rooms with a ratio or a recorded status other than `not_set`: a room of the location
   * outside this set is `not_set` and stays so, so its recount after the check-in reads nothing.
   */
  rated: ReadonlySet<string>;
}

export interface CheckInRead {
  /** The active students asked for, in id order. */
  students: CheckInStudentRow[];
  /** The first student's live location and its settings; null when it is gone. */
  location: LocationInfo | null;
  settings: CheckInSettingsRow | null;
  /** Every student passes the rights asked for (see ReadRights). */
  allowed: boolean;
  /** The room asked for is a live room of the first student's location. */
  programOk: boolean;
  rooms: KnownRooms;
}

const STUDENT_KEYS = [
  'id',
  'fname',
  'lname',
  'nick_name',
  'image',
  'location_id',
  'program_id',
  'status',
] as const satisfies readonly (keyof CheckInStudentRow)[];
const SETTINGS_KEYS = [
  'health_screen',
  'signature_required',
  'parent_check_in',
  'require_phone_with_pin',
  'qr_secret',
  'check_in_qr',
  'check_in_qr_expire',
  'check_in_parent_alert_email',
  'check_in_parent_alert_sms',
  'check_in_parent_alert_app',
  'check_in_parent_alert_time',
  'team_notification_emails',
  'team_notification_phones',
  'team_notification_email',
  'team_notification_sms',
] as const satisfies readonly (keyof CheckInSettingsRow)[];

function allowedSql(rights: ReadRights): Sql {
  if ('pickupBy' in rights)
    return sql`exists (select 1 from student_users su where su.user_id = ${rights.pickupBy} and su.student_id = s.id and su.pickup and not su.black_list)`;
  return rights.scope.all ? raw('true') : sql`s.location_id = any(${[...rights.scope.ids]}::bigint[])`;
}

/** One row per active student asked for; its columns are those `toCheckInRead` reads. */
export const readSql = (ids: readonly string[], rights: ReadRights, programId: string | null) => sql`
  select ${raw(STUDENT_KEYS.map((k) => `s.${k} as s_${k}`).join(', '))},
         l.id as live_location_id, l.name as location_name, l.timezone as location_timezone,
         ${raw(checkInSettingsSql('st', 'ls').join(', '))},
         ${allowedSql(rights)} as allowed,
         exists (select 1 from programs p where p.id = ${programId}::bigint and p.location_id = s.location_id and p.deleted_at is null) as program_ok,
         array(select p.id::text from programs p where p.location_id = s.location_id) as location_rooms,
         array(select p.id::text from programs p
                where p.location_id = s.location_id and p.deleted_at is null
                  and (exists (select 1 from room_ratios rr where rr.program_id = p.id)
                       or exists (select 1 from room_ratio_states rs where rs.program_id = p.id and rs.status <> 'not_set'))) as rated_rooms
    from students s
    left join locations l on l.id = s.location_id and l.deleted_at is null
    left join attendance_settings st on st.location_id = l.id
    left join location_settings ls on ls.location_id = l.id
   where s.id = any(${ids}::bigint[]) and s.deleted_at is null and s.status
   order by s.id`;

/** The rows of `readSql` (any extra columns ignored). */
export function toCheckInRead(rows: Record<string, unknown>[]): CheckInRead {
  const first = rows[0];
  const students = rows.map((r) => Object.fromEntries(STUDENT_KEYS.map((k) => [k, r[`s_${k}`]])) as unknown as CheckInStudentRow);
  const live = first !== undefined && first.live_location_id !== null;
  return {
    students,
    location: live
      ? { id: String(first.live_location_id), name: first.location_name as string, timezone: first.location_timezone as string }
      : null,
    settings: live
      ? ({
          ...Object.fromEntries(SETTINGS_KEYS.map((k) => [k, first[k]])),
          location_id: String(first.live_location_id),
        } as CheckInSettingsRow)
      : null,
    allowed: rows.every((r) => r.allowed === true),
    programOk: Boolean(first?.program_ok),
    rooms: { all: new Set((first?.location_rooms as string[]) ?? []), rated: new Set((first?.rated_rooms as string[]) ?? []) },
  };
}

/**
 * Everything a check-in checks before it writes, in one statement: the active students, the live
 * location of each with its check-in settings, the caller's rights on each (parent: may pick up;
 * staff: the location is in their scope, read with the session), whether the room asked
 * for belongs to the location, and the location's rooms as far as ratios go.
 */
export async function readCheckIn(db: Db, ids: readonly string[], rights: ReadRights, programId: string | null): Promise<CheckInRead> {
  return toCheckInRead(await runSql(db, readSql(ids, rights, programId)));
}
