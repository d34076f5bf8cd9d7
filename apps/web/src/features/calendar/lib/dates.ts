import dayjs from 'dayjs';

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type SeriesScope = 'this' | 'following' | 'all';

/** `YYYY-MM-DD` plus n days (calendar arithmetic on the date alone). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return t.toISOString().slice(0, 10);
}

/** Today's date in a time zone (the device's when none is known). */
export function todayIn(timeZone: string | null): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZone ?? undefined,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return parts.slice(0, 10);
}

/** An instant as the wall clock of a zone, `YYYY-MM-DDTHH:MM` (what the calendar places). */
export function wallTime(iso: string, timeZone: string | null): string {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZone ?? undefined,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** Spec §9 time format `h:mm A` of a wall-clock `HH:MM` (dates: lib/format's formatDay). */
export const formatClock = (time: string) => dayjs(`2000-01-01T${time}`).format('h:mm A');
