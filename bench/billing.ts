import { performance } from 'node:perf_hooks';
import { createKnex } from '@kv/db';
import type { Knex } from 'knex';
import { runBillingJob } from '../apps/tenant-api/src/modules/billing/index.ts';
import type { Benchmark, BenchContext } from './lib/context.ts';
import { figure, hostOf, postGraphql } from './lib/context.ts';
import { captureSql, centreUrl, ensureCentres, tokens } from './lib/centres.ts';
import { median, pct } from './lib/load.ts';
import { pg, type PgPool } from './lib/deps.ts';

const SLUG = 'bench-billing';
const CHILDREN = 200;
const PLANS = Number(process.env.BENCH_BILLING_PLANS ?? 2000);
const LEDGER_ROWS = Number(process.env.BENCH_BILLING_LEDGER ?? 200_000);
const PLAN_NAME = 'Bench plan';

const OVERVIEW = `query Overview($l: ID!, $f: String) {
  getBillingOverviewDetails(location_id: $l, filter: $f) {
    location_id filter date period_start period_end outstanding agency_outstanding credit balance open_invoices students_owing
    overdue overdue_invoices overdue_students overdue_by_age { label min_days max_days amount invoices students }
    collected payments failed_autopay failed_autopay_amount
  }
}`;

/** The bare reference: every ledger row of the location summed, grouped by kind. */
const BARE_SUM = `select kind, sum(amount) from billing_ledger where location_id = $1 group by kind`;

/**
 * The bare daily run: one INSERT … SELECT writing an invoice per bench plan (no plan link, so the
 * unique index of plan and period does not refuse them) and its charge in the ledger.
 */
const BARE_RUN = `with inv as (
    insert into invoices (student_id, location_id, date, due_date, period_start, period_end)
    select p.student_id, p.location_id, current_date, current_date, current_date, current_date + 29
      from billing_plans p where p.id = any(?::bigint[])
    returning id, student_id, location_id
  ), led as (
    insert into billing_ledger (location_id, student_id, invoice_id, kind, amount)
    select inv.location_id, inv.student_id, inv.id, 'charge', 10000 from inv
    returning 1
  )
  select (select count(*) from inv)::int as invoices, (select count(*) from led)::int as charges`;

async function latencies(task: () => Promise<unknown>, concurrency: number, seconds: number): Promise<number[]> {
  const end = performance.now() + seconds * 1000;
  const out: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await task();
        out.push(performance.now() - t0);
      }
    }),
  );
  return out.sort((a, b) => a - b);
}

/** Counts the statements a knex instance sends while `action` runs. */
async function counted<T>(db: Knex, action: () => Promise<T>): Promise<{ value: T; statements: number; ms: number }> {
  let statements = 0;
  const on = () => statements++;
  db.on('query', on);
  try {
    const t0 = performance.now();
    const value = await action();
    return { value, statements, ms: performance.now() - t0 };
  } finally {
    db.off('query', on);
  }
}

/**
 * 2,000 fresh active plans (weekly, biweekly and monthly, started up to four weeks ago) spread
 * over the centre's children; the plans of earlier runs are deactivated (end before their start),
 * so each run invoices exactly these. Rerun-safe: nothing of the ledger is changed.
 */
async function freshPlans(db: Knex, location: string): Promise<string[]> {
  await db.raw(`update billing_plans set end_date = start_date - 1 where name like ? and (end_date is null or end_date >= start_date)`, [
    `${PLAN_NAME}%`,
  ]);
  const r = await db.raw(
    `with kids as (
       select array_agg(id order by id) as ids from students where deleted_at is null and location_id = ?
     )
     insert into billing_plans (student_id, location_id, name, amount, period, start_date)
     select kids.ids[1 + g % cardinality(kids.ids)], ?::bigint, ? || ' ' || g, 5000 + (g % 40) * 250,
            (array['weekly', 'biweekly', 'monthly'])[1 + g % 3],
            (now() at time zone l.timezone)::date - (g % 28)
       from kids, generate_series(1, ?::int) g, locations l
      where l.id = ?::bigint
     returning id`,
    [location, location, PLAN_NAME, PLANS, location],
  );
  return (r.rows as { id: string }[]).map((x) => String(x.id));
}

/**
 * Tops the ledger up to LEDGER_ROWS with history consistent with invoices and payments: an
 * invoice a day-spread over two years with one item and its charge; two in three paid in full
 * by a cash payment applied to it (a payment row and its `payment` entry), in chunks.
 */
