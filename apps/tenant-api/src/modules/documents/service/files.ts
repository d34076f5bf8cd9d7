import { z } from 'zod';
import { emit } from '@kv/jobs';
import { fields as zf, parseArgs } from '@kv/server';
import { CENTRE_ROLES } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { assertLocations, reaches } from '../../../core/access.ts';
import { blankToNull, id, idList, optionalText, pageArgs, paginated } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { localDate } from '../../../core/time.ts';
import { inTransaction } from '../../../core/tx.ts';
import { findFiles } from '../../files/index.ts';
import { idsInScope } from '../../students/index.ts';
import * as repo from '../repo.ts';
import { docViewer, editorScope } from '../policy.ts';
import { fileNotFound, locationNotFound, noTargets, sortMismatch, studentNotFound, uploadNotUsable, userNotFound } from '../errors.ts';

export const FILE_PUBLISHED = 'file.published';
export const CENTRE_FILE_PURPOSE = 'centre_file';

const optionalDate = z.union([localDate, z.literal('')]).nullish().transform(blankToNull);
const subType = optionalText(50, 'The sub type');

/** A checked `centre_file` upload of the viewer at the location, not yet used by another row. */
async function usableUpload(ctx: RequestContext, fileId: string, locationId: string, purpose = CENTRE_FILE_PURPOSE) {
  const [file] = await findFiles(ctx.db, [fileId]);
  if (
    !file ||
    file.status !== 'ready' ||
    file.purpose !== purpose ||
    String(file.owner_id) !== String(locationId) ||
    String(file.uploaded_by) !== String(ctx.viewer!.id) ||
    (await repo.fileRowUsed(ctx.db, file.id))
  )
    throw uploadNotUsable(purpose);
  return file;
}

const uuidArg = z.string().trim().uuid('Upload the file first.');

/** Spec filterFiles: the viewer's files (editors: unpublished too; `archive: true` the archive). */
export async function filterFiles(ctx: RequestContext, raw: unknown) {
  const d = await docViewer(ctx);
  const a = parseArgs(
    z.object({
      location_id: id.nullish(),
      search: optionalText(100, 'The search'),
      sub_type: subType,
      archive: z.boolean().nullish(),
      student_id: id.nullish(),
      ...pageArgs,
    }),
    raw,
  );
  if (a.student_id && !(await idsInScope(ctx.db, d.students, [a.student_id])).length) throw studentNotFound();
  const { rows, total } = await repo.listFiles(ctx.db, d, { ...a, archive: Boolean(a.archive) }, a.page, a.first);
  return paginated(markEditors(d, rows), total, a.page, a.first);
}

function markEditors<T extends { location_id: string }>(d: repo.FileReader, rows: T[]): (T & { __editor: boolean })[] {
  return rows.map((r) => ({ ...r, __editor: Boolean(d.edits && reaches(d.edits, r.location_id)) }));
}

