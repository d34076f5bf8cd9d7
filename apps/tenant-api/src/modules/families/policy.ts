import type { RequestContext } from '../../types.ts';
import { parentsOnly } from './errors.ts';
import { isParent, requireViewer } from '../../core/access.ts';

/**
 * Families: parents act on their own children only (the students scope `own`), within the centre's
 * can_edit_student / can_edit_fields settings; the parent directory lists families that chose to be
 * listed, at locations whose settings show it, to the parents of those locations and to staff.
 * Profile permission checks answer found/permission for any signed-in viewer without revealing
 * people or children outside the viewer's scope.
 */
export function assertParent(ctx: RequestContext): void {
  if (!isParent(requireViewer(ctx))) throw parentsOnly();
}
