import type { BenchContext } from './context.ts';
import { pg } from './deps.ts';

/** Server-wide Postgres counters (the runner's own maintenance connection, never the app's). */
export async function withAdmin<T>(
  ctx: BenchContext,
  fn: (q: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: ctx.pgAdminUrl, application_name: 'kv-bench-admin' });
  await client.connect();
  try {
    return await fn(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

/**
 * Connections to centre databases opened since `since` and still open (pg_stat_activity's
 * backend_start: pg_stat_database's session counter is flushed lazily and mixes in earlier opens).
 */
export async function centreConnectionsOpenedSince(ctx: BenchContext, since: Date): Promise<number> {
  return withAdmin(ctx, async (q) => {
    const rows = await q(
      `select count(*)::int as n from pg_stat_activity where datname like 'kvb\\_c\\_%' and backend_start > '${since.toISOString()}'::timestamptz`,
    );
    return Number(rows[0]?.n ?? 0);
  });
}

/** Connections open now to the centre databases, and the server's max_connections. */
export async function connectionCounts(ctx: BenchContext): Promise<{ centre: number; all: number; max: number }> {
  return withAdmin(ctx, async (q) => {
    const [row] = await q(
      "select (select count(*) from pg_stat_activity where datname like 'kvb\\_c\\_%') as centre, (select count(*) from pg_stat_activity where backend_type = 'client backend') as all, current_setting('max_connections')::int as max",
    );
    return { centre: Number(row!.centre), all: Number(row!.all), max: Number(row!.max) };
  });
}
