/**
 * Wall-clock arithmetic in a location's time zone (`locations.timezone`), with Intl only: the
 * tenant API's check-ins and reports and the demo seed's history use the same functions.
 * Instants are stored as timestamptz; `date` columns hold the location's local date; times of day
 * are `HH:MM`.
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

/** `HH:MM` of a number of minutes after midnight (0 … 1439). */
export function clockTime(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Minutes after midnight of an `HH:MM` time. */
export function minutesOf(time: string): number {
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return h * 60 + mi;
}

let zones: Set<string> | null = null;
/** Whether the runtime knows this IANA time zone (`Intl.supportedValuesOf`, read on first use). */
export function isTimeZone(v: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
  return zones.has(v);
}
