import { describe, expect, it } from 'vitest';
import { formatHours, formatInZone, formatLocalStamp, stampInZone, todayInZone } from './formats';

describe('attendance formats (spec §9, the location’s time zone)', () => {
  it('shows local stamps as MM/DD/YYYY h:mm A', () => {
    expect(formatLocalStamp('2026-03-01 07:05')).toBe('03/01/2026 7:05 AM');
    expect(formatLocalStamp('2026-03-01 19:30')).toBe('03/01/2026 7:30 PM');
    expect(formatLocalStamp(null)).toBe('');
  });
  it('shows an instant in the location’s zone, across midnight', () => {
    expect(formatInZone('2026-03-02T03:30:00Z', 'America/New_York')).toBe('03/01/2026 10:30 PM');
    expect(formatInZone('2026-03-01T22:00:00Z', 'Asia/Tokyo')).toBe('03/02/2026 7:00 AM');
    expect(todayInZone('Asia/Tokyo', new Date('2026-03-01T22:00:00Z'))).toBe('2026-03-02');
  });
  it('writes an instant as the API’s local stamp YYYY-MM-DD HH:MM in the zone', () => {
    expect(stampInZone('2026-03-02T03:30:00Z', 'America/New_York')).toBe('2026-03-01 22:30');
    expect(stampInZone('2026-03-02T00:05:00Z', 'Asia/Tokyo')).toBe('2026-03-02 09:05');
    expect(stampInZone(null, 'Asia/Tokyo')).toBe('');
    expect(stampInZone('not a date', 'Asia/Tokyo')).toBe('');
  });
  it('shows hours as H:MM', () => {
    expect(formatHours(7.5)).toBe('7:30');
    expect(formatHours(0.25)).toBe('0:15');
    expect(formatHours(10)).toBe('10:00');
    expect(formatHours(null)).toBe('');
  });
});
