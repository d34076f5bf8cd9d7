import type { Knex } from 'knex';
import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { audit } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { localDate, localTime } from '../../../core/time.ts';
import { inTransaction, violatedUnique } from '../../../core/tx.ts';
import { KINDS, type KindDef, type StoredKind } from '../kinds.ts';
import { activityWriteScope } from '../policy.ts';
import * as repo from '../repo/activities.ts';
import { activityNotFound, incidentAlwaysShown, medicationNotListed, roomNotFound, wrongKind } from '../errors.ts';
import { checkMediaTags } from '../../photos/index.ts';
import {
  checkDate,
  emitVisible,
  visibleToGuardians,
  requestId,
  entries,
  staffOnlyArg,
  studentsArg,
  targetOf,
  type ShownActivity,
  type Target,
} from './common.ts';

const note = z
  .string()
  .trim()
  .max(2000, 'The note has at most 2000 characters.')
  .nullish()
  .transform((v) => (v ? v : null));

/** What every kind takes (spec §7: id, date, time, students, photo plus the kind's fields). */
const COMMON = {
  /** save: the room the entry is made in (default the children's common homeroom). */
  id: id.nullish(),
  date: localDate.nullish(),
  time: localTime.nullish(),
  students: studentsArg,
  /** A students-album photo (photos area): its consent rules are checked in the write. */
  photo: id.nullish(),
  staffOnly: staffOnlyArg,
  note,
  request_id: requestId,
};

const schemaOf = (def: KindDef) => z.object(COMMON).extend(def.args.shape);

export interface SaveResult {
  status: boolean;
  message: string;
  color: string;
  replayed: boolean;
  activity: ShownActivity;
  activities: ShownActivity[];
}

const answer = (activity: ShownActivity, message: string, replayed = false): SaveResult => ({
  ...notice(message),
  replayed,
  activity,
  activities: [activity],
});

const LABEL: Record<string, string> = { activity: 'activity', health_check: 'health check', check_in: 'check-in', check_out: 'check-out' };
export const labelOf = (kind: string) => LABEL[kind] ?? kind;

/** The rules between an entry's fields and the world: medication list, photo, incident, room. */
async function checkRelations(ctx: RequestContext, kind: StoredKind, a: Record<string, any>, t: Target): Promise<string | null> {
  const def: KindDef = KINDS[kind];
  if (def.alwaysShown && a.staffOnly) throw incidentAlwaysShown();
  if (kind === 'note' && !a.note) throw badInput('note', 'Write the note.');
  if (def.medication) {
    const holders = await repo.medicationHolders(ctx.db, String(a.medication_id), t.ids);
    const missing = t.students.find((s) => !holders.has(String(s.id)));
    if (missing) throw medicationNotListed(missing.fname);
  }
  if (a.id) {
    if ((await repo.programLocation(ctx.db, String(a.id))) !== t.locationId) throw roomNotFound('id');
    return String(a.id);
  }
  const homes = new Set(t.students.map((s) => s.program_id));
  return homes.size === 1 ? ([...homes][0] ?? null) : null;
}

function valuesOf(kind: StoredKind, a: Record<string, any>, t: Target) {
  const def: KindDef = KINDS[kind];
  const date = a.date ?? t.today;
  const bad = checkDate(t, date);
  if (bad) throw badInput('date', bad);
  const time = a.time ?? t.now;
  const values = def.values(a, time);
  const details = def.details.safeParse(values.details);
  if (!details.success) throw badInput('details', 'The entry’s details do not fit its kind.');
  return { date, time, ...values, details: details.data };
}

/**
 * An entry's media (photos area, students album): the photo (and a video entry's video) must be
 * a row the viewer sees, of the right medium for a photo or video entry, and no child on the
 * entry may have photo consent `none` (refused by name). Errors name `photo` or `video`.
 */
async function checkMedia(
  trx: Knex.Transaction,
  ctx: RequestContext,
  kind: StoredKind,
  media: { photo?: string | null; video?: string | null },
  students: readonly string[],
) {
  if (media.photo) await checkMediaTags(trx, ctx, String(media.photo), students, kind === 'photo' ? { media: 'photo' } : {});
  if (media.video) await checkMediaTags(trx, ctx, String(media.video), students, { field: 'video', media: 'video' });
}

