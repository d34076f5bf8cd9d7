import { createRequire } from 'node:module';

/**
 * Libraries the workspace packages already depend on, loaded from where they are installed (the
 * root package only lists the tools): pg from @kv/db, mercurius from the tenant API, hls.js from
 * the web app. Only the few calls the benchmarks make are typed here.
 */
const fromDb = createRequire(new URL('../../packages/db/package.json', import.meta.url));
const fromApi = createRequire(new URL('../../apps/tenant-api/package.json', import.meta.url));
const fromWeb = createRequire(new URL('../../apps/web/package.json', import.meta.url));

export interface PgPool {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;
  end(): Promise<void>;
}
export interface PgClient {
  connect(): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}
interface PgModule {
  Pool: new (opts: { connectionString: string; max?: number; application_name?: string }) => PgPool;
  Client: new (opts: { connectionString: string; application_name?: string }) => PgClient;
}

export const pg = fromDb('pg') as PgModule;
export const mercuriusPath = fromApi.resolve('mercurius');
export const hlsJsPath = fromWeb.resolve('hls.js/dist/hls.min.js');
