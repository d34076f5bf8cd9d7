import { z } from 'zod';
import { daysBetween, isTimeZone } from '@kv/shared';

/**
 * The tenant API's argument fields for local dates, times and zones. The zone arithmetic itself
 * (`localParts`, `zonedInstant`, `addDays` …) is `@kv/shared`'s `zoned-time.ts`.
 */

export const localDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-03-01.')
  .refine((v) => {
    const [y, mo, d] = v.split('-').map(Number) as [number, number, number];
    const t = new Date(Date.UTC(y, mo - 1, d));
    return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && y >= 2000 && y <= 2100;
  }, 'This date does not exist.');

export const localTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Use a time such as 07:30.')
  .transform((v) => v.slice(0, 5));

/** `YYYY-MM-DD HH:MM` (local to the location), used by corrections. */
export const localDateTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}[ T]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Use a date and time such as 2026-03-01 07:30.')
  .transform((v) => ({ date: v.slice(0, 10), time: v.slice(11, 16) }))
  .refine((v) => localDate.safeParse(v.date).success, 'This date does not exist.');

export const timezone = z.string().trim().refine(isTimeZone, 'Choose a time zone from the list, such as America/New_York.');

/** A date range of at most `maxDays` days, `from` ≤ `to`. */
export function dateRange(maxDays = 366) {
  return z
    .object({ from: localDate, to: localDate })
    .refine((r) => r.from <= r.to, { message: 'The end date must be on or after the start date.', path: ['to'] })
    .refine((r) => daysBetween(r.from, r.to) < maxDays, { message: `Choose at most ${maxDays} days.`, path: ['to'] });
}
