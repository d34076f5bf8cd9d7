import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { emit } from '@kv/jobs';
import { badInput, fields as zf, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { reaches, requireViewer, scopeFilter, studentScopeOf, type LocationScope } from '../../../core/access.ts';
import { id, idList, optionalText, pageArgs, paginated, httpUrl } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { localDate } from '../../../core/time.ts';
import { inTransaction } from '../../../core/tx.ts';
import * as repo from '../repo.ts';
import { formManageScope, formReadScope } from '../policy.ts';
import { FIELD_TYPES, OPTION_TYPES, TEMPLATES, templateFields, templatesFor, type FormField } from '../templates.ts';
import { usablePdf } from './printed.ts';
import { fieldNotFound, formNotFound, locationNotFound, noTargets, optionsNeeded, templateNotFound } from '../errors.ts';

export const FORM_SHARED = 'form.shared';

const FORM_TYPES = ['web', 'printed'] as const;
const SHARE_WITH = ['parents', 'staff', 'everyone'] as const;
const fieldName = zf.text('The field name', { max: 150 });
const options = z.array(z.string().trim().min(1, 'An option cannot be blank.').max(150, 'An option must be at most 150 characters.')).max(50, 'At most 50 options.');

/** A form the viewer reads: staff of its location, or a parent one of whose children it was shared with. */
export async function readableForm(ctx: RequestContext, formId: string): Promise<repo.FormRow> {
  const scope = await formReadScope(ctx);
  const form = await repo.findForm(ctx.db, formId);
  if (!form) throw formNotFound();
  if (scope.kind === 'staff') {
    if (!reaches(scope.locations, form.location_id)) throw formNotFound();
    return form;
  }
  const shared = await repo.sharedWithFamily(ctx.db, form.id, scope.userId);
  if (!shared) throw formNotFound();
  return form;
}

/** A form of the manager's locations, locked for the transaction; else NOT_FOUND. */
async function managedForm(trx: Parameters<typeof repo.findForm>[0], scope: LocationScope, formId: string, field = 'id') {
  const form = await repo.findForm(trx, formId, true);
  if (!form || !reaches(scope, form.location_id)) throw formNotFound(field);
  return form;
}

/** Spec getForms: staff the forms of their locations; parents those shared with their children. */
export async function getForms(ctx: RequestContext, raw: unknown) {
  const scope = await formReadScope(ctx);
  const a = parseArgs(
    z.object({ type: zf.oneOf('The type', FORM_TYPES).nullish(), location_id: id.nullish(), search: optionalText(100, 'The search'), ...pageArgs }),
    raw,
  );
  const filter: repo.FormFilter =
    scope.kind === 'staff'
      ? { locations: scopeFilter(scope.locations), type: a.type, search: a.search, location_id: a.location_id }
      : { locations: null, familyOf: scope.userId, type: a.type, search: a.search, location_id: a.location_id };
  const { rows, total } = await repo.listForms(ctx.db, filter, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

export async function getSingleForm(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ id }), raw);
  return readableForm(ctx, a.id);
}

/** Spec getCustomFormFields: a form's fields, of its current version or of an older one. */
export async function getCustomFormFields(ctx: RequestContext, raw: unknown): Promise<FormField[]> {
  const a = parseArgs(z.object({ form_id: id, version: z.number().int().min(1).nullish() }), raw);
  const form = await readableForm(ctx, a.form_id);
  if (!a.version || a.version === form.version) return form.fields;
  const fields = await repo.versionFields(ctx.db, form.id, a.version);
  if (!fields) throw formNotFound('version');
  return fields;
}

/** Spec getCustomFormTemplates: the centre kind's templates. */
export async function getCustomFormTemplates(ctx: RequestContext) {
  const scope = await formReadScope(ctx);
  if (scope.kind !== 'staff') throw formNotFound('template_id');
  return templatesFor(ctx.tenant.kind).map((t) => ({ ...t, fields: templateFields(t) }));
}

