import { formatDay } from '../../../lib/format';

// Spec §9 `MM/DD/YYYY h:mm A`, from the location's own date (`YYYY-MM-DD`, lib/format's formatDay) and time (`HH:MM`), no time-zone shift.

/** `HH:MM` (24 h) as `h:mm A`; blank for anything else. */
export function formatClock(time: string | null | undefined): string {
  const m = /^(\d{2}):(\d{2})/.exec(time ?? '');
  if (!m) return '';
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A day (`YYYY-MM-DD`, the location's) and a time as `MM/DD/YYYY h:mm A`. */
export function formatStamp(date: string | null | undefined, time: string | null | undefined): string {
  return [formatDay(date), formatClock(time)].filter(Boolean).join(' ');
}

/** `YYYY-MM-DD` some days before another. */
export function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}