async function growLedger(ctx: BenchContext, db: Knex, location: string): Promise<number> {
  const count = async () => Number((await db.raw('select count(*)::int as n from billing_ledger')).rows[0].n);
  let have = await count();
  const chunk = 10_000;
  while (have < LEDGER_ROWS) {
    // 5 ledger rows per 3 invoices.
    const invoices = Math.min(chunk, Math.ceil(((LEDGER_ROWS - have) * 3) / 5));
    await db.raw(
      `with kids as (
         select array_agg(id order by id) as ids from students where deleted_at is null and location_id = ?
       ), src as materialized (
         select g, kids.ids[1 + g % cardinality(kids.ids)] as student_id, (current_date - 1 - (g % 730))::date as d,
                (5000 + (g % 40) * 250)::bigint as amt,
                nextval(pg_get_serial_sequence('invoices', 'id')) as inv_id,
                nextval(pg_get_serial_sequence('invoice_items', 'id')) as item_id,
                case when g % 3 <> 0 then nextval(pg_get_serial_sequence('payments', 'id')) end as pay_id
           from kids, generate_series(1, ?::int) g
       ), i as (
         insert into invoices (id, student_id, location_id, date, due_date, period_start, period_end, created_at, updated_at)
         select inv_id, student_id, ?::bigint, d, d + 7, d, d + 29, d, d from src returning 1
       ), it as (
         insert into invoice_items (id, invoice_id, name, detail, original_amount, amount, source, created_at)
         select item_id, inv_id, 'Tuition', to_char(d, 'MM/DD/YYYY'), amt, amt, '{"kind":"manual"}'::jsonb, d from src returning 1
       ), p as (
         insert into payments (id, student_id, location_id, method, amount, date, created_at, updated_at)
         select pay_id, student_id, ?::bigint, 'cash', amt, d + 3, d + 3, d + 3 from src where pay_id is not null returning 1
       )
       insert into billing_ledger (location_id, student_id, invoice_id, invoice_item_id, payment_id, kind, amount, created_at)
       select ?::bigint, student_id, inv_id, item_id, null, 'charge', amt, d from src
       union all
       select ?::bigint, student_id, inv_id, null, pay_id, 'payment', -amt, d + 3 from src where pay_id is not null`,
      [location, invoices, location, location, location, location],
    );
    have = await count();
    ctx.log(`  ledger ${have} rows`);
  }
  await db.raw('analyze invoices; analyze invoice_items; analyze payments; analyze billing_ledger');
  return have;
}

/**
 * Issue 19's billing figures. The daily run (`runBillingJob`, the job's own function through the
 * billing module's index) issuing 2,000 plans' invoices with items and ledger charges, against one
 * bare INSERT … SELECT of 2,000 invoices and their charges; a second run issues nothing. Then the
 * overview (`getBillingOverviewDetails` through HTTP as a manager) on a ledger of 200,000 rows,
 * p50/p95 at 4 concurrent requests, against a bare `sum() … group by` in a pg.Pool.
 */
