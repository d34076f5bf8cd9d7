import dayjs from 'dayjs';
import { TIME_FORMAT } from '@kv/shared';

/** `MM/DD/YYYY h:mm A` (spec §9); blank for empty or unreadable values. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(TIME_FORMAT) : '';
}

/** Spec §9 date part of `MM/DD/YYYY h:mm A`. */
export const DATE_FORMAT = TIME_FORMAT.split(' ')[0]!;

/** A local date (`YYYY-MM-DD`, or a stamp that starts with one) as `MM/DD/YYYY`, without any time zone shift; blank when empty or unreadable. */
export function formatDay(value: string | null | undefined): string {
  const m = /^\d{4}-\d{2}-\d{2}/.exec(value ?? '');
  if (!m) return '';
  // Local midnight of that date; a day that does not exist (02/30) rolls over, and is refused.
  const parsed = dayjs(m[0]);
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === m[0] ? parsed.format(DATE_FORMAT) : '';
}
