import { sdl, type TenantModule } from '../../core/module.ts';
import { locationResolvers } from './resolvers.ts';
import { locationLoaders } from './loaders.ts';

/** Locations, their settings, history and QR codes. */
export const locationsModule: TenantModule = {
  name: 'locations',
  schema: sdl(import.meta.url),
  resolvers: locationResolvers,
  loaders: locationLoaders,
};

// What other modules (and the app around them) may use:
export { visibleLocation } from './policy.ts';
export type { ShownLocation } from './policy.ts';
export { findLocation, listLocations, locationInfo } from './repo/locations.ts';
export type { LocationInfo } from './repo/locations.ts';
export { findLocationSettings, upsertLocationSettings } from './repo/settings.ts';
export { pageEntityHistory } from './service/history.ts';