export const billingBench: Benchmark = {
  name: 'billing',
  title: 'Billing: the daily run of 2,000 plans; the overview on 200,000 ledger rows',
  async run(ctx) {
    await ensureCentres(ctx, [SLUG], { children: CHILDREN });
    const url = await centreUrl(ctx, SLUG);
    const db = createKnex(url, { max: 2, applicationName: 'kv-bench-billing', statementTimeoutMs: 300_000 });
    const pool: PgPool = new pg.Pool({ connectionString: url, max: Number(process.env.BENCH_REF_POOL ?? 10), application_name: 'kv-bench-raw' });
    try {
      const [loc] = (await db.raw(`select id from locations where deleted_at is null order by id limit 1`)).rows as { id: string }[];
      const location = String(loc!.id);
      await db.raw('update locations set billing = true where id = ?', [location]);
      const job = { data: { centreId: SLUG }, log: () => {} };
      const deps = { dbFor: async () => db };
      // Whatever is due already (seeded plans, a previous run's day) is issued before the fixture.
      await runBillingJob(job, deps);

      // 1. The daily run.
      const plans = await freshPlans(db, location);
      await db.raw('analyze billing_plans');
      const first = await counted(db, () => runBillingJob(job, deps));
      const second = await counted(db, () => runBillingJob(job, deps));
      const [items] = (
        await db.raw(
          `select count(distinct i.id)::int as invoices, count(it.id)::int as items, count(g.id)::int as charges
             from invoices i join invoice_items it on it.invoice_id = i.id left join billing_ledger g on g.invoice_item_id = it.id
            where i.plan_id = any(?::bigint[])`,
          [plans],
        )
      ).rows as { invoices: number; items: number; charges: number }[];
      ctx.log(
        `  daily run: ${first.value.invoices} invoices issued (${items!.items} items, ${items!.charges} ledger charges) in ${first.ms.toFixed(0)} ms, ${first.statements} SQL statements`,
      );
      ctx.log(`  second run: issued ${second.value.invoices} in ${second.ms.toFixed(0)} ms, ${second.statements} SQL statements`);
      if (first.value.invoices !== PLANS) throw new Error(`billing: the run issued ${first.value.invoices} invoices for ${PLANS} plans`);
      if (second.value.invoices !== 0) throw new Error(`billing: the second run issued ${second.value.invoices} invoices`);
      const bare = await counted(db, () => db.raw(BARE_RUN, [plans]));
      const bareRow = bare.value.rows[0] as { invoices: number; charges: number };
      ctx.log(`  bare INSERT … SELECT: ${bareRow.invoices} invoices, ${bareRow.charges} ledger rows in ${bare.ms.toFixed(0)} ms`);

      // 2. The overview on a grown ledger.
      const ledger = await growLedger(ctx, db, location);
      const token = (await tokens(ctx, SLUG, ['manager'])).get('manager')!.token;
      const host = hostOf(SLUG);
      const vars = { l: location, f: 'month' };
      const ask = async () => {
        const r = await postGraphql(ctx, host, token, OVERVIEW, vars);
        if (r.status !== 200 || r.body.includes('"errors"')) throw new Error(`billing overview: ${r.status} ${r.body.slice(0, 300)}`);
        return r.body;
      };
      const plain = async () => (await pool.query(BARE_SUM, [location])).rows.length;
      const o = (JSON.parse(await ask()) as { data: { getBillingOverviewDetails: Record<string, unknown> } }).data.getBillingOverviewDetails;
      ctx.log(`  overview: outstanding ${String(o.outstanding)}, open invoices ${String(o.open_invoices)}, collected ${String(o.collected)} (cents)`);
      const statements = await captureSql(ctx, SLUG, ask);
      const concurrency = 4;
      await latencies(ask, concurrency, ctx.warmupSeconds);
      await latencies(plain, concurrency, ctx.warmupSeconds);
      const p50: [number[], number[]] = [[], []];
      const p95: [number[], number[]] = [[], []];
      for (let rep = 0; rep < ctx.reps; rep++) {
        const a = await latencies(ask, concurrency, ctx.seconds);
        const b = await latencies(plain, concurrency, ctx.seconds);
        p50[0].push(pct(a, 50));
        p50[1].push(pct(b, 50));
        p95[0].push(pct(a, 95));
        p95[1].push(pct(b, 95));
        ctx.log(
          `  overview #${rep + 1}: p50 ${pct(a, 50).toFixed(1)} ms p95 ${pct(a, 95).toFixed(1)} ms (${a.length} requests); bare sum p50 ${pct(b, 50).toFixed(1)} ms p95 ${pct(b, 95).toFixed(1)} ms`,
        );
      }
      const B = 'billing';
      return [
        figure(B, `daily run, ${PLANS} plans → invoices, items, charges (ms)`, first.ms, bare.ms, 'one bare INSERT … SELECT (invoices + ledger)', 'ms'),
        figure(B, 'daily run SQL statements', first.statements, bare.statements, 'one bare INSERT … SELECT', 'stmts'),
        figure(B, 'second daily run: invoices issued', second.value.invoices, null, 'none: a re-run never charges twice', 'count', {
          max: 0,
          on: 'value',
          text: '= 0',
        }),
        figure(B, `overview p50 (${ledger} ledger rows, ms)`, median(p50[0]), median(p50[1]), 'bare sum() … group by (pg.Pool)', 'ms'),
        figure(B, `overview p95 (${ledger} ledger rows, ms)`, median(p95[0]), median(p95[1]), 'bare sum() … group by (pg.Pool)', 'ms'),
        figure(B, 'overview SQL statements per request', statements.length, 1, 'one bare select', 'stmts'),
      ];
    } finally {
      await pool.end();
      await db.destroy();
    }
  },
};
