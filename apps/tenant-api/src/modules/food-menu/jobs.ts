import type { Knex } from 'knex';
import { PermanentJobError, writeOutbox, type JobContext, type JobQueue } from '@kv/jobs';
import { localParts } from '@kv/shared';
import { tickPhase } from '../attendance/index.ts';
import * as repo from './repo.ts';

/**
 * The food-menu rotation: an hourly job per centre (at the centre's own phase) that, at each
 * location whose menu rotates, moves `current_week` to the next week (by date; after the last
 * comes the first) once on each local Monday (`food_menu_settings.rotated_on`), and schedules its
 * next run through the outbox (one row per slot, deduplicated).
 * Wiring: `registerFoodMenuJobs` in worker.ts `registerTenantJobs`, `startFoodMenuRotation` in
 * `startTenantSchedules`.
 */
export const FOOD_MENU_QUEUE = 'food-menu';
export const FOOD_MENU_ROTATE_JOB = 'food-menu-rotate';
export const ROTATE_MS = 60 * 60_000;

export interface FoodMenuJobDeps {
  dbFor(centreId: string): Promise<Knex>;
}

export async function scheduleFoodMenuRotation(db: Knex | Knex.Transaction, centreId: string, at?: Date): Promise<void> {
  const phase = tickPhase(centreId) % ROTATE_MS;
  const slot = Math.floor(((at ?? new Date(Date.now() + ROTATE_MS)).getTime() - phase) / ROTATE_MS);
  await writeOutbox(db, {
    queue: FOOD_MENU_QUEUE,
    name: FOOD_MENU_ROTATE_JOB,
    payload: { centreId },
    dedupeKey: `food-menu-rotate:${centreId}:${slot}`,
    availableAt: new Date(slot * ROTATE_MS + phase),
  });
}

export const startFoodMenuRotation = (db: Knex, centreId: string) => scheduleFoodMenuRotation(db, centreId);

export function registerFoodMenuJobs(queue: JobQueue, deps: FoodMenuJobDeps): void {
  queue.register(FOOD_MENU_QUEUE, FOOD_MENU_ROTATE_JOB, (job) => runFoodMenuRotationJob(job, deps), { concurrency: 2 });
}

export async function runFoodMenuRotationJob(job: Pick<JobContext, 'data' | 'log'>, deps: FoodMenuJobDeps, now = new Date()) {
  const centreId = job.data.centreId;
  if (typeof centreId !== 'string') throw new PermanentJobError('food-menu-rotate needs a centreId');
  const db = await deps.dbFor(centreId);
  await scheduleFoodMenuRotation(db, centreId, new Date(now.getTime() + ROTATE_MS));
  const moved = await rotateFoodMenus(db, now);
  job.log(`menus rotated ${moved}`);
  return { moved };
}

/** Moves the current week of every rotating location whose local day is a Monday not yet rotated. */
export async function rotateFoodMenus(db: Knex, now = new Date()): Promise<number> {
  let moved = 0;
  for (const loc of await repo.rotatingLocations(db)) {
    const local = localParts(now, loc.timezone);
    if (local.weekday !== 'mon' || loc.rotated_on === local.date) continue;
    await db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`food-menu:${loc.id}`]);
      const settings = await repo.settingsOf(trx, loc.id);
      if (!settings?.rotate || settings.rotated_on === local.date) return;
      const weeks = await repo.weeksOfLocation(trx, loc.id);
      if (weeks.length) {
        const at = weeks.findIndex((w) => w.current_week);
        const next = weeks[(at + 1) % weeks.length]!;
        await repo.setCurrentWeek(trx, loc.id, String(next.id));
        moved++;
      }
      await repo.saveSettings(trx, loc.id, true, local.date);
    });
  }
  return moved;
}
