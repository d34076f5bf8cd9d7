import type { Knex } from 'knex';
import type { DomainEvent, EventHandler } from '@kv/jobs';
import { queueMessage } from '@kv/messaging';
import { isPlaceholderEmail } from '@kv/shared';
import { formNotices } from './notices-port.ts';
import * as auto from './automation-repo.ts';
import { SUBMISSION_STATUS_CHANGED } from './service/submissions.ts';

type Trx = Knex.Transaction;
const digits = (v: unknown) => (/^\d+$/.test(String(v ?? '')) ? String(v) : null);
const usable = (e: string | null | undefined): e is string => Boolean(e && e.includes('@') && !isPlaceholderEmail(e));

interface Entry {
  id: string;
  form_id: string;
  form_name: string;
  location_id: string;
  student_id: string;
  fname: string;
  lname: string;
  status: string;
  values: Record<string, string | string[]>;
  submitted_by: string | null;
}

/** Whether an entry's values meet a rule (a checkbox list matches when it holds the value). */
export function matches(rule: Pick<auto.AutomationRow, 'match' | 'conditions'>, values: Record<string, string | string[]>): boolean {
  if (!rule.conditions.length) return true;
  const one = (c: { field_id: string; value: string }) => {
    const v = values[c.field_id];
    return Array.isArray(v) ? v.includes(c.value) : v !== undefined && String(v).trim().toLowerCase() === c.value.trim().toLowerCase();
  };
  return rule.match === 'any' ? rule.conditions.some(one) : rule.conditions.every(one);
}

async function users(trx: Trx, ids: string[]) {
  if (!ids.length) return [];
  return trx('users').whereIn('id', ids).whereNull('deleted_at').select('id', 'fname', 'email', 'locale') as Promise<{ id: string; fname: string; email: string | null; locale: string | null }[]>;
}

const entryLink = (e: Entry) => `/web-form/${e.form_id}/${e.id}/view_entry`;

/** Notification settings: each address and user once per event (submitted, resubmitted). */
async function notify(trx: Trx, event: DomainEvent, e: Entry) {
  const s = await auto.notificationSettings(trx, e.form_id);
  if (!s.enabled || !s.statuses.includes(e.status)) return;
  const child = `${e.fname} ${e.lname}`.trim();
  for (const email of s.emails) {
    const key = `n:${event.id}:e:${email}`;
    if (!(await auto.claimDelivery(trx, { form_id: e.form_id, submission_id: e.id, kind: 'notification', action: 'email', recipient: email, status: 'sent', dedupe_key: key }))) continue;
    await queueMessage(trx, {
      channel: 'email',
      to: email,
      template: 'form-entry-notice',
      data: { fname: '', form: e.form_name, child, status: e.status },
      centreId: event.payload.centreId,
      dedupeKey: `form-${key}`,
    });
  }
  const staff = await users(trx, s.user_ids);
  const told: string[] = [];
  for (const u of staff) {
    const key = `n:${event.id}:u:${u.id}`;
    if (await auto.claimDelivery(trx, { form_id: e.form_id, submission_id: e.id, kind: 'notification', action: 'notice', recipient: `${u.fname}`, user_id: u.id, status: 'sent', dedupe_key: key })) told.push(String(u.id));
  }
  if (told.length)
    await formNotices.use.notifyUsers(trx, {
      centre_id: event.payload.centreId,
      event_key: `form-entry:${event.id}`,
      user_ids: told,
      kind: 'document',
      title: `${e.form_name}: ${e.status === 'resubmitted' ? 'entry resubmitted' : 'new entry'}`,
      body: child,
      link: entryLink(e),
      student_id: e.student_id,
      location_id: e.location_id,
      instant: true,
    });
}

