import type { RequestContext } from '../../types.ts';
import { requireViewer } from '../../core/access.ts';

/**
 * Anyone signed in reads the school profile; managers with `settings.manage` (and the owner)
 * change it, which the access gate checks (authorization matrix: addSchool).
 */
export function assertCanReadProfile(ctx: RequestContext): void {
  requireViewer(ctx);
}
