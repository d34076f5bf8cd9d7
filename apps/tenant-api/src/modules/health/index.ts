import { sdl, type TenantModule } from '../../core/module.ts';
import { healthResolvers } from './resolvers.ts';

/** The health questionnaire and screens. */
export const healthModule: TenantModule = { name: 'health', schema: sdl(import.meta.url), resolvers: healthResolvers };

// What other modules (and the app around them) may use:
export { deleteScreen, evaluateScreen, findScreens, questionsForLocation, recordScreen, updateScreen } from './service.ts';
export type { ScreenResult } from './service.ts';
export type { ScreenInput, ScreenRow } from './repo.ts';
