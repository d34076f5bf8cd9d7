import { addDays, localParts } from '@kv/shared';

/** Today at the location (its zone), else on this device. */
export function todayAt(timeZone: string | null): string {
  try {
    return localParts(new Date(), timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone).date;
  } catch {
    return localParts(new Date(), 'UTC').date;
  }
}

/** 0 = Monday … 6 = Sunday. */
export function dayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The Monday of a date's week. */
export const mondayOf = (date: string) => addDays(date, -dayIndex(date));

export { addDays };

/** `HH:MM` (24 h) as `h:mm A`. */
export function formatClock(time: string | null | undefined): string {
  const m = /^(\d{2}):(\d{2})/.exec(time ?? '');
  if (!m) return '';
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}
