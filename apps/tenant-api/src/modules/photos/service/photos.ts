import { z } from 'zod';
import type { Knex } from 'knex';
import { emit } from '@kv/jobs';
import { AppError, fields, parseArgs } from '@kv/server';
import { roleAtLeast } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { assertLocations, reaches, readScope, requireViewer, studentScopeOf, type LocationScope } from '../../../core/access.ts';
import { id, idList, optionalText, pageArgs, paginated } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { localDate } from '../../../core/time.ts';
import { inTransaction, lockFor } from '../../../core/tx.ts';
import { centreStore, findFiles, markFilesDeleted } from '../../files/index.ts';
import { findLocationSettings } from '../../locations/index.ts';
import { findStudents, idsInScope } from '../../students/index.ts';
import * as repo from '../repo.ts';
import { mayWrite, photoManageScope, photoReadScope, photoWriteScope } from '../policy.ts';
import {
  fileNotUsable,
  noConsent,
  notPending,
  photoNotFound,
  staffNotAtLocation,
  studentNotFound,
  studentsOnlyInStudentAlbum,
  studentsOutOfScope,
} from '../errors.ts';

export const PHOTO_APPROVED = 'photo.approved';
const ALBUM_PURPOSES = new Set(['album_photo', 'album_video']);

const takenAt = z
  .string()
  .trim()
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)),
    'Use a date and time such as 2026-03-01T09:30:00Z.',
  )
  .transform((v) => new Date(v))
  .refine((d) => d.getTime() <= Date.now() + 86_400_000 && d.getUTCFullYear() >= 2000, 'The photo cannot be taken in the future.');
const caption = optionalText(500, 'The caption');
const studentsArg = idList.max(100, 'Tag at most 100 children.');
const staffArg = idList.max(50, 'Tag at most 50 staff members.');

/** A location of the write scope, else NOT_FOUND naming `location_id`. */
async function assertLocation(ctx: RequestContext, scope: LocationScope, locationId: string): Promise<void> {
  await assertLocations(ctx, scope, [locationId]).catch(() => {
    throw new AppError('NOT_FOUND', 'Location not found.', { field: 'location_id' });
  });
}

/**
 * The children to tag: every one in the viewer's student scope and at the photo's location, and
 * none whose photo consent is `none` (refused by name). Their consents are locked for the
 * transaction, so a withdrawal cannot slip between this check and the tag.
 */
export async function assertTaggable(
  trx: Knex.Transaction,
  ctx: RequestContext,
  locationId: string,
  studentIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(studentIds.map(String))];
  if (!ids.length) return;
  const rows = await findStudents(trx, ids, { scope: await studentScopeOf(ctx) });
  if (rows.length !== ids.length || rows.some((s) => String(s.location_id) !== String(locationId))) {
    throw studentsOutOfScope();
  }
  for (const sid of ids.sort()) await lockFor(trx, `photo-consent:${sid}`);
  const consents = await repo.currentConsents(trx, ids);
  const refused = rows.find((s) => consents.get(String(s.id))?.consent === 'none');
  if (refused) throw noConsent(`${refused.fname} ${refused.lname}`);
}

async function assertStaff(trx: Knex.Transaction, locationId: string, userIds: readonly string[]): Promise<void> {
  const ids = [...new Set(userIds.map(String))];
  const found = await repo.staffAt(trx, locationId, ids);
  if (ids.some((i) => !found.has(i))) throw staffNotAtLocation();
}

async function approvedEvent(ctx: RequestContext, trx: Knex.Transaction, photo: repo.PhotoRow, students: readonly string[]) {
  if (photo.album !== 'students') return;
  await emit(trx, PHOTO_APPROVED, { centreId: ctx.tenant.id, photo: String(photo.id), students: students.map(String) });
}

