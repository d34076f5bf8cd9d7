import type { Knex } from 'knex';
import { z } from 'zod';
import { badInput, fields as zf, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { reaches, requireViewer } from '../../../core/access.ts';
import { id, idList, optionalText, pageArgs, paginated } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import * as repo from '../repo.ts';
import * as auto from '../automation-repo.ts';
import { formManageScope } from '../policy.ts';
import { FIELD_TYPES, OPTION_TYPES, type FormField } from '../templates.ts';
import { formNotFound, locationNotFound } from '../errors.ts';
import type { LocationScope } from '../../../core/access.ts';

export const ACTIONS = ['email_submitter', 'notify_users', 'tag_student'] as const;
export const NOTIFY_STATUSES = ['submitted', 'resubmitted'] as const;
const LOG_KINDS = ['activity', 'notification', 'automation'] as const;

/** A form of the manager's locations (optionally locked), else NOT_FOUND naming form_id. */
async function managed(db: Knex | Knex.Transaction, scope: LocationScope, formId: string, lock = false) {
  const form = await repo.findForm(db, formId, lock);
  if (!form || !reaches(scope, form.location_id)) throw formNotFound('form_id');
  return form;
}

/** Every id names a staff member of the form's location, else BAD_USER_INPUT on `field`. */
async function assertStaff(db: Knex | Knex.Transaction, locationId: string, ids: string[], field: string) {
  if (!ids.length) return;
  const found = await auto.staffOfLocation(db, locationId, ids);
  const missing = ids.findIndex((u) => !found.has(u));
  if (missing >= 0) throw badInput(`${field}.${missing}`, 'Choose staff of this form’s location.');
}

// ── notification settings ────────────────────────────────────────────────────

export async function getCustomFormNotificationSettings(ctx: RequestContext, raw: unknown) {
  const scope = await formManageScope(ctx);
  const a = parseArgs(z.object({ form_id: id }), raw);
  const form = await managed(ctx.db, scope, a.form_id);
  return auto.notificationSettings(ctx.db, form.id);
}

/** Spec saveCustomFormNotificationSettings: who is told of each new or resubmitted entry. */
export async function saveCustomFormNotificationSettings(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await formManageScope(ctx);
  const a = parseArgs(
    z.object({
      form_id: id,
      enabled: z.boolean(),
      emails: z.array(zf.email('The email')).max(20, 'At most 20 addresses.').nullish(),
      user_ids: idList.max(50, 'At most 50 users.').nullish(),
      statuses: z.array(zf.oneOf('The status', NOTIFY_STATUSES)).max(2).nullish(),
    }),
    raw,
  );
  const emails = [...new Set((a.emails ?? []).map((e) => e.toLowerCase()))];
  const users = [...new Set(a.user_ids ?? [])];
  const statuses = a.statuses ? [...new Set(a.statuses)] : [...NOTIFY_STATUSES];
  if (a.enabled && !emails.length && !users.length) throw badInput('emails', 'Add an address or a user to notify.');
  if (a.enabled && !statuses.length) throw badInput('statuses', 'Choose when to notify.');
  const settings = await inTransaction(ctx, async (trx) => {
    const form = await managed(trx, scope, a.form_id, true);
    await assertStaff(trx, form.location_id, users, 'user_ids');
    await auto.saveNotificationSettings(trx, form.id, { enabled: a.enabled, emails, user_ids: users, statuses, updated_by: v.id });
    await repo.insertLog(trx, { form_id: form.id, action: 'notifications_saved', user_id: v.id, data: { enabled: a.enabled, emails: emails.length, users: users.length } });
    await audit(ctx, trx, { action: 'form.notifications', entity: 'form', entity_id: form.id, location_id: form.location_id, data: { enabled: a.enabled, emails, user_ids: users, statuses } });
    return auto.notificationSettings(trx, form.id);
  });
  return { ...notice('Notification settings saved.'), settings };
}

/** The staff notifications and automations may name: those of the form's location. */
export async function getCustomFormRecipients(ctx: RequestContext, raw: unknown) {
  const scope = await formManageScope(ctx);
  const a = parseArgs(z.object({ form_id: id }), raw);
  const form = await managed(ctx.db, scope, a.form_id);
  return auto.locationStaff(ctx.db, form.location_id);
}

// ── automations ──────────────────────────────────────────────────────────────

const automationInput = z.object({
  name: zf.text('The automation name', { max: 150 }),
  enabled: z.boolean().nullish(),
  match: zf.oneOf('Match', ['all', 'any'] as const).nullish(),
  conditions: z
    .array(z.object({ field_id: z.string().trim().min(1, 'Choose a field.').max(40), value: z.string().trim().min(1, 'Enter a value.').max(500) }))
    .max(10, 'At most 10 conditions.')
    .nullish(),
  action: zf.oneOf('The action', ACTIONS),
  user_ids: idList.max(50, 'At most 50 users.').nullish(),
  tag_id: id.nullish(),
  subject: optionalText(200, 'The subject'),
  message: optionalText(5000, 'The message'),
});

/** Conditions name fields of the form that hold values; select, radio and checkbox lists take one of their options. */
export function checkCondition(fields: FormField[], c: { field_id: string; value: string }, path: string) {
  const f = fields.find((x) => x.id === c.field_id);
  if (!f || ['section', 'signature', 'file'].includes(f.type)) throw badInput(`${path}.field_id`, 'Choose a field of this form.');
  if ((OPTION_TYPES.has(f.type) || (f.type === 'checkbox' && f.options.length)) && !f.options.includes(c.value))
    throw badInput(`${path}.value`, `Choose one of the options of “${f.name}”.`);
  if (f.type === 'checkbox' && !f.options.length && !['true', 'false'].includes(c.value)) throw badInput(`${path}.value`, 'A checkbox is true or false.');
  if (f.type === 'number' && !Number.isFinite(Number(c.value))) throw badInput(`${path}.value`, `“${f.name}” is a number.`);
  if (f.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(c.value)) throw badInput(`${path}.value`, 'Use a date as YYYY-MM-DD.');
}

export async function getCustomFormAutomationSettings(ctx: RequestContext, raw: unknown) {
  const scope = await formManageScope(ctx);
  const a = parseArgs(z.object({ form_id: id }), raw);
  const form = await managed(ctx.db, scope, a.form_id);
  return auto.automationsOf(ctx.db, form.id);
}

/**
 * Spec saveCustomFormAutomationSettings: the form's rules, in order (replacing the old list). A
 * matching entry mails the submitter, notifies users or tags the child — once per entry
 * (`form_deliveries`, run by the `submission.status_changed` handler).
 */
export async function saveCustomFormAutomationSettings(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await formManageScope(ctx);
  const a = parseArgs(z.object({ form_id: id, automations: z.array(automationInput).max(20, 'At most 20 automations.') }), raw);
  const automations = await inTransaction(ctx, async (trx) => {
    const form = await managed(trx, scope, a.form_id, true);
    const rows = [];
    for (const [i, x] of a.automations.entries()) {
      const path = `automations.${i}`;
      const conditions = x.conditions ?? [];
      conditions.forEach((c, j) => checkCondition(form.fields, c, `${path}.conditions.${j}`));
      const users = [...new Set(x.user_ids ?? [])];
      if (x.action === 'notify_users') {
        if (!users.length) throw badInput(`${path}.user_ids`, 'Choose the users to notify.');
        await assertStaff(trx, form.location_id, users, `${path}.user_ids`);
      }
      if (x.action === 'tag_student') {
        if (!x.tag_id) throw badInput(`${path}.tag_id`, 'Choose the tag to add.');
        if (!(await trx('tags').where({ id: x.tag_id }).first('id'))) throw badInput(`${path}.tag_id`, 'Choose a tag from the list.');
      }
      if (x.action === 'email_submitter' && !x.message) throw badInput(`${path}.message`, 'Write the message to send.');
      rows.push({
        form_id: form.id,
        name: x.name,
        enabled: x.enabled ?? true,
        match: x.match ?? 'all',
        conditions: JSON.stringify(conditions),
        action: x.action,
        user_ids: JSON.stringify(x.action === 'notify_users' ? users : []),
        tag_id: x.action === 'tag_student' ? x.tag_id : null,
        subject: x.action === 'email_submitter' ? (x.subject ?? null) : null,
        message: x.action === 'tag_student' ? null : (x.message ?? null),
        position: i,
      });
    }
    await auto.replaceAutomations(trx, form.id, rows);
    await repo.insertLog(trx, { form_id: form.id, action: 'automations_saved', user_id: v.id, data: { count: rows.length } });
    await audit(ctx, trx, { action: 'form.automations', entity: 'form', entity_id: form.id, location_id: form.location_id, data: { count: rows.length } });
    return auto.automationsOf(trx, form.id);
  });
  return { ...notice(automations.length === 1 ? 'One automation saved.' : `${automations.length} automations saved.`), automations };
}

// ── logs ─────────────────────────────────────────────────────────────────────

/** Spec getCustomFormLogs: a form's activity, or the messages its notifications and automations sent (managers). */
export async function getCustomFormLogs(ctx: RequestContext, raw: unknown) {
  const scope = await formManageScope(ctx);
  const a = parseArgs(z.object({ form_id: id, kind: zf.oneOf('The kind', LOG_KINDS).nullish(), ...pageArgs }), raw);
  const form = await managed(ctx.db, scope, a.form_id);
  const kind = a.kind ?? 'activity';
  const { rows, total } =
    kind === 'activity'
      ? await repo.listLogs(ctx.db, form.id, a.page, a.first)
      : await auto.listDeliveries(ctx.db, form.id, kind, a.page, a.first);
  return paginated(rows.map((r: Record<string, unknown>) => ({ kind, ...r })), total, a.page, a.first);
}

// ── import ───────────────────────────────────────────────────────────────────

const importedField = z.object({
  name: zf.text('The field name', { max: 150 }),
  type: zf.oneOf('The field type', FIELD_TYPES),
  required: z.boolean().nullish(),
  options: z.array(z.string().trim().min(1, 'An option cannot be blank.').max(150)).max(50, 'At most 50 options.').nullish(),
});
const importedForm = z.object({
  name: zf.text('The form name', { max: 150 }),
  description: optionalText(2000, 'The description'),
  instructions: optionalText(5000, 'The instructions'),
  fields: z.array(importedField).min(1, 'A form needs at least one field.').max(200, 'At most 200 fields.'),
});

/** Reads an exported or hand-written form; every problem is a BAD_USER_INPUT naming `json` (and the path inside it). */
export function readImport(json: string) {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (e) {
    throw badInput('json', `This is not valid JSON: ${(e as Error).message.replace(/^JSON\.parse: /, '').slice(0, 120)}`);
  }
  // An exported form (getSingleForm) or a template nests nothing more; `form: {...}` wraps it too.
  if (data && typeof data === 'object' && !Array.isArray(data) && 'form' in data && typeof (data as { form: unknown }).form === 'object') data = (data as { form: unknown }).form;
  const r = importedForm.safeParse(data);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw badInput(['json', ...issue.path.map(String)].join('.'), issue.message);
  }
  const fields: FormField[] = r.data.fields.map((f, i) => {
    const options = [...new Set(f.options ?? [])];
    if (OPTION_TYPES.has(f.type) && !options.length) throw badInput(`json.fields.${i}.options`, 'Select and radio fields need at least one option.');
    return {
      id: `f${i + 1}`,
      name: f.name,
      type: f.type,
      required: f.type === 'section' ? false : Boolean(f.required),
      options: OPTION_TYPES.has(f.type) || f.type === 'checkbox' ? options : [],
    };
  });
  return { name: r.data.name, description: r.data.description ?? null, instructions: r.data.instructions ?? null, fields };
}

/** Spec importCustomForm: a web form from JSON, previewed first (`preview: true` saves nothing). */
export async function importCustomForm(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await formManageScope(ctx);
  const a = parseArgs(z.object({ location_id: id, json: z.string().max(500_000, 'The file is too large (500 KB at most).'), preview: z.boolean().nullish() }), raw);
  if (!reaches(scope, a.location_id)) throw locationNotFound();
  const preview = readImport(a.json);
  if (a.preview) return { ...notice(`${preview.fields.length} fields read.`), preview, form: null };
  const form = await inTransaction(ctx, async (trx) => {
    const row = await repo.insertForm(
      trx,
      { location_id: a.location_id, name: preview.name, type: 'web', description: preview.description, instructions: preview.instructions, share_with: 'parents', created_by: v.id },
      preview.fields,
    );
    await repo.insertLog(trx, { form_id: row.id, action: 'imported', user_id: v.id, data: { fields: preview.fields.length } });
    await audit(ctx, trx, { action: 'form.import', entity: 'form', entity_id: row.id, location_id: a.location_id, data: { name: preview.name } });
    return row;
  });
  return { ...notice('Form imported.'), preview, form };
}
