import { describe, expect, it } from 'vitest';
import { ratioLevel, worstLevel } from './ratio-level';

const room = (status: string, spare: number | null, children = 3, staff = 1) => ({
  status: status as 'ok',
  spare_places: spare,
  children_present: children,
  staff_present: staff,
});

describe('ratioLevel: warn before a breach', () => {
  it('is out of ratio only when the server says so', () => {
    expect(ratioLevel(room('out_of_ratio', -1, 5, 1))).toBe('out');
  });
  it('warns at the limit (the next child breaks the ratio) and when expected arrivals will', () => {
    expect(ratioLevel(room('ok', 0, 4, 1))).toBe('warning');
    expect(ratioLevel(room('warning', 2, 2, 1))).toBe('warning');
  });
  it('says approaching with one place left, ok with more', () => {
    expect(ratioLevel(room('ok', 1, 3, 1))).toBe('approaching');
    expect(ratioLevel(room('ok', 2, 2, 1))).toBe('ok');
  });
  it('an empty room with nobody in it is not a warning; a room without a ratio is not_set', () => {
    expect(ratioLevel(room('ok', 0, 0, 0))).toBe('ok');
    expect(ratioLevel(room('not_set', null))).toBe('not_set');
  });
  it('picks the worst level of the rooms', () => {
    expect(worstLevel(['ok', 'approaching', 'not_set'])).toBe('approaching');
    expect(worstLevel(['warning', 'out', 'ok'])).toBe('out');
    expect(worstLevel([])).toBe('not_set');
  });
});
