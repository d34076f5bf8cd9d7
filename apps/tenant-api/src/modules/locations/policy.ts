import type { LocationScope } from '../../core/access.ts';

const PARENT_HIDDEN = ['signup_code', 'is_signup', 'billing', 'location_billing_request', 'email_verified_at'] as const;
const NAME_FIELDS = new Set(['id', 'name', 'color_code', 'timezone', 'active']);

/** What of a location row the viewer may see (parents: no signup or billing; blog: the name). */
export function visibleLocation<T extends Record<string, unknown>>(scope: LocationScope, row: T): T {
  if (scope.view === 'full') return row;
  const out: Record<string, unknown> = { ...row, __view: scope.view };
  if (scope.view === 'parent') for (const k of PARENT_HIDDEN) out[k] = null;
  else for (const k of Object.keys(out)) if (!NAME_FIELDS.has(k) && k !== '__view') out[k] = null;
  return out as T;
}

/** Relations (managers, cameras, rooms, groups, settings) are for staff views only. */
export const seesRelations = (scope: LocationScope) => scope.view === 'full';
