import type { Knex } from 'knex';
import { z } from 'zod';
import { emit } from '@kv/jobs';
import { fields as zf, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { isParent, requireViewer } from '../../../core/access.ts';
import { id, optionalText, pageArgs, paginated } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { localDate } from '../../../core/time.ts';
import { inTransaction } from '../../../core/tx.ts';
import { findStudents } from '../../students/index.ts';
import * as repo from '../repo.ts';
import { formReadScope, reviewScope, submissionScope } from '../policy.ts';
import { attachmentProblems } from '../attachments.ts';
import { checkValues, signatureHash, type SignatureInput } from '../values.ts';
import {
  alreadySubmitted,
  formNotFound,
  invalidFields,
  needsConsent,
  notAWebForm,
  notShared,
  studentNotFound,
  submissionNotFound,
  wrongState,
} from '../errors.ts';
import { readableForm } from './forms.ts';

export const SUBMISSION_STATUS_CHANGED = 'submission.status_changed';

/** A submitted field's value and a signature, as the web and printed submits both take them. */
export const fieldInput = z.object({
  id: z.string().trim().min(1).max(40),
  type: z.string().max(20).nullish(),
  value: z.string().max(10_000, 'A value must be at most 10000 characters.').nullish(),
  name: z.string().max(150).nullish(),
  required: z.boolean().nullish(),
});
export const signatureInput = z.object({
  field_id: z.string().trim().min(1).max(40),
  method: zf.oneOf('The signature method', ['drawn', 'typed'] as const),
  image: z.string().max(400_000, 'The signature image is too large.').nullish(),
  typed_name: z.string().trim().max(150).nullish(),
});

async function signerName(db: Knex | Knex.Transaction, userId: string): Promise<string> {
  const n = (await repo.namesOf(db, [userId])).get(userId);
  return n ? `${n.fname} ${n.lname}`.trim() : `User ${userId}`;
}

async function statusEvent(ctx: RequestContext, trx: Knex.Transaction, submissionId: string, formId: string, studentId: string, status: string) {
  await emit(trx, SUBMISSION_STATUS_CHANGED, { centreId: ctx.tenant.id, submission: submissionId, form: formId, student: studentId, status });
}

/**
 * Spec submitForm: a web form filled for a child (a parent for their own child it was shared
 * with, staff for a child of their scope). Every field is checked against the entry's version
 * (a resubmission after a change request keeps its version); all bad fields answer at once, one
 * typed problem each, and nothing is saved. Signatures need the ESIGN consent; each stores the
 * signer, time, IP, user agent and the SHA-256 over the version, the values and every signature.
 * A resubmission replaces the old signatures: it needs new ones.
 */
export async function submitForm(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await submissionScope(ctx);
  const a = parseArgs(
    z.object({
      form_id: id,
      student_id: id,
      fields: z.array(fieldInput).max(300, 'Too many fields.'),
      signatures: z.array(signatureInput).max(20, 'Too many signatures.').nullish(),
      esign_consent: z.boolean().nullish(),
    }),
    raw,
  );
  const [student] = await findStudents(ctx.db, [a.student_id], { scope });
  if (!student) throw studentNotFound();
  const form = await repo.findForm(ctx.db, a.form_id);
  if (!form) throw formNotFound('form_id');
  if (isParent(v)) {
    if (!(await repo.assignment(ctx.db, form.id, student.id))) throw notShared();
  } else if (String(form.location_id) !== String(student.location_id)) throw formNotFound('form_id');
  if (form.type !== 'web') throw notAWebForm();
  const signatures = (a.signatures ?? []) as SignatureInput[];
  if (signatures.length && !a.esign_consent) throw needsConsent();

  const saved = await inTransaction(ctx, async (trx) => {
    await trx('forms').where({ id: form.id }).forShare().first('id');
    const live = await repo.liveSubmission(trx, form.id, student.id, true);
    if (live && live.status !== 'change_requested') throw alreadySubmitted();
    const version = live ? live.version : form.version;
    const fields = live ? ((await repo.versionFields(trx, form.id, version)) ?? []) : form.fields;
    const { problems, values } = checkValues(fields, a.fields, signatures);
    problems.push(...(await attachmentProblems(trx, { fields, values, studentId: student.id, uploaderId: v.id, previous: live?.values ?? null })));
    if (problems.length) throw invalidFields(problems);
    const hash = signatureHash({ formId: form.id, version, fields, values, signatures });
    let submissionId: string;
    const status = live ? 'resubmitted' : 'submitted';
    if (live) {
      submissionId = String(live.id);
      await repo.supersedeSignatures(trx, submissionId);
      await repo.resolveChangeRequests(trx, submissionId);
      await repo.updateSubmission(trx, submissionId, {
        values: JSON.stringify(values),
        hash,
        status,
        submitted_by: v.id,
        submitted_at: trx.fn.now(),
        reviewed_by: null,
        reviewed_at: null,
      });
    } else {
      submissionId = await repo.insertSubmission(trx, {
        form_id: form.id,
        version,
        student_id: student.id,
        location_id: student.location_id,
        status,
        values: JSON.stringify(values),
        hash,
        submitted_by: v.id,
      });
    }
    if (signatures.length) {
      const name = await signerName(trx, v.id);
      const now = new Date();
      await saveSignatures(trx, ctx, { submissionId, signerId: v.id, signerName: name, at: now, hash, signatures });
    }
    await repo.insertLog(trx, { form_id: form.id, submission_id: submissionId, action: status, user_id: v.id, data: { student: student.id } });
    await audit(ctx, trx, {
      action: `form.${status}`,
      entity: 'form_submission',
      entity_id: submissionId,
      location_id: String(student.location_id),
      data: { form: form.id, student: student.id, version, hash },
    });
    await statusEvent(ctx, trx, submissionId, form.id, student.id, status);
    return (await repo.findSubmission(trx, submissionId, scope))!;
  });
  return { ...notice(saved.status === 'resubmitted' ? 'Form resubmitted.' : 'Form submitted.'), submission: saved };
}

/** A submission of a child in the scope, else NOT_FOUND. */
async function scoped(ctx: RequestContext, submissionId: string) {
  const scope = await submissionScope(ctx);
  const row = await repo.findSubmission(ctx.db, submissionId, scope);
  if (!row) throw submissionNotFound();
  return row;
}

export async function getSingleSubmissionDetail(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ id }), raw);
  return scoped(ctx, a.id);
}

