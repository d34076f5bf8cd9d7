import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { emit } from '@kv/jobs';
import { fileKey, type FileStore } from '@kv/files';
import { fields as zf, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { isParent, isStaff, reaches, requireViewer } from '../../../core/access.ts';
import { id } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import { centreStore, checkAndStore, findFiles } from '../../files/index.ts';
import { findStudents } from '../../students/index.ts';
import * as repo from '../repo.ts';
import { formManageScope, submissionScope } from '../policy.ts';
import { checkValues, signatureHash, type FieldProblem, type SignatureInput } from '../values.ts';
import { PRINTED_FIELD_TYPES, pageCount, pdfSha256, sealPrintedPdf } from '../pdf.ts';
import type { FormField } from '../templates.ts';
import {
  alreadySubmitted,
  badPlacement,
  formNotFound,
  invalidFields,
  needsConsent,
  noPdf,
  notAPrintedForm,
  notShared,
  parentsOnly,
  staffOnly,
  studentNotFound,
  submissionNotFound,
  uploadNotUsable,
} from '../errors.ts';
import { fieldInput, saveSignatures, signatureInput, SUBMISSION_STATUS_CHANGED } from './submissions.ts';

export const PRINTED_FORM_PURPOSE = 'printed_form';
export const SIGNED_PDF_PURPOSE = 'signed_pdf';
/** Largest blank PDF read back to fill (the purpose's limit). */
const TEMPLATE_MAX = 20 * 1024 * 1024;
/** Largest signed PDF read back to verify. */
const SIGNED_MAX = 40 * 1024 * 1024;

/**
 * A checked `printed_form` upload of this location that no other form uses; answers it with its
 * page count (read from the stored PDF).
 */
export async function usablePdf(
  ctx: RequestContext,
  db: Knex | Knex.Transaction,
  fileId: string,
  locationId: string,
  formId: string | null,
) {
  const [file] = await findFiles(db, [fileId]);
  if (
    !file ||
    file.status !== 'ready' ||
    file.purpose !== PRINTED_FORM_PURPOSE ||
    String(file.owner_id) !== String(locationId) ||
    (await repo.fileUsedByOtherForm(db, file.id, formId))
  )
    throw uploadNotUsable();
  const bytes = await centreStore(ctx).read(fileKey(ctx.tenant.id, file.id, 'main'), TEMPLATE_MAX);
  return { id: String(file.id), pages: await pageCount(bytes) };
}

const fraction = z.number().min(0, 'A placement lies on the page (0 to 1).').max(1, 'A placement lies on the page (0 to 1).');
const placementInput = z.object({
  page: z.number().int('The page is a whole number.').min(1, 'Pages start at 1.'),
  x: fraction,
  y: fraction,
  w: z.number().min(0.005, 'The box is too small.').max(1),
  h: z.number().min(0.005, 'The box is too small.').max(1),
});
const printedFieldInput = z.object({
  id: z.string().trim().max(40).nullish(),
  name: zf.text('The field name', { max: 150 }),
  type: zf.oneOf('The field type', PRINTED_FIELD_TYPES),
  required: z.boolean().nullish(),
  placement: placementInput,
});

/**
 * Saves a printed form's layout: its PDF (`printed_form` upload of the form's location) and the
 * fields placed on its pages (text, date, checkbox, signature; page, x, y, w, h). A version that
 * already has entries is kept for them: the layout becomes a new version.
 */
export async function savePrintedFormFields(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await formManageScope(ctx);
  const a = parseArgs(
    z.object({
      form_id: id,
      file_id: z.string().trim().uuid('Upload the form’s PDF first.').nullish(),
      fields: z.array(printedFieldInput).max(200, 'At most 200 fields.'),
    }),
    raw,
  );
  const before = await repo.findForm(ctx.db, a.form_id);
  if (!before || !reaches(scope, before.location_id)) throw formNotFound('form_id');
  if (before.type !== 'printed') throw notAPrintedForm();
  const fileId = a.file_id ?? before.file_id;
  if (!fileId) throw noPdf();
  const file = await usablePdf(ctx, ctx.db, fileId, before.location_id, before.id);
  const seen = new Set<string>();
  const fields: FormField[] = a.fields.map((f, i) => {
    const p = f.placement;
    if (p.page > file.pages) throw badPlacement(i, `The PDF has ${file.pages} page${file.pages === 1 ? '' : 's'}.`);
    if (p.x + p.w > 1.0001 || p.y + p.h > 1.0001) throw badPlacement(i, 'The box runs off the page.');
    const known = f.id && before.fields.some((x) => x.id === f.id) && !seen.has(f.id) ? f.id : `f${randomBytes(4).toString('hex')}`;
    seen.add(known);
    return {
      id: known,
      name: f.name,
      type: f.type,
      required: Boolean(f.required),
      options: [],
      placement: { page: p.page, x: p.x, y: p.y, w: p.w, h: p.h },
    };
  });
  const form = await inTransaction(ctx, async (trx) => {
    const locked = (await repo.findForm(trx, before.id, true))!;
    const version = await repo.savePrintedVersion(trx, locked, fields, file);
    await repo.insertLog(trx, {
      form_id: locked.id,
      action: 'layout_saved',
      user_id: v.id,
      data: { version, file: file.id, fields: fields.length },
    });
    await audit(ctx, trx, {
      action: 'form.layout',
      entity: 'form',
      entity_id: locked.id,
      location_id: locked.location_id,
      data: { version, file: file.id },
    });
    return (await repo.findForm(trx, locked.id))!;
  });
  return { ...notice(form.version > before.version ? `Form saved (version ${form.version}).` : 'Form saved.'), form };
}

const submitArgs = z.object({
  form_id: id,
  student_id: id,
  fields: z.array(fieldInput).max(300, 'Too many fields.'),
  signatures: z.array(signatureInput).max(20, 'Too many signatures.').nullish(),
  esign_consent: z.boolean().nullish(),
});

/** Spec submitPdfFormParent: a parent fills and signs a printed form shared for their own child. */
export async function submitPdfFormParent(ctx: RequestContext, raw: unknown) {
  if (!isParent(requireViewer(ctx))) throw parentsOnly();
  return submitPrinted(ctx, raw);
}

/** Spec submitPdfFormStaff: staff (forms.manage) fill and sign a printed form for a child of their scope at the form's location. */
export async function submitPdfFormStaff(ctx: RequestContext, raw: unknown) {
  if (!isStaff(requireViewer(ctx))) throw staffOnly();
  return submitPrinted(ctx, raw);
}

/**
 * A printed form filled for a child: every value checked against the entry's version (one typed
 * problem per bad field, nothing saved); signatures after the ESIGN consent, and a resubmission
 * signs every signature field again. The server writes the values and signatures into the
 * version's PDF, flattens it, appends the certificate page (signer, time, IP, user agent, the
 * SHA-256 seal), stores it as a `signed_pdf` through the files service and records its hash.
 */
async function submitPrinted(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await submissionScope(ctx);
  const a = parseArgs(submitArgs, raw);
  const [student] = await findStudents(ctx.db, [a.student_id], { scope });
  if (!student) throw studentNotFound();
  const form = await repo.findForm(ctx.db, a.form_id);
  if (!form) throw formNotFound('form_id');
  if (isParent(v)) {
    if (!(await repo.assignment(ctx.db, form.id, student.id))) throw notShared();
  } else if (String(form.location_id) !== String(student.location_id)) throw formNotFound('form_id');
  if (form.type !== 'printed') throw notAPrintedForm();
  const signatures = (a.signatures ?? []) as SignatureInput[];
  if (signatures.length && !a.esign_consent) throw needsConsent();
  const store = centreStore(ctx);

  const saved = await inTransaction(ctx, async (trx) => {
    await trx('forms').where({ id: form.id }).forShare().first('id');
    const live = await repo.liveSubmission(trx, form.id, student.id, true);
    if (live && live.status !== 'change_requested') throw alreadySubmitted();
    const version = live ? live.version : form.version;
    const fields = live ? ((await repo.versionFields(trx, form.id, version)) ?? []) : form.fields;
    const pdf = live ? await repo.versionFile(trx, form.id, version) : { file_id: form.file_id, page_count: form.page_count };
    if (!pdf?.file_id) throw noPdf();
    const { problems, values } = checkValues(fields, a.fields, signatures);
    if (live) {
      // A resubmission needs new signatures: every signature field is signed again.
      const signed = new Set(signatures.map((s) => String(s.field_id)));
      for (const f of fields)
        if (f.type === 'signature' && !signed.has(f.id) && !problems.some((p) => p.field === f.id))
          problems.push({
            field: f.id,
            code: 'FORM_FIELD_REQUIRED',
            message: `${f.name}: sign again, a resubmission needs new signatures.`,
          } satisfies FieldProblem);
    }
    if (problems.length) throw invalidFields(problems);
    const hash = signatureHash({ formId: form.id, version, fields, values, signatures });
    const status = live ? 'resubmitted' : 'submitted';
    let submissionId: string;
    if (live) {
      submissionId = String(live.id);
      await repo.supersedeSignatures(trx, submissionId);
      await repo.resolveChangeRequests(trx, submissionId);
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
    const now = new Date();
    const signer = (await repo.namesOf(trx, [v.id])).get(v.id);
    const signerName = signer ? `${signer.fname} ${signer.lname}`.trim() : `User ${v.id}`;
    const template = await store.read(fileKey(ctx.tenant.id, pdf.file_id, 'main'), TEMPLATE_MAX);
    const sealed = await sealSubmission(store, ctx.tenant.id, {
      template,
      fields,
      values,
      signatures,
      certificate: {
        formName: form.name,
        formId: form.id,
        version,
        submissionId,
        studentName: `${student.fname} ${student.lname}`.trim(),
        signerName,
        signedAt: now,
        consentAt: now,
        ip: ctx.ip ?? null,
        userAgent: ctx.userAgent ? String(ctx.userAgent).slice(0, 500) : null,
        hash,
      },
    });
    await trx('files')
      .where({ purpose: SIGNED_PDF_PURPOSE, owner_id: submissionId, status: 'ready' })
      .update({ status: 'deleted', updated_at: trx.fn.now() });
    await trx('files').insert({ ...sealed.row, owner_id: submissionId, uploaded_by: v.id, original_name: signedName(form.name, student) });
    await repo.updateSubmission(trx, submissionId, {
      values: JSON.stringify(values),
      hash,
      status,
      submitted_by: v.id,
      submitted_at: now,
      reviewed_by: null,
      reviewed_at: null,
      signed_file_id: sealed.row.id,
      pdf_sha256: sealed.sha256,
    });
    await saveSignatures(trx, ctx, { submissionId, signerId: v.id, signerName, at: now, hash, signatures });
    await repo.insertLog(trx, {
      form_id: form.id,
      submission_id: submissionId,
      action: status,
      user_id: v.id,
      data: { student: student.id, pdf: sealed.sha256 },
    });
    await audit(ctx, trx, {
      action: `form.${status}`,
      entity: 'form_submission',
      entity_id: submissionId,
      location_id: String(student.location_id),
      data: { form: form.id, student: student.id, version, hash, pdf_sha256: sealed.sha256, file: sealed.row.id },
    });
    await emit(trx, SUBMISSION_STATUS_CHANGED, {
      centreId: ctx.tenant.id,
      submission: submissionId,
      form: form.id,
      student: student.id,
      status,
    });
    return (await repo.findSubmission(trx, submissionId, scope))!;
  });
  return { ...notice(saved.status === 'resubmitted' ? 'Form resubmitted and signed.' : 'Form signed.'), submission: saved };
}

const signedName = (formName: string, s: { fname: string; lname: string }) =>
  `${`${formName} - ${s.fname} ${s.lname}`.replace(/[\\/:*?"<>|\p{Cc}]/gu, '').slice(0, 200)} (signed).pdf`;

/**
 * Seals a filled printed form (`sealPrintedPdf`) and stores it through the files service's check
 * as a `signed_pdf`: the bytes written and the `files` row to insert (status ready), with the
 * SHA-256 of the bytes. The API's submit and the demo seed both sign through here.
 */
export async function sealSubmission(
  store: FileStore,
  centreId: string,
  input: Parameters<typeof sealPrintedPdf>[0],
  /** The new file's id (the seed passes its own, for the same data every run). */
  fileId: string = randomUUID(),
) {
  const bytes = Buffer.from(await sealPrintedPdf(input));
  const checked = await checkAndStore(store, centreId, fileId, SIGNED_PDF_PURPOSE, bytes, 'application/pdf');
  if (!checked.ok) throw new Error(`The signed PDF failed its check: ${checked.reason}`);
  return {
    sha256: pdfSha256(bytes),
    bytes,
    row: {
      id: fileId,
      purpose: SIGNED_PDF_PURPOSE,
      ...checked.ready,
      declared_type: 'application/pdf',
      declared_size: String(bytes.length),
      upload_expires_at: new Date(),
      checked_at: new Date(),
      variants: JSON.stringify(checked.ready.variants),
    },
  };
}

export interface Verification {
  submission_id: string;
  valid: boolean;
  hash: string;
  recomputed_hash: string;
  values_match: boolean;
  signatures_match: boolean;
  pdf_match: boolean;
  pdf_sha256: string | null;
  stored_pdf_sha256: string | null;
}

/**
 * Recomputes a signed submission's seal: the SHA-256 over its version, values and current
 * signatures against the one recorded (a changed value fails), each signature's own seal, and the
 * SHA-256 of the stored signed PDF's bytes against the one recorded (a changed byte fails).
 * Used by `verifySignedPdf`, the tests and the compliance export.
 */
export async function verifySubmission(
  db: Knex | Knex.Transaction,
  store: FileStore,
  centreId: string,
  submissionId: string,
): Promise<Verification | null> {
  const row = await db('form_submissions').where({ id: submissionId }).first();
  if (!row) return null;
  const fields = (await repo.versionFields(db, String(row.form_id), row.version)) ?? [];
  const sigs = await repo.signaturesOf(db, [String(row.id)]);
  const recomputed = signatureHash({ formId: String(row.form_id), version: row.version, fields, values: row.values, signatures: sigs });
  let stored: string | null = null;
  if (row.signed_file_id) {
    const [file] = await findFiles(db, [String(row.signed_file_id)]);
    if (file && file.status === 'ready') {
      try {
        stored = pdfSha256(await store.read(fileKey(centreId, file.id, 'main'), SIGNED_MAX));
      } catch {
        stored = null;
      }
    }
  }
  const values_match = recomputed === row.hash;
  const signatures_match = sigs.every((s) => s.hash === row.hash);
  const pdf_match = row.signed_file_id ? Boolean(stored && stored === row.pdf_sha256) : true;
  return {
    submission_id: String(row.id),
    valid: values_match && signatures_match && pdf_match,
    hash: row.hash,
    recomputed_hash: recomputed,
    values_match,
    signatures_match,
    pdf_match,
    pdf_sha256: row.pdf_sha256 ?? null,
    stored_pdf_sha256: stored,
  };
}

/** Spec verification of a signed form: the seal and the signed PDF's bytes recomputed (whoever reads the submission). */
export async function verifySignedPdf(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ submission_id: id }), raw);
  const scope = await submissionScope(ctx);
  const row = await repo.findSubmission(ctx.db, a.submission_id, scope);
  if (!row) throw submissionNotFound('submission_id');
  return (await verifySubmission(ctx.db, centreStore(ctx), ctx.tenant.id, row.id))!;
}
