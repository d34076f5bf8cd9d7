import { z } from 'zod';
import type { Knex } from 'knex';
import { assertSafeDatabaseName } from '@kv/db';
import { writeOutbox } from '@kv/jobs';
import { fields, pageArgs, paginated, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { isUniqueViolation } from '../../sql.ts';
import { requireRole, type Actor } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { CONTROL_QUEUE, JOBS } from '../../jobs/names.ts';
import { centrePolicy } from './policy.ts';
import * as repo from './repo.ts';
import { CENTER_STATUSES, type CenterRow, type CenterStatus } from './repo.ts';
import { centreNotFound, invalidState, slugReserved, slugTaken } from './errors.ts';
import { centreStorage } from './storage.ts';
import { createDeletionService } from '../backups/deletion.ts';

export const CENTER_KINDS = ['childcare', 'petcare'] as const;
export const LANGUAGE_PACKS = ['default', 'dogs'] as const;
/** A DNS label of 3–40 characters: it also names the centre's database, which Postgres caps at 63. */
export const SLUG = /^[a-z][a-z0-9-]{1,38}[a-z0-9]$/;
export const RESERVED_SLUGS = new Set([
  'www',
  'api',
  'app',
  'admin',
  'control',
  'platform',
  'mail',
  'smtp',
  'static',
  'assets',
  'cdn',
  'media',
  'status',
  'support',
  'help',
  'docs',
  'billing',
  'kidsvision',
]);

/** What `addCenter` takes (its GraphQL arguments); the seed passes the same through `provisionCenterNow`. */
export interface AddCenterInput {
  name: string;
  slug: string;
  kind?: string | null;
  language_pack?: string | null;
  contact_email: string;
  owner_fname: string;
  owner_lname: string;
  owner_username: string;
  on_trial?: boolean | null;
  trial_days?: number | null;
}

const slug = fields
  .text('slug', { max: 40 })
  .toLowerCase()
  .refine(
    (v) => SLUG.test(v) && !v.includes('--'),
    'slug must be 3–40 lower-case letters, digits or single dashes, starting with a letter.',
  );
const centreName = fields.text('name', { max: 150 });
const kind = fields.oneOf('kind', CENTER_KINDS);
const languagePack = fields.oneOf('language_pack', LANGUAGE_PACKS);
const contactEmail = fields.email('contact_email').toLowerCase();
const trialDays = fields.intBetween('trial_days', 1, 365);

const idArgs = z.object({ id: fields.id('id') });
const getCentersArgs = z.object({
  ...pageArgs,
  search: fields.optionalText(200, 'search'),
  status: fields.oneOf('status', CENTER_STATUSES).nullish(),
});
const addCenterArgs = z.object({
  name: centreName,
  slug,
  kind: kind.nullish().transform((v) => v ?? 'childcare'),
  language_pack: languagePack.nullish(),
  contact_email: contactEmail,
  owner_fname: fields.text('owner_fname', { max: 100 }),
  owner_lname: fields.text('owner_lname', { max: 100 }),
  // The owner's account lives in the centre's database: the centre's username rule.
  owner_username: fields.username('owner_username'),
  on_trial: z.boolean('on_trial must be true or false.').nullish(),
  trial_days: trialDays.nullish(),
});
const updateCenterArgs = z.object({
  id: fields.id('id'),
  name: centreName.nullish(),
  slug: slug.nullish(),
  kind: kind.nullish(),
  language_pack: languagePack.nullish(),
  contact_email: contactEmail.nullish(),
});
const extendTrialArgs = z.object({ id: fields.id('id'), days: fields.intBetween('days', 1, 365) });

/**
 * Inserts a centre in `provisioning` and queues its provisioning job, in the caller's transaction
 * (addCenter's, or the sign-up funnel's, which spends its token in the same one). The caller
 * checks the role, kicks the outbox after the commit and maps a unique violation to slugTaken.
 */
export async function insertProvisioningCentre(rt: ControlPlaneRuntime, trx: Knex.Transaction, actor: Actor, input: AddCenterInput): Promise<string> {
  const args = parseArgs(addCenterArgs, input);
  const { slug, kind } = args;
  if (RESERVED_SLUGS.has(slug)) throw slugReserved();
  const onTrial = args.on_trial ?? false;
  const row = {
    name: args.name,
    slug,
    kind,
    language_pack: args.language_pack ?? (kind === 'petcare' ? 'dogs' : 'default'),
    contact_email: args.contact_email,
    owner_fname: args.owner_fname,
    owner_lname: args.owner_lname,
    owner_username: args.owner_username,
    on_trial: onTrial,
    trial_days: onTrial ? (args.trial_days ?? 30) : null,
    trial_start_date: onTrial ? trx.raw('current_date') : null,
    status: 'provisioning',
    provisioning_step: 'queued',
    provisioning_attempts: 1,
    database_name: assertSafeDatabaseName(`${rt.config.databasePrefix}${slug.replaceAll('-', '_')}`),
    added_by: actor.viewer?.label ?? null,
    added_at: trx.fn.now(),
  };
  if ((await repo.slugExists(trx, slug)) || (await repo.hostHeldByOther(trx, `${slug}.${rt.config.platformDomain}`, null))) throw slugTaken();
  const centreId = await repo.insertCenter(trx, row);
  await writeAudit(trx, actor, 'center.add', 'center', centreId, {
    slug,
    name: row.name,
    kind,
    on_trial: onTrial,
    trial_days: row.trial_days,
  });
  await writeOutbox(trx, {
    queue: CONTROL_QUEUE,
    name: JOBS.provisionCenter,
    payload: { centreId: null, center_id: centreId, attempt: 1 },
  });
  return centreId;
}

export function createCentreService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  const deletion = createDeletionService(rt);
  const hostOf = (slug: string) => `${slug}.${rt.config.platformDomain}`;

  async function load(id: string): Promise<CenterRow> {
    const centre = await repo.findCenter(db, id);
    if (!centre) throw centreNotFound();
    return centre;
  }

  /** A status change from one of `from` to `to`, audited, then every process forgets the centre. */
  async function transition(actor: Actor, raw: unknown, from: CenterStatus[], to: CenterStatus, verb: string) {
    const { id } = parseArgs(idArgs, raw);
    await db.transaction(async (trx) => {
      const centre = await repo.lockCenter(trx, id);
      if (!centre) throw centreNotFound();
      if (!from.includes(centre.status)) throw invalidState(centre.status, verb);
      await repo.updateCenterRow(trx, id, { status: to, changed_by: actor.viewer?.label, changed_at: trx.fn.now() });
      await writeAudit(trx, actor, `center.${to === 'active' ? 'activate' : 'suspend'}`, 'center', id, { from: centre.status, to });
    });
    await rt.directory.invalidate(id);
    return load(id);
  }

  return {
    async getCenters(actor: Actor, raw: unknown) {
      requireRole(actor, centrePolicy.getCenters);
      const { page, first, search, status } = parseArgs(getCentersArgs, raw);
      const { rows, total } = await repo.listCenters(db, {
        search: search ?? null,
        status: status ?? null,
        offset: (page - 1) * first,
        limit: first,
      });
      return paginated(rows, total, page, first);
    },

    /** Center.base_url: its active custom domain, else its subdomain, on this deployment's scheme and port. */
    baseUrl(centre: Pick<CenterRow, 'slug' | 'custom_domain'>) {
      return centre.custom_domain ? rt.config.hostOrigin(centre.custom_domain) : rt.config.centreOrigin(centre.slug);
    },

    publicPort: () => rt.config.publicPort,

    /** Center.storage: operators who may read the centre see its stored files and bytes. */
    async storage(actor: Actor, centre: CenterRow) {
      requireRole(actor, centrePolicy.getCenter);
      return centreStorage(rt, centre);
    },

    async getCenter(actor: Actor, raw: unknown) {
      requireRole(actor, centrePolicy.getCenter);
      return load(parseArgs(idArgs, raw).id);
    },

    async addCenter(actor: Actor, input: AddCenterInput) {
      requireRole(actor, centrePolicy.addCenter);
      let id: string;
      try {
        id = await db.transaction((trx) => insertProvisioningCentre(rt, trx, actor, input));
      } catch (e) {
        if (isUniqueViolation(e)) throw slugTaken();
        throw e;
      }
      void rt.kickOutbox();
      await rt.directory.invalidate(id);
      return done('Centre added; its database is being set up.', { center: await load(id) });
    },

    async updateCenter(actor: Actor, raw: unknown) {
      requireRole(actor, centrePolicy.updateCenter);
      const { id, slug: newSlug, ...input } = parseArgs(updateCenterArgs, raw);
      const patch: Record<string, unknown> = {};
      for (const k of ['name', 'kind', 'language_pack', 'contact_email'] as const) if (input[k] != null) patch[k] = input[k];
      if (newSlug && RESERVED_SLUGS.has(newSlug)) throw slugReserved();
      try {
        await db.transaction(async (trx) => {
          const centre = await repo.lockCenter(trx, id);
          if (!centre) throw centreNotFound();
          if (centre.status === 'deleted') throw invalidState(centre.status, 'changed');
          if (newSlug && newSlug !== centre.slug) {
            if ((await repo.slugExists(trx, newSlug)) || (await repo.hostHeldByOther(trx, hostOf(newSlug), id))) throw slugTaken();
            patch.slug = newSlug;
            if (centre.hostname) {
              await repo.renameSubdomain(trx, id, centre.hostname, hostOf(newSlug));
              patch.hostname = hostOf(newSlug);
              patch.url = rt.config.centreOrigin(newSlug);
            }
          }
          const changed = Object.fromEntries(
            Object.keys(patch).map((k) => [k, { from: centre[k as keyof CenterRow] ?? null, to: patch[k] }]),
          );
          await repo.updateCenterRow(trx, id, { ...patch, changed_by: actor.viewer?.label, changed_at: trx.fn.now() });
          await writeAudit(trx, actor, 'center.update', 'center', id, { changed });
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw slugTaken();
        throw e;
      }
      await rt.directory.invalidate(id);
      return done('Centre updated.', { center: await load(id) });
    },

    async suspendCenter(actor: Actor, raw: unknown) {
      requireRole(actor, centrePolicy.suspendCenter);
      return done('Centre suspended.', { center: await transition(actor, raw, ['active'], 'suspended', 'suspended') });
    },

    async activateCenter(actor: Actor, raw: unknown) {
      requireRole(actor, centrePolicy.activateCenter);
      return done('Centre activated.', { center: await transition(actor, raw, ['suspended'], 'active', 'activated') });
    },

    /**
     * Offboarding, safeguarded (backups/deletion.ts): suspended, its host typed, a drill passed in
     * the last 24 h; hostnames stop answering now, the purge waits for the grace period.
     */
    async deleteCenter(actor: Actor, raw: unknown) {
      requireRole(actor, centrePolicy.deleteCenter);
      const center = await deletion.deleteCenter(actor, raw);
      const days = rt.deleteGraceDays;
      return done(
        days ? `Centre deleted; its data is purged in ${days} day${days === 1 ? '' : 's'} unless the delete is undone.` : 'Centre deleted; its data is being purged.',
        { center },
      );
    },

    async extendCenterTrial(actor: Actor, raw: unknown) {
      requireRole(actor, centrePolicy.extendCenterTrial);
      const { id, days } = parseArgs(extendTrialArgs, raw);
      await db.transaction(async (trx) => {
        const centre = await repo.lockCenter(trx, id);
        if (!centre) throw centreNotFound();
        if (centre.status === 'deleted') throw invalidState(centre.status, 'changed');
        await repo.extendTrial(trx, id, days);
        await writeAudit(trx, actor, 'center.extend_trial', 'center', id, { days, trial_ends_on_before: centre.trial_ends_on });
      });
      await rt.directory.invalidate(id);
      const center = await load(id);
      return done(`Trial extended to ${center.trial_ends_on}.`, { center });
    },
  };
}

export type CentreService = ReturnType<typeof createCentreService>;
