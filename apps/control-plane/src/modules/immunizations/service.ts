import { z } from 'zod';
import { fields, parseArgs } from '@kv/server';
import { IMMUNIZATION_KINDS, MAX_DOSES, isDuration } from '@kv/shared';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { immunizationPolicy } from './policy.ts';
import { codeTaken, immunizationNotFound, nothingToPublish, scheduleInPast, scheduleNotAfterLatest } from './errors.ts';
import * as repo from './repo.ts';

const duration = (label: string) =>
  z
    .string()
    .trim()
    .max(40, `${label} is too long.`)
    .refine(isDuration, `${label} is a duration such as "6 weeks", "2 months" or "1 year 6 months".`);
const optionalDuration = (label: string) =>
  z
    .string()
    .trim()
    .max(40, `${label} is too long.`)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isDuration(v), `${label} is a duration such as "6 weeks", "2 months" or "1 year 6 months".`);

const dose = z.object({
  label: fields.text('label', { max: 80 }),
  min_age: duration('min_age'),
  recommended_age: duration('recommended_age'),
  min_interval: optionalDuration('min_interval'),
  booster_validity: optionalDuration('booster_validity'),
});
const doses = z
  .array(dose)
  .min(1, 'An immunization has at least one dose.')
  .max(MAX_DOSES, `An immunization has at most ${MAX_DOSES} doses.`);
const code = z
  .string()
  .trim()
  .min(1, 'code is required.')
  .max(40, 'code must be at most 40 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, 'code uses letters, digits, space, . _ / and -.');
const kind = fields.oneOf('kind', IMMUNIZATION_KINDS);
const id = fields.id('id');
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'effective_from is a date (YYYY-MM-DD).')
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'effective_from is a date (YYYY-MM-DD).',
  );
const sourceUrl = z
  .string()
  .trim()
  .max(500, 'source_url is too long.')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'source_url must be an http(s) address.')
  .nullish()
  .transform((v) => v || null);

/** Two writers taking one code at once: the unique index decides, answered as the typed error. */
async function codeUnique<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw codeTaken();
    throw e;
  }
}

/** "Today" on the platform is UTC: a schedule dated before it is refused. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The platform's immunization catalogue (kvsupport): vaccines are edited freely; centres see
 * them only through a published schedule version, which is frozen (`immunization_schedules`)
 * and served as the channel catalogue `immunizations` (`schedule-<version>`). A change reaches
 * centres as a new version from its effective date; evaluations already stored keep theirs.
 */
export function createImmunizationService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  const found = async (rawId: string) => {
    const row = await repo.byId(db, rawId);
    if (!row) throw immunizationNotFound();
    return row;
  };
  return {
    async getImmunizations(actor: Actor, raw: unknown) {
      requireRole(actor, immunizationPolicy.getImmunizations);
      const a = parseArgs(z.object({ kind: kind.nullish() }), raw);
      return repo.list(db, a.kind ?? null);
    },

    async getImmunizationSchedules(actor: Actor) {
      requireRole(actor, immunizationPolicy.getImmunizationSchedules);
      return repo.schedules(db);
    },

    async createImmunization(actor: Actor, raw: unknown) {
      requireRole(actor, immunizationPolicy.createImmunization);
      const a = parseArgs(z.object({ name: fields.text('name', { max: 150 }), code, kind, is_required: z.boolean(), doses }), raw);
      const row = await codeUnique(
        db.transaction(async (trx) => {
          if (await repo.codeUsed(trx, a.code)) throw codeTaken();
          const r = await repo.insert(trx, { name: a.name, code: a.code, kind: a.kind, is_required: a.is_required, doses: a.doses });
          await writeAudit(trx, actor, 'immunization.create', 'immunization', String(r.id), { code: r.code, kind: r.kind });
          return r;
        }),
      );
      return done('Immunization created.', { immunization: row });
    },

    async updateImmunization(actor: Actor, raw: unknown) {
      requireRole(actor, immunizationPolicy.updateImmunization);
      const a = parseArgs(
        z.object({
          id,
          name: fields.text('name', { max: 150 }).nullish(),
          code: code.nullish(),
          kind: kind.nullish(),
          is_required: z.boolean().nullish(),
          doses: doses.nullish(),
        }),
        raw,
      );
      await found(a.id);
      const patch: Partial<repo.ImmunizationRow> = {};
      if (a.name != null) patch.name = a.name;
      if (a.code != null) patch.code = a.code;
      if (a.kind != null) patch.kind = a.kind;
      if (a.is_required != null) patch.is_required = a.is_required;
      if (a.doses != null) {
        patch.doses = a.doses;
      }
      const row = await codeUnique(
        db.transaction(async (trx) => {
          if (a.code != null && (await repo.codeUsed(trx, a.code, a.id))) throw codeTaken();
          const r = Object.keys(patch).length ? await repo.update(trx, a.id, patch) : (await repo.byId(trx, a.id))!;
          await writeAudit(trx, actor, 'immunization.update', 'immunization', a.id, { fields: Object.keys(patch) });
          return r;
        }),
      );
      return done('Immunization saved. Publish a schedule to send the change to centres.', { immunization: row });
    },

    async deleteImmunization(actor: Actor, raw: unknown) {
      requireRole(actor, immunizationPolicy.deleteImmunization);
      const a = parseArgs(z.object({ id }), raw);
      const row = await found(a.id);
      await db.transaction(async (trx) => {
        await repo.remove(trx, a.id);
        await writeAudit(trx, actor, 'immunization.delete', 'immunization', a.id, { code: row.code });
      });
      return done('Immunization deleted. Published schedules keep it until the next version.', { immunization: row });
    },

    async publishImmunizationSchedule(actor: Actor, raw: unknown) {
      const v = requireRole(actor, immunizationPolicy.publishImmunizationSchedule);
      const a = parseArgs(z.object({ effective_from: day, source_url: sourceUrl, note: fields.optionalText(2000, 'note') }), raw);
      if (a.effective_from < todayUtc()) throw scheduleInPast();
      const schedule = await db.transaction(async (trx) => {
        const latest = await repo.latestSchedule(trx);
        if (latest && a.effective_from <= latest.effective_from) throw scheduleNotAfterLatest(latest.effective_from);
        const list = await repo.list(trx, null);
        if (!list.length) throw nothingToPublish();
        const s = await repo.publish(trx, {
          effective_from: a.effective_from,
          source_url: a.source_url ?? null,
          note: a.note ?? null,
          published_by: v.label,
          immunizations: list.map((i) => ({ code: i.code, name: i.name, kind: i.kind, is_required: i.is_required, doses: i.doses })),
        });
        await writeAudit(trx, actor, 'immunization.publish', 'immunization_schedule', String(s.id), {
          version: s.version,
          effective_from: s.effective_from,
        });
        return s;
      });
      return done(`Schedule version ${schedule.version} published, in effect from ${schedule.effective_from}.`, { schedule });
    },
  };
}

export type ImmunizationService = ReturnType<typeof createImmunizationService>;
