import { performance } from 'node:perf_hooks';
import { createKnex } from '@kv/db';
import type { Benchmark } from './lib/context.ts';
import { figure, hostOf, postGraphql } from './lib/context.ts';
import { captureSql, centreUrl, ensureCentres, tokens } from './lib/centres.ts';
import { median, pct } from './lib/load.ts';
import { pg, type PgPool } from './lib/deps.ts';

const SLUG = 'bench-forms';
const CHILDREN = 200;
const ENTRIES = Number(process.env.BENCH_FORM_ENTRIES ?? 5000);
const FORM_NAME = 'Bench photo release';
const OPTIONS = ['Our family only', 'Families of the room', 'Centre newsletter and website'];

/** The screen's query: one form's entries whose select field holds one option (jsonb containment, GIN), a page of 25. */
const ENTRIES_Q = `query E($f: ID!, $filters: [EntryFilterInput!]) {
  getCustomFormEntries(form_id: $f, filters: $filters, first: 25) {
    data { id status submitted_at student { id fname lname } fields { id value } submitted_by { id fname lname } }
    paginatorInfo { total }
  }
}`;
/** The bare reference: a plain paged select of the form's entries (no filter, no joins). */
const BARE = `select id, student_id, status, "values", submitted_at from form_submissions where form_id = $1 order by id desc limit 25`;
/** The same data the screen asks for, by hand: the filtered page with its total, one statement, no scope, no joins. */
const BARE_FILTERED = `select id, student_id, status, "values", submitted_at, count(*) over () as total
  from form_submissions where form_id = $1 and "values" @> $2::jsonb order by id desc limit 25`;

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

/**
 * getCustomFormEntries over 5,000 entries of one web form filtered by a select value, against a
 * plain paged select of the same table. The fixture: one form at the first location with 5,000
 * entries spread over its children (one live entry per child, the rest older rejected ones, as
 * the unique live index allows), the select value drawn from three options. Rerun-safe.
 */
