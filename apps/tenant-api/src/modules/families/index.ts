import { sdl, type TenantModule } from '../../core/module.ts';
import { familyResolvers } from './resolvers.ts';

/** Family links and profile permissions: codes, directory, profiles. */
export const familiesModule: TenantModule = { name: 'families', schema: sdl(import.meta.url), resolvers: familyResolvers };

// What other modules (and the app around them) may use:
export { freeUsername } from './repo.ts';
