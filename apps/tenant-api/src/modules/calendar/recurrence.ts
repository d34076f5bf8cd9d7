import { addDays, daysBetween, weekdayOf, zonedInstant, type Weekday } from '@kv/shared';

export const WEEKDAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const satisfies readonly Weekday[];

/** A series lasts at most one year from its first day. */
export const MAX_SERIES_DAYS = 366;

/** The local dates of a weekly series: every day from `from` to `until` (inclusive) on one of `days`. */
export function occurrences(from: string, until: string, days: readonly string[]): string[] {
  const want = new Set(days);
  const out: string[] = [];
  const n = daysBetween(from, until);
  for (let i = 0; i <= n; i++) {
    const d = addDays(from, i);
    if (want.has(weekdayOf(d))) out.push(d);
  }
  return out;
}

/**
 * The instants an occurrence names in the location's zone: its wall-clock times on its own local
 * date (so 9:00 stays 9:00 on either side of a DST change); an all-day event spans the local day.
 */
export function instants(
  date: string,
  e: { full_day: boolean; start_time: string | null; end_time: string | null },
  tz: string,
): { starts_at: Date; ends_at: Date } {
  if (e.full_day || !e.start_time || !e.end_time) {
    return { starts_at: zonedInstant(date, '00:00', tz), ends_at: zonedInstant(addDays(date, 1), '00:00', tz) };
  }
  return { starts_at: zonedInstant(date, e.start_time, tz), ends_at: zonedInstant(date, e.end_time, tz) };
}

/** The day a birthday falls on in `year`: 29 February on 28 February in a common year. */
export function birthdayIn(dob: string, year: number): string {
  const md = dob.slice(5, 10);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${md === '02-29' && !leap ? '02-28' : md}`;
}
