import type { LocationScope } from '../../core/access.ts';
import type { LocationRow } from './repo/locations.ts';

/** The columns a blog editor sees of a location; the rest are null for them. */
type NameField = 'id' | 'name' | 'color_code' | 'timezone' | 'active';

/**
 * A location row as its viewer sees it (the `Location` type's parent). Rows shaped for parents or
 * blog editors carry `__view`: parents get no signup, billing or verification fields, blog
 * editors the name fields only.
 */
export type ShownLocation = { [K in keyof LocationRow]: K extends NameField ? LocationRow[K] : LocationRow[K] | null } & {
  __view?: 'parent' | 'names';
};

/** What of a location row the viewer may see (parents: no signup or billing; blog: the name). */
export function visibleLocation(scope: LocationScope, row: LocationRow): ShownLocation {
  if (scope.view === 'full') return row;
  if (scope.view === 'parent') {
    return {
      ...row,
      signup_code: null,
      is_signup: null,
      billing: null,
      location_billing_request: null,
      email_verified_at: null,
      __view: 'parent',
    };
  }
  return {
    id: row.id,
    name: row.name,
    color_code: row.color_code,
    timezone: row.timezone,
    active: row.active,
    email: null,
    phone: null,
    longitude: null,
    latitude: null,
    address: null,
    pin_url: null,
    map_url: null,
    is_signup: null,
    signup_code: null,
    billing: null,
    location_billing_request: null,
    schedule_id: null,
    email_verified_at: null,
    qr_generated_at: null,
    created_at: null,
    updated_at: null,
    __view: 'names',
  };
}

/** Relations (managers, cameras, rooms, groups, settings) are for staff views only. */
export const seesRelations = (scope: LocationScope) => scope.view === 'full';
