import { z } from 'zod';
import type { Knex } from 'knex';
import type { ReportedWebsite, WebsitesReportResult } from '@kv/auth';
import type { TenantDirectory } from '@kv/directory';
import { fields, pageArgs, paginated, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { customerWebsitePolicy } from './policy.ts';
import * as repo from './repo.ts';
import { alreadyOffline, alreadyOnline, websiteNotFound } from './errors.ts';

const listArgs = z.object({
  ...pageArgs,
  center_id: fields.id('center_id').nullish(),
  kind: fields.oneOf('kind', repo.WEBSITE_KINDS).nullish(),
  state: fields.oneOf('state', repo.WEBSITE_STATES).nullish(),
  search: fields.optionalText(100, 'search'),
});
const offlineArgs = z.object({ id: fields.id('id'), reason: fields.optionalText(500, 'reason') });
const idArgs = z.object({ id: fields.id('id') });

/**
 * A centre's report over the channel (`websites.report`): the whole list of its sites replaces the
 * stored one for that centre alone. When the set of offline slugs changed (a site held offline was
 * renamed or dropped), the directory entry is announced again so every process serves the new set.
 */
export async function storeWebsitesReport(
  db: Knex,
  directory: Pick<TenantDirectory, 'invalidate'> | null,
  centreId: string,
  sites: ReportedWebsite[],
): Promise<WebsitesReportResult> {
  const { before, after } = await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`customer-websites:${centreId}`]);
    const before = await repo.offlineSlugs(trx, centreId);
    await repo.replaceReport(trx, centreId, sites);
    return { before, after: await repo.offlineSlugs(trx, centreId) };
  });
  if (before.join('\n') !== after.join('\n')) await directory?.invalidate(centreId);
  return { stored: sites.length, offline: after };
}

export function createCustomerWebsiteService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  const shape = (row: repo.CustomerWebsiteRow) => ({
    ...row,
    state: row.offline_at ? 'offline' : 'online',
    url: `${rt.config.centreOrigin(row.center_slug)}/site/${row.slug}`,
  });

  /** Marks the site, audits it in the same transaction, then tells every process (directory pub/sub). */
  async function change(actor: Actor, id: string, offline: boolean, reason: string | null) {
    const viewer = requireRole(
      actor,
      offline ? customerWebsitePolicy.takeCustomerWebsiteOffline : customerWebsitePolicy.bringCustomerWebsiteOnline,
    );
    const centreId = await db.transaction(async (trx) => {
      const site = await repo.lockWebsite(trx, id);
      if (!site) throw websiteNotFound();
      if (offline && site.offline_at) throw alreadyOffline();
      if (!offline && !site.offline_at) throw alreadyOnline();
      if (offline) await repo.setOffline(trx, id, viewer.label, reason);
      else await repo.setOnline(trx, id);
      const row = (await repo.findWebsite(trx, id))!;
      await writeAudit(trx, actor, offline ? 'customer_website.offline' : 'customer_website.online', 'customer_website', id, {
        center_id: site.center_id,
        slug: row.slug,
        ...(offline && reason ? { reason } : {}),
      });
      return site.center_id;
    });
    await rt.directory.invalidate(centreId);
    return shape((await repo.findWebsite(db, id))!);
  }

  return {
    async getCustomerWebsites(actor: Actor, raw: unknown) {
      requireRole(actor, customerWebsitePolicy.getCustomerWebsites);
      const a = parseArgs(listArgs, raw);
      const { rows, total } = await repo.listWebsites(db, {
        centreId: a.center_id ?? null,
        kind: a.kind ?? null,
        state: a.state ?? null,
        search: a.search ?? null,
        offset: (a.page - 1) * a.first,
        limit: a.first,
      });
      return paginated(rows.map(shape), total, a.page, a.first);
    },

    async takeCustomerWebsiteOffline(actor: Actor, raw: unknown) {
      requireRole(actor, customerWebsitePolicy.takeCustomerWebsiteOffline);
      const { id, reason } = parseArgs(offlineArgs, raw);
      const website = await change(actor, id, true, reason ?? null);
      return done(`${website.title} is offline.`, { website });
    },

    async bringCustomerWebsiteOnline(actor: Actor, raw: unknown) {
      requireRole(actor, customerWebsitePolicy.bringCustomerWebsiteOnline);
      const { id } = parseArgs(idArgs, raw);
      const website = await change(actor, id, false, null);
      return done(`${website.title} is online again.`, { website });
    },
  };
}

export type CustomerWebsiteService = ReturnType<typeof createCustomerWebsiteService>;
