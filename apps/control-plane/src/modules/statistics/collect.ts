import type { Knex } from 'knex';
import { writeOutbox } from '@kv/jobs';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { CONTROL_QUEUE, JOBS } from '../../jobs/names.ts';
import * as repo from './repo.ts';

/** The fan-out runs every night at 02:00 UTC; screens read what it stored, never a centre database. */
const NIGHTLY_HOUR_UTC = 2;
/** Centres read at once: each holds one connection of its small pool for a few short statements. */
const CONCURRENCY = 4;
/** A centre that does not answer within this is recorded with its error, and the run goes on. */
const STATEMENT_TIMEOUT_MS = 15_000;

export function nextNightlyRun(now = new Date()): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), NIGHTLY_HOUR_UTC));
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/** Queues the next nightly run (one per night, however many processes ask). */
export async function scheduleStatistics(db: Knex | Knex.Transaction, at = nextNightlyRun()) {
  await writeOutbox(db, {
    queue: CONTROL_QUEUE,
    name: JOBS.collectCenterStatistics,
    payload: { centreId: null, nightly: true },
    dedupeKey: `center-statistics:${at.toISOString().slice(0, 10)}`,
    availableAt: at,
  });
}

/** One centre's figures, read in a read-only transaction of its own database. */
export async function readCentreFigures(db: Knex): Promise<Omit<repo.StatisticsRow, 'center_id' | 'error'>> {
  return db.transaction(
    async (trx) => {
      await trx.raw(`set local statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
      const { rows } = await trx.raw(`
        select
          (select count(*) from students s where s.deleted_at is null and s.status)::int as children,
          (select count(distinct ur.user_id) from user_roles ur join roles r on r.id = ur.role_id
             join users u on u.id = ur.user_id
            where r.name in ('teacher', 'manager') and u.status and u.deleted_at is null)::int as staff,
          (select count(distinct su.user_id) from student_users su join students s on s.id = su.student_id
             join users u on u.id = su.user_id
            where s.deleted_at is null and s.status and u.status and u.deleted_at is null)::int as families,
          (select count(*) from locations l where l.deleted_at is null)::int as locations,
          (select count(*) from files f where f.status = 'ready')::int as files,
          (select coalesce(sum(f.size), 0) from files f where f.status = 'ready')::bigint as storage_bytes,
          pg_database_size(current_database())::bigint as database_bytes,
          greatest((select max(created_at) from audit_log), (select max(created_at) from sessions)) as last_activity_at`);
      const r = rows[0];
      return {
        children: r.children,
        staff: r.staff,
        families: r.families,
        locations: r.locations,
        files: r.files,
        storage_bytes: Number(r.storage_bytes),
        database_bytes: Number(r.database_bytes),
        last_activity_at: r.last_activity_at,
      };
    },
    { readOnly: true },
  );
}

/**
 * Reads every active centre's figures (read-only, a few at a time) and stores them in the
 * control DB. A centre that cannot answer keeps its last figures with the error noted.
 */
export async function collectCenterStatistics(rt: ControlPlaneRuntime): Promise<{ centres: number; failed: number }> {
  const centres = await repo.activeCentres(rt.controlDb);
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < centres.length) {
      const centre = centres[next++]!;
      try {
        const db = rt.pools.get(centre.id, await rt.directory.connectionUrl(centre));
        await repo.saveFigures(rt.controlDb, { center_id: centre.id, ...(await readCentreFigures(db)), error: null });
      } catch (err) {
        failed++;
        rt.log.warn({ err, centre: centre.id }, 'centre statistics not read');
        await repo.saveError(rt.controlDb, centre.id, 'The centre database did not answer.');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, centres.length) }, worker));
  return { centres: centres.length, failed };
}

/** `control-plane/collect-center-statistics` `{ centreId: null, nightly? }`: a nightly run queues the next one. */
export function collectCenterStatisticsJob(rt: ControlPlaneRuntime) {
  return async (job: { data: Record<string, unknown> }) => {
    const result = await collectCenterStatistics(rt);
    if (job.data.nightly) {
      await scheduleStatistics(rt.controlDb);
      await rt.kickOutbox();
    }
    return result;
  };
}
