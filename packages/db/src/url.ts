/** Connection-string helpers: one Postgres server, many databases. */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

const SAFE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** Database names are built by us, never from user input, and still checked before any DDL. */
export function assertSafeDatabaseName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`Unsafe database name: ${name}`);
  return name;
}
