import type { Knex } from 'knex';
import { type CheckInStudentRow } from '../repo/children.ts';
import { notifyTeam, type NotifyEnv } from './notify.ts';
import type { ScreenResult } from '../../health/index.ts';

/** `14:05` → `2:05 PM` (spec §9 time format). */
export function clock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * Queues, in the check-in's transaction, a notice to the location's managers for each child who
 * failed the health screen. (Parents hear of check-ins through the `attendance.checked_in` /
 * `checked_out` events: parent-alerts.ts.)
 */
export async function notifyFailedScreens(
  trx: Knex.Transaction,
  env: NotifyEnv,
  p: { locationId: string; locationName: string; time: string },
  failed: { student: CheckInStudentRow; screen: ScreenResult }[],
): Promise<void> {
  for (const f of failed) {
    await notifyTeam(trx, env, p.locationId, 'health-screen-failed', {
      child: `${f.student.fname} ${f.student.lname}`.trim(),
      location: p.locationName,
      time: clock(p.time),
      answers: f.screen.answers
        .filter((a) => !a.passed)
        .map((a) => `${a.statement} (${a.answer ? 'yes' : 'no'})`)
        .join('; '),
    });
  }
}