export async function getSingleFile(ctx: RequestContext, raw: unknown) {
  const d = await docViewer(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const row = await repo.readableFile(ctx.db, d, a.id);
  if (!row) throw fileNotFound();
  return markEditors(d, [row])[0]!;
}

/** A file of the editor's locations, locked; else NOT_FOUND. */
async function editableFile(trx: Parameters<typeof repo.findFile>[0], edits: Parameters<typeof reaches>[0], fileId: string) {
  const row = await repo.findFile(trx, fileId, true);
  if (!row || !reaches(edits, row.location_id)) throw fileNotFound();
  return row;
}

async function logAs(ctx: RequestContext, trx: Parameters<typeof repo.log>[0], subject: repo.LogSubject, subjectId: string, activity: string) {
  await repo.log(trx, subject, subjectId, activity, { id: ctx.viewer!.id, name: await repo.userName(trx, ctx.viewer!.id) });
}

/** Spec createFile: a centre file of a location from a checked `centre_file` upload; unpublished unless said. */
export async function createFile(ctx: RequestContext, raw: unknown) {
  const d = await editorScope(ctx);
  const a = parseArgs(
    z.object({
      location_id: id,
      name: zf.text('The file name', { max: 150 }),
      file_id: uuidArg,
      description: optionalText(2000, 'The description'),
      instructions: optionalText(5000, 'The instructions'),
      sub_type: subType,
      expiry_date: optionalDate,
      published: z.boolean().nullish(),
      required: z.boolean().nullish(),
    }),
    raw,
  );
  if (!reaches(d.edits, a.location_id)) throw locationNotFound();
  await assertLocations(ctx, d.edits, [a.location_id]);
  await usableUpload(ctx, a.file_id, a.location_id);
  const row = await inTransaction(ctx, async (trx) => {
    const r = await repo.insertFile(trx, {
      location_id: a.location_id,
      name: a.name,
      file_id: a.file_id,
      description: a.description ?? null,
      instructions: a.instructions ?? null,
      sub_type: a.sub_type ?? null,
      expiry_date: a.expiry_date ?? null,
      published: Boolean(a.published),
      required: Boolean(a.required),
      created_by: d.userId,
    });
    await audit(ctx, trx, { action: 'centre_file.created', entity: 'centre_file', entity_id: r.id, location_id: r.location_id });
    if (r.published) await emit(trx, FILE_PUBLISHED, { centreId: ctx.tenant.id, file: r.id });
    return r;
  });
  return { ...notice('File saved.'), file: { ...row, read: false, __editor: true } };
}

/** Spec updateFile: its fields, `published` (publishing emits `file.published` once) and visibility. */
export async function updateFile(ctx: RequestContext, raw: unknown) {
  const d = await editorScope(ctx);
  const a = parseArgs(
    z.object({
      id,
      name: zf.text('The file name', { max: 150 }).nullish(),
      description: optionalText(2000, 'The description'),
      instructions: optionalText(5000, 'The instructions'),
      sub_type: subType,
      expiry_date: optionalDate,
      published: z.boolean().nullish(),
      visible: z.boolean().nullish(),
      required: z.boolean().nullish(),
      file_id: uuidArg.nullish(),
    }),
    raw,
  );
  const current = await repo.findFile(ctx.db, a.id);
  if (!current || !reaches(d.edits, current.location_id)) throw fileNotFound();
  if (a.file_id && a.file_id !== current.file_id) await usableUpload(ctx, a.file_id, current.location_id);
  const row = await inTransaction(ctx, async (trx) => {
    const before = await editableFile(trx, d.edits, a.id);
    const patch: Record<string, unknown> = {};
    for (const k of ['name', 'published', 'visible', 'required', 'file_id'] as const) if (a[k] !== undefined && a[k] !== null) patch[k] = a[k];
    for (const k of ['description', 'instructions', 'sub_type', 'expiry_date'] as const) if (a[k] !== undefined) patch[k] = a[k] ?? null;
    const r = await repo.updateFile(trx, before.id, patch);
    await audit(ctx, trx, { action: 'centre_file.updated', entity: 'centre_file', entity_id: r.id, location_id: r.location_id, data: { fields: Object.keys(patch) } });
    if (r.published && !before.published) await emit(trx, FILE_PUBLISHED, { centreId: ctx.tenant.id, file: r.id });
    return r;
  });
  return { ...notice('File saved.'), file: { ...row, __editor: true } };
}

/** Spec sortFiles: the location's unarchived files in the given order (every one, once). */
export async function sortFiles(ctx: RequestContext, raw: unknown) {
  const d = await editorScope(ctx);
  const a = parseArgs(z.object({ location_id: id, ids: idList.min(1, 'List the files in their new order.') }), raw);
  if (!reaches(d.edits, a.location_id)) throw locationNotFound();
  await inTransaction(ctx, async (trx) => {
    const have = new Set(await repo.locationFileIds(trx, a.location_id));
    const wanted = [...new Set(a.ids.map(String))];
    if (wanted.length !== a.ids.length || wanted.some((i) => !have.has(i))) throw sortMismatch();
    await repo.setOrder(trx, wanted);
    await audit(ctx, trx, { action: 'centre_file.sorted', entity: 'location', entity_id: a.location_id, location_id: a.location_id });
  });
  return notice('Order saved.');
}

/** Spec shareFile: students, users, roles and locations (replacing the previous shares). */
export async function shareFile(ctx: RequestContext, raw: unknown) {
  const d = await editorScope(ctx);
  const a = parseArgs(
    z.object({
      id,
      student_ids: idList.nullish(),
      user_ids: idList.nullish(),
      roles: z.array(zf.oneOf('The role', CENTRE_ROLES.filter((r) => r !== 'blog') as [string, ...string[]])).max(5).nullish(),
      location_ids: idList.nullish(),
    }),
    raw,
  );
  const current = await repo.findFile(ctx.db, a.id);
  if (!current || !reaches(d.edits, current.location_id)) throw fileNotFound();
  const students = [...new Set(a.student_ids ?? [])].map(String);
  const users = [...new Set(a.user_ids ?? [])].map(String);
  const roles = [...new Set(a.roles ?? [])];
  const locations = [...new Set(a.location_ids ?? [])].map(String);
  if (!students.length && !users.length && !roles.length && !locations.length) throw noTargets();
  if (locations.length) {
    if (locations.some((l) => !reaches(d.edits, l))) throw locationNotFound('location_ids');
    await assertLocations(ctx, d.edits, locations);
  }
  if (students.length && (await idsInScope(ctx.db, d.students, students)).length !== students.length) throw studentNotFound('student_ids');
  if (users.length) {
    const known = await ctx.db('users').whereIn('id', users).whereNull('deleted_at').count({ n: '*' });
    if (Number(known[0]?.n ?? 0) !== users.length) throw userNotFound();
  }
  const row = await inTransaction(ctx, async (trx) => {
    await editableFile(trx, d.edits, a.id);
    await repo.replaceShares(trx, a.id, [
      ...students.map((t) => ({ target_kind: 'student', target_id: t })),
      ...users.map((t) => ({ target_kind: 'user', target_id: t })),
      ...roles.map((t) => ({ target_kind: 'role', target_id: t })),
      ...locations.map((t) => ({ target_kind: 'location', target_id: t })),
    ]);
    await audit(ctx, trx, { action: 'centre_file.shared', entity: 'centre_file', entity_id: a.id, location_id: current.location_id, data: { students, users, roles, locations } });
    return repo.findFile(trx, a.id);
  });
  return { ...notice('File shared.'), file: { ...row!, __editor: true } };
}

/** Spec archiveFile: into the archive (or back out with `archive: false`); logged. */
export async function archiveFile(ctx: RequestContext, raw: unknown) {
  const d = await editorScope(ctx);
  const a = parseArgs(z.object({ id, archive: z.boolean().nullish() }), raw);
  const archive = a.archive ?? true;
  const row = await inTransaction(ctx, async (trx) => {
    const before = await editableFile(trx, d.edits, a.id);
    const r = await repo.updateFile(trx, before.id, { archive });
    await logAs(ctx, trx, 'file', r.id, archive ? 'archived' : 'restored');
    await audit(ctx, trx, { action: archive ? 'centre_file.archived' : 'centre_file.restored', entity: 'centre_file', entity_id: r.id, location_id: r.location_id });
    return r;
  });
  return { ...notice(archive ? 'File archived.' : 'File restored.'), file: { ...row, __editor: true } };
}

/** Spec markFileRead: the viewer read (or downloaded) a file they see; logged once per call. */
export async function markFileRead(ctx: RequestContext, raw: unknown) {
  const d = await docViewer(ctx);
  const a = parseArgs(z.object({ id, download: z.boolean().nullish() }), raw);
  const row = await repo.readableFile(ctx.db, d, a.id);
  if (!row) throw fileNotFound();
  await inTransaction(ctx, async (trx) => {
    await repo.markRead(trx, row.id, d.userId);
    await logAs(ctx, trx, 'file', row.id, a.download ? 'downloaded' : 'viewed');
  });
  return notice('Marked as read.');
}

export { logAs, usableUpload };
