import type { Knex } from 'knex';
import { z } from 'zod';
import { createKnex, setDatabaseAllowConnections, terminateConnections } from '@kv/db';
import { normaliseHost } from '@kv/directory';
import { writeOutbox } from '@kv/jobs';
import { AppError, fields, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, SYSTEM_ACTOR, type Actor } from '../../access.ts';
import { CONTROL_QUEUE, JOBS } from '../../jobs/names.ts';
import { writeAudit } from '../audit/repo.ts';
import * as centres from '../centres/repo.ts';
import { centreNotFound, invalidState } from '../centres/errors.ts';
import { deleteSafeguard, type MissingSafeguard } from './errors.ts';
import { backupPolicy } from './policy.ts';
import { lastPassedDrillAt } from './repo.ts';

const DAY_MS = 86_400_000;
/** A drill older than this does not vouch for the backups a delete leaves behind. */
export const DRILL_FRESH_MS = DAY_MS;

const confirmHostname = fields.text('confirm_hostname', { max: 255 });
const deleteArgs = z.object({ id: fields.id('id'), confirm_hostname: confirmHostname });
const purgeArgs = z.object({ center_id: fields.id('center_id'), confirm_hostname: confirmHostname });
const idArgs = z.object({ id: fields.id('id') });

export const UndoTooLate = 'UNDO_WINDOW_OVER';

type CenterRow = centres.CenterRow;

/** What a delete still lacks: the centre suspended, its subdomain host typed, a drill passed in the last 24 h. */
export async function missingSafeguards(
  rt: ControlPlaneRuntime,
  trx: Knex | Knex.Transaction,
  centre: CenterRow,
  typed: string,
  opts: { alreadyDeleted?: boolean } = {},
): Promise<MissingSafeguard[]> {
  const missing: MissingSafeguard[] = [];
  if (!(centre.status === 'suspended' || (opts.alreadyDeleted && centre.status === 'deleted'))) missing.push('suspended');
  if (normaliseHost(typed) !== `${centre.slug}.${rt.config.platformDomain}`) missing.push('confirm_hostname');
  const drill = await lastPassedDrillAt(trx, centre.id);
  if (!drill || Date.now() - drill.getTime() > DRILL_FRESH_MS) missing.push('drill');
  return missing;
}

async function withServerAdmin(rt: ControlPlaneRuntime, serverId: string, fn: (admin: Knex) => Promise<void>): Promise<void> {
  const admin = createKnex(await rt.directory.serverUrl(serverId), { max: 1, statementTimeoutMs: 60_000, applicationName: 'kv:offboard' });
  try {
    await fn(admin);
  } finally {
    await admin.destroy();
  }
}

/** Closes (or opens again) a deleted centre's database: no session may use it during the grace period. */
async function setConnections(rt: ControlPlaneRuntime, centre: Pick<CenterRow, 'id' | 'database_server_id' | 'database_name'>, allow: boolean) {
  if (!centre.database_server_id || !centre.database_name) return;
  const name = centre.database_name;
  try {
    await withServerAdmin(rt, centre.database_server_id, async (admin) => {
      await setDatabaseAllowConnections(admin, name, allow);
      if (!allow) await terminateConnections(admin, name);
    });
  } catch (err) {
    // Missing already (a failed provisioning): nothing to close.
    if ((err as { code?: string }).code !== '3D000') throw err;
  }
}

/**
 * The safeguarded delete, in the caller's transaction: hostnames disabled (→ 404), support sessions
 * ended, the purge queued after the grace period, `center.deleted` queued (the platform billing's
 * call point: it cancels the subscription).
 */
async function markDeleted(rt: ControlPlaneRuntime, trx: Knex.Transaction, actor: Actor, centre: CenterRow, graceDays: number) {
  const purgeAfter = new Date(Date.now() + graceDays * DAY_MS);
  const domains = await trx('server_domains').where({ center_id: centre.id, status: 'active' }).pluck('id');
  await centres.updateCenterRow(trx, centre.id, {
    status: 'deleted',
    deleted_at: trx.fn.now(),
    purge_after: purgeAfter,
    purged_at: null,
    delete_requested_by: actor.viewer?.label ?? null,
    deleted_domain_ids: domains,
    maintenance: false,
    changed_by: actor.viewer?.label,
    changed_at: trx.fn.now(),
  });
  await centres.disableDomains(trx, centre.id);
  await centres.endOpenSupportSessions(trx, centre.id);
  await writeAudit(trx, actor, 'center.delete', 'center', centre.id, {
    slug: centre.slug,
    from: centre.status,
    database_name: centre.database_name,
    purge_after: purgeAfter.toISOString(),
  });
  await writeOutbox(trx, { queue: CONTROL_QUEUE, name: JOBS.centerDeleted, payload: { centreId: null, center_id: centre.id } });
  await writeOutbox(trx, {
    queue: CONTROL_QUEUE,
    name: JOBS.dropCenterDatabase,
    payload: { centreId: null, center_id: centre.id },
    availableAt: purgeAfter,
  });
}

