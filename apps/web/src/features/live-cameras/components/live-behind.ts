import dayjs from 'dayjs';

/** Seconds between the wall clock and the program date of the frame on screen (null: unknown). */
export function secondsBehind(programDate: Date | null | undefined, now = Date.now()): number | null {
  if (!programDate || Number.isNaN(programDate.getTime())) return null;
  return Math.max(0, Math.round((now - programDate.getTime()) / 1000));
}

/** mm:ss or h:mm:ss of a duration in seconds. */
export function formatDuration(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** The time of day of an instant (the time part of the spec's format, `h:mm A`); blank when unreadable. */
export function formatClock(value: string | null | undefined): string {
  const d = value ? dayjs(value) : null;
  return d?.isValid() ? d.format('h:mm A') : '';
}
