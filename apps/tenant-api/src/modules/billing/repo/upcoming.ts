import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export type UpcomingRow = { plan_id: string; name: string; amount: string; period_start: string; period_end: string };

/**
 * The next invoice of each plan of a child, cut as the invoice run cuts periods (repo/invoices.ts
 * issueDueInvoices): the period after the one containing the location's today, or the first period
 * of a plan that has not started. A plan paused on or before that period, or ended before it, has
 * none; a location that does not bill has none.
 */
export async function upcomingInvoices(db: Db, studentId: string, now: Date): Promise<UpcomingRow[]> {
  const r = await db.raw(
    `with due as (
       select p.id, p.name, p.amount, p.period, p.start_date, p.paused_from, p.end_date,
              (?::timestamptz at time zone l.timezone)::date as today
       from billing_plans p
       join locations l on l.id = p.location_id and l.billing and l.deleted_at is null
       where p.student_id = ?
     ), numbered as (
       select due.*, case when start_date > today then 0 else 1 + case period
           when 'weekly' then (today - start_date) / 7
           when 'biweekly' then (today - start_date) / 14
           else (extract(year from age(today, start_date)) * 12 + extract(month from age(today, start_date)))::int end end as n
       from due
     ), periods as (
       select numbered.*, case period
           when 'weekly' then start_date + 7 * n
           when 'biweekly' then start_date + 14 * n
           else (start_date + make_interval(months => n))::date end as period_start,
         case period
           when 'weekly' then start_date + 7 * n + 6
           when 'biweekly' then start_date + 14 * n + 13
           else (start_date + make_interval(months => n + 1))::date - 1 end as period_end
       from numbered
     )
     select id as plan_id, name, amount, to_char(period_start, 'YYYY-MM-DD') as period_start, to_char(period_end, 'YYYY-MM-DD') as period_end
     from periods
     where (paused_from is null or paused_from > period_start) and (end_date is null or end_date >= period_start)
     order by period_start, id`,
    [now, studentId],
  );
  return r.rows as UpcomingRow[];
}
