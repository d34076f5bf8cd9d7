import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { TICK_MS, scheduleAttendanceTick, startAttendanceTick, tickPhase } from './tick.ts';

/** A stand-in for knex that keeps the outbox rows written. */
function recorder() {
  const rows: Record<string, unknown>[] = [];
  const db = ((table: string) => ({
    insert: (row: Record<string, unknown>) => {
      rows.push({ table, ...row });
      return { onConflict: () => ({ ignore: async () => undefined }) };
    },
  })) as unknown as Knex;
  return { db, rows };
}

describe('attendance tick schedule', () => {
  it('spreads centres over the 5 minutes instead of ticking them all in the same second', () => {
    const minutes = new Array(5).fill(0);
    for (let i = 1; i <= 1000; i++) {
      const phase = tickPhase(String(i));
      expect(phase).toBeGreaterThanOrEqual(0);
      expect(phase).toBeLessThan(TICK_MS);
      expect(tickPhase(String(i))).toBe(phase);
      minutes[Math.floor(phase / 60_000)]++;
    }
    for (const n of minutes) expect(n).toBeGreaterThan(120);
  });

  it('starts a chain at the centre’s next slot, once per slot', async () => {
    const { db, rows } = recorder();
    const before = Date.now();
    await startAttendanceTick(db, '42', 'Demo');
    await startAttendanceTick(db, '42', 'Demo');
    const [a, b] = rows as { dedupe_key: string; available_at: Date; table: string }[];
    expect(a!.table).toBe('outbox');
    expect(a!.dedupe_key).toBe(b!.dedupe_key);
    const due = a!.available_at.getTime();
    expect(due).toBeGreaterThan(before);
    expect(due).toBeLessThanOrEqual(Date.now() + TICK_MS);
    expect((due - tickPhase('42')) % TICK_MS).toBe(0);
    // A tick's own follow-up (now + 5 minutes) lands on the same slot as the chain's next one.
    const at = new Date(due + 1000);
    await scheduleAttendanceTick(db, '42', 'Demo', new Date(at.getTime() + TICK_MS));
    expect((rows[2] as { available_at: Date }).available_at.getTime()).toBe(due + TICK_MS);
  });
});
