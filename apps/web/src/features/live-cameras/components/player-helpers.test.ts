import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { refreshDelay } from '../hooks/use-camera-playback';
import { createSerialQueue } from '../hooks/viewer-activity';
import { formatClock, formatDuration, secondsBehind } from './live-behind';
import { createTileSlots } from './tile-slots';
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

  it('formats durations', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
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

  it('says until when the camera plays, as a time of day', () => {
    expect(formatClock(new Date(2026, 10, 24, 18, 0).toISOString())).toBe('6:00 PM');
    expect(formatClock(null)).toBe('');
    expect(formatClock('nonsense')).toBe('');
  });

  it('grid tiles share a few live slots; a waiting tile hears when one is freed', () => {
    const slots = createTileSlots(2);
    expect([slots.acquire('a'), slots.acquire('a'), slots.acquire('b'), slots.acquire('c')]).toEqual([true, true, true, false]);
    let freed = 0;
    const stop = slots.onFree(() => {
      freed++;
      expect(slots.acquire('c')).toBe(true);
    });
    slots.release('x');
    expect(freed).toBe(0);
    slots.release('a');
    expect([freed, slots.held()]).toEqual([1, 2]);
    stop();
    slots.release('b');
    expect(freed).toBe(1);
  });

  it('opens viewings one at a time, in order, even when one fails', async () => {
    const run = createSerialQueue();
    const order: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      () =>
        new Promise<string>((resolve, reject) =>
          setTimeout(() => {
            order.push(name);
            if (fail) reject(new Error(name));
            else resolve(name);
          }, ms),
        );
    const results = await Promise.allSettled([run(task('first', 30)), run(task('second', 1, true)), run(task('third', 1))]);
    expect(order).toEqual(['first', 'second', 'third']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
