import { describe, expect, it } from 'vitest';
import { parseDuration } from './service/pin.ts';

describe('rotating QR codes', () => {
  it('reads the QR expiry setting', () => {
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('2 hours')).toBe(7_200_000);
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('10')).toBe(600_000);
    expect(parseDuration('')).toBeNull();
    expect(parseDuration(null)).toBeNull();
    expect(parseDuration('1s')).toBe(15_000);
    expect(parseDuration('whenever')).toBe(86_400_000);
  });
});
