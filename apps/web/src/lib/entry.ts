import { roleAtLeast, type RoleName } from '@kv/shared';
import { guestPaths } from './guest-paths';

/** Where each role lands after sign-in (spec §2 "Entry"). */
export function centreEntryPath(role: RoleName): string {
  if (role === 'guest') return guestPaths.login.to();
  if (roleAtLeast(role, 'manager')) return guestPaths.root.to();
  if (role === 'teacher') return guestPaths.dashboard.to();
  if (role === 'blog') return guestPaths.blogs.to();
  return guestPaths.home.to();
}

export function platformEntryPath(role: RoleName): string {
  return role === 'guest' ? guestPaths.login.to() : guestPaths.centersList.to();
}
