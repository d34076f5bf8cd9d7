import { roleAtLeast } from '@kv/shared';
import { useViewer } from '../../../lib/shell-context';

/** What the viewer may change here (the authorization matrix: the server checks again). */
export function useScheduleRights() {
  const viewer = useViewer();
  const staff = roleAtLeast(viewer.role, 'teacher');
  return {
    userId: viewer.user?.id ?? null,
    /** create/update/remove student schedules and their days, staff vacations (teacher + attendance.manage). */
    children: staff && viewer.permissions.includes('attendance.manage'),
    /** staff schedules, approving time off, staff absences (manager + team.edit). */
    team: roleAtLeast(viewer.role, 'manager') && viewer.permissions.includes('team.edit'),
    /** requesting one's own time off (any staff). */
    requestPto: staff,
  };
}