/** Spec createPhoto: an uploaded, checked file of the viewer's becomes a photo of an album. */
export async function createPhoto(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await photoWriteScope(ctx);
  const a = parseArgs(
    z.object({
      file_id: z.string().uuid('Choose an uploaded file.'),
      album: fields.oneOf('The album', repo.ALBUMS),
      location_id: id,
      caption,
      students: studentsArg.nullish(),
      staff: staffArg.nullish(),
      taken_at: takenAt.nullish(),
    }),
    raw,
  );
  await assertLocation(ctx, scope, a.location_id);
  const students = [...new Set(a.students ?? [])];
  const staff = [...new Set(a.staff ?? [])];
  if (students.length && a.album !== 'students') throw studentsOnlyInStudentAlbum();
  const [file] = await findFiles(ctx.db, [a.file_id]);
  if (
    !file ||
    file.status !== 'ready' ||
    !ALBUM_PURPOSES.has(file.purpose) ||
    String(file.owner_id) !== a.location_id ||
    String(file.uploaded_by) !== v.id ||
    (await repo.fileUsed(ctx.db, file.id))
  )
    throw fileNotUsable();
  const settings = await findLocationSettings(ctx.db, a.location_id);
  const approved = !settings.approve_photos || roleAtLeast(v.role, 'manager');

  const photo = await inTransaction(ctx, async (trx) => {
    await assertTaggable(trx, ctx, a.location_id, students);
    await assertStaff(trx, a.location_id, staff);
    const row = await repo
      .insertPhoto(trx, {
        album: a.album,
        file_id: file.id,
        location_id: a.location_id,
        caption: a.caption ?? null,
        taken_at: a.taken_at ?? file.created_at,
        status: approved ? 'approved' : 'pending',
        uploaded_by: v.id,
        approved_by: approved ? v.id : null,
        approved_at: approved ? trx.fn.now() : null,
      })
      .catch((e: { code?: string }) => {
        throw e.code === '23505' ? fileNotUsable() : e;
      });
    await repo.setTags(trx, row.id, 'students', students);
    await repo.setTags(trx, row.id, 'staff', staff);
    await repo.insertLogs(trx, [
      { photo_id: row.id, action: 'upload', user_id: v.id },
      ...(approved ? [{ photo_id: row.id, action: 'approval' as const, user_id: v.id }] : []),
    ]);
    await audit(ctx, trx, {
      action: 'photo.create',
      entity: 'photo',
      entity_id: row.id,
      location_id: a.location_id,
      data: { album: a.album, file_id: file.id, students, staff, status: row.status },
    });
    if (approved) await approvedEvent(ctx, trx, row, students);
    return row;
  });
  return { ...notice(approved ? 'Photo added.' : 'Photo added; it waits for a manager’s approval.'), photo };
}

/** A photo the viewer may change (its location in their write scope), else NOT_FOUND naming `id`. */
async function writablePhoto(trx: Knex.Transaction | Knex, scope: LocationScope, photoId: string) {
  const photo = await repo.findPhoto(trx, photoId, true);
  if (!photo || !mayWrite(scope, photo)) throw photoNotFound();
  return photo;
}

/** Spec updatePhoto: caption, tags, time; omitted arguments keep their value. */
export async function updatePhoto(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await photoWriteScope(ctx);
  const a = parseArgs(
    z.object({ id, caption, students: studentsArg.nullish(), staff: staffArg.nullish(), taken_at: takenAt.nullish() }),
    raw,
  );
  const photo = await inTransaction(ctx, async (trx) => {
    const before = await writablePhoto(trx, scope, a.id);
    const patch: Record<string, unknown> = {};
    if (a.caption !== undefined) patch.caption = a.caption;
    if (a.taken_at) patch.taken_at = a.taken_at;
    if (a.students) {
      if (a.students.length && before.album !== 'students') throw studentsOnlyInStudentAlbum();
      await assertTaggable(trx, ctx, String(before.location_id), a.students);
    }
    if (a.staff) await assertStaff(trx, String(before.location_id), a.staff);
    const row = Object.keys(patch).length || a.students || a.staff ? await repo.updatePhoto(trx, before.id, patch) : before;
    if (a.students) await repo.setTags(trx, before.id, 'students', [...new Set(a.students)]);
    if (a.staff) await repo.setTags(trx, before.id, 'staff', [...new Set(a.staff)]);
    await repo.insertLogs(trx, [{ photo_id: before.id, action: 'update', user_id: v.id }]);
    await audit(ctx, trx, {
      action: 'photo.update',
      entity: 'photo',
      entity_id: before.id,
      location_id: String(before.location_id),
      data: { caption: a.caption, students: a.students, staff: a.staff, taken_at: a.taken_at?.toISOString() },
    });
    return row;
  });
  return { ...notice('Photo saved.'), photo };
}