export const formsEntriesBench: Benchmark = {
  name: 'forms-entries',
  title: 'Web forms: getCustomFormEntries over 5,000 entries with a field filter',
  async run(ctx) {
    await ensureCentres(ctx, [SLUG], { children: CHILDREN });
    const url = await centreUrl(ctx, SLUG);
    const db = createKnex(url, { max: 2, applicationName: 'kv-bench-forms', statementTimeoutMs: 300_000 });
    const pool: PgPool = new pg.Pool({ connectionString: url, max: Number(process.env.BENCH_REF_POOL ?? 10), application_name: 'kv-bench-raw' });
    try {
      const [loc] = (await db.raw(`select id from locations where deleted_at is null order by id limit 1`)).rows as { id: string }[];
      const location = String(loc!.id);
      let form = (await db('forms').where({ name: FORM_NAME }).first('id'))?.id as string | undefined;
      const seeded = Boolean(form);
      if (!seeded) {
        const fields = [
          { id: 'f1', name: 'Photos may be shared with', type: 'select', required: true, options: OPTIONS },
          { id: 'f2', name: 'Videos allowed', type: 'checkbox', required: false, options: [] },
          { id: 'f3', name: 'Comments', type: 'textarea', required: false, options: [] },
        ];
        const [made] = await db('forms').insert({ location_id: location, name: FORM_NAME, type: 'web', share_with: 'parents', version: 1 }).returning('id');
        form = String(made.id);
        await db('form_versions').insert({ form_id: form, version: 1, fields: JSON.stringify(fields) });
        await db.raw(
          `with kids as (select array_agg(id order by id) as ids from students where deleted_at is null and location_id = ?)
           insert into form_submissions (form_id, version, student_id, location_id, status, "values", hash, submitted_at)
           select ?, 1, kids.ids[1 + g % cardinality(kids.ids)], ?,
                  case when g <= cardinality(kids.ids) then (array['submitted','approved','change_requested','resubmitted'])[1 + g % 4] else 'rejected' end,
                  jsonb_build_object('f1', (array[?, ?, ?])[1 + (g * 7) % 3], 'f2', case when g % 2 = 0 then 'true' else 'false' end, 'f3', 'Entry ' || g),
                  md5(g::text) || md5(g::text), now() - (g || ' minutes')::interval
             from kids, generate_series(1, ?::int) g`,
          [location, form, location, ...OPTIONS, ENTRIES] as (string | number)[],
        );
        await db.raw('analyze form_submissions');
      }
      const token = (await tokens(ctx, SLUG, ['manager'])).get('manager')!.token;
      const host = hostOf(SLUG);
      const vars = { f: String(form), filters: [{ field_id: 'f1', value: OPTIONS[1] }] };
      const ask = async () => {
        const r = await postGraphql(ctx, host, token, ENTRIES_Q, vars);
        if (r.status !== 200 || r.body.includes('"errors"')) throw new Error(`forms entries: ${r.status} ${r.body.slice(0, 300)}`);
        return r.body;
      };
      const plain = async () => (await pool.query(BARE, [form])).rows.length;
      const filterJson = JSON.stringify({ f1: OPTIONS[1] });
      const plainFiltered = async () => (await pool.query(BARE_FILTERED, [form, filterJson])).rows.length;
      const first = JSON.parse(await ask()) as { data: { getCustomFormEntries: { data: unknown[]; paginatorInfo: { total: number } } } };
      const total = first.data.getCustomFormEntries.paginatorInfo.total;
      ctx.log(`  ${ENTRIES} entries, filter f1 = "${OPTIONS[1]}": ${total} match, a page of ${first.data.getCustomFormEntries.data.length}`);
      const statements = await captureSql(ctx, SLUG, ask);
      ctx.log(`  SQL statements per request: ${statements.length}`);
      const concurrency = 4;
      await latencies(ask, concurrency, ctx.warmupSeconds);
      await latencies(plain, concurrency, ctx.warmupSeconds);
      await latencies(plainFiltered, concurrency, ctx.warmupSeconds);
      const p50: [number[], number[], number[]] = [[], [], []];
      const p95: [number[], number[], number[]] = [[], [], []];
      for (let rep = 0; rep < ctx.reps; rep++) {
        const a = await latencies(ask, concurrency, ctx.seconds);
        const b = await latencies(plain, concurrency, ctx.seconds);
        const c = await latencies(plainFiltered, concurrency, ctx.seconds);
        for (const [i, xs] of [a, b, c].entries()) {
          p50[i]!.push(pct(xs, 50));
          p95[i]!.push(pct(xs, 95));
        }
        ctx.log(
          `  #${rep + 1}: p50 ${pct(a, 50).toFixed(1)} ms p95 ${pct(a, 95).toFixed(1)} ms (${a.length} requests); ` +
            `plain select p50 ${pct(b, 50).toFixed(1)} ms p95 ${pct(b, 95).toFixed(1)} ms; ` +
            `plain filtered select p50 ${pct(c, 50).toFixed(1)} ms p95 ${pct(c, 95).toFixed(1)} ms (ratios p95 ${(pct(a, 95) / pct(b, 95)).toFixed(1)}x, ${(pct(a, 95) / pct(c, 95)).toFixed(1)}x)`,
        );
      }
      const F = 'forms-entries';
      return [
        figure(F, `getCustomFormEntries p50, ${ENTRIES} entries, filtered (ms)`, median(p50[0]), median(p50[1]), 'plain paged select (pg.Pool)', 'ms'),
        figure(F, `getCustomFormEntries p95, ${ENTRIES} entries, filtered (ms)`, median(p95[0]), median(p95[1]), 'plain paged select (pg.Pool)', 'ms'),
        figure(F, `getCustomFormEntries p95 vs the same filter by hand (ms)`, median(p95[0]), median(p95[2]), 'plain filtered paged select with total (pg.Pool)', 'ms'),
        figure(F, 'SQL statements per request', statements.length, 1, 'one plain select', 'stmts'),
      ];
    } finally {
      await pool.end();
      await db.destroy();
    }
  },
};
