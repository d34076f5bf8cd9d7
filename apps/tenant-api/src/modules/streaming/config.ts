import type { TenantApiConfig } from '../../types.ts';

/**
 * Media configuration (`TenantApiConfig.mediaSecretKey`, `mediaAuthSecret`, `mediaJwtSeed`). In
 * development each falls back to a fixed, non-secret value; production refuses to run without them.
 */

const DEV_SECRET_KEY = 'dev-only-media-secret-key-0123456789abcdef';
const DEV_AUTH_SECRET = 'dev-only-media-auth-secret';

export function mediaConfig(config: TenantApiConfig): { mediaSecretKey: string; mediaAuthSecret: string; mediaJwtSeed: string | null } {
  const c = config;
  if (config.production && (!c.mediaSecretKey || !c.mediaAuthSecret))
    throw new Error('mediaSecretKey and mediaAuthSecret are required in production');
  return {
    mediaSecretKey: c.mediaSecretKey ?? DEV_SECRET_KEY,
    mediaAuthSecret: c.mediaAuthSecret ?? DEV_AUTH_SECRET,
    mediaJwtSeed: c.mediaJwtSeed ?? null,
  };
}
