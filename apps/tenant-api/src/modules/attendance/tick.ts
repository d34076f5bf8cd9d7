import type { Knex } from 'knex';
import { writeOutbox } from '@kv/jobs';

/** The attendance tick's schedule (see jobs.ts): one outbox row per centre and 5-minute slot. */
export const ATTENDANCE_QUEUE = 'attendance';
export const ATTENDANCE_TICK_JOB = 'attendance-tick';
export const TICK_MS = 5 * 60_000;
/**
 * Where in the 5 minutes a centre ticks (a hash of its id): slots aligned on the clock made every
 * centre of a process tick in the same second, a load spike every 5 minutes and at every start.
 */
export function tickPhase(centreId: string): number {
  let h = 2166136261;
  for (let i = 0; i < centreId.length; i++) h = Math.imul(h ^ centreId.charCodeAt(i), 16777619) >>> 0;
  return h % TICK_MS;
}

/**
 * Writes the centre's tick of the slot containing `at` (default: the next one) into the outbox,
 * once per slot. A centre's slots start at its own phase.
 */
export async function scheduleAttendanceTick(db: Knex | Knex.Transaction, centreId: string, centre: string, at?: Date): Promise<void> {
  const phase = tickPhase(centreId);
  const slot = Math.floor(((at ?? new Date(Date.now() + TICK_MS)).getTime() - phase) / TICK_MS);
  await writeOutbox(db, {
    queue: ATTENDANCE_QUEUE,
    name: ATTENDANCE_TICK_JOB,
    payload: { centreId, centre },
    dedupeKey: `attendance-tick:${centreId}:${slot}`,
    availableAt: new Date(slot * TICK_MS + phase),
  });
}

/**
 * Starts a centre's tick chain (safe to call on every start-up): its next slot, so that the
 * centres of a starting process come due spread over 5 minutes instead of all at once.
 */
export const startAttendanceTick = (db: Knex, centreId: string, centre: string) => scheduleAttendanceTick(db, centreId, centre);
