import type { RequestContext } from '../../types.ts';
import { manageScope, scopeFilter, type LocationScope } from '../../core/access.ts';

/**
 * Newsletters are the centre's: managers with `announcements.manage` (the gate checks it too) and
 * the owner write and send them; a send reaches only people of the sender's locations.
 */
export const newsletterScope = (ctx: RequestContext): Promise<LocationScope> => manageScope(ctx, 'announcements.manage');

/** The sender's locations as a SQL filter (null: every location). */
export const audienceFilter = (scope: LocationScope) => scopeFilter(scope);
