import type { Knex } from 'knex';
import type { JobQueue } from '@kv/jobs';
import type { CentreEntry } from '@kv/directory';
import type { RequestContext, TenantApiDeps } from '../../types.ts';
import { highestRole, type RoleName } from '@kv/shared';
import * as repo from './repo.ts';
import { flatErrors, mapRowsOf, validateRows } from './service/stage.ts';
import type { ImportKind } from './csv.ts';
import { IMPORTS_QUEUE, RUN_IMPORT_JOB, runImport } from './service/apply.ts';
import { roleNamesOf } from '../users/index.ts';

export interface ImportJobDeps {
  dbFor(centreId: string): Promise<Knex>;
  entryFor(centreId: string): Promise<CentreEntry>;
  /** Public origin of a centre, for the links in invitations. */
  centreOrigin(slug: string): string;
  /** Wakes the outbox after the import's transaction (invitations). */
  kick?(centreId: string, db: Knex): void;
}

/**
 * The context an import runs in outside a request: the centre, its database, and the person who
 * confirmed the import as the actor of every audit row (with their support session, if any).
 */
export function jobContext(deps: ImportJobDeps, entry: CentreEntry, db: Knex, row: repo.ImportRow, roles: string[]): RequestContext {
  return {
    tenant: entry,
    db,
    viewer: {
      id: String(row.created_by),
      role: highestRole(roles),
      roles: roles as RoleName[],
      sessionId: `import-${row.id}`,
      issuedAt: 0,
      support: row.support_session_id ? { operator: 'Platform support', sessionId: row.support_session_id, expiresAt: new Date() } : null,
    },
    ip: 'job',
    userAgent: null,
    deps: {
      config: { centreOrigin: deps.centreOrigin },
      outbox: { kick: (id: string, d: Knex) => deps.kick?.(id, d) },
    } as unknown as TenantApiDeps,
    throttles: undefined as unknown as RequestContext['throttles'],
  };
}

/**
 * Runs one queued import (idempotent: an import that is no longer queued is left alone). The rows
 * are checked once more, as the person who confirmed it, right before they are saved.
 */
export async function runQueuedImport(
  deps: ImportJobDeps,
  centreId: string,
  importId: string,
): Promise<{ ok: boolean; message: string } | null> {
  const db = await deps.dbFor(centreId);
  if (!(await repo.claimImport(db, importId, ['queued'], 'running'))) return null;
  const row = (await repo.findImport(db, importId))!;
  const roles = (await roleNamesOf(db, [String(row.created_by)])).get(String(row.created_by)) ?? [];
  const ctx = jobContext(deps, await deps.entryFor(centreId), db, row, roles);
  const rows = await validateRows(ctx, row.kind as ImportKind, row.location_id, mapRowsOf(row));
  const errors = flatErrors(rows);
  if (errors.length) {
    await repo.updateImport(db, importId, { rows, errors, status: 'invalid', finished_at: new Date() });
    return { ok: false, message: `${new Set(errors.map((e) => e.line)).size} rows have errors now. Nothing was saved.` };
  }
  return runImport(ctx, importId);
}

/** Registers the long-import job on a queue (the worker process calls this at start-up). */
export function registerImportJobs(queue: JobQueue, deps: ImportJobDeps): void {
  queue.register(IMPORTS_QUEUE, RUN_IMPORT_JOB, async (job) => {
    const { centreId, importId } = job.data as { centreId: string; importId: string };
    return runQueuedImport(deps, centreId, String(importId));
  });
}
