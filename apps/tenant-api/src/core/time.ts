import { z } from 'zod';

/**
 * Wall-clock arithmetic in a location's time zone (`locations.timezone`), with Intl only.
 * Instants are stored as timestamptz; `date` columns hold the location's local date.
 */

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface LocalParts {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM (24-hour) */
  time: string;
  weekday: Weekday;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

function formattedParts(instant: Date, tz: string) {
  const p: Record<string, string> = {};
  for (const x of formatter(tz).formatToParts(instant)) p[x.type] = x.value;
  return { y: Number(p.year), mo: Number(p.month), d: Number(p.day), h: Number(p.hour) % 24, mi: Number(p.minute), s: Number(p.second) };
}

/**
 * The zone's offset from UTC, known per quarter hour: time-zone changes happen on a quarter hour
 * (the last exception was Liberia's in 1972), so one Intl call answers a whole quarter (formatToParts on every request was
 * a tenth of a check-in's JavaScript, bench check-in-throughput).
 */
const QUARTER_MS = 15 * 60_000;
const offsets = new Map<string, number>();
function offsetMs(instant: Date, tz: string): number {
  const ms = instant.getTime();
  const key = `${tz}|${Math.floor(ms / QUARTER_MS)}`;
  let off = offsets.get(key);
  if (off === undefined) {
    const p = formattedParts(instant, tz);
    off = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - Math.floor(ms / 1000) * 1000;
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, off);
  }
  return off;
}

function parts(instant: Date, tz: string) {
  const local = new Date(instant.getTime() + offsetMs(instant, tz));
  return {
    y: local.getUTCFullYear(),
    mo: local.getUTCMonth() + 1,
    d: local.getUTCDate(),
    h: local.getUTCHours(),
    mi: local.getUTCMinutes(),
    s: local.getUTCSeconds(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local date, time and weekday of an instant at a location. */
export function localParts(instant: Date, tz: string): LocalParts {
  const p = parts(instant, tz);
  const weekday = WEEKDAYS[new Date(Date.UTC(p.y, p.mo - 1, p.d)).getUTCDay()]!;
  return { date: `${p.y}-${pad(p.mo)}-${pad(p.d)}`, time: `${pad(p.h)}:${pad(p.mi)}`, weekday };
}

/**
 * The instant at which the location's clocks show `date` `time`. In a spring-forward gap the
 * time is read with the offset before the change (02:30 → 03:30); in the repeated autumn hour the
 * first occurrence is used.
 */
export function zonedInstant(date: string, time: string, tz: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const first = wall - offsetMs(new Date(wall), tz);
  const second = wall - offsetMs(new Date(first), tz);
  if (first === second) return new Date(first);
  // Two candidates: keep the earlier one that shows the asked wall time, else the one before the gap.
  const shows = (t: number) => localParts(new Date(t), tz).time === time.slice(0, 5);
  if (shows(Math.min(first, second))) return new Date(Math.min(first, second));
  if (shows(Math.max(first, second))) return new Date(Math.max(first, second));
  return new Date(Math.max(first, second));
}

/** `YYYY-MM-DD` plus n days. */
export function addDays(date: string, n: number): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, mo - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  const ms = (s: string) => {
    const [y, mo, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, mo - 1, d);
  };
  return Math.round((ms(b) - ms(a)) / 86_400_000);
}

export const weekdayOf = (date: string): Weekday => {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAYS[new Date(Date.UTC(y, mo - 1, d)).getUTCDay()]!;
};

/** Hours between two instants, rounded to 2 decimals. */
export const hoursBetween = (a: Date, b: Date) => Math.round(((b.getTime() - a.getTime()) / 3_600_000) * 100) / 100;

export const round2 = (n: number) => Math.round(n * 100) / 100;

// ── argument schemas ────────────────────────────────────────────────────────

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

/** IANA time zones the runtime knows (checked with `Intl.supportedValuesOf`). */
const ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
export const isTimeZone = (v: string) => ZONES.has(v);
export const timezone = z.string().trim().refine(isTimeZone, 'Choose a time zone from the list, such as America/New_York.');

/** A date range of at most `maxDays` days, `from` ≤ `to`. */
export function dateRange(maxDays = 366) {
  return z
    .object({ from: localDate, to: localDate })
    .refine((r) => r.from <= r.to, { message: 'The end date must be on or after the start date.', path: ['to'] })
    .refine((r) => daysBetween(r.from, r.to) < maxDays, { message: `Choose at most ${maxDays} days.`, path: ['to'] });
}