/** Automations: each enabled rule the entry meets runs once per entry (a resubmission does not run it again). */
async function automate(trx: Trx, event: DomainEvent, e: Entry) {
  for (const rule of await auto.automationsOf(trx, e.form_id, true)) {
    if (!matches(rule, e.values)) continue;
    const base = { form_id: e.form_id, submission_id: e.id, automation_id: rule.id, kind: 'automation' };
    const key = `a:${rule.id}:${e.id}`;
    if (rule.action === 'email_submitter') {
      const [u] = await users(trx, e.submitted_by ? [e.submitted_by] : []);
      const ok = usable(u?.email);
      if (!(await auto.claimDelivery(trx, { ...base, action: 'email', recipient: ok ? u!.email : null, user_id: u?.id ?? null, status: ok ? 'sent' : 'skipped', detail: ok ? rule.subject : 'No email address on file.', dedupe_key: key })))
        continue;
      if (ok)
        await queueMessage(trx, {
          channel: 'email',
          to: u!.email!,
          userId: u!.id,
          locale: u!.locale ?? 'en',
          template: 'form-automation',
          data: { fname: u!.fname, form: e.form_name, subject: rule.subject || e.form_name, message: rule.message ?? '' },
          centreId: event.payload.centreId,
          dedupeKey: `form-${key}`,
        });
    } else if (rule.action === 'notify_users') {
      const told: string[] = [];
      for (const u of await users(trx, rule.user_ids))
        if (await auto.claimDelivery(trx, { ...base, action: 'notice', recipient: u.fname, user_id: u.id, status: 'sent', detail: rule.message, dedupe_key: `${key}:u:${u.id}` })) told.push(String(u.id));
      if (told.length)
        await formNotices.use.notifyUsers(trx, {
          centre_id: event.payload.centreId,
          event_key: `form-automation:${key}`,
          user_ids: told,
          kind: 'document',
          title: `${e.form_name}: ${rule.name}`,
          body: rule.message || `${e.fname} ${e.lname}`.trim(),
          link: entryLink(e),
          student_id: e.student_id,
          location_id: e.location_id,
          instant: true,
        });
    } else if (rule.action === 'tag_student' && rule.tag_id) {
      const tag = await trx('tags').where({ id: rule.tag_id }).first('id', 'name');
      if (!tag) continue;
      const added = await trx('student_tags').insert({ student_id: e.student_id, tag_id: tag.id }).onConflict(['student_id', 'tag_id']).ignore().returning('student_id');
      await auto.claimDelivery(trx, { ...base, action: 'tag', recipient: tag.name, status: added.length ? 'sent' : 'skipped', detail: added.length ? null : 'The child already had this tag.', dedupe_key: key });
    }
  }
}

/**
 * `submission.status_changed` (submitted or resubmitted): the form's notification settings and
 * automations. Each message is a `form_deliveries` row with a unique key, claimed before it is
 * queued (and the mail's own dedupe key matches), so a handler run again sends nothing twice.
 */
export const formAutomationsHandler: EventHandler = {
  key: 'forms.automations',
  async handle(trx, event) {
    const id = digits(event.payload.submission);
    if (!id || !['submitted', 'resubmitted'].includes(String(event.payload.status))) return;
    const e: Entry | undefined = await trx('form_submissions as fs')
      .join('forms as f', 'f.id', 'fs.form_id')
      .join('students as s', 's.id', 'fs.student_id')
      .where('fs.id', id)
      .whereNull('f.deleted_at')
      .first('fs.id', 'fs.form_id', 'f.name as form_name', 'fs.location_id', 'fs.student_id', 's.fname', 's.lname', 'fs.values', 'fs.submitted_by');
    if (!e) return;
    const entry = { ...e, id: String(e.id), form_id: String(e.form_id), student_id: String(e.student_id), location_id: String(e.location_id), status: String(event.payload.status) };
    await notify(trx, event, entry);
    await automate(trx, event, entry);
  },
};

/** The forms area's handlers (registerTenantEvents, worker.ts). */
export function registerFormEvents(onEvent: (name: string, handler: EventHandler) => void): void {
  onEvent(SUBMISSION_STATUS_CHANGED, formAutomationsHandler);
}