/** save<Kind>Activity: one entry for one or several children of one location. */
export function saveOf(kind: StoredKind) {
  const schema = schemaOf(KINDS[kind]);
  return async (ctx: RequestContext, raw: unknown): Promise<SaveResult> => {
    const scope = await activityWriteScope(ctx);
    const a = parseArgs(schema, raw) as Record<string, any>;
    const viewerId = ctx.viewer!.id;
    if (a.request_id) {
      const prior = await repo.byRequest(ctx.db, viewerId, a.request_id);
      if (prior) return answer(entries([prior])[0]!, 'Already saved.', true);
    }
    const t = await targetOf(ctx, scope, a.students);
    const values = valuesOf(kind, a, t);
    const programId = await checkRelations(ctx, kind, a, t);
    const approval = !(KINDS[kind] as KindDef).alwaysShown && (await repo.locationApproval(ctx.db, t.locationId));
    const row = {
      location_id: t.locationId,
      program_id: programId,
      kind,
      ...values,
      note: a.note ?? null,
      photo: a.photo ?? null,
      staff_only: Boolean(a.staffOnly),
      status: approval ? 'pending' : 'approved',
      created_by: viewerId,
      updated_by: viewerId,
      request_id: a.request_id ?? null,
    };
    try {
      const created = await inTransaction(ctx, async (trx) => {
        await checkMedia(trx, ctx, kind, row, t.ids);
        const activityId = await repo.insertActivity(trx, row, t.ids);
        await audit(ctx, trx, {
          action: 'activity.create',
          entity: 'activity',
          entity_id: activityId,
          location_id: t.locationId,
          data: { kind, students: t.ids, date: values.date },
        });
        await emitVisible(
          ctx,
          trx,
          {
            id: activityId,
            kind,
            location_id: t.locationId,
            staff_only: row.staff_only,
            status: row.status,
            photo: row.photo,
            video: values.video ?? null,
          },
          t.ids,
        );
        return activityId;
      });
      const [saved] = entries(await repo.findActivities(ctx.db, [created]));
      return answer(saved!, approval ? `The ${labelOf(kind)} is saved and waits for approval.` : `The ${labelOf(kind)} is saved.`);
    } catch (e) {
      // The same request at once from a retrying client: the first one's entry answers.
      if (a.request_id && violatedUnique(e) === 'activities_request_unique') {
        const prior = await repo.byRequest(ctx.db, viewerId, a.request_id);
        if (prior) return answer(entries([prior])[0]!, 'Already saved.', true);
      }
      throw e;
    }
  };
}

/**
 * update<Kind>Activity(id, …): the given fields change, the others keep their value; the whole
 * entry is checked again as a save would check it. With `students`, its children become those.
 */
export function updateOf(kind: StoredKind) {
  const def: KindDef = KINDS[kind];
  const schema = schemaOf(def);
  return async (ctx: RequestContext, raw: unknown): Promise<SaveResult> => {
    const scope = await activityWriteScope(ctx);
    const { id: activityId } = parseArgs(z.object({ id }), raw);
    const [before] = await repo.findActivities(ctx.db, [activityId]);
    if (!before) throw activityNotFound();
    const current = (await repo.studentsOf(ctx.db, [activityId])).get(activityId) ?? [];
    // Every child on the entry must be the viewer's, else it is not found for them.
    await targetOf(ctx, scope, current, 'id').catch(() => {
      throw activityNotFound();
    });
    if (before.kind !== kind) throw wrongKind(kind);
    const given = Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter(([k, v]) => k !== 'id' && v !== undefined));
    const merged = {
      ...def.fromRow(before),
      date: before.date,
      time: before.time,
      note: before.note,
      photo: before.photo,
      staffOnly: before.staff_only,
      students: current,
      ...given,
      id: before.program_id,
    };
    const a = parseArgs(schema, merged) as Record<string, any>;
    const t = await targetOf(ctx, scope, a.students);
    if (t.locationId !== String(before.location_id)) throw badInput('students', 'An entry stays with the children of its location.');
    const values = valuesOf(kind, a, t);
    if (a.photo === before.photo) a.photo = null;
    const homeroom = await checkRelations(ctx, kind, { ...a, id: null }, t);
    const programId = before.program_id ?? homeroom;
    const patch: Record<string, unknown> = {
      ...values,
      program_id: programId,
      note: a.note ?? null,
      staff_only: Boolean(a.staffOnly),
      updated_by: ctx.viewer!.id,
      ...(a.photo ? { photo: a.photo } : given.photo === null ? { photo: null } : {}),
    };
    const studentsChanged = given.students !== undefined;
    await inTransaction(ctx, async (trx) => {
      const locked = await repo.lockActivity(trx, activityId);
      if (!locked) throw activityNotFound();
      const photo = patch.photo === undefined ? locked.photo : (patch.photo as string | null);
      const video = patch.video === undefined ? locked.video : (patch.video as string | null);
      await checkMedia(
        trx,
        ctx,
        kind,
        {
          photo: photo && (patch.photo !== undefined || studentsChanged) ? photo : null,
          video: video && (String(video) !== String(locked.video) || studentsChanged) ? video : null,
        },
        t.ids,
      );
      const wasVisible = await visibleToGuardians(trx, locked);
      await repo.updateActivity(trx, activityId, patch, studentsChanged ? t.ids : null);
      await audit(ctx, trx, {
        action: 'activity.update',
        entity: 'activity',
        entity_id: activityId,
        location_id: t.locationId,
        data: { kind, changes: Object.keys(given) },
      });
      // Visible now and not before: guardians hear of it.
      if (!wasVisible) await emitVisible(ctx, trx, { ...locked, staff_only: Boolean(patch.staff_only), photo, video }, t.ids);
    });
    const [saved] = entries(await repo.findActivities(ctx.db, [activityId]));
    return answer(saved!, `The ${labelOf(kind)} is updated.`);
  };
}
