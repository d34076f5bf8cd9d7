import { highestRole, roleAtLeast, roleRank } from '@kv/shared';
import type { Viewer } from '../../../lib/viewer';

/**
 * Whether the viewer may see and renew another person's check-in PIN, as the API decides it
 * (generateCheckInPin / User.check_in_pin): the area's edit permission (users.edit for contacts,
 * team.edit for staff), never someone ranked above, owners only by owners. The person's location
 * scope is the server's to check.
 */
export function mayIssuePin(viewer: Pick<Viewer, 'role' | 'permissions'>, targetRoles: readonly string[]): boolean {
  if (!roleAtLeast(viewer.role, 'manager')) return false;
  const top = highestRole(targetRoles);
  if (roleRank(top) > roleRank(viewer.role)) return false;
  if (top === 'center' && !roleAtLeast(viewer.role, 'center')) return false;
  if (roleAtLeast(viewer.role, 'center')) return true;
  const area = targetRoles.some((r) => r !== 'user') ? 'team' : 'users';
  return viewer.permissions.includes(`${area}.edit`);
}
