export { buildTenantApp, type BuildOptions } from './app.ts';
export { createThrottles } from './plugins/app/throttles.ts';
export { tenantSchemaText } from './plugins/app/graphql.ts';
export type { TenantApiDeps, TenantApiConfig, DirectoryReader, OutboxKicker, RequestContext } from './types.ts';