/** Spec createForm (§3 Form): a web or printed form at a location, optionally from a template. */
export async function createForm(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await formManageScope(ctx);
  const a = parseArgs(
    z.object({
      location_id: id,
      name: zf.text('The form name', { max: 150 }),
      type: zf.oneOf('The type', FORM_TYPES),
      description: optionalText(2000, 'The description'),
      instructions: optionalText(5000, 'The instructions'),
      share_with: zf.oneOf('Share with', SHARE_WITH).nullish(),
      form_builder_url: httpUrl,
      external_form_id: optionalText(100, 'The external form id'),
      template_id: z.string().trim().max(40).nullish(),
      file_id: z.string().trim().uuid('Upload the form’s PDF first.').nullish(),
    }),
    raw,
  );
  if (!reaches(scope, a.location_id)) throw locationNotFound();
  if (a.file_id && a.type !== 'printed') throw badInput('file_id', 'Only printed forms have a PDF.');
  // A printed form's PDF: a checked printed_form upload of the location, used by no other form.
  const pdf = a.file_id ? await usablePdf(ctx, ctx.db, a.file_id, a.location_id, null) : null;
  let fields: FormField[] = [];
  if (a.template_id) {
    const t = templatesFor(ctx.tenant.kind).find((x) => x.id === a.template_id) ?? TEMPLATES.find((x) => x.id === a.template_id);
    if (!t) throw templateNotFound();
    fields = templateFields(t);
  }
  const form = await inTransaction(ctx, async (trx) => {
    const row = await repo.insertForm(
      trx,
      {
        location_id: a.location_id,
        name: a.name,
        type: a.type,
        description: a.description ?? null,
        instructions: a.instructions ?? null,
        share_with: a.share_with ?? 'parents',
        form_builder_url: a.form_builder_url ?? null,
        external_form_id: a.external_form_id ?? null,
        template_id: a.template_id ?? null,
        created_by: v.id,
      },
      fields,
    );
    if (pdf) await trx('form_versions').where({ form_id: row.id, version: 1 }).update({ file_id: pdf.id, page_count: pdf.pages });
    await repo.insertLog(trx, { form_id: row.id, action: 'created', user_id: v.id });
    await audit(ctx, trx, { action: 'form.create', entity: 'form', entity_id: row.id, location_id: a.location_id, data: { name: a.name, type: a.type } });
    return pdf ? (await repo.findForm(trx, row.id))! : row;
  });
  return { ...notice('Form created.'), form };
}

export async function updateForm(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await formManageScope(ctx);
  const a = parseArgs(
    z.object({
      id,
      name: zf.text('The form name', { max: 150 }).nullish(),
      description: optionalText(2000, 'The description'),
      instructions: optionalText(5000, 'The instructions'),
      share_with: zf.oneOf('Share with', SHARE_WITH).nullish(),
      form_builder_url: httpUrl,
      external_form_id: optionalText(100, 'The external form id'),
    }),
    raw,
  );
  const form = await inTransaction(ctx, async (trx) => {
    const before = await managedForm(trx, scope, a.id);
    const patch: Record<string, unknown> = {};
    for (const k of ['name', 'description', 'instructions', 'share_with', 'form_builder_url', 'external_form_id'] as const)
      if (a[k] !== undefined && !(k === 'name' && a[k] === null)) patch[k] = a[k];
    await repo.updateForm(trx, before.id, patch);
    await repo.insertLog(trx, { form_id: before.id, action: 'updated', user_id: v.id, data: { fields: Object.keys(patch) } });
    await audit(ctx, trx, { action: 'form.update', entity: 'form', entity_id: before.id, location_id: before.location_id, data: patch });
    return (await repo.findForm(trx, before.id))!;
  });
  return { ...notice('Form saved.'), form };
}

/** Spec deleteForm: the form leaves every list; its entries and signatures stay for the record. */
export async function deleteForm(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await formManageScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  await inTransaction(ctx, async (trx) => {
    const form = await managedForm(trx, scope, a.id);
    await repo.updateForm(trx, form.id, { deleted_at: trx.fn.now() });
    await repo.insertLog(trx, { form_id: form.id, action: 'deleted', user_id: v.id });
    await audit(ctx, trx, { action: 'form.delete', entity: 'form', entity_id: form.id, location_id: form.location_id });
  });
  return { ...notice('Form deleted.'), id: a.id };
}

// ── fields (each change on a version with entries writes a new version) ─────

function checkOptions(type: string, opts: string[]) {
  if (OPTION_TYPES.has(type as FormField['type']) && !opts.length) throw optionsNeeded();
}

async function changeFields(
  ctx: RequestContext,
  formId: string,
  action: string,
  change: (fields: FormField[]) => FormField[],
) {
  const v = requireViewer(ctx);
  const scope = await formManageScope(ctx);
  const form = await inTransaction(ctx, async (trx) => {
    const before = await managedForm(trx, scope, formId, 'form_id');
    const next = change(before.fields.map((f) => ({ ...f, options: [...f.options] })));
    const version = await repo.saveFields(trx, before, next);
    await repo.insertLog(trx, { form_id: before.id, action, user_id: v.id, data: { version } });
    await audit(ctx, trx, { action: `form.${action}`, entity: 'form', entity_id: before.id, location_id: before.location_id, data: { version } });
    return (await repo.findForm(trx, before.id))!;
  });
  return { ...notice(form.version > 1 ? `Form saved (version ${form.version}).` : 'Form saved.'), form };
}

const indexOf = (fields: FormField[], fieldId: string) => {
  const i = fields.findIndex((f) => f.id === fieldId);
  if (i < 0) throw fieldNotFound();
  return i;
};

