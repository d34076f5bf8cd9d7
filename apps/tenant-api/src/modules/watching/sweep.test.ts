import { describe, expect, it } from 'vitest';
import { startCameraSweep } from './jobs.ts';

describe('startCameraSweep', () => {
  it('visits the centres in use here every round and every active centre on a full round', async () => {
    const visits: string[][] = [];
    let round: string[] = [];
    const sweep = startCameraSweep({
      secretKey: 'k',
      jwtSeed: null,
      centres: async () => {
        if (round.length) visits.push(round);
        round = [];
        return ['1', '2', '3'];
      },
      hotCentres: () => ['2', '9'], // 9: open here but no longer active
      // Each visit stops at the database: which centres were visited is all this test reads.
      dbFor: async (id) => {
        round.push(id);
        throw new Error('no database in this test');
      },
      intervalMs: 20,
      fullSweepMs: 300,
    });
    const full = (v: string[]) => v.length === 3;
    try {
      for (let i = 0; i < 150 && visits.filter(full).length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      sweep.stop();
    }
    expect(visits[0]).toEqual(['1', '2', '3']);
    const second = visits.findIndex((v, i) => i > 0 && full(v));
    expect(second).toBeGreaterThan(1);
    // In between, only the active centre in use here.
    expect(visits.slice(1, second).every((v) => v.length === 1 && v[0] === '2')).toBe(true);
  });
});
