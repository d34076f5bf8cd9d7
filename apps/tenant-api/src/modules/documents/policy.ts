import { roleAtLeast } from '@kv/shared';
import { forbidden } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import { hasPermission, isStaff, readScope, requirePermission, requireViewer, studentScopeOf, type LocationScope, type StudentScope } from '../../core/access.ts';

/**
 * Who reaches centre files and documents:
 * - editors: managers (and the owner) of the location holding `documents.manage` create, edit,
 *   share, publish, archive files and request and review documents; they see unpublished and
 *   archived files of their locations;
 * - teachers: published, unarchived files of their locations shared with them (user, role
 *   `teacher`, a location of theirs); requests of their locations, answers of the children in
 *   their locations and rooms (students/policy scope); staff requests they answer themselves;
 * - parents: published, unarchived files shared with them, their children, the `user` role or a
 *   location of their children; family requests of their children's locations with their own
 *   children's answers;
 * - blog editors: nothing.
 */
export interface DocViewer {
  userId: string;
  role: string;
  staff: boolean;
  /** Locations whose files and requests the viewer edits (empty: none). */
  edits: LocationScope | null;
  /** Locations the viewer reads. */
  reads: LocationScope;
  students: StudentScope;
}

export async function docViewer(ctx: RequestContext): Promise<DocViewer> {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  const staff = isStaff(v);
  const [reads, students] = await Promise.all([readScope(ctx), studentScopeOf(ctx)]);
  const editor = staff && roleAtLeast(v.role, 'manager') && (await hasPermission(ctx, 'documents.manage'));
  return { userId: v.id, role: v.role, staff, edits: editor ? reads : null, reads, students };
}

/** Managers holding `documents.manage`; others FORBIDDEN. */
export async function editorScope(ctx: RequestContext): Promise<DocViewer & { edits: LocationScope }> {
  const d = await docViewer(ctx);
  if (!d.edits) {
    if (d.staff) await requirePermission(ctx, 'documents.manage');
    throw forbidden();
  }
  return d as DocViewer & { edits: LocationScope };
}
