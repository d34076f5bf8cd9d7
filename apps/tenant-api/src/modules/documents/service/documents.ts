import { z } from 'zod';
import { emit } from '@kv/jobs';
import { fields as zf, parseArgs } from '@kv/server';
import { CENTRE_ROLES } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { assertLocations, reaches } from '../../../core/access.ts';
import { blankToNull, id, optionalText, pageArgs, paginated } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { localDate } from '../../../core/time.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction, mapUniqueViolations } from '../../../core/tx.ts';
import { idsInScope } from '../../students/index.ts';
import * as repo from '../repo.ts';
import { docViewer, editorScope, type DocViewer } from '../policy.ts';
import {
  alreadyAnswered,
  documentNotFound,
  locationNotFound,
  notForFamilies,
  notForStaff,
  pastDate,
  requestNotFound,
  studentNotFound,
  studentRequired,
  wrongState,
} from '../errors.ts';
import { todayUtc } from '../dates.ts';
import { logAs, usableUpload } from './files.ts';
import { syncGaps } from './gaps.ts';

export const DOCUMENT_REQUESTED = 'document.requested';
export const DOCUMENT_REVIEWED = 'document.reviewed';
export const DOCUMENT_PURPOSE = 'document';

const REQUEST_TYPES = ['family', 'staff'] as const;
const optionalDate = z.union([localDate, z.literal('')]).nullish().transform(blankToNull);
const rolesArg = z.array(zf.oneOf('The role', CENTRE_ROLES.filter((r) => r !== 'blog') as [string, ...string[]])).max(5);

const mark = (d: DocViewer, r: repo.RequestRow) => ({ ...r, __editor: Boolean(d.edits && reaches(d.edits, r.location_id)), __viewer: d });

/** Spec getDocuments: requests of the viewer's locations (parents: family ones, for their children). */
export async function getDocuments(ctx: RequestContext, raw: unknown) {
  const d = await docViewer(ctx);
  const a = parseArgs(
    z.object({ location_id: id.nullish(), type: zf.oneOf('The type', REQUEST_TYPES).nullish(), student_id: id.nullish(), archive: z.boolean().nullish(), ...pageArgs }),
    raw,
  );
  if (a.student_id && !(await idsInScope(ctx.db, d.students, [a.student_id])).length) throw studentNotFound();
  const { rows, total } = await repo.listRequests(ctx.db, d, d.staff, { ...a, archive: Boolean(a.archive) }, a.page, a.first);
  return paginated(
    rows.map((r) => mark(d, r)),
    total,
    a.page,
    a.first,
  );
}

/** A request with its answers (`/document/:documentId`); viewing is logged. */
export async function getSingleDocument(ctx: RequestContext, raw: unknown) {
  const d = await docViewer(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const row = await repo.readableRequest(ctx.db, d, d.staff, a.id);
  if (!row) throw requestNotFound();
  await inTransaction(ctx, (trx) => logAs(ctx, trx, 'request', row.id, 'viewed'));
  return mark(d, row);
}

/** Spec documents: a manager asks families (per child) or staff for a document; `roles` limit who sees it. */
export async function createDocument(ctx: RequestContext, raw: unknown) {
  const d = await editorScope(ctx);
  const a = parseArgs(
    z.object({
      location_id: id,
      name: zf.text('The document name', { max: 150 }),
      type: zf.oneOf('The type', REQUEST_TYPES),
      description: optionalText(2000, 'The description'),
      instructions: optionalText(5000, 'The instructions'),
      sub_type: optionalText(50, 'The sub type'),
      roles: rolesArg.nullish(),
      required: z.boolean().nullish(),
      expiry_date: optionalDate,
    }),
    raw,
  );
  if (!reaches(d.edits, a.location_id)) throw locationNotFound();
  await assertLocations(ctx, d.edits, [a.location_id]);
  if (a.expiry_date && a.expiry_date < todayUtc()) throw pastDate('expiry_date');
  const row = await inTransaction(ctx, async (trx) => {
    const r = await repo.insertRequest(trx, {
      location_id: a.location_id,
      name: a.name,
      type: a.type,
      description: a.description ?? null,
      instructions: a.instructions ?? null,
      sub_type: a.sub_type ?? null,
      roles: JSON.stringify([...new Set(a.roles ?? [])]),
      required: a.required ?? true,
      expiry_date: a.expiry_date ?? null,
      created_by: d.userId,
    });
    await audit(ctx, trx, { action: 'document_request.created', entity: 'document_request', entity_id: r.id, location_id: r.location_id });
    await emit(trx, DOCUMENT_REQUESTED, { centreId: ctx.tenant.id, request: r.id });
    if (r.type === 'family' && r.required) await syncGaps(trx, ctx.tenant.id, { location: r.location_id });
    return r;
  });
  return { ...notice('Document requested.'), request: mark(d, row) };
}

/** Archives a request: it leaves every list but the archive, and its gaps close. */
export async function archiveDocument(ctx: RequestContext, raw: unknown) {
  const d = await editorScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const current = await repo.findRequest(ctx.db, a.id);
  if (!current || !reaches(d.edits, current.location_id)) throw requestNotFound();
  const row = await inTransaction(ctx, async (trx) => {
    const r = await repo.updateRequest(trx, current.id, { archive: true });
    await logAs(ctx, trx, 'request', r.id, 'archived');
    await audit(ctx, trx, { action: 'document_request.archived', entity: 'document_request', entity_id: r.id, location_id: r.location_id });
    await syncGaps(trx, ctx.tenant.id, { location: r.location_id });
    return r;
  });
  return { ...notice('Document archived.'), request: mark(d, row) };
}

/**
 * A family (for one of their children) or a staff member answers a request they see with a
 * checked `document` upload (PDF, JPEG, PNG, WebP ≤ 10 MB) of theirs at the request's location.
 */
export async function uploadDocument(ctx: RequestContext, raw: unknown) {
  const d = await docViewer(ctx);
  const a = parseArgs(
    z.object({ request_id: id, file_id: z.string().trim().uuid('Upload the file first.'), student_id: id.nullish(), expiry: optionalDate }),
    raw,
  );
  const request = await repo.readableRequest(ctx.db, d, d.staff, a.request_id);
  if (!request || request.archive) throw requestNotFound('request_id');
  if (a.expiry && a.expiry < todayUtc()) throw pastDate('expiry');
  let studentId: string | null = null;
  if (request.type === 'family') {
    if (!a.student_id) throw studentRequired();
    const kids = await idsInScope(ctx.db, d.students, [a.student_id]);
    const at = kids.length ? await ctx.db('students').where({ id: a.student_id, location_id: request.location_id }).first('id') : null;
    if (!at) throw studentNotFound();
    studentId = String(a.student_id);
  } else {
    if (!d.staff) throw notForStaff();
    if (a.student_id) throw notForFamilies();
  }
  await usableUpload(ctx, a.file_id, request.location_id, DOCUMENT_PURPOSE);
  const row = await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      if (await repo.liveAnswer(trx, request.id, studentId, d.userId)) throw alreadyAnswered();
      const r = await repo.insertDocument(trx, {
        request_id: request.id,
        location_id: request.location_id,
        student_id: studentId,
        user_id: d.userId,
        file_id: a.file_id,
        status: 'pending',
        expiry: a.expiry ?? request.expiry_date ?? null,
        uploaded_by: d.userId,
      });
      await logAs(ctx, trx, 'document', r.id, 'uploaded');
      await audit(ctx, trx, { action: 'document.uploaded', entity: 'document', entity_id: r.id, location_id: r.location_id });
      if (studentId) await syncGaps(trx, ctx.tenant.id, { students: [studentId] });
      return r;
    }),
    { documents_live_student: alreadyAnswered, documents_live_user: alreadyAnswered },
  );
  return { ...notice('Document uploaded.'), document: { ...row, name: request.name } };
}

