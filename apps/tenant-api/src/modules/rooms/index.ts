import { sdl, type TenantModule } from '../../core/module.ts';
import { roomResolvers } from './resolvers.ts';
import { roomLoaders } from './loaders.ts';

/** Rooms (programs) and camera groups of a location. */
export const roomsModule: TenantModule = { name: 'rooms', schema: sdl(import.meta.url), resolvers: roomResolvers, loaders: roomLoaders };

// What other modules (and the app around them) may use:
export { roomNotFound } from './errors.ts';
export { findGroups, findPrograms, programsByLocationIds } from './repo.ts';
export { programsById } from './service.ts';
export { roomCameras } from './cameras-port.ts';
