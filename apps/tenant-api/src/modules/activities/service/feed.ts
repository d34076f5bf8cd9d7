import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import { daysBetween, localParts } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { assertLocations, reaches } from '../../../core/access.ts';
import { audit } from '../../../core/audit.ts';
import { id, idList } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { localDate } from '../../../core/time.ts';
import { inTransaction } from '../../../core/tx.ts';
import { deleteStudentAttendance, removeStudentAbsence } from '../../attendance/index.ts';
import { deleteScreen, findScreens } from '../../health/index.ts';
import { locationInfo } from '../../locations/index.ts';
import { ALL_KINDS, MEDIA_OF, mediaOf } from '../kinds.ts';
import { visiblePhotoIds } from '../../photos/index.ts';
import { activityReadScope, activityWriteScope, approvalScope, roomFeedScope } from '../policy.ts';
import * as repo from '../repo/activities.ts';
import { derivedEntries, findAbsence, findAttendance, storedEntries, type FeedFilter } from '../repo/feed.ts';
import { activityNotFound, roomNotFound, studentNotFound, studentNotInEntry } from '../errors.ts';
import { emitVisible, entries, targetOf, type ShownActivity } from './common.ts';

const kindArg = z.enum(ALL_KINDS, { message: `Choose a kind: ${ALL_KINDS.join(', ')}.` });
const MAX_DAYS = 31;

function range(date: string | null | undefined, from: string | null | undefined, to: string | null | undefined, today: string) {
  const f = from ?? date ?? today;
  const t = to ?? date ?? f;
  if (t < f) throw badInput('to', 'The end date must be on or after the start date.');
  if (daysBetween(f, t) >= MAX_DAYS) throw badInput('to', `Choose at most ${MAX_DAYS} days.`);
  return { from: f, to: t };
}

/**
 * Stored and derived entries of a feed, in time order: a fixed number of statements. A parent
 * gets a photo or video entry only when they may see its media now (approved, photo consent:
 * one statement for the whole feed).
 */
async function feed(ctx: RequestContext, f: FeedFilter): Promise<ShownActivity[]> {
  const [stored, derived] = await Promise.all([storedEntries(ctx.db, f), derivedEntries(ctx.db, f)]);
  let rows = stored;
  if (f.parent) {
    const media = rows.map(mediaOf).filter((m): m is string => Boolean(m));
    const seen = media.length ? await visiblePhotoIds(ctx, media) : new Set<string>();
    rows = rows.filter((r) => !MEDIA_OF[r.kind] || seen.has(mediaOf(r) ?? ''));
  }
  return entries(rows, derived, f.studentIds);
}

/**
 * A room's entries (spec §7 room activities: date, id, staffOnly, to, from, type): a day, or
 * `from`..`to` (at most 31 days); `type` a kind; staffOnly true lists only staff-only entries,
 * false none of them. Staff of the room's location.
 */
export async function getRoomActivities(ctx: RequestContext, raw: unknown) {
  const scope = await roomFeedScope(ctx);
  const a = parseArgs(
    z.object({
      id,
      date: localDate.nullish(),
      from: localDate.nullish(),
      to: localDate.nullish(),
      staffOnly: z.boolean().nullish(),
      type: kindArg.nullish(),
    }),
    raw,
  );
  const locationId = await repo.programLocation(ctx.db, a.id);
  if (!locationId || !reaches(scope, locationId)) throw roomNotFound();
  await assertLocations(ctx, scope, [locationId]).catch(() => {
    throw roomNotFound();
  });
  const loc = (await locationInfo(ctx.db, locationId))!;
  const r = range(a.date, a.from, a.to, localParts(new Date(), loc.timezone).date);
  return feed(ctx, { programId: a.id, ...r, kinds: a.type ? [a.type] : null, parent: false, staffOnly: a.staffOnly ?? null });
}

/** One child's entries over days: staff in their scope; parents their own child's visible ones. */
async function childFeed(
  ctx: RequestContext,
  studentId: string,
  date: string | null | undefined,
  from?: string | null,
  to?: string | null,
  type?: string | null,
) {
  const { scope, parent } = await activityReadScope(ctx);
  const t = await targetOf(ctx, scope, [studentId], 'id').catch(() => {
    throw studentNotFound('id');
  });
  const r = range(date, from, to, t.today);
  const activities = await feed(ctx, { studentIds: [studentId], ...r, kinds: type ? [type] : null, parent, staffOnly: null });
  return { student: t.students[0]!, ...r, activities };
}

/** A child's day (spec: daily report, date and id = the child). */
export async function getDailyReport(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ id, date: localDate.nullish() }), raw);
  const r = await childFeed(ctx, a.id, a.date);
  return { student: r.student, date: r.from, activities: r.activities };
}

