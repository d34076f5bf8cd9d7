/**
 * Local dates and wall-clock times of a location's time zone, so seeded history ends "today" where
 * the location is, whatever the machine's zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsOf(timeZone: string, at: Date): Record<string, number> {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return Object.fromEntries(f.formatToParts(at).flatMap((p) => (p.type === 'literal' ? [] : [[p.type, Number(p.value)]])));
}

/** The zone's local date `days` from the local date of `at`, as YYYY-MM-DD. */
export function localDate(timeZone: string, at: Date, days = 0): string {
  const p = partsOf(timeZone, at);
  return new Date(Date.UTC(p.year!, p.month! - 1, p.day! + days)).toISOString().slice(0, 10);
}

/** Minutes since local midnight at `at`. */
export function localMinutes(timeZone: string, at: Date): number {
  const p = partsOf(timeZone, at);
  return p.hour! * 60 + p.minute!;
}

/** mon … sun of a YYYY-MM-DD date. */
export function weekday(date: string): string {
  return ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

const offsets = new Map<string, number>();

/** The instant of `minutes` after local midnight of `date` in the zone (DST-correct; offsets cached per hour). */
export function zonedInstant(timeZone: string, date: string, minutes: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  const key = `${timeZone}|${date}|${Math.floor(minutes / 60)}`;
  let off = offsets.get(key);
  if (off === undefined) {
    const offset = (t: number) => {
      const p = partsOf(timeZone, new Date(t));
      return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - t;
    };
    off = offset(wall - offset(wall));
    offsets.set(key, off);
  }
  return new Date(wall - off);
}

/** A date `days` after YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}
