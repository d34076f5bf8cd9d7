import dayjs from 'dayjs';
import { TIME_FORMAT } from '@kv/shared';

/** `MM/DD/YYYY h:mm A` (spec §9); blank for empty or unreadable values. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(TIME_FORMAT) : '';
}
