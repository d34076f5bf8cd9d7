import { performance } from 'node:perf_hooks';
import type { Benchmark, BenchContext } from './lib/context.ts';
import { figure, gql, hostOf, postGraphql } from './lib/context.ts';
import { centreUrl, ensureCentres, tokens } from './lib/centres.ts';
import { withAdmin } from './lib/admin.ts';
import { median, pct } from './lib/load.ts';
import { operatorToken as signInOperator, PLATFORM_HOST } from './lib/operator.ts';

const COLD = ['bench-cold-a', 'bench-cold-b', 'bench-cold-c'];
const ADD_CENTER = `mutation($slug: String!, $email: String!) {
  addCenter(name: "Bench", slug: $slug, kind: "childcare", contact_email: $email, owner_fname: "Dana", owner_lname: "Owner", owner_username: "center") { status message }
}`;

/** Asks a new centre's host every 2 ms until it answers (a centre still provisioning answers 503). */
async function firstAnswer(ctx: BenchContext, slug: string, timeoutMs = 30_000): Promise<void> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const { status } = await postGraphql(ctx, hostOf(slug), null, '{ __typename }');
    if (status === 200) return;
    if (status !== 503 || performance.now() > until) throw new Error(`${slug} answered ${status} while provisioning`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/**
 * The first request to a centre with no open connection (its pool's connections were closed by
 * the server, as after an eviction) against a warm request to the same centre; and provisioning a
 * centre (the operator's addCenter until the centre's first GraphQL answer: database from the
 * template, migrations check, owner, hostname) against a bare `CREATE DATABASE … TEMPLATE` of the
 * same template.
 */
export const coldCentre: Benchmark = {
  name: 'cold-centre',
  title: 'First request to a cold centre; provisioning a centre',
  async run(ctx) {
    const centres = await ensureCentres(ctx, COLD, { children: 0 });
    const auth = new Map<string, string>();
    for (const c of centres) auth.set(c.slug, (await tokens(ctx, c.slug, ['center'])).get('center')!.token);
    const me = async (slug: string) => {
      const t0 = performance.now();
      await gql(ctx, slug, auth.get(slug)!, '{ me { id } }');
      return performance.now() - t0;
    };
    const dbNames = new Map<string, string>();
    for (const slug of COLD) dbNames.set(slug, decodeURIComponent(new URL(await centreUrl(ctx, slug)).pathname.slice(1)));
    const samples = ctx.quick ? 6 : 15;
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < samples; i++) {
      const slug = COLD[i % COLD.length]!;
      await me(slug);
      await withAdmin(ctx, (q) =>
        q(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbNames.get(slug)!.replace(/'/g, "''")}' and pid <> pg_backend_pid()`,
        ),
      );
      await new Promise((r) => setTimeout(r, 300));
      cold.push(await me(slug));
      warm.push(await me(slug));
    }
    ctx.log(`  cold ${cold.map((x) => x.toFixed(1)).join(' ')} ms; warm ${warm.map((x) => x.toFixed(1)).join(' ')} ms`);

    // Provisioning as an operator sees it: addCenter on the platform host, then the new centre's
    // host asked every 2 ms until it answers (503 "provisioning" before). A new centre each sample.
    const operatorToken = await signInOperator(ctx);
    const runId = Date.now().toString(36);
    const prov: number[] = [];
    const bare: number[] = [];
    const provSamples = ctx.quick ? 2 : 5;
    for (let i = 0; i < provSamples; i++) {
      const slug = `bench-p-${runId}-${i}`;
      const t0 = performance.now();
      await gql(ctx, { host: PLATFORM_HOST }, operatorToken, ADD_CENTER, { slug, email: `owner@${slug}.example` });
      await firstAnswer(ctx, slug);
      prov.push(performance.now() - t0);
      const name = `kvb_bare_${runId}_${i}`;
      const ms = await withAdmin(ctx, async (q) => {
        const [tpl] = await q("select datname from pg_database where datname = 'kvb_tenant_template'");
        const s = performance.now();
        await q(`create database ${name} template ${String(tpl!.datname)}`);
        const d = performance.now() - s;
        await q(`drop database ${name}`);
        return d;
      });
      bare.push(ms);
    }
    ctx.log(
      `  provisioning ${prov.map((x) => x.toFixed(0)).join(' ')} ms; bare CREATE DATABASE ${bare.map((x) => x.toFixed(0)).join(' ')} ms`,
    );
    const sorted = [...cold].sort((a, b) => a - b);
    const b = 'cold-centre';
    return [
      figure(b, 'cold first request p50 vs warm (ms)', median(cold), median(warm), 'warm request, same centre', 'ms', {
        max: 15,
        on: 'value',
        text: '<= 15 ms',
      }),
      figure(
        b,
        'cold first request p99 (ms)',
        pct(sorted, 99),
        pct(
          [...warm].sort((a, c) => a - c),
          99,
        ),
        'warm p99',
        'ms',
        {
          max: 30,
          on: 'value',
          text: '<= 30 ms',
        },
      ),
      figure(b, 'provisioning + first answer p50 (ms)', median(prov), median(bare), 'bare CREATE DATABASE … TEMPLATE', 'ms', {
        max: 100,
        on: 'value',
        text: '<= 100 ms',
      }),
    ];
  },
};