async function reviewable(ctx: RequestContext, d: DocViewer & { edits: NonNullable<DocViewer['edits']> }, docId: string) {
  const doc = await repo.findDocument(ctx.db, docId);
  if (!doc || !reaches(d.edits, doc.location_id)) throw documentNotFound();
  return doc;
}

/** Spec approveDocument(date): pending → approved with an optional date (and expiry). */
export async function approveDocument(ctx: RequestContext, raw: unknown) {
  const d = await editorScope(ctx);
  const a = parseArgs(z.object({ id, date: optionalDate, expiry: optionalDate }), raw);
  await reviewable(ctx, d, a.id);
  if (a.expiry && a.expiry < todayUtc()) throw pastDate('expiry');
  const row = await inTransaction(ctx, async (trx) => {
    const doc = (await repo.findDocument(trx, a.id, true))!;
    if (doc.status !== 'pending') throw wrongState(doc.status);
    const patch: Record<string, unknown> = { status: 'approved', date: a.date ?? null, approved_by: d.userId, reviewed_at: trx.fn.now() };
    if (a.expiry !== undefined && a.expiry !== null) patch.expiry = a.expiry;
    const r = await repo.updateDocument(trx, doc.id, patch);
    await logAs(ctx, trx, 'document', r.id, 'approved');
    await audit(ctx, trx, { action: 'document.approved', entity: 'document', entity_id: r.id, location_id: r.location_id, data: { date: a.date ?? null } });
    await emit(trx, DOCUMENT_REVIEWED, { centreId: ctx.tenant.id, document: r.id, status: 'approved' });
    if (r.student_id) await syncGaps(trx, ctx.tenant.id, { students: [String(r.student_id)] });
    return r;
  });
  return { ...notice('Document approved.'), document: row };
}

/** Rejects a pending document with a note; the family or staff member may upload again. */
export async function rejectDocument(ctx: RequestContext, raw: unknown) {
  const d = await editorScope(ctx);
  const a = parseArgs(z.object({ id, note: zf.text('The note', { max: 2000 }) }), raw);
  await reviewable(ctx, d, a.id);
  const row = await inTransaction(ctx, async (trx) => {
    const doc = (await repo.findDocument(trx, a.id, true))!;
    if (doc.status !== 'pending') throw wrongState(doc.status);
    const r = await repo.updateDocument(trx, doc.id, { status: 'rejected', note: a.note, approved_by: d.userId, reviewed_at: trx.fn.now() });
    await logAs(ctx, trx, 'document', r.id, 'rejected');
    await audit(ctx, trx, { action: 'document.rejected', entity: 'document', entity_id: r.id, location_id: r.location_id });
    await emit(trx, DOCUMENT_REVIEWED, { centreId: ctx.tenant.id, document: r.id, status: 'rejected' });
    if (r.student_id) await syncGaps(trx, ctx.tenant.id, { students: [String(r.student_id)] });
    return r;
  });
  return { ...notice('Document rejected.'), document: row };
}