async function afterDelete(rt: ControlPlaneRuntime, centre: CenterRow): Promise<void> {
  void rt.kickOutbox();
  await rt.directory.invalidate(centre.id);
  rt.pools.evict(centre.id);
  await setConnections(rt, centre, false).catch((err) => rt.log.error({ err, centre: centre.id }, 'deleted centre database not closed'));
}

export function createDeletionService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;

  return {
    /** `deleteCenter(id, confirm_hostname)`: refused (DELETE_SAFEGUARD) unless every safeguard holds. */
    async deleteCenter(actor: Actor, raw: unknown): Promise<CenterRow> {
      requireRole(actor, 'admin');
      const { id, confirm_hostname } = parseArgs(deleteArgs, raw);
      const centre = await db.transaction(async (trx) => {
        const c = await centres.lockCenter(trx, id);
        if (!c) throw centreNotFound();
        if (c.status === 'deleted') throw invalidState(c.status, 'deleted');
        const missing = await missingSafeguards(rt, trx, c, confirm_hostname);
        if (missing.length) throw deleteSafeguard(missing);
        await markDeleted(rt, trx, actor, c, rt.deleteGraceDays);
        return c;
      });
      await afterDelete(rt, centre);
      return (await centres.findCenter(db, id))!;
    },

    /** Within the grace period: the centre comes back suspended, with the hostnames the delete disabled. */
    async undoDeleteCenter(actor: Actor, raw: unknown): Promise<CenterRow> {
      requireRole(actor, backupPolicy.undoDeleteCenter);
      const { id } = parseArgs(idArgs, raw);
      const centre = await db.transaction(async (trx) => {
        const c = await trx('centers').where({ id }).forUpdate().first('id', 'status', 'purge_after', 'purged_at', 'deleted_domain_ids', 'slug');
        if (!c) throw centreNotFound();
        if (c.status !== 'deleted') throw invalidState(c.status, 'restored');
        if (c.purged_at || !c.purge_after || new Date(c.purge_after).getTime() <= Date.now())
          throw new AppError(UndoTooLate, 'The grace period is over: this centre’s data is being or has been purged.');
        await centres.updateCenterRow(trx, id, {
          status: 'suspended',
          deleted_at: null,
          purge_after: null,
          delete_requested_by: null,
          deleted_domain_ids: null,
          changed_by: actor.viewer?.label,
          changed_at: trx.fn.now(),
        });
        const domainIds = (c.deleted_domain_ids ?? []) as string[];
        if (domainIds.length)
          await trx('server_domains').whereIn('id', domainIds).update({ status: 'active', updated_at: trx.fn.now() });
        await writeAudit(trx, actor, 'center.undo_delete', 'center', id, { slug: c.slug, domains: domainIds.length });
        return (await centres.findCenter(trx, id))!;
      });
      await setConnections(rt, centre, true);
      await rt.directory.invalidate(id);
      return centre;
    },

    /** `deleteCenterDatabase(center_id, confirm_hostname)`: the same safeguards, then the purge at once. */
    async deleteCenterDatabase(actor: Actor, raw: unknown): Promise<{ centre: CenterRow; deletion: DeletionRecord }> {
      requireRole(actor, backupPolicy.deleteCenterDatabase);
      const { center_id: id, confirm_hostname } = parseArgs(purgeArgs, raw);
      const { centre, fresh } = await db.transaction(async (trx) => {
        const c = await centres.lockCenter(trx, id);
        if (!c) throw centreNotFound();
        const purged = await trx('centers').where({ id }).first('purged_at');
        if (purged?.purged_at) throw invalidState('purged', 'purged again');
        const missing = await missingSafeguards(rt, trx, c, confirm_hostname, { alreadyDeleted: true });
        if (missing.length) throw deleteSafeguard(missing);
        if (c.status === 'deleted') {
          await centres.updateCenterRow(trx, id, { purge_after: trx.fn.now() });
          await writeAudit(trx, actor, 'center.purge_now', 'center', id, { slug: c.slug });
          return { centre: c, fresh: false };
        }
        await markDeleted(rt, trx, actor, c, 0);
        return { centre: c, fresh: true };
      });
      if (fresh) await afterDelete(rt, centre);
      const deletion = await purgeCentre(rt, id);
      if (!deletion) throw invalidState('deleted', 'purged now');
      return { centre: (await centres.findCenter(db, id))!, deletion };
    },
  };
}

