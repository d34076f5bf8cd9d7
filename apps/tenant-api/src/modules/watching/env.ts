import type { RequestContext } from '../../types.ts';
import { mediaKeys } from './media-tokens.ts';
import type { MediaEnv } from './service.ts';
import { mediaConfig } from '../streaming/index.ts';

/** The media keys (per process, or from `mediaJwtSeed`), the secret key and whether the dev origin is mounted. */
export async function mediaEnv(ctx: RequestContext): Promise<MediaEnv> {
  const c = mediaConfig(ctx.deps.config);
  return { keys: await mediaKeys(c.mediaJwtSeed), secretKey: c.mediaSecretKey, devOrigin: Boolean(ctx.deps.devOrigin) };
}
