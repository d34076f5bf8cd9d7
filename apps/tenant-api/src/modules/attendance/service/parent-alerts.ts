import type { Knex } from 'knex';
import { emit } from '@kv/jobs';
import type { AttendanceRow } from '../repo/checkin.ts';

export const CHECKED_IN = 'attendance.checked_in';
export const CHECKED_OUT = 'attendance.checked_out';
/** Children of a location not checked in by its reminder time (payload: location, date, students). */
export const REMINDER_DUE = 'attendance.reminder_due';

/*
 * Parents hear of these events from the notification centre (modules/notifications: its handlers
 * of attendance.checked_in, checked_out and reminder_due), the only source of parent notices.
 */

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
