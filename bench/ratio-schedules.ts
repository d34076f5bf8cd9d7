import { performance } from 'node:perf_hooks';
import { createKnex } from '@kv/db';
import { ratioSnapshot } from '@kv/tenant-api';
import type { Benchmark } from './lib/context.ts';
import { figure } from './lib/context.ts';
import { centreUrl, ensureCentres } from './lib/centres.ts';
import { median } from './lib/load.ts';

const SLUG = 'bench-schedules';
const CHILDREN = 400;
const ROUNDS = 200;

/**
 * Today's `week_schedule` forecast (issue 21 retired the column): the same statement as before,
 * reading the weekdays from a side table that holds each child's schedule of today (the column's
 * content, one row per child, primary key on the child) instead of `students.week_schedule`.
 */
const WEEK_SCHEDULE_SNAPSHOT = `with p as (
     select p.id, p.name, p.color_code, p.location_id, l.timezone as tz, (now() at time zone l.timezone) as local_now
       from programs p join locations l on l.id = p.location_id
      where p.id = any(?::bigint[]) and p.deleted_at is null
   )
   select p.id as program_id, p.name, p.color_code, p.location_id,
          rr.children as ratio_children, rr.staff as ratio_staff, st.status as recorded_status,
          (select count(*)::int from attendances a
            where a.program_id = p.id and a.end_time is null and a.deleted_at is null
              and a.start_time > now() - make_interval(hours => 24)) as children_present,
          (select count(*)::int from staff_attendances sa
            where sa.program_id = p.id and sa.end_time is null and sa.deleted_at is null
              and sa.start_time > now() - make_interval(hours => 24)
              and not exists (select 1 from staff_breaks b where b.staff_attendance_id = sa.id and b.end_time is null)) as staff_present,
          (select count(*)::int from students s
             join bench_week_schedules ws on ws.student_id = s.id
             left join lateral (
               select percentile_disc(0.5) within group (order by (h.start_time at time zone p.tz)::time) as usual
                 from attendances h
                where h.student_id = s.id and h.deleted_at is null and h.start_time > now() - interval '28 days'
             ) hist on true
            where s.program_id = p.id and s.deleted_at is null and s.status
              and coalesce(s.type, '') not in ('lead', 'waitlist')
              and (lower(to_char(p.local_now, 'dy')) = any(ws.week_schedule)
                   or (cardinality(ws.week_schedule) = 0 and extract(isodow from p.local_now) < 6))
              and not exists (select 1 from attendances t where t.student_id = s.id and t.date = p.local_now::date and t.deleted_at is null)
              and not exists (select 1 from attendance_absences ab where ab.student_id = s.id and ab.date = p.local_now::date)
              and (hist.usual is null or hist.usual <= (p.local_now + make_interval(mins => 30))::time
                   or (p.local_now + make_interval(mins => 30))::date > p.local_now::date)) as expected_arrivals
     from p
     left join room_ratios rr on rr.program_id = p.id
     left join room_ratio_states st on st.program_id = p.id
    order by lower(p.name), p.id`;

/**
 * `ratioSnapshot` (every room of the centre, one statement) with expected arrivals from the
 * schedules (`expectedStudents`: schedules, extra days, absences) against the retired
 * `week_schedule` query on the same rows, in the same process and pool: statements per second.
 */
export const ratioSchedules: Benchmark = {
  name: 'ratio-schedules',
  title: 'ratioSnapshot on schedules vs the week_schedule query',
  async run(ctx) {
    await ensureCentres(ctx, [SLUG], { children: CHILDREN });
    const db = createKnex(await centreUrl(ctx, SLUG), { max: 2, applicationName: 'kv-bench-ratios' });
    try {
      // One open-ended schedule per child that has none (a fifth Mon/Wed/Fri, a fifth Tue/Thu).
      await db.raw(`insert into student_schedules (student_id, location_id, program_id, start_date, type, days)
                    select s.id, s.location_id, s.program_id, current_date - 400,
                           case when s.id % 5 in (3, 4) then 'part_time' else 'full_time' end,
                           case s.id % 5 when 3 then array['mon','wed','fri'] when 4 then array['tue','thu']
                                else array['mon','tue','wed','thu','fri'] end
                      from students s
                     where not exists (select 1 from student_schedules x where x.student_id = s.id)`);
      await db.raw(`create table if not exists bench_week_schedules (student_id bigint primary key, week_schedule text[] not null)`);
      await db.raw(`insert into bench_week_schedules (student_id, week_schedule)
                    select x.student_id, x.days from student_schedules x
                     where x.start_date <= current_date and (x.end_date is null or x.end_date >= current_date)
                    on conflict (student_id) do update set week_schedule = excluded.week_schedule`);
      await db.raw('analyze bench_week_schedules');
      const programs = (await db('programs').whereNull('deleted_at').select('id')).map((r) => String(r.id));
      const ours = async () => {
        const t0 = performance.now();
        for (let i = 0; i < ROUNDS; i++) await ratioSnapshot(db, programs);
        return ROUNDS / ((performance.now() - t0) / 1000);
      };
      const reference = async () => {
        const t0 = performance.now();
        for (let i = 0; i < ROUNDS; i++) await db.raw(WEEK_SCHEDULE_SNAPSHOT, [programs]);
        return ROUNDS / ((performance.now() - t0) / 1000);
      };
      await ours();
      await reference();
      const a: number[] = [];
      const b: number[] = [];
      const reps = ctx.quick ? 1 : ctx.reps;
      for (let rep = 0; rep < reps; rep++) {
        a.push(await ours());
        b.push(await reference());
        ctx.log(`  #${rep + 1}: schedules ${a.at(-1)!.toFixed(1)} snapshots/s, week_schedule ${b.at(-1)!.toFixed(1)} snapshots/s`);
      }
      return [
        figure(
          'ratio-schedules',
          `ratioSnapshot, ${programs.length} rooms, ${CHILDREN} children (snapshots/s)`,
          median(a),
          median(b),
          'the retired week_schedule query',
          'ops/s',
        ),
      ];
    } finally {
      await db.destroy();
    }
  },
};
