import type { Knex } from 'knex';
import type { AttendanceRow } from '../repo/checkin.ts';
import { contactsOf, userNames } from '../repo/contacts.ts';
import { type CheckInSettingsRow } from '../repo/settings.ts';
import { type CheckInStudentRow } from '../repo/children.ts';
import { joinNames, notifyContacts, notifyTeam, type NotifyEnv } from './notify.ts';
import type { ScreenResult } from '../../health/index.ts';

/** `14:05` → `2:05 PM` (spec §9 time format). */
export function clock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

interface NotifyPlan {
  settings: CheckInSettingsRow;
  students: CheckInStudentRow[];
  locationId: string;
  locationName: string;
  actionBy: string;
  time: string;
}

/**
 * Queues, in the check-in's transaction: one message per contact and action (the children they
 * care about in it) on the location's parent-alert channels, and a notice to the location's
 * managers for each child who failed the health screen.
 */
export async function notifyCheckIns(
  trx: Knex.Transaction,
  env: NotifyEnv,
  p: NotifyPlan,
  changed: { row: AttendanceRow; type: 'check_in' | 'check_out' }[],
  failed: { student: CheckInStudentRow; screen: ScreenResult }[],
): Promise<void> {
  const names = new Map(p.students.map((s) => [s.id, s.fname]));
  if (
    changed.length &&
    (p.settings.check_in_parent_alert_email || p.settings.check_in_parent_alert_sms || p.settings.check_in_parent_alert_app)
  ) {
    const actor = (await userNames(trx, [p.actionBy])).get(p.actionBy);
    const by = actor ? `${actor.fname} ${actor.lname}`.trim() : env.centre;
    const contacts = await contactsOf(trx, [...new Set(changed.map((c) => String(c.row.student_id)))]);
    for (const type of ['check_in', 'check_out'] as const) {
      const ids = new Set(changed.filter((c) => c.type === type).map((c) => String(c.row.student_id)));
      if (!ids.size) continue;
      await notifyContacts(
        trx,
        env,
        p.settings,
        contacts.filter((c) => ids.has(c.student_id)),
        type === 'check_in' ? 'attendance-check-in' : 'attendance-check-out',
        (_contact, studentIds) => ({
          children: joinNames(studentIds.map((i) => names.get(i) ?? '')),
          location: p.locationName,
          time: clock(p.time),
          by,
        }),
      );
    }
  }
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