export interface DeletionRecord {
  id: string;
  center_id: string;
  slug: string;
  name: string;
  database_name: string | null;
  requested_by: string | null;
  requested_at: Date | null;
  objects_removed: number;
  backups_removed: number;
  purged_at: Date;
}

export async function findDeletion(db: Knex, centreId: string): Promise<DeletionRecord | undefined> {
  return db('center_deletions')
    .where({ center_id: centreId })
    .first(
      db.raw('id::text as id, center_id::text as center_id'),
      'slug',
      'name',
      'database_name',
      'requested_by',
      'requested_at',
      'objects_removed',
      'backups_removed',
      'purged_at',
    );
}

/**
 * The purge (job `drop-center-database`, or `deleteCenterDatabase` at once): claims the deleted
 * centre whose grace period is over (an undone one is skipped), drops its database, empties
 * `centre/<id>/` (its files and backups) and writes the `center_deletions` record. A purge that
 * stopped half way continues on its next run.
 */
export async function purgeCentre(rt: ControlPlaneRuntime, centreId: string): Promise<DeletionRecord | null> {
  const db = rt.controlDb;
  const claimed = await db.transaction(async (trx) => {
    const c = await trx('centers')
      .where({ id: centreId })
      .forUpdate()
      .first(
        'id',
        'slug',
        'name',
        'status',
        'purge_after',
        'purged_at',
        'database_name',
        db.raw('database_server_id::text as database_server_id'),
        'delete_requested_by',
        'deleted_at',
      );
    if (!c || c.status !== 'deleted') return null;
    if (!c.purged_at) {
      if (!c.purge_after || new Date(c.purge_after).getTime() > Date.now()) return null;
      await trx('centers').where({ id: centreId }).update({ purged_at: trx.fn.now() });
    } else if (await trx('center_deletions').where({ center_id: centreId }).first('id')) return null;
    return c;
  });
  if (!claimed) return null;
  rt.pools.evict(centreId);
  if (claimed.database_server_id && claimed.database_name)
    await rt.provisioner.dropDatabase(claimed.database_server_id, claimed.database_name);
  let objects = 0;
  if (rt.files) {
    const keys = await rt.files.listCentre(centreId);
    await rt.files.remove(keys);
    objects = keys.length;
  }
  const backups = await db('center_backups').where({ center_id: centreId, status: 'done' }).update({ status: 'pruned' });
  await db('center_deletions')
    .insert({
      center_id: centreId,
      slug: claimed.slug,
      name: claimed.name,
      database_name: claimed.database_name,
      database_server_id: claimed.database_server_id,
      requested_by: claimed.delete_requested_by,
      requested_at: claimed.deleted_at,
      objects_removed: objects,
      backups_removed: backups,
    })
    .onConflict('center_id')
    .ignore();
  await writeAudit(db, SYSTEM_ACTOR, 'center.purged', 'center', centreId, {
    database_name: claimed.database_name,
    objects_removed: objects,
    backups_removed: backups,
  });
  return (await findDeletion(db, centreId)) ?? null;
}

/**
 * `center.deleted` (job `center-deleted`): what follows a delete outside the centre's own rows.
 * The subscription ends today; the platform billing's provider cancellation hooks in here.
 */
export async function centreDeleted(rt: ControlPlaneRuntime, centreId: string): Promise<{ cancelled: boolean }> {
  const db = rt.controlDb;
  const centre = await db('centers').where({ id: centreId }).first('status', 'center_billing_plan_id', 'payment_end');
  if (!centre || centre.status !== 'deleted' || !centre.center_billing_plan_id) return { cancelled: false };
  await db('centers')
    .where({ id: centreId })
    .update({ payment_end: db.raw('least(coalesce(payment_end, current_date), current_date)'), updated_at: db.fn.now() });
  await writeAudit(db, SYSTEM_ACTOR, 'center.subscription_cancelled', 'center', centreId, { plan_id: String(centre.center_billing_plan_id) });
  return { cancelled: true };
}

