import { roleAtLeast } from '@kv/shared';
import { AppError, CommonError, forbidden } from '@kv/server';

export type OperatorRole = 'admin' | 'kvsupport';
export const OPERATOR_ROLES = ['admin', 'kvsupport'] as const satisfies readonly OperatorRole[];

/** The signed-in operator; `id` is null only for the system actor (seed, CLI). */
export interface Viewer {
  id: string | null;
  role: OperatorRole;
  username: string;
  /** "First Last (username)": how the operator appears in audit logs and to centres. */
  label: string;
  sessionId: string | null;
}

/** Who is calling, and from where: the first argument of every service method. */
export interface Actor {
  viewer: Viewer | null;
  ip: string | null;
  userAgent?: string | null;
}

export const SYSTEM_ACTOR: Actor = {
  viewer: { id: null, role: 'admin', username: 'system', label: 'system', sessionId: null },
  ip: null,
};

export function requireViewer(actor: Actor): Viewer {
  if (!actor.viewer) throw new AppError(CommonError.Unauthenticated, 'Please sign in.');
  return actor.viewer;
}

/** The operator when their role is `role` or above (kvsupport < admin). */
export function requireRole(actor: Actor, role: OperatorRole): Viewer {
  const viewer = requireViewer(actor);
  if (!roleAtLeast(viewer.role, role)) throw forbidden();
  return viewer;
}
