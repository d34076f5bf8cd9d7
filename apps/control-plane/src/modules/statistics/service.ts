import { z } from 'zod';
import { fields, pageArgs, paginated, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { statisticsPolicy } from './policy.ts';
import * as repo from './repo.ts';

const args = z.object({ ...pageArgs, center_id: fields.id('center_id').nullish() });

export function createStatisticsService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  return {
    /** What the nightly fan-out stored: per centre (largest first, or one) and totals; no centre database is read. */
    async getCenterStatistics(actor: Actor, raw: unknown) {
      requireRole(actor, statisticsPolicy.getCenterStatistics);
      const { page, first, center_id } = parseArgs(args, raw);
      const [{ rows, total }, totals] = await Promise.all([
        repo.listStatistics(db, { centreId: center_id ?? null, offset: (page - 1) * first, limit: first }),
        repo.totals(db),
      ]);
      return { ...paginated(rows, total, page, first), totals };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
