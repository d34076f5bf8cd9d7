import { readFileSync } from 'node:fs';
import { accessLoaders } from './access/loaders.ts';
import { accessResolvers } from './access/resolvers.ts';
import { authResolvers } from './auth/resolvers.ts';
import { settingsResolvers } from './settings/resolvers.ts';

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
];
