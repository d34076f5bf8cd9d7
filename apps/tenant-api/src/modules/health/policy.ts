import type { RequestContext } from '../../types.ts';
import { familyViewer, managerScope, readScope, type LocationScope } from '../../core/access.ts';

/**
 * The health questionnaire of a location: managers of the location edit it (`attendance.manage`);
 * whoever checks children in there reads it (staff of the location, parents with a child there).
 * Answered screens are child data: staff of the location read them, blog editors never.
 */
export const questionnaireManageScope = (ctx: RequestContext) => managerScope(ctx);

export async function questionnaireReadScope(ctx: RequestContext): Promise<LocationScope> {
  familyViewer(ctx);
  return readScope(ctx);
}
