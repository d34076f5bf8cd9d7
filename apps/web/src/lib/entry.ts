import { roleAtLeast, type RoleName } from '@kv/shared';
import { paths } from './paths';

/** Where each role lands after sign-in (spec §2 "Entry"). */
export function centreEntryPath(role: RoleName): string {
  if (role === 'guest') return paths.login.to();
  if (roleAtLeast(role, 'manager')) return paths.root.to();
  if (role === 'teacher') return paths.dashboard.to();
  if (role === 'blog') return paths.blogs.to();
  return paths.home.to();
}

export function platformEntryPath(role: RoleName): string {
  return role === 'guest' ? paths.login.to() : paths.centersList.to();
}
