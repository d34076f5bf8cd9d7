import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { DATE_FORMAT, formatDay } from './format';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('formatDay (spec §9 date part, MM/DD/YYYY)', () => {
  it('is the date part of the spec format', () => {
    expect(DATE_FORMAT).toBe('MM/DD/YYYY');
  });

  it('shows a local date as MM/DD/YYYY', () => {
    expect(formatDay('2026-11-03')).toBe('11/03/2026');
    expect(formatDay('2026-01-31')).toBe('01/31/2026');
    expect(formatDay('2024-02-29')).toBe('02/29/2024');
  });

  it('reads the date a stamp starts with', () => {
    expect(formatDay('2026-03-01 07:05')).toBe('03/01/2026');
    expect(formatDay('2026-03-01T23:59:00')).toBe('03/01/2026');
  });

  it('is blank when empty', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay(undefined)).toBe('');
    expect(formatDay('')).toBe('');
  });

  it('is blank when unreadable or not a day of the calendar', () => {
    expect(formatDay('nonsense')).toBe('');
    expect(formatDay('03/01/2026')).toBe('');
    expect(formatDay('2026-3-1')).toBe('');
    expect(formatDay('2026-02-30')).toBe('');
    expect(formatDay('2025-02-29')).toBe('');
    expect(formatDay('2026-13-01')).toBe('');
  });

  it('keeps the date as written around midnight, whatever zone the device is in', () => {
    for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
      process.env.TZ = tz;
      expect(formatDay('2026-03-01')).toBe('03/01/2026');
      expect(formatDay('2026-03-01T00:00:00Z')).toBe('03/01/2026');
      expect(formatDay('2026-03-01T23:30:00Z')).toBe('03/01/2026');
      expect(formatDay('2026-03-08 00:30')).toBe('03/08/2026');
    }
    // What it guards against: parsing the UTC stamp shifts the day on a device west of UTC.
    process.env.TZ = 'America/Los_Angeles';
    expect(dayjs('2026-03-01T00:00:00Z').format(DATE_FORMAT)).toBe('02/28/2026');
  });
});
