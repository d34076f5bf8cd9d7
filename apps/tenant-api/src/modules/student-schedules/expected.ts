/**
 * Expected attendance, one source: who is expected on a day is read from the schedules
 * (`student_schedules` and their extra `student_schedule_dates`) minus absences
 * (`attendance_absences`, vacations included). A child without any schedule is expected Monday to
 * Friday. Active, enrolled children only (not leads or the waiting list).
 *
 * `expectedStudents` returns SQL text, not a query: the callers splice it into their own statement
 * (the ratio forecast stays one round trip). Its arguments are SQL expressions written in code
 * (column references such as `p.local_now::date`, `array[p.id]`, or `?` placeholders the caller
 * binds), never user input.
 *
 * Columns: `id` (the student), `program_id` (homeroom), `location_id` and `arrival` (the day's
 * `start_time` of the extra date or the schedule, HH:MM, null when the schedule has none).
 */
export interface ExpectedFilter {
  /** A SQL `date` expression: the day. */
  date: string;
  /** A SQL `bigint[]` expression: homerooms to count (omit for all). */
  programs?: string;
  /** A SQL `bigint` expression: the location (omit for all). */
  location?: string;
}

/** The weekday of a SQL date expression as the schedules store it (mon … sun), locale-free. */
export const weekdayOfSql = (date: string) => `(array['mon','tue','wed','thu','fri','sat','sun'])[extract(isodow from (${date}))::int]`;

export function expectedStudents(f: ExpectedFilter): string {
  const d = `(${f.date})`;
  const where = [
    's.deleted_at is null',
    's.status',
    `coalesce(s.type, '') not in ('lead', 'waitlist')`,
    f.programs ? `s.program_id = any(${f.programs})` : null,
    f.location ? `s.location_id = (${f.location})` : null,
  ].filter(Boolean);
  return `select s.id, s.program_id, s.location_id, coalesce(xd.start_time, xs.start_time) as arrival
      from students s
      left join lateral (
        select x.start_time, x.days from student_schedules x
         where x.student_id = s.id and x.start_date <= ${d} and (x.end_date is null or x.end_date >= ${d})
         limit 1
      ) xs on true
      left join student_schedule_dates xd on xd.student_id = s.id and xd.date = ${d}
     where ${where.join(' and ')}
       and (xd.id is not null
            or ${weekdayOfSql(d)} = any(xs.days)
            or (xs.days is null and extract(isodow from ${d}) < 6
                and not exists (select 1 from student_schedules xn where xn.student_id = s.id)))
       and not exists (select 1 from attendance_absences xa where xa.student_id = s.id and xa.date = ${d})`;
}
