import { addDays, localParts } from '@kv/shared';
import { formatDay } from '../../../lib/format';

export { addDays };

export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Today at the location (its zone), else on this device. */
export function todayAt(timeZone: string | null): string {
  try {
    return localParts(new Date(), timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone).date;
  } catch {
    return localParts(new Date(), 'UTC').date;
  }
}

/** The Monday of a date's week. */
export const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

/** `HH:MM` (24 h) as `h:mm A`. */
export function formatClock(time: string | null | undefined): string {
  const m = /^(\d{2}):(\d{2})/.exec(time ?? '');
  if (!m) return '';
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** An ISO instant as MM/DD/YYYY h:mm A on this device. */
export function formatInstant(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDay(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`)} ${formatClock(`${pad(d.getHours())}:${pad(d.getMinutes())}`)}`;
}
