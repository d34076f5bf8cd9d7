import { sdl, type TenantModule } from '../../core/module.ts';
import { settingsResolvers } from './resolvers.ts';

/** Theme settings. */
export const settingsModule: TenantModule = { name: 'settings', schema: sdl(import.meta.url), resolvers: settingsResolvers };

// What other modules (and the app around them) may use:
export { readSetting, writeSetting } from './repo.ts';