export async function addFormField(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(
    z.object({
      form_id: id,
      name: fieldName,
      type: zf.oneOf('The field type', FIELD_TYPES),
      required: z.boolean().nullish(),
      options: options.nullish(),
      position: z.number().int().min(0).max(500).nullish(),
    }),
    raw,
  );
  const opts = [...new Set(a.options ?? [])];
  checkOptions(a.type, opts);
  return changeFields(ctx, a.form_id, 'field_added', (fields) => {
    const field: FormField = {
      id: `f${randomBytes(4).toString('hex')}`,
      name: a.name,
      type: a.type,
      required: a.type === 'section' ? false : Boolean(a.required),
      options: OPTION_TYPES.has(a.type) || a.type === 'checkbox' ? opts : [],
    };
    fields.splice(a.position ?? fields.length, 0, field);
    return fields;
  });
}

export async function updateFormField(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(
    z.object({
      form_id: id,
      field_id: z.string().trim().min(1).max(40),
      name: fieldName.nullish(),
      type: zf.oneOf('The field type', FIELD_TYPES).nullish(),
      options: options.nullish(),
      position: z.number().int().min(0).max(500).nullish(),
    }),
    raw,
  );
  return changeFields(ctx, a.form_id, 'field_updated', (fields) => {
    const i = indexOf(fields, a.field_id);
    const f = fields[i]!;
    if (a.name) f.name = a.name;
    if (a.type) f.type = a.type;
    if (a.options) f.options = [...new Set(a.options)];
    if (!OPTION_TYPES.has(f.type) && f.type !== 'checkbox') f.options = [];
    if (f.type === 'section') f.required = false;
    checkOptions(f.type, f.options);
    if (a.position !== undefined && a.position !== null) {
      fields.splice(i, 1);
      fields.splice(Math.min(a.position, fields.length), 0, f);
    }
    return fields;
  });
}

export async function removeFormField(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ form_id: id, field_id: z.string().trim().min(1).max(40) }), raw);
  return changeFields(ctx, a.form_id, 'field_removed', (fields) => {
    fields.splice(indexOf(fields, a.field_id), 1);
    return fields;
  });
}

export async function setFormFieldRequired(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ form_id: id, field_id: z.string().trim().min(1).max(40), required: z.boolean() }), raw);
  return changeFields(ctx, a.form_id, 'field_required', (fields) => {
    const f = fields[indexOf(fields, a.field_id)]!;
    f.required = f.type === 'section' ? false : a.required;
    return fields;
  });
}

/** Spec getCustomFormFilters: the fields entries can be filtered by, with their options, and the statuses. */
export async function getCustomFormFilters(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ form_id: id }), raw);
  const scope = await formReadScope(ctx);
  if (scope.kind !== 'staff') throw formNotFound('form_id');
  const form = await readableForm(ctx, a.form_id);
  return {
    statuses: [...repo.STATUSES],
    fields: form.fields.filter((f) => ['select', 'radio', 'checkbox', 'date', 'text', 'number'].includes(f.type)),
  };
}

/**
 * Spec shareFormWithParents: the form goes to the children of these locations, rooms or ids (of the
 * form's location, in the manager's scope), with a due date; `form.shared` tells communication.
 */
export async function shareFormWithParents(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await formManageScope(ctx);
  const a = parseArgs(
    z.object({
      form_id: id,
      location_ids: idList.nullish(),
      program_ids: idList.nullish(),
      student_ids: idList.nullish(),
      due_date: localDate.nullish(),
    }),
    raw,
  );
  const t = { location_ids: a.location_ids ?? [], program_ids: a.program_ids ?? [], student_ids: a.student_ids ?? [] };
  if (!t.location_ids.length && !t.program_ids.length && !t.student_ids.length) throw noTargets();
  if (t.location_ids.some((l) => !reaches(scope, l))) throw locationNotFound();
  const studentScope = await studentScopeOf(ctx);
  const result = await inTransaction(ctx, async (trx) => {
    const form = await managedForm(trx, scope, a.form_id, 'form_id');
    const students = await repo.shareTargets(trx, studentScope, form.location_id, t);
    if (!students.length) throw noTargets();
    const shareId = await repo.insertShare(trx, {
      form_id: form.id,
      location_ids: JSON.stringify(t.location_ids),
      program_ids: JSON.stringify(t.program_ids),
      student_ids: JSON.stringify(t.student_ids),
      due_date: a.due_date ?? null,
      shared_by: v.id,
    });
    await repo.upsertAssignments(trx, form.id, shareId, students, a.due_date ?? null);
    await repo.insertLog(trx, { form_id: form.id, action: 'shared', user_id: v.id, data: { share: shareId, students: students.length } });
    await audit(ctx, trx, { action: 'form.share', entity: 'form', entity_id: form.id, location_id: form.location_id, data: { share: shareId, students } });
    await emit(trx, FORM_SHARED, { centreId: ctx.tenant.id, form: form.id, share: shareId, ...(students.length <= 1000 ? { students } : {}) });
    return { shared: students.length };
  });
  return { ...notice(`Form shared with ${result.shared} ${result.shared === 1 ? 'family' : 'families'}.`), shared: result.shared };
}