/** Spec deletePhoto: the photo leaves every album and its stored file is deleted; the log stays. */
export async function deletePhoto(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await photoWriteScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const keys = await inTransaction(ctx, async (trx) => {
    const photo = await writablePhoto(trx, scope, a.id);
    await repo.softDelete(trx, photo.id, v.id);
    const removed = await markFilesDeleted(trx, [photo.file_id]);
    await repo.insertLogs(trx, [{ photo_id: photo.id, action: 'delete', user_id: v.id }]);
    await audit(ctx, trx, {
      action: 'photo.delete',
      entity: 'photo',
      entity_id: photo.id,
      location_id: String(photo.location_id),
      data: { album: photo.album, file_id: photo.file_id },
    });
    return removed;
  });
  if (keys.length && ctx.deps.files) await centreStore(ctx).remove(keys);
  return { ...notice('Photo deleted.'), id: a.id };
}

/** Spec approvePhoto: a manager of the photo's location approves a pending photo. */
export async function approvePhoto(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await photoManageScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const photo = await inTransaction(ctx, async (trx) => {
    const before = await writablePhoto(trx, scope, a.id);
    if (before.status !== 'pending') throw notPending();
    const row = await repo.updatePhoto(trx, before.id, { status: 'approved', approved_by: v.id, approved_at: trx.fn.now() });
    const students = (await repo.tagsOf(trx, 'students', [row.id])).map((t) => String(t.id));
    await repo.insertLogs(trx, [{ photo_id: row.id, action: 'approval', user_id: v.id }]);
    await audit(ctx, trx, { action: 'photo.approve', entity: 'photo', entity_id: row.id, location_id: String(row.location_id) });
    await approvedEvent(ctx, trx, row, students);
    return row;
  });
  return { ...notice('Photo approved.'), photo };
}

/**
 * Spec getPhotos: what the viewer sees of the albums, newest first; where the images are sent
 * (`logViews`), each photo's view is logged once a day.
 */
export async function getPhotos(ctx: RequestContext, raw: unknown, { logViews }: { logViews: boolean } = { logViews: true }) {
  const v = requireViewer(ctx);
  const scope = await photoReadScope(ctx);
  const a = parseArgs(
    z
      .object({
        album: fields.oneOf('The album', repo.ALBUMS).nullish(),
        student: id.nullish(),
        location_id: id.nullish(),
        status: fields.oneOf('The status', ['pending', 'approved'] as const).nullish(),
        from: localDate.nullish(),
        to: localDate.nullish(),
        ...pageArgs,
      })
      .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'The end date must be on or after the start date.', path: ['to'] }),
    raw,
  );
  if (a.student && !(await idsInScope(ctx.db, await studentScopeOf(ctx), [a.student])).length) throw studentNotFound('student');
  if (a.location_id && scope.kind === 'staff' && !reaches(await readScope(ctx), a.location_id))
    throw new AppError('NOT_FOUND', 'Location not found.', { field: 'location_id' });
  const { rows, total } = await repo.pagePhotos(ctx.db, scope, a, a.page, a.first);
  if (logViews && rows.length) {
    const day = new Date().toISOString().slice(0, 10);
    await repo.insertLogs(
      ctx.db,
      rows.map((r) => ({ photo_id: r.id, action: 'view' as const, user_id: v.id, day })),
    );
  }
  return paginated(rows, total, a.page, a.first);
}

/** Spec getPhotoLogs: a photo's log (deleted photos too), for managers of its location. */
export async function getPhotoLogs(ctx: RequestContext, raw: unknown) {
  const scope = await photoManageScope(ctx);
  const a = parseArgs(z.object({ id, ...pageArgs }), raw);
  const photo = await repo.photoLocation(ctx.db, a.id);
  if (!photo || !reaches(scope, String(photo.location_id))) throw photoNotFound();
  const { rows, total } = await repo.pageLogs(ctx.db, a.id, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}