/** A child's entries from..to (at most 31 days), of one kind when `type` is given. */
export async function getFilteredReports(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ id, from: localDate.nullish(), to: localDate.nullish(), type: kindArg.nullish() }), raw);
  const r = await childFeed(ctx, a.id, null, a.from, a.to, a.type);
  return { student: r.student, from: r.from, to: r.to, activities: r.activities };
}

/**
 * Approves entries waiting for approval (a list; all or nothing): every id must be an entry of a
 * location the manager manages, else nothing changes and the error names the first foreign id.
 * Entries now visible to guardians (not staff-only) raise `activity.saved`.
 */
export async function approveRoomActivities(ctx: RequestContext, raw: unknown) {
  const scope = await approvalScope(ctx);
  const a = parseArgs(z.object({ id: idList.min(1, 'Choose at least one entry.') }), raw);
  const ids = [...new Set(a.id)];
  const rows = new Map((await repo.findActivities(ctx.db, ids)).map((r) => [String(r.id), r]));
  const foreign = ids.find((i) => !rows.has(i) || !reaches(scope, String(rows.get(i)!.location_id)));
  if (foreign) throw activityNotFound('id', foreign);
  const approved = await inTransaction(ctx, async (trx) => {
    const done = await repo.approve(trx, ids, ctx.viewer!.id);
    const kids = await repo.studentsOf(
      trx,
      done.map((r) => r.id),
    );
    for (const r of done) {
      await emitVisible(ctx, trx, r, kids.get(String(r.id)) ?? []);
      await audit(ctx, trx, {
        action: 'activity.approve',
        entity: 'activity',
        entity_id: String(r.id),
        location_id: String(r.location_id),
      });
    }
    return done;
  });
  return {
    ...notice(approved.length === 1 ? 'One entry is approved.' : `${approved.length} entries are approved.`),
    activities: entries(await repo.findActivities(ctx.db, ids)),
  };
}

/**
 * Takes a child off an entry (spec: delete daily activity, id and student); the last child's
 * removal deletes it. Absences go through removeStudentAbsence, check-ins through the attendance
 * correction (managers), health checks delete their screen.
 */
export async function deleteDailyActivity(ctx: RequestContext, raw: unknown) {
  const scope = await activityWriteScope(ctx);
  const a = parseArgs(
    z.object({
      id: z.string({ message: 'Choose the entry.' }).regex(/^((absent|health|checkin|checkout)-)?[1-9]\d{0,17}$/, 'Choose the entry.'),
      student: id,
    }),
    raw,
  );
  const [prefix, rowId] = a.id.includes('-') ? (a.id.split('-') as [string, string]) : ['', a.id];
  const mine = () => targetOf(ctx, scope, [a.student], 'student');
  if (prefix === 'absent') {
    const row = await findAbsence(ctx.db, rowId);
    if (!row || String(row.student_id) !== a.student) throw activityNotFound();
    await mine();
    const done = await removeStudentAbsence(ctx, { students: [a.student], date: row.date });
    return { ...notice(done.message), id: a.id };
  }
  if (prefix === 'health') {
    const [row] = await findScreens(ctx.db, [rowId]);
    if (!row || String(row.student_id) !== a.student) throw activityNotFound();
    await mine();
    await inTransaction(ctx, async (trx) => {
      await deleteScreen(trx, rowId);
      await audit(ctx, trx, {
        action: 'activity.health_check_delete',
        entity: 'health_screen',
        entity_id: rowId,
        location_id: String(row.location_id),
      });
    });
    return { ...notice('The health check is deleted.'), id: a.id };
  }
  if (prefix === 'checkin' || prefix === 'checkout') {
    const row = await findAttendance(ctx.db, rowId);
    if (!row || String(row.student_id) !== a.student) throw activityNotFound();
    await mine();
    if (prefix === 'checkout') throw badInput('id', 'A check-out is corrected, not deleted: change its time instead.');
    const done = await deleteStudentAttendance(ctx, { id: rowId, reason: 'Deleted from the daily activities.' });
    return { ...notice(done.message), id: a.id };
  }
  const [row] = await repo.findActivities(ctx.db, [rowId]);
  if (!row) throw activityNotFound();
  const kids = (await repo.studentsOf(ctx.db, [rowId])).get(rowId) ?? [];
  if (!kids.includes(a.student)) throw studentNotInEntry();
  await targetOf(ctx, scope, [a.student], 'student').catch(() => {
    throw activityNotFound();
  });
  const left = await inTransaction(ctx, async (trx) => {
    const n = await repo.removeStudent(trx, rowId, a.student);
    if (n === null) throw studentNotInEntry();
    if (n === 0) await repo.deleteActivity(trx, rowId);
    await audit(ctx, trx, {
      action: n === 0 ? 'activity.delete' : 'activity.remove_student',
      entity: 'activity',
      entity_id: rowId,
      location_id: String(row.location_id),
      data: { kind: row.kind, student: a.student },
    });
    return n;
  });
  return { ...notice(left === 0 ? 'The entry is deleted.' : 'The child is taken off the entry.'), id: a.id };
}
