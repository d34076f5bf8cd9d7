import { highestRole, isRoleName, type RoleName } from '@kv/shared';
import type { SessionUser } from './session-store';

/** Who is looking: the role that routes them and the named permissions that refine it. */
export interface Viewer {
  role: RoleName;
  roles: readonly RoleName[];
  permissions: readonly string[];
  user: SessionUser | null;
}

export const GUEST_VIEWER: Viewer = { role: 'guest', roles: [], permissions: [], user: null };

export function viewerFromUser(user: SessionUser | null): Viewer {
  if (!user) return GUEST_VIEWER;
  const roles = user.roles.map((r) => r.name).filter(isRoleName);
  return { role: highestRole(roles), roles, permissions: user.permissions, user };
}
