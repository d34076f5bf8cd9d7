import { performance } from 'node:perf_hooks';
import type { Benchmark, BenchContext } from './lib/context.ts';
import { figure, gql, hostOf, postGraphql } from './lib/context.ts';
import { withAdmin } from './lib/admin.ts';
import { median, pct } from './lib/load.ts';
import { operatorToken, PLATFORM_HOST } from './lib/operator.ts';

const TEMPLATE = 'kvb_tenant_template';

/** One GraphQL POST as a guest from `ip` (X-Forwarded-For; the bench's platform trusts loopback). */
async function post(
  ctx: BenchContext,
  host: string,
  ip: string,
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ status: number; json: { data?: Record<string, any>; errors?: { message: string; extensions?: { code?: string } }[] } }> {
  const r = await postGraphql(ctx, host, token, query, variables, { 'x-forwarded-for': ip });
  try {
    return { status: r.status, json: JSON.parse(r.body) };
  } catch {
    // a 503 page of a centre still provisioning may not be JSON
    return { status: r.status, json: {} };
  }
}

async function must<T = Record<string, any>>(p: ReturnType<typeof post>, what: string): Promise<T> {
  const r = await p;
  if (r.status !== 200 || r.json.errors || !r.json.data) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.json.errors ?? r.json)}`);
  return r.json.data as T;
}

/** The funnel up to the setup (not timed): sign-up, the PIN from the dev mailbox, verification. Answers the setup token. */
async function verifiedSignup(ctx: BenchContext, slug: string, ip: string): Promise<string> {
  const email = `owner@${slug}.example.com`;
  const started = await must(
    post(
      ctx,
      PLATFORM_HOST,
      ip,
      null,
      `mutation($e: String!, $s: String!) { startCustomerSignup(fname: "Dana", lname: "Owner", email: $e, password: "a long bench secret", center_name: "Bench", subdomain: $s, kind: "childcare") { pin_time } }`,
      { e: email, s: slug },
    ),
    'startCustomerSignup',
  );
  const { pin } = await ctx.platformCtl<{ pin: string }>('/signup-pin', { email });
  const verified = await must(
    post(ctx, PLATFORM_HOST, ip, null, 'mutation($t: String!, $p: String!) { verifyCustomerSignup(pin_time: $t, pin: $p) { token } }', {
      t: started.startCustomerSignup.pin_time,
      p: pin,
    }),
    'verifyCustomerSignup',
  );
  return verified.verifyCustomerSignup.token as string;
}

/**
 * Timed: `saveCenterSetup`, then the owner's one-time sign-in on the new host (asked every 5 ms
 * while it answers 503 or 404: still provisioning) and the first `me` with the access token.
 */
async function setupToFirstMe(ctx: BenchContext, slug: string, ip: string, token: string, timeoutMs = 60_000): Promise<{ ms: number; id: string }> {
  const t0 = performance.now();
  const saved = await must(
    post(ctx, PLATFORM_HOST, ip, null, 'mutation($t: String!) { saveCenterSetup(token: $t, time_zone: "America/Chicago", location_name: "Main") { center_id url } }', {
      t: token,
    }),
    'saveCenterSetup',
  );
  const { center_id: id, url } = saved.saveCenterSetup as { center_id: string; url: string };
  const autologin = new URL(url).pathname.split('/').pop()!;
  const host = hostOf(slug);
  for (;;) {
    const r = await post(ctx, host, ip, null, 'mutation($t: String!) { verifyAutologin(token: $t) { status message tokens { access_token } } }', { t: autologin });
    const access = r.json.data?.verifyAutologin?.tokens?.access_token as string | undefined;
    if (r.status === 200 && access) {
      const me = await post(ctx, host, ip, access, '{ me { id } }');
      if (me.status === 200 && me.json.data?.me?.id) return { ms: performance.now() - t0, id };
      throw new Error(`${slug}: me answered ${me.status} ${JSON.stringify(me.json.errors)}`);
    }
    if (r.status === 200 || ![503, 404].includes(r.status) || performance.now() - t0 > timeoutMs)
      throw new Error(`${slug}: verifyAutologin answered ${r.status} ${JSON.stringify(r.json.errors ?? r.json.data)}`);
    await new Promise((res) => setTimeout(res, 5));
  }
}

/** Client connections on the server now (not the bench's own), and those to this run's centre databases. */
async function connections(ctx: BenchContext, pattern: string): Promise<{ all: number; run: number }> {
  return withAdmin(ctx, async (q) => {
    const [row] = await q(
      `select count(*) filter (where application_name not like 'kv-bench%')::int as all,
              count(*) filter (where datname like '${pattern}')::int as run
         from pg_stat_activity where backend_type = 'client backend'`,
    );
    return { all: Number(row!.all), run: Number(row!.run) };
  });
}

/**
 * `provision-100` (on demand, not in the default run): 100 centres (10 with --quick) through the
 * sign-up funnel one after another, each timed from `saveCenterSetup` to the owner's first answered
 * `me` on the new host; the disk each takes; a bare `CREATE DATABASE … TEMPLATE` of the tenant
 * template on the same server in the same run as the reference; then every one deleted the
 * safeguarded way (a backup and a drill, suspended, `deleteCenter` with its host typed, the purge
 * by `deleteCenterDatabase`) and the server's connections compared with the baseline before.
 */
export const provision100: Benchmark = {
  name: 'provision-100',
  title: '100 centres from saveCenterSetup to the first me; safeguarded delete of all',
  async run(ctx) {
    const count = Number(process.env.BENCH_PROVISION_COUNT ?? (ctx.quick ? 10 : 100));
    const runId = Date.now().toString(36);
    const slugs = Array.from({ length: count }, (_, i) => `p100-${runId}-${i}`);
    const ipOf = (i: number) => `198.18.${(i >> 8) & 255}.${(i & 255) + 1}`;
    const pattern = `kvb\\_c\\_p100\\_${runId}\\_%`;

    const signIn = () => operatorToken(ctx);
    let admin = await signIn();
    // The deletes outlast an access token (15 minutes): signed in again when it has expired.
    const op = async (query: string, variables: Record<string, unknown>) => {
      try {
        return await gql(ctx, { host: PLATFORM_HOST }, admin, query, variables);
      } catch (e) {
        if (!/UNAUTHENTICATED/.test((e as Error).message)) throw e;
        admin = await signIn();
        return gql(ctx, { host: PLATFORM_HOST }, admin, query, variables);
      }
    };

    const baseline = await connections(ctx, pattern);
    ctx.log(`  connections before: ${baseline.all} (client backends, the bench's own not counted)`);
    const times: number[] = [];
    const bare: number[] = [];
    const ids: string[] = [];
    const failures: string[] = [];
    const everyBare = Math.max(1, Math.floor(count / 10));
    const t0 = performance.now();
    for (const [i, slug] of slugs.entries()) {
      try {
        const token = await verifiedSignup(ctx, slug, ipOf(i));
        const r = await setupToFirstMe(ctx, slug, ipOf(i), token);
        times.push(r.ms);
        ids.push(r.id);
      } catch (e) {
        failures.push((e as Error).message);
      }
      // The reference, on the same server between the centres: a bare copy of the same template.
      if (i % everyBare === 0) {
        bare.push(
          await withAdmin(ctx, async (q) => {
            const name = `kvb_bare_${runId}_${i}`;
            const s = performance.now();
            await q(`create database ${name} template ${TEMPLATE}`);
            const ms = performance.now() - s;
            await q(`drop database ${name}`);
            return ms;
          }),
        );
      }
      if ((i + 1) % 10 === 0) ctx.log(`  ${i + 1}/${count}: last ${times.at(-1)?.toFixed(0) ?? '—'} ms`);
    }
    const totalS = (performance.now() - t0) / 1000;
    for (const f of failures.slice(0, 5)) ctx.log(`  failed: ${f}`);

    const sizes = await withAdmin(ctx, async (q) => {
      const rows = await q(`select pg_database_size(datname)::float8 as bytes from pg_database where datname like '${pattern}'`);
      const [tpl] = await q(`select pg_database_size('${TEMPLATE}')::float8 as bytes`);
      return { centres: rows.map((r) => Number(r.bytes)), template: Number(tpl!.bytes) };
    });
    const mb = (b: number) => b / 1024 / 1024;
    const during = await connections(ctx, pattern);

    // Every centre deleted the safeguarded way, then purged at once.
    const d0 = performance.now();
    const deleteFailures: string[] = [];
    for (const [i, id] of ids.entries()) {
      const host = hostOf(slugs[i]!);
      try {
        await ctx.platformCtl('/backup-drill', { id });
        await op('mutation($id: ID!) { suspendCenter(id: $id) { status message } }', { id });
        await op('mutation($id: ID!, $h: String!) { deleteCenter(id: $id, confirm_hostname: $h) { status message } }', { id, h: host });
        await op('mutation($id: ID!, $h: String!) { deleteCenterDatabase(center_id: $id, confirm_hostname: $h) { status message } }', { id, h: host });
      } catch (e) {
        deleteFailures.push(`${host}: ${(e as Error).message}`);
      }
    }
    const deleteS = (performance.now() - d0) / 1000;
    for (const f of deleteFailures.slice(0, 5)) ctx.log(`  delete failed: ${f}`);
    // Pools of the deleted centres close as their databases go; the rest drain at their idle timeout.
    let after = await connections(ctx, pattern);
    for (let waited = 0; (after.all > baseline.all || after.run > 0) && waited < 30_000; waited += 500) {
      await new Promise((r) => setTimeout(r, 500));
      after = await connections(ctx, pattern);
    }
    const left = await withAdmin(ctx, async (q) => Number((await q(`select count(*)::int as n from pg_database where datname like '${pattern}'`))[0]!.n));

    const sorted = [...times].sort((a, b) => a - b);
    ctx.log(
      `  ${times.length}/${count} answered; p50 ${median(times).toFixed(0)} ms, p95 ${pct(sorted, 95).toFixed(0)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms; total ${totalS.toFixed(1)} s`,
    );
    ctx.log(`  bare CREATE DATABASE … TEMPLATE: ${bare.map((x) => x.toFixed(0)).join(' ')} ms`);
    ctx.log(`  disk per centre ${mb(median(sizes.centres)).toFixed(1)} MB (template ${mb(sizes.template).toFixed(1)} MB)`);
    ctx.log(
      `  deleted ${ids.length - deleteFailures.length}/${ids.length} in ${deleteS.toFixed(1)} s; databases left ${left}; connections: before ${baseline.all}, with the centres ${during.all}, after ${after.all} (to this run's databases ${after.run})`,
    );

    const b = 'provision-100';
    return [
      figure(b, 'centres answered (count)', times.length, count, 'centres asked', 'count', { min: 1, on: 'ratio', text: `${count}/${count}` }),
      figure(b, 'saveCenterSetup → first me p50 (ms)', median(times), median(bare), 'bare CREATE DATABASE … TEMPLATE', 'ms', { max: 500, on: 'value', text: '<= 500 ms' }),
      figure(b, 'saveCenterSetup → first me p95 (ms)', pct(sorted, 95), pct([...bare].sort((x, y) => x - y), 95), 'bare CREATE DATABASE p95', 'ms', {
        max: 1500,
        on: 'value',
        text: '<= 1500 ms',
      }),
      figure(b, 'saveCenterSetup → first me max (ms)', sorted.at(-1) ?? NaN, Math.max(...bare), 'bare CREATE DATABASE max', 'ms'),
      figure(b, `total for ${count} (s)`, totalS, null, 'sign-up steps included', 's'),
      figure(b, 'disk per centre (MB)', mb(median(sizes.centres)), mb(sizes.template), 'tenant template', 'MB'),
      figure(b, 'databases left after delete (count)', left, 0, 'none', 'count', { max: 0, on: 'value', text: '0' }),
      figure(b, 'connections after delete (conns)', after.all, baseline.all, 'baseline before the run', 'conns', { max: 1, on: 'ratio', text: '<= baseline' }),
    ];
  },
};
