import type { RequestContext } from '../../types.ts';
import { forbidden } from '@kv/server';
import type { ImportKind } from './csv.ts';
import { locationNotFound, isStaff, scopeLocations, studentManageScope, studentScopeOf, requireViewer } from '../../core/access.ts';
import { existingLocationIds } from '../../core/scope-repo.ts';
import { userManageScope } from '../users/index.ts';

/**
 * Imports and exports are staff tools (support runs them in a support session as a manager or
 * owner): students need `students.edit`, staff `team.edit`, contacts `users.edit`, and the location
 * must be one the viewer manages (the owner: any). Returns those locations (null: all).
 */
export async function importScope(ctx: RequestContext, kind: ImportKind): Promise<string[] | null> {
  if (kind === 'students') await studentManageScope(ctx);
  else await userManageScope(ctx, kind === 'staff' ? 'team' : 'users');
  return scopeLocations(await studentScopeOf(ctx));
}

/** The location must exist and be in the viewer's scope; NOT_FOUND otherwise. */
export async function assertImportLocation(ctx: RequestContext, locations: string[] | null, locationId: string): Promise<void> {
  if (locations && !locations.includes(String(locationId))) throw locationNotFound();
  if (!(await existingLocationIds(ctx.db, [locationId])).length) throw locationNotFound();
}

/** Imports are staff tools: parents and blog editors are refused before anything is read. */
export function assertImportStaff(ctx: RequestContext): void {
  if (!isStaff(requireViewer(ctx))) throw forbidden();
}
