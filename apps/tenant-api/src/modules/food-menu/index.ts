import { sdl, type TenantModule } from '../../core/module.ts';
import { foodMenuResolvers } from './resolvers.ts';
import { foodMenuLoaders } from './loaders.ts';

/** Food menu (items, weeks, week data, settings, autofill, copies) and CACFP meal counts. */
export const foodMenuModule: TenantModule = {
  name: 'food-menu',
  schema: sdl(import.meta.url),
  resolvers: foodMenuResolvers,
  loaders: foodMenuLoaders,
};

// What other modules (and the app around them) may use:
export { registerFoodMenuJobs, rotateFoodMenus, runFoodMenuRotationJob, startFoodMenuRotation } from './jobs.ts';
export { claimDay, componentWarning, sugarWarning, SUGAR_RULES } from './cacfp.ts';
