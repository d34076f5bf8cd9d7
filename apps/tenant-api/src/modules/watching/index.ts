import { sdl, type TenantModule } from '../../core/module.ts';
import { watchingResolvers } from './resolvers.ts';

/** Who may watch which camera now, playback tokens, watch sessions, limits and reports. */
export const watchingModule: TenantModule = { name: 'watching', schema: sdl(import.meta.url), resolvers: watchingResolvers };

// What other modules (and the app around them) may use:
export { clipSource, startDevOrigin } from './dev-origin/index.ts';
export { startCameraSweep } from './jobs.ts';
export type { DevOriginSource } from './dev-origin/index.ts';
export { jwks, mediaKeys, readSessionSecret, secretMatches, sessionSecret, verifyPlaybackToken } from './media-tokens.ts';
export type { MediaKeys, PlaybackClaims } from './media-tokens.ts';
export { claimMediaToken } from './repo.ts';
export { DEV_MEDIA_BASE } from './service.ts';
