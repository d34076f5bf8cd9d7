import { performance } from 'node:perf_hooks';
import type { BenchContext } from './context.ts';

export interface CentreInfo {
  slug: string;
  id: string;
  provisionedMs: number | null;
}
export interface Token {
  username: string;
  userId: string;
  token: string;
}

/** Provisions (from the template) and seeds centres that do not exist yet; kept between runs. */
export async function ensureCentres(
  ctx: BenchContext,
  slugs: string[],
  opts: { children: number; tags?: boolean; parallel?: number },
): Promise<CentreInfo[]> {
  const out: CentreInfo[] = [];
  for (let i = 0; i < slugs.length; i += 25) {
    const batch = slugs.slice(i, i + 25);
    out.push(
      ...(await ctx.platformCtl<CentreInfo[]>('/centres', {
        slugs: batch,
        children: opts.children,
        tags: opts.tags,
        parallel: opts.parallel ?? 2,
      })),
    );
    if (slugs.length > 25) ctx.log(`  centres ready: ${Math.min(i + 25, slugs.length)}/${slugs.length}`);
  }
  return out;
}

export async function tokens(ctx: BenchContext, slug: string, usernames: string[]): Promise<Map<string, Token>> {
  const list = await ctx.platformCtl<Token[]>('/tokens', { slug, usernames });
  return new Map(list.map((t) => [t.username, t]));
}

export async function sql<T = Record<string, unknown>>(
  ctx: BenchContext,
  slug: string,
  text: string,
  bindings: unknown[] = [],
): Promise<T[]> {
  return ctx.platformCtl<T[]>('/sql', { slug, sql: text, bindings });
}

/** The centre database's URL (with its own credentials), for the reference sides. */
export async function centreUrl(ctx: BenchContext, slug: string): Promise<string> {
  const r = await ctx.platformCtl<{ url: string }>('/centre-url', { slug });
  return r.url;
}

/** Every SQL statement the platform sends to one centre while `action` runs. */
export async function captureSql(ctx: BenchContext, slug: string, action: () => Promise<unknown>) {
  await ctx.platformCtl('/capture/start', { slug });
  let failure: unknown;
  await action().catch((e: unknown) => (failure = e));
  const statements = await ctx.platformCtl<{ sql: string; bindings: unknown[] }[]>('/capture/stop');
  if (failure) throw failure;
  return statements;
}

/** Median serial time of each statement (5 runs), slowest first: where a request's time goes. */
export async function profileStatements(
  pool: { query(sql: string, params?: unknown[]): Promise<unknown> },
  statements: { sql: string; bindings: unknown[] }[],
): Promise<{ ms: number; sql: string }[]> {
  const out: { ms: number; sql: string }[] = [];
  for (const s of statements) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await pool.query(s.sql, s.bindings);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    out.push({ ms: times[2]!, sql: s.sql.replace(/\s+/g, ' ') });
  }
  return out.sort((a, b) => b.ms - a.ms);
}