/**
 * Spec getStudentSubmissions: the forms shared with a child and its submissions, each with the
 * form, the due date and the entry (null while not filled).
 */
export async function getStudentSubmissions(ctx: RequestContext, raw: unknown) {
  const scope = await submissionScope(ctx);
  const a = parseArgs(z.object({ student_id: id }), raw);
  const [student] = await findStudents(ctx.db, [a.student_id], { scope });
  if (!student) throw studentNotFound();
  const [assigned, submissions] = await Promise.all([repo.assignmentsOf(ctx.db, student.id), repo.submissionsOfStudent(ctx.db, student.id)]);
  const latest = new Map<string, repo.SubmissionRow>();
  for (const s of submissions) if (!latest.has(String(s.form_id)) || s.status !== 'rejected') {
    const seen = latest.get(String(s.form_id));
    if (!seen || seen.status === 'rejected') latest.set(String(s.form_id), s);
  }
  const formIds = [...new Set([...assigned.map((x) => String(x.form_id)), ...latest.keys()])];
  const forms = new Map((await repo.formsByIds(ctx.db, formIds)).map((f) => [String(f.id), f]));
  const due = new Map(assigned.map((x) => [String(x.form_id), x.due_date]));
  return formIds
    .filter((f) => forms.has(f))
    .map((f) => ({ form: forms.get(f)!, student_id: student.id, due_date: due.get(f) ?? null, submission: latest.get(f) ?? null }));
}

/** Spec checkRequestChange: the open change request of a submission (what to change, by when), if any. */
export async function checkRequestChange(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ id }), raw);
  const row = await scoped(ctx, a.id);
  const cr = (await repo.latestChangeRequests(ctx.db, [row.id])).get(String(row.id));
  const open = row.status === 'change_requested' && cr && !cr.resolved_at ? cr : null;
  return { submission: row, change_request: open, may_resubmit: Boolean(open) };
}

async function review(
  ctx: RequestContext,
  submissionId: string,
  to: 'approved' | 'rejected' | 'change_requested',
  extra: (trx: Knex.Transaction, row: repo.SubmissionRow) => Promise<Record<string, unknown>>,
) {
  const v = requireViewer(ctx);
  const scope = await reviewScope(ctx);
  return inTransaction(ctx, async (trx) => {
    const row = await repo.findSubmission(trx, submissionId, scope, true);
    if (!row) throw submissionNotFound();
    if (row.status !== 'submitted' && row.status !== 'resubmitted') throw wrongState(row.status);
    const patch = await extra(trx, row);
    await repo.updateSubmission(trx, row.id, { status: to, reviewed_by: v.id, reviewed_at: trx.fn.now(), ...patch });
    await repo.insertLog(trx, { form_id: row.form_id, submission_id: row.id, action: to, user_id: v.id });
    await audit(ctx, trx, { action: `form.${to}`, entity: 'form_submission', entity_id: row.id, location_id: row.location_id, data: patch });
    await statusEvent(ctx, trx, row.id, row.form_id, row.student_id, to);
    return (await repo.findSubmission(trx, row.id, scope))!;
  });
}

