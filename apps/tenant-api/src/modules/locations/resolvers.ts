import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as locations from './service/locations.ts';
import * as queries from './service/queries.ts';
import * as settings from './service/settings.ts';
import * as email from './service/email.ts';
import { getLocationHistory } from './service/history.ts';
import { iso } from '../../core/result.ts';

type Args = Record<string, unknown>;

function timezoneOf(value: string) {
  let offset = '';
  try {
    offset =
      new Intl.DateTimeFormat('en-US', { timeZone: value, timeZoneName: 'longOffset' })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    offset = '';
  }
  return { id: value, name: offset ? `${value} (${offset.replace('GMT', 'UTC') || 'UTC'})` : value, value };
}

/** A numeric column (pg answers it as text) as a Float. */
const num = (v: string | null) => (v === null ? null : Number(v));

export const locationResolvers: Resolvers = {
  Query: {
    location: (_: unknown, args: Args, ctx: RequestContext) => queries.location(ctx, args),
    locations: (_: unknown, args: Args, ctx: RequestContext) => queries.locations(ctx, args),
    allManagerLocations: (_: unknown, __: Args, ctx: RequestContext) => queries.allManagerLocations(ctx),
    managerAllLocationsList: (_: unknown, args: Args, ctx: RequestContext) => queries.managerAllLocationsList(ctx, args),
    getAllLocations: (_: unknown, args: Args, ctx: RequestContext) => queries.getAllLocations(ctx, args),
    dropdownLocations: (_: unknown, __: Args, ctx: RequestContext) => queries.dropdownLocations(ctx),
    activeLocations: (_: unknown, __: Args, ctx: RequestContext) => queries.activeLocations(ctx),
    checkLocationName: (_: unknown, args: Args, ctx: RequestContext) => queries.checkLocationName(ctx, args),
    checkLocationCode: (_: unknown, args: Args, ctx: RequestContext) => queries.checkLocationCode(ctx, args),
    checkTimezone: (_: unknown, args: Args, ctx: RequestContext) => queries.checkTimezone(ctx, args),
    getLocationHistory: (_: unknown, args: Args, ctx: RequestContext) => getLocationHistory(ctx, args),
    getLocationSettingData: (_: unknown, args: Args, ctx: RequestContext) => settings.getLocationSettingData(ctx, args),
    getTeamNotification: (_: unknown, args: Args, ctx: RequestContext) => settings.getTeamNotification(ctx, args),
    getLocationDefaultAddress: (_: unknown, args: Args, ctx: RequestContext) => settings.getLocationDefaultAddress(ctx, args),
    getLocationCounters: (_: unknown, args: Args, ctx: RequestContext) => settings.getLocationCounters(ctx, args),
  },
  Mutation: {
    createNewLocation: (_: unknown, args: Args, ctx: RequestContext) => locations.createNewLocation(ctx, args),
    createLocation: (_: unknown, args: Args, ctx: RequestContext) => locations.createNewLocation(ctx, args),
    updateLocation: (_: unknown, args: Args, ctx: RequestContext) => locations.updateLocation(ctx, args),
    deleteLocation: (_: unknown, args: Args, ctx: RequestContext) => locations.deleteLocation(ctx, args),
    updateLocationManager: (_: unknown, args: Args, ctx: RequestContext) => locations.updateLocationManager(ctx, args),
    updateLocationSignupCode: (_: unknown, args: Args, ctx: RequestContext) => locations.updateLocationSignupCode(ctx, args),
    updateLocationBilling: (_: unknown, args: Args, ctx: RequestContext) => locations.updateLocationBilling(ctx, args),
    updateLocationBillingRequestSetting: (_: unknown, args: Args, ctx: RequestContext) =>
      locations.updateLocationBillingRequestSetting(ctx, args),
    sendLocationEmailVerificationCode: (_: unknown, args: Args, ctx: RequestContext) => email.sendLocationEmailVerificationCode(ctx, args),
    verifyLocationEmailCode: (_: unknown, args: Args, ctx: RequestContext) => email.verifyLocationEmailCode(ctx, args),
    generateLocationQr: (_: unknown, args: Args, ctx: RequestContext) => email.generateLocationQr(ctx, args),
    updateTeamNotification: (_: unknown, args: Args, ctx: RequestContext) => settings.updateTeamNotification(ctx, args),
    saveLoginSettings: (_: unknown, args: Args, ctx: RequestContext) => settings.saveLoginSettings(ctx, args),
    saveSignupSettings: (_: unknown, args: Args, ctx: RequestContext) => settings.saveSignupSettings(ctx, args),
    saveParentSettings: (_: unknown, args: Args, ctx: RequestContext) => settings.saveParentSettings(ctx, args),
    saveAddressSettings: (_: unknown, args: Args, ctx: RequestContext) => settings.saveAddressSettings(ctx, args),
    saveLocationNotificationSettings: (_: unknown, args: Args, ctx: RequestContext) => settings.saveLocationNotificationSettings(ctx, args),
    saveCheckInQrSetting: (_: unknown, args: Args, ctx: RequestContext) => settings.saveCheckInQrSetting(ctx, args),
  },
  Location: {
    timezone: (l) => timezoneOf(l.timezone),
    longitude: (l) => num(l.longitude),
    latitude: (l) => num(l.latitude),
    // Rows shaped for parents or blog editors carry __view and have these fields blanked.
    email_verified: (l) => (l.__view ? null : Boolean(l.email_verified_at)),
    location_billing_request: (l) => (l.location_billing_request === null ? null : { value: l.location_billing_request }),
    qr_generated_at: (l) => iso(l.qr_generated_at),
    created_at: (l) => iso(l.created_at),
    updated_at: (l) => iso(l.updated_at),
  },
};
