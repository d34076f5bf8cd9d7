import dayjs from 'dayjs';
import { TIME_FORMAT } from '@kv/shared';

/** Spec §9 time part of `MM/DD/YYYY h:mm A` (the location's dates: lib/format's formatDay). */
const CLOCK_FORMAT = TIME_FORMAT.split(' ').slice(1).join(' ');

/** A stamp already in the location's zone (`YYYY-MM-DD HH:MM`) as `MM/DD/YYYY h:mm A`. */
export function formatLocalStamp(stamp: string | null | undefined): string {
  if (!stamp) return '';
  const parsed = dayjs(stamp.replace(' ', 'T'));
  return parsed.isValid() ? parsed.format(TIME_FORMAT) : '';
}

/** The location's wall-clock parts of an instant. */
function zonedParts(instant: string | Date, timeZone: string): Record<string, string> | null {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return null;
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(date);
    return Object.fromEntries(parts.map((p) => [p.type, p.value]));
  } catch {
    return null;
  }
}

/** An instant (ISO 8601) as `MM/DD/YYYY h:mm A` in the location's time zone. */
export function formatInZone(instant: string | null | undefined, timeZone: string | null | undefined): string {
  if (!instant) return '';
  if (!timeZone) return dayjs(instant).isValid() ? dayjs(instant).format(TIME_FORMAT) : '';
  const p = zonedParts(instant, timeZone);
  return p ? formatLocalStamp(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`) : '';
}

/** An instant as the API's local stamp `YYYY-MM-DD HH:MM` in the location's zone (blank when unknown). */
export function stampInZone(instant: string | null | undefined, timeZone: string | null | undefined): string {
  if (!instant) return '';
  if (!timeZone) return dayjs(instant).isValid() ? dayjs(instant).format('YYYY-MM-DD HH:mm') : '';
  const p = zonedParts(instant, timeZone);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}` : '';
}

/** Only the time (`h:mm A`) of an instant in the location's zone. */
export function formatTimeInZone(instant: string | null | undefined, timeZone: string | null | undefined): string {
  const full = formatInZone(instant, timeZone);
  return full ? full.split(' ').slice(1).join(' ') : '';
}

/** Today in the location's zone as `YYYY-MM-DD`. */
export function todayInZone(timeZone: string | null | undefined, now: Date = new Date()): string {
  const p = timeZone ? zonedParts(now, timeZone) : null;
  return p ? `${p.year}-${p.month}-${p.day}` : dayjs(now).format('YYYY-MM-DD');
}

/** Decimal hours as `H:MM` (7.5 → `7:30`); blank for nothing. */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '';
  const minutes = Math.round(Math.max(0, hours) * 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

export { CLOCK_FORMAT };
