import { sdl, type TenantModule } from '../../core/module.ts';
import { streamingResolvers } from './resolvers.ts';

/** Streaming servers and stream settings. */
export const streamingModule: TenantModule = { name: 'streaming', schema: sdl(import.meta.url), resolvers: streamingResolvers };

// What other modules (and the app around them) may use:
export { mediaConfig } from './config.ts';
export { findStreams, mediamtxServers } from './repo.ts';
export type { StreamRow } from './repo.ts';
export type { StreamSettings } from './service.ts';
