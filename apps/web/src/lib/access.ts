import { roleAtLeast, type RoleName } from '@kv/shared';
import type { Viewer } from './viewer';

/** A route or menu rule: the lowest role allowed, plus named permissions the viewer must hold. */
export interface AccessRule {
  role: RoleName;
  permissions?: readonly string[];
}

export type AccessDecision = 'allow' | 'sign-in' | 'forbidden';

export function decideAccess(rule: AccessRule | undefined, viewer: Viewer): AccessDecision {
  if (!rule || rule.role === 'guest') return 'allow';
  if (viewer.role === 'guest') return 'sign-in';
  if (!roleAtLeast(viewer.role, rule.role)) return 'forbidden';
  if (rule.permissions?.some((p) => !viewer.permissions.includes(p))) return 'forbidden';
  return 'allow';
}

export function canAccess(rule: AccessRule | undefined, viewer: Viewer): boolean {
  return decideAccess(rule, viewer) === 'allow';
}
