import type { RequestContext } from '../../types.ts';
import { managerScope, requirePermission, scopeFilter } from '../../core/access.ts';

/**
 * Who reads SMS replies: managers holding `messages.send` (the contacts of the locations they
 * manage, and numbers nobody of the centre has), the owner every reply; below manager FORBIDDEN.
 * Returns the locations (null: all).
 */
export async function smsResponseScope(ctx: RequestContext): Promise<string[] | null> {
  const scope = await managerScope(ctx);
  await requirePermission(ctx, 'messages.send');
  return scopeFilter(scope);
}
