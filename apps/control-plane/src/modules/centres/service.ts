import { assertSafeDatabaseName } from '@kv/db';
import { writeOutbox } from '@kv/jobs';
import { badInput } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { isUniqueViolation } from '../../sql.ts';
import { requireRole, type Actor } from '../../access.ts';
import { email, id as idArg, intBetween, oneOf, text, username } from '../../validate.ts';
import { toPage, paginatorInfo, type PageArgs } from '../../graphql/pagination.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { CONTROL_QUEUE, JOBS } from '../../jobs/names.ts';
import { centrePolicy } from './policy.ts';
import * as repo from './repo.ts';
import { CENTER_STATUSES, type CenterRow, type CenterStatus } from './repo.ts';
import { centreNotFound, invalidState, slugReserved, slugTaken } from './errors.ts';
import { centreStorage } from './storage.ts';

export const CENTER_KINDS = ['childcare', 'petcare'] as const;
export const LANGUAGE_PACKS = ['default', 'dogs'] as const;
/** A DNS label of 3–40 characters: it also names the centre's database, which Postgres caps at 63. */
const SLUG = /^[a-z][a-z0-9-]{1,38}[a-z0-9]$/;
const RESERVED_SLUGS = new Set([
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

export interface UpdateCenterInput {
  id: string;
  name?: string | null;
  slug?: string | null;
  kind?: string | null;
  language_pack?: string | null;
  contact_email?: string | null;
}

function slugArg(value: string | null | undefined): string {
  const slug = text('slug', value, { max: 40 }).toLowerCase();
  if (!SLUG.test(slug) || slug.includes('--'))
    throw badInput('slug', 'slug must be 3–40 lower-case letters, digits or single dashes, starting with a letter.');
  if (RESERVED_SLUGS.has(slug)) throw slugReserved();
  return slug;
}

export function createCentreService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  const hostOf = (slug: string) => `${slug}.${rt.config.platformDomain}`;

  async function load(id: string): Promise<CenterRow> {
    const centre = await repo.findCenter(db, id);
    if (!centre) throw centreNotFound();
    return centre;
  }

  /** A status change from one of `from` to `to`, audited, then every process forgets the centre. */
  async function transition(actor: Actor, rawId: string, from: CenterStatus[], to: CenterStatus, verb: string) {
    const id = idArg('id', rawId);
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
    async getCenters(actor: Actor, args: PageArgs & { search?: string | null; status?: string | null }) {
      requireRole(actor, centrePolicy.getCenters);
      const page = toPage(args);
      const status = args.status ? oneOf('status', args.status, CENTER_STATUSES) : null;
      const { rows, total } = await repo.listCenters(db, {
        search: args.search?.trim() || null,
        status,
        offset: page.offset,
        limit: page.perPage,
      });
      return { data: rows, paginatorInfo: paginatorInfo(total, page) };
    },

    /** Center.storage: operators who may read the centre see its stored files and bytes. */
    async storage(actor: Actor, centre: CenterRow) {
      requireRole(actor, centrePolicy.getCenter);
      return centreStorage(rt, centre);
    },

    async getCenter(actor: Actor, args: { id: string }) {
      requireRole(actor, centrePolicy.getCenter);
      return load(idArg('id', args.id));
    },

    async addCenter(actor: Actor, input: AddCenterInput) {
      requireRole(actor, centrePolicy.addCenter);
      const slug = slugArg(input.slug);
      const kind = oneOf('kind', input.kind ?? 'childcare', CENTER_KINDS);
      const onTrial = input.on_trial ?? false;
      const row = {
        name: text('name', input.name, { max: 150 }),
        slug,
        kind,
        language_pack: oneOf('language_pack', input.language_pack ?? (kind === 'petcare' ? 'dogs' : 'default'), LANGUAGE_PACKS),
        contact_email: email('contact_email', input.contact_email),
        owner_fname: text('owner_fname', input.owner_fname, { max: 100 }),
        owner_lname: text('owner_lname', input.owner_lname, { max: 100 }),
        owner_username: username('owner_username', input.owner_username),
        on_trial: onTrial,
        trial_days: onTrial ? intBetween('trial_days', input.trial_days ?? 30, 1, 365) : null,
        trial_start_date: onTrial ? db.raw('current_date') : null,
        status: 'provisioning',
        provisioning_step: 'queued',
        provisioning_attempts: 1,
        database_name: assertSafeDatabaseName(`${rt.config.databasePrefix}${slug.replaceAll('-', '_')}`),
        added_by: actor.viewer?.label ?? null,
        added_at: db.fn.now(),
      };
      let id: string;
      try {
        id = await db.transaction(async (trx) => {
          if ((await repo.slugExists(trx, slug)) || (await repo.hostHeldByOther(trx, hostOf(slug), null))) throw slugTaken();
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
            payload: { centerId: null, center_id: centreId, attempt: 1 },
          });
          return centreId;
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw slugTaken();
        throw e;
      }
      void rt.kickOutbox();
      await rt.directory.invalidate(id);
      return done('Centre added; its database is being set up.', { center: await load(id) });
    },

    async updateCenter(actor: Actor, input: UpdateCenterInput) {
      requireRole(actor, centrePolicy.updateCenter);
      const id = idArg('id', input.id);
      const patch: Record<string, unknown> = {};
      if (input.name != null) patch.name = text('name', input.name, { max: 150 });
      if (input.kind != null) patch.kind = oneOf('kind', input.kind, CENTER_KINDS);
      if (input.language_pack != null) patch.language_pack = oneOf('language_pack', input.language_pack, LANGUAGE_PACKS);
      if (input.contact_email != null) patch.contact_email = email('contact_email', input.contact_email);
      const newSlug = input.slug != null ? slugArg(input.slug) : null;
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

    async suspendCenter(actor: Actor, args: { id: string }) {
      requireRole(actor, centrePolicy.suspendCenter);
      return done('Centre suspended.', { center: await transition(actor, args.id, ['active'], 'suspended', 'suspended') });
    },

    async activateCenter(actor: Actor, args: { id: string }) {
      requireRole(actor, centrePolicy.activateCenter);
      return done('Centre activated.', { center: await transition(actor, args.id, ['suspended'], 'active', 'activated') });
    },

    /** Offboarding: hostnames stop answering now; a job drops the database. */
    async deleteCenter(actor: Actor, args: { id: string }) {
      requireRole(actor, centrePolicy.deleteCenter);
      const id = idArg('id', args.id);
      await db.transaction(async (trx) => {
        const centre = await repo.lockCenter(trx, id);
        if (!centre) throw centreNotFound();
        // A provisioning job could still create the database after the drop; let it finish or fail first.
        if (centre.status === 'deleted' || centre.status === 'provisioning') throw invalidState(centre.status, 'deleted');
        await repo.updateCenterRow(trx, id, {
          status: 'deleted',
          deleted_at: trx.fn.now(),
          changed_by: actor.viewer?.label,
          changed_at: trx.fn.now(),
        });
        await repo.disableDomains(trx, id);
        await repo.endOpenSupportSessions(trx, id);
        await writeAudit(trx, actor, 'center.delete', 'center', id, {
          slug: centre.slug,
          from: centre.status,
          database_name: centre.database_name,
        });
        await writeOutbox(trx, { queue: CONTROL_QUEUE, name: JOBS.dropCenterDatabase, payload: { centerId: null, center_id: id } });
      });
      void rt.kickOutbox();
      await rt.directory.invalidate(id);
      rt.pools.evict(id);
      return done('Centre deleted; its database will be dropped.', { center: await load(id) });
    },

    async extendCenterTrial(actor: Actor, args: { id: string; days: number }) {
      requireRole(actor, centrePolicy.extendCenterTrial);
      const id = idArg('id', args.id);
      const days = intBetween('days', args.days, 1, 365);
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
