import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, localParts, weekdayOf, zonedInstant } from './zoned-time.ts';

describe('time in the location’s zone', () => {
  it('turns a local date and time into the instant, across DST changes', () => {
    expect(zonedInstant('2026-01-15', '08:00', 'America/New_York').toISOString()).toBe('2026-01-15T13:00:00.000Z');
    expect(zonedInstant('2026-07-15', '08:00', 'America/New_York').toISOString()).toBe('2026-07-15T12:00:00.000Z');
    expect(zonedInstant('2026-07-15', '08:00', 'Australia/Sydney').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(zonedInstant('2026-03-01', '00:30', 'Asia/Kolkata').toISOString()).toBe('2026-02-28T19:00:00.000Z');
    // 2026-03-08 02:30 does not exist in New York (clocks jump 02:00 → 03:00)
    expect(zonedInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 2026-11-01 01:30 happens twice in New York: the first one (EDT)
    expect(zonedInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedInstant('2026-03-29', '12:00', 'UTC').toISOString()).toBe('2026-03-29T12:00:00.000Z');
  });

  it('reads an instant as the location’s date, time and weekday', () => {
    const t = new Date('2026-03-02T04:30:00Z');
    expect(localParts(t, 'America/Chicago')).toEqual({ date: '2026-03-01', time: '22:30', weekday: 'sun' });
    expect(localParts(t, 'Europe/Madrid')).toEqual({ date: '2026-03-02', time: '05:30', weekday: 'mon' });
    for (const tz of ['America/New_York', 'Pacific/Auckland', 'Asia/Kathmandu']) {
      const i = zonedInstant('2026-10-04', '07:45', tz);
      expect(localParts(i, tz)).toMatchObject({ date: '2026-10-04', time: '07:45' });
    }
  });

  it('does date arithmetic on local dates', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(weekdayOf('2026-03-02')).toBe('mon');
  });
});

describe('local parts from the quarter-hour offset cache', () => {
  it('match Intl minute by minute across 2026 clock changes, half-hour ones (Lord Howe) and quarter-hour zones', () => {
    const zones = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham'];
    const days = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-09-27', '2026-10-04', '2026-10-25', '2026-11-01'];
    for (const tz of zones) {
      const intl = new Intl.DateTimeFormat('en-CA', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      for (const day of days) {
        const start = Date.parse(`${day}T00:00:00Z`) - 14 * 3600_000;
        for (let t = start; t < start + 52 * 3600_000; t += 7 * 60_000 + 13_000) {
          const p = Object.fromEntries(intl.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
          const got = localParts(new Date(t), tz);
          expect(`${got.date} ${got.time}`, `${tz} ${new Date(t).toISOString()}`).toBe(
            `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`,
          );
        }
      }
    }
  });
});
