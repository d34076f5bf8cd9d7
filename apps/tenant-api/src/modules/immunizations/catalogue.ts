import type { Knex } from 'knex';
import { ControlPlaneError } from '@kv/auth';
import { versionOn, type ImmunizationKind, type ScheduleVersion } from '@kv/shared';
import type { RequestContext } from '../../types.ts';
import { scheduleUnavailable } from './errors.ts';

type Db = Knex | Knex.Transaction;
export const CATALOGUE = 'immunizations';
/** How long a centre trusts its last look at the catalogue before asking for new versions. */
const FRESH_MS = 5 * 60_000;
const lastLook = new Map<string, number>();

/** The part of a version this centre evaluates with: child care the child vaccines, pet care the pet ones. */
export const kindOf = (ctx: Pick<RequestContext, 'tenant'>): ImmunizationKind => (ctx.tenant.kind === 'petcare' ? 'pet' : 'child');

const forKind = (v: ScheduleVersion, kind: ImmunizationKind): ScheduleVersion => ({
  ...v,
  immunizations: v.immunizations.filter((i) => i.kind === kind),
});

/**
 * Stores versions the centre has not seen (frozen on the platform, so a stored copy never goes
 * stale) and the vaccine codes they name (the compliance gaps' source ids).
 */
export async function storeVersions(db: Db, versions: readonly ScheduleVersion[], kind: ImmunizationKind): Promise<void> {
  if (!versions.length) return;
  const rows = versions.map((raw) => {
    const v = forKind(raw, kind);
    return {
      version: v.version,
      effective_from: v.effective_from,
      source_url: v.source_url,
      note: v.note,
      immunizations: JSON.stringify(v.immunizations),
    };
  });
  await db('immunization_schedule_versions').insert(rows).onConflict('version').ignore();
  const vaccines = new Map<string, string>();
  for (const v of versions) for (const i of v.immunizations) if (i.kind === kind) vaccines.set(i.code, i.name);
  if (vaccines.size) {
    await db('immunization_vaccines')
      .insert([...vaccines].map(([code, name]) => ({ code, name })))
      .onConflict('code')
      .merge(['name']);
  }
}

/** The centre's stored versions, oldest first. */
export async function storedVersions(db: Db): Promise<ScheduleVersion[]> {
  const rows = await db('immunization_schedule_versions')
    .orderBy('effective_from')
    .select('version', db.raw("to_char(effective_from, 'YYYY-MM-DD') as effective_from"), 'source_url', 'note', 'immunizations');
  return rows.map((r) => ({ ...r, version: Number(r.version) }));
}

/** The stored version in effect on a day (null: none stored yet). */
export async function storedVersionOn(db: Db, day: string): Promise<ScheduleVersion | null> {
  const r = await db('immunization_schedule_versions')
    .where('effective_from', '<=', day)
    .orderBy('effective_from', 'desc')
    .first('version', db.raw("to_char(effective_from, 'YYYY-MM-DD') as effective_from"), 'source_url', 'note', 'immunizations');
  return r ? { ...r, version: Number(r.version) } : null;
}

/**
 * The schedule versions through the control-plane channel, cached per version in the centre's
 * database: the catalogue is asked at most every five minutes per centre; when the platform
 * cannot be reached the stored versions answer, and with none stored it is PLATFORM_UNAVAILABLE.
 */
export async function scheduleVersions(ctx: RequestContext): Promise<ScheduleVersion[]> {
  const key = ctx.tenant.id;
  const seen = lastLook.get(key);
  if (!seen || Date.now() - seen > FRESH_MS) {
    try {
      const cat = await ctx.deps.controlPlane.catalogue(ctx.tenant.id, CATALOGUE);
      const stored = new Set((await ctx.db('immunization_schedule_versions').select('version')).map((r) => Number(r.version)));
      const fresh = cat.items
        .map((i) => i.data as unknown as ScheduleVersion)
        .filter((v) => Number.isInteger(v?.version) && !stored.has(v.version));
      await storeVersions(ctx.db, fresh, kindOf(ctx));
      lastLook.set(key, Date.now());
    } catch (err) {
      if (!(err instanceof ControlPlaneError)) throw err;
      ctx.log?.warn({ err }, 'immunization schedules: the control plane refused');
    }
  }
  const versions = await storedVersions(ctx.db);
  if (!versions.length) throw scheduleUnavailable();
  return versions;
}

/** The version in effect on a day, or null. */
export async function versionFor(ctx: RequestContext, day: string): Promise<ScheduleVersion | null> {
  return versionOn(await scheduleVersions(ctx), day);
}

/** Tests: forget when the catalogue was last read. */
export const forgetCatalogueLooks = () => lastLook.clear();
