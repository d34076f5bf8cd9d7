import { sdl, type TenantModule } from '../../core/module.ts';
import { ratioResolvers } from './resolvers.ts';

/** Room ratios, forecasts and alerts. */
export const ratiosModule: TenantModule = { name: 'ratios', schema: sdl(import.meta.url), resolvers: ratioResolvers };

// What other modules (and the app around them) may use:
export { programIdsOfLocation, ratioProgramIds } from './repo.ts';
export { liveRatios, refreshRoomRatios, snapshot } from './service.ts';
export type { RatioStatus, RoomRatio } from './service.ts';
export { ratioEffects } from './effects-port.ts';
export { ratioExpected } from './expected-port.ts';
export { ratioSnapshot } from './repo.ts';
