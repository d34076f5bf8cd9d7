import { describe, expect, it } from 'vitest';
import { iso, isoTime } from './result.ts';

describe('timestamps as ISO 8601', () => {
  it('iso answers null for a missing value (nullable fields)', () => {
    expect(iso(new Date('2026-11-26T08:30:00Z'))).toBe('2026-11-26T08:30:00.000Z');
    expect(iso(null)).toBeNull();
  });

  it('isoTime answers a string for a NOT NULL column and refuses a missing one instead of a null String!', () => {
    expect(isoTime(new Date('2026-11-26T08:30:00Z'))).toBe('2026-11-26T08:30:00.000Z');
    expect(isoTime('2026-11-26T08:30:00.000Z')).toBe('2026-11-26T08:30:00.000Z');
    expect(() => isoTime(undefined)).toThrow(TypeError);
    expect(() => isoTime(null)).toThrow(/required timestamp/);
  });
});