export async function approveSubmittedForm(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ id }), raw);
  const submission = await review(ctx, a.id, 'approved', async () => ({}));
  return { ...notice('Submission approved.'), submission };
}

export async function rejectSubmittedForm(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ id, note: zf.text('The note', { max: 2000 }) }), raw);
  const submission = await review(ctx, a.id, 'rejected', async () => ({ note: a.note }));
  return { ...notice('Submission rejected.'), submission };
}

/** Spec requestChangeForm (change, change_date, notes): the family is asked to change and resubmit. */
export async function requestChangeForm(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const a = parseArgs(z.object({ id, change: zf.text('The change', { max: 2000 }), change_date: localDate.nullish(), notes: optionalText(2000, 'The notes') }), raw);
  const submission = await review(ctx, a.id, 'change_requested', async (trx, row) => {
    await repo.insertChangeRequest(trx, { submission_id: row.id, change: a.change, change_date: a.change_date ?? null, notes: a.notes ?? null, requested_by: v.id });
    return {};
  });
  return { ...notice('Change requested.'), submission };
}

const entryFilters = z
  .array(z.object({ field_id: z.string().trim().min(1).max(40), value: z.string().trim().min(1).max(500) }))
  .max(10, 'At most 10 filters.')
  .nullish();

/** Spec getCustomFormEntries: one form's entries (staff of its location), filtered by status and field values in SQL. */
export async function getCustomFormEntries(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(
    z.object({ form_id: id, status: zf.oneOf('The status', repo.STATUSES).nullish(), filters: entryFilters, ...pageArgs }),
    raw,
  );
  const scope = await formReadScope(ctx);
  if (scope.kind !== 'staff') throw formNotFound('form_id');
  const form = await readableForm(ctx, a.form_id);
  const students = await submissionScope(ctx);
  const { rows, total } = await repo.listSubmissions(
    ctx.db,
    students,
    { form_id: form.id, status: a.status, values: a.filters ?? [] },
    a.page,
    a.first,
  );
  return paginated(rows, total, a.page, a.first);
}

/**
 * Spec getWebFormEntries: entries of every web form the viewer reaches (the submissions screen):
 * by form, location, child, status, dates and field values (jsonb containment, GIN), paged.
 */
export async function getWebFormEntries(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(
    z.object({
      form_id: id.nullish(),
      location_id: id.nullish(),
      student_id: id.nullish(),
      status: zf.oneOf('The status', repo.STATUSES).nullish(),
      from: localDate.nullish(),
      to: localDate.nullish(),
      filters: entryFilters,
      ...pageArgs,
    }),
    raw,
  );
  const students = await submissionScope(ctx);
  const { rows, total } = await repo.listSubmissions(
    ctx.db,
    students,
    { form_id: a.form_id, location_id: a.location_id, student_id: a.student_id, status: a.status, from: a.from, to: a.to, values: a.filters ?? [] },
    a.page,
    a.first,
  );
  return paginated(rows, total, a.page, a.first);
}

/** A submission's signatures with the ESIGN record: signer, consent and signing time, address, user agent, the seal's hash. */
export async function saveSignatures(
  trx: Knex.Transaction,
  ctx: RequestContext,
  a: { submissionId: string; signerId: string; signerName: string; at: Date; hash: string; signatures: SignatureInput[] },
) {
  await repo.insertSignatures(
    trx,
    a.signatures.map((s) => ({
      submission_id: a.submissionId,
      field_id: s.field_id,
      method: s.method,
      image: s.method === 'drawn' ? s.image : null,
      typed_name: s.method === 'typed' ? s.typed_name : null,
      signer_id: a.signerId,
      signer_name: a.signerName,
      consent_at: a.at,
      signed_at: a.at,
      ip: ctx.ip ?? null,
      user_agent: ctx.userAgent ? String(ctx.userAgent).slice(0, 500) : null,
      hash: a.hash,
    })),
  );
}
