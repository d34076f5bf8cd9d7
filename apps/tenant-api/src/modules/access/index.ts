import { sdl, type TenantModule } from '../../core/module.ts';
import { accessResolvers } from './resolvers.ts';
import { accessLoaders } from './loaders.ts';

/** Roles, permissions, menu visibility and the `User` type. */
export const accessModule: TenantModule = {
  name: 'access',
  schema: sdl(import.meta.url),
  resolvers: accessResolvers,
  loaders: accessLoaders,
};

// What other modules (and the app around them) may use:
export { JUST_OPENED_SUPPORT, findFullUser, listRoles, userColumns, userColumnsSql } from './repo.ts';
export type { UserRow } from './repo.ts';
