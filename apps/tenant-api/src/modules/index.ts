import { readFileSync } from 'node:fs';
import { accessLoaders } from './access/loaders.ts';
import { accessResolvers } from './access/resolvers.ts';
import { authResolvers } from './auth/resolvers.ts';
import { settingsResolvers } from './settings/resolvers.ts';
import { locationLoaders } from './locations/loaders.ts';
import { locationResolvers } from './locations/resolvers.ts';
import { scheduleLoaders } from './schedules/loaders.ts';
import { scheduleResolvers } from './schedules/resolvers.ts';
import { roomLoaders } from './rooms/loaders.ts';
import { roomResolvers } from './rooms/resolvers.ts';
import { cameraLoaders } from './cameras/loaders.ts';
import { cameraResolvers } from './cameras/resolvers.ts';
import { schoolResolvers } from './school/resolvers.ts';

export interface TenantModule {
  name: string;
  schema: string;
  resolvers: Record<string, Record<string, unknown>>;
  loaders?: Record<string, Record<string, unknown>>;
}

const sdl = (area: string) => readFileSync(new URL(`./${area}/schema.graphql`, import.meta.url), 'utf8');

/** The explicit registry of tenant-API areas: add a module here and nowhere else. */
export const modules: TenantModule[] = [
  { name: 'auth', schema: sdl('auth'), resolvers: authResolvers },
  { name: 'access', schema: sdl('access'), resolvers: accessResolvers, loaders: accessLoaders },
  { name: 'settings', schema: sdl('settings'), resolvers: settingsResolvers },
  { name: 'locations', schema: sdl('locations'), resolvers: locationResolvers, loaders: locationLoaders },
  { name: 'schedules', schema: sdl('schedules'), resolvers: scheduleResolvers, loaders: scheduleLoaders },
  { name: 'rooms', schema: sdl('rooms'), resolvers: roomResolvers, loaders: roomLoaders },
  { name: 'cameras', schema: sdl('cameras'), resolvers: cameraResolvers, loaders: cameraLoaders },
  { name: 'school', schema: sdl('school'), resolvers: schoolResolvers },
];
