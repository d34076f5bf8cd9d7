import type { Knex } from 'knex';
import { writeOutbox } from '@kv/jobs';

/** The attendance tick's schedule (see jobs.ts): one outbox row per centre and 5-minute slot. */
export const ATTENDANCE_QUEUE = 'attendance';
export const ATTENDANCE_TICK_JOB = 'attendance-tick';
export const TICK_MS = 5 * 60_000;
/** Writes the tick of the next 5-minute slot (or of `at`) into the outbox, once per slot. */
export async function scheduleAttendanceTick(db: Knex | Knex.Transaction, centerId: string, centre: string, at?: Date): Promise<void> {
  const slot = Math.floor((at ?? new Date(Date.now() + TICK_MS)).getTime() / TICK_MS);
  await writeOutbox(db, {
    queue: ATTENDANCE_QUEUE,
    name: ATTENDANCE_TICK_JOB,
    payload: { centerId, centre },
    dedupeKey: `attendance-tick:${centerId}:${slot}`,
    availableAt: new Date(slot * TICK_MS),
  });
}

/** Starts a centre's tick chain now (safe to call on every start-up). */
export const startAttendanceTick = (db: Knex, centerId: string, centre: string) => scheduleAttendanceTick(db, centerId, centre, new Date());
