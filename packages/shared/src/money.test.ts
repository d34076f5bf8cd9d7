import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_CENTS, parseMoney, percentOf, splitByLargestRemainder } from './money.ts';

describe('parseMoney', () => {
  it('reads dollars as cents', () => {
    expect(parseMoney('12')).toEqual({ ok: true, cents: 1200 });
    expect(parseMoney('12.5')).toEqual({ ok: true, cents: 1250 });
    expect(parseMoney('$1,234.56')).toEqual({ ok: true, cents: 123456 });
    expect(parseMoney('0.07')).toEqual({ ok: true, cents: 7 });
    expect(parseMoney(19.99)).toEqual({ ok: true, cents: 1999 });
  });

  it('refuses three decimals, negatives and text', () => {
    expect(parseMoney('1.005')).toMatchObject({ ok: false, message: expect.stringMatching(/two decimals/) });
    expect(parseMoney('-5')).toMatchObject({ ok: false, message: expect.stringMatching(/negative/) });
    expect(parseMoney('$-5.00')).toMatchObject({ ok: false });
    expect(parseMoney('12abc')).toMatchObject({ ok: false });
    expect(parseMoney('')).toMatchObject({ ok: false });
    expect(parseMoney('1e3')).toMatchObject({ ok: false });
  });

  it('round-trips every amount of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), (c) => {
        const text = `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
        expect(parseMoney(text)).toEqual({ ok: true, cents: c });
      }),
    );
  });
});

describe('percentOf', () => {
  it('rounds half-up per item', () => {
    expect(percentOf(1005, 10)).toBe(101); // 100.5 → 101
    expect(percentOf(1004, 10)).toBe(100); // 100.4 → 100
    expect(percentOf(333, 50)).toBe(167); // 166.5 → 167
    expect(percentOf(10000, 12.5)).toBe(1250);
  });

  it('never leaves a cent fraction and stays within half a cent of the exact value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), fc.integer({ min: 0, max: 10000 }), (c, bp) => {
        const r = percentOf(c, bp / 100);
        expect(Number.isInteger(r)).toBe(true);
        const exact = (c * bp) / 10000;
        expect(r - exact).toBeLessThanOrEqual(0.5);
        expect(exact - r).toBeLessThan(0.5);
      }),
    );
  });
});

describe('splitByLargestRemainder', () => {
  it('splits 100 cents three ways as 34/33/33', () => {
    expect(splitByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByLargestRemainder(1001, [50, 50])).toEqual([501, 500]);
    expect(splitByLargestRemainder(999, [7000, 3000])).toEqual([699, 300]);
  });

  it('always sums to the whole, each part within one cent of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_CENTS }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 6 }).filter((w) => w.some((x) => x > 0)),
        (total, weights) => {
          const parts = splitByLargestRemainder(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = weights.reduce((a, b) => a + b, 0);
          parts.forEach((p, i) => {
            const exact = (total * weights[i]!) / sum;
            expect(p).toBeGreaterThanOrEqual(Math.floor(exact));
            expect(p).toBeLessThanOrEqual(Math.ceil(exact));
          });
        },
      ),
    );
  });
});
