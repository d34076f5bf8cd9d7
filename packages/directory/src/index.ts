export * from './types.ts';
export { normaliseHost, platformSubdomain } from './host.ts';
export { encryptSecret, decryptSecret, SecretDecryptError } from './crypto.ts';
export { createTenantDirectory, type TenantDirectory, type TenantDirectoryOptions } from './directory.ts';
export { DIRECTORY_CHANNEL } from './redis-store.ts';
export { trialOverUnbilled } from './trial.ts';
