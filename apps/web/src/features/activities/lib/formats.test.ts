import { describe, expect, it } from 'vitest';
import { daysBefore, formatClock, formatStamp } from './formats';

describe('activity formats (spec §9 MM/DD/YYYY h:mm A)', () => {
  it('shows the location date and time as they are, without a time-zone shift', () => {
    expect(formatClock('00:05')).toBe('12:05 AM');
    expect(formatClock('12:30')).toBe('12:30 PM');
    expect(formatClock('17:45:00')).toBe('5:45 PM');
    expect(formatStamp('2026-01-02', '09:07')).toBe('01/02/2026 9:07 AM');
    expect(formatStamp(null, '09:07')).toBe('9:07 AM');
    expect(formatClock('later')).toBe('');
  });

  it('counts days back across months', () => {
    expect(daysBefore('2026-03-02', 6)).toBe('2026-02-24');
  });
});
