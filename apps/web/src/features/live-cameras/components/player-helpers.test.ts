import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { refreshDelay } from '../hooks/use-camera-playback';
import { formatDay, formatDuration, secondsBehind } from './live-behind';
import { periodVars } from './period-picker';
import { reasonText } from './reason';

describe('live-camera helpers', () => {
  it('says how far behind live the frame on screen is, from its program date', () => {
    const now = Date.parse('2026-11-24T10:00:10Z');
    expect(secondsBehind(new Date('2026-11-24T10:00:04.400Z'), now)).toBe(6);
    expect(secondsBehind(new Date('2026-11-24T10:00:12Z'), now)).toBe(0);
    expect(secondsBehind(null, now)).toBeNull();
    expect(secondsBehind(new Date('nonsense'), now)).toBeNull();
  });

  it('formats durations and days', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDay('2026-11-03')).toBe('11/03/2026');
    expect(formatDay(null)).toBe('');
  });

  it('refreshes the playback token 15 s before it expires, never sooner than in 5 s', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(refreshDelay('2026-11-24T10:01:00Z', now)).toBe(45_000);
    expect(refreshDelay('2026-11-24T10:00:10Z', now)).toBe(5_000);
  });

  it('turns a period into the report arguments (date, range or week)', () => {
    expect(periodVars({ mode: 'date', date: '', from: '2026-11-01', to: '2026-11-07' })).toEqual({});
    expect(periodVars({ mode: 'date', date: '2026-11-05', from: '', to: '' })).toEqual({ date: '2026-11-05' });
    expect(periodVars({ mode: 'range', date: '', from: '2026-11-01', to: '2026-11-07' })).toEqual({ from: '2026-11-01', to: '2026-11-07' });
    expect(periodVars({ mode: 'week', date: '2026-11-05', from: '', to: '' })).toEqual({ week: '2026-11-05' });
  });

  it('words a known refusal in the viewer’s language and keeps the server’s text otherwise', () => {
    const t = ((key: string) => `t:${key}`) as unknown as TFunction;
    expect(reasonText(t, 'NOT_CHECKED_IN', 'server text')).toBe('t:cameras:reasons.NOT_CHECKED_IN');
    expect(reasonText(t, 'SOMETHING_NEW', 'server text')).toBe('server text');
    expect(reasonText(t, null, 'server text')).toBe('server text');
  });
});
