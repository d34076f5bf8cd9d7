import type { Knex } from 'knex';
import { emit, type DomainEvent, type EventHandler } from '@kv/jobs';
import { localParts } from '@kv/shared';
import type { AttendanceRow } from '../repo/checkin.ts';
import { alertRecords } from '../repo/alerts.ts';
import { contactsOf } from '../repo/contacts.ts';
import { clock } from './checkin-notify.ts';
import { joinNames, notifyContacts } from './notify.ts';

export const CHECKED_IN = 'attendance.checked_in';
export const CHECKED_OUT = 'attendance.checked_out';

/**
 * The events of a check-in request, in its transaction: one per action, naming the records it
 * opened or closed (the one-statement path writes the same row itself: ../repo/checkin-one.ts).
 */
export async function emitCheckIns(
  trx: Knex.Transaction,
  centreId: string,
  changed: { row: AttendanceRow; type: 'check_in' | 'check_out' }[],
): Promise<void> {
  for (const type of ['check_in', 'check_out'] as const) {
    const attendanceIds = changed.filter((c) => c.type === type).map((c) => String(c.row.id));
    if (attendanceIds.length) await emit(trx, type === 'check_in' ? CHECKED_IN : CHECKED_OUT, { centreId, attendanceIds });
  }
}

/**
 * Tells the parents of a check-in or check-out, on the channels its location turned on for
 * check-in alerts: one message per contact and event, naming the children of the request they
 * care about. Reads the records as they are now; a record deleted (or, for a check-out, opened
 * again) since is left out.
 */
export function parentAlertHandler(deps: { entryFor?(centreId: string): Promise<{ name: string }> }): EventHandler {
  return {
    key: 'attendance.parent-alert',
    async handle(trx: Knex.Transaction, event: DomainEvent) {
      const type = event.name === CHECKED_OUT ? 'check_out' : 'check_in';
      const ids = [event.payload.attendanceIds ?? []].flat();
      const records = (await alertRecords(trx, ids, type)).filter((r) => r.at !== null);
      const first = records[0];
      if (!first || !(first.check_in_parent_alert_email || first.check_in_parent_alert_sms || first.check_in_parent_alert_app)) return;
      const { centreId } = event.payload;
      const centre = (await deps.entryFor?.(centreId).catch(() => null))?.name ?? 'your centre';
      const by = first.actor_fname !== null ? `${first.actor_fname} ${first.actor_lname ?? ''}`.trim() : centre;
      const names = new Map(records.map((r) => [r.student_id, r.fname]));
      await notifyContacts(
        trx,
        { centreId, centre },
        first,
        await contactsOf(trx, [...names.keys()]),
        type === 'check_in' ? 'attendance-check-in' : 'attendance-check-out',
        (_contact, studentIds) => ({
          children: joinNames(studentIds.map((i) => names.get(i) ?? '')),
          location: first.location_name,
          time: clock(localParts(first.at!, first.timezone).time),
          by,
        }),
      );
    },
  };
}
