import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface NotificationSettingsRow {
  form_id: string;
  enabled: boolean;
  emails: string[];
  user_ids: string[];
  statuses: string[];
  updated_at: Date | null;
}

export interface AutomationRow {
  id: string;
  form_id: string;
  name: string;
  enabled: boolean;
  match: 'all' | 'any';
  conditions: { field_id: string; value: string }[];
  action: 'email_submitter' | 'notify_users' | 'tag_student';
  user_ids: string[];
  tag_id: string | null;
  subject: string | null;
  message: string | null;
}

/** A form's notification settings; a form never saved answers them off. */
export async function notificationSettings(db: Db, formId: string): Promise<NotificationSettingsRow> {
  const row = await db('form_notification_settings').where({ form_id: formId }).first('form_id', 'enabled', 'emails', 'user_ids', 'statuses', 'updated_at');
  return row
    ? { ...row, form_id: String(row.form_id), user_ids: (row.user_ids as unknown[]).map(String) }
    : { form_id: String(formId), enabled: false, emails: [], user_ids: [], statuses: ['submitted', 'resubmitted'], updated_at: null };
}

export async function saveNotificationSettings(
  trx: Knex.Transaction,
  formId: string,
  s: { enabled: boolean; emails: string[]; user_ids: string[]; statuses: string[]; updated_by: string },
) {
  await trx('form_notification_settings')
    .insert({ form_id: formId, enabled: s.enabled, emails: JSON.stringify(s.emails), user_ids: JSON.stringify(s.user_ids), statuses: JSON.stringify(s.statuses), updated_by: s.updated_by })
    .onConflict('form_id')
    .merge({ enabled: s.enabled, emails: JSON.stringify(s.emails), user_ids: JSON.stringify(s.user_ids), statuses: JSON.stringify(s.statuses), updated_by: s.updated_by, updated_at: trx.fn.now() });
}

const AUTOMATION_COLUMNS = ['id', 'form_id', 'name', 'enabled', 'match', 'conditions', 'action', 'user_ids', 'tag_id', 'subject', 'message'];

export async function automationsOf(db: Db, formId: string, enabledOnly = false): Promise<AutomationRow[]> {
  const q = db('form_automations').where({ form_id: formId }).whereNull('deleted_at').orderBy(['position', 'id']);
  if (enabledOnly) q.where('enabled', true);
  const rows = await q.select(AUTOMATION_COLUMNS);
  return rows.map((r) => ({ ...r, id: String(r.id), tag_id: r.tag_id ? String(r.tag_id) : null, user_ids: (r.user_ids as unknown[]).map(String) }));
}

/**
 * Replaces a form's automations: the old rows are soft-deleted (their deliveries keep naming
 * them in the logs), the new ones written in order.
 */
export async function replaceAutomations(trx: Knex.Transaction, formId: string, rows: Record<string, unknown>[]) {
  await trx('form_automations').where({ form_id: formId }).whereNull('deleted_at').update({ deleted_at: trx.fn.now() });
  if (rows.length) await trx('form_automations').insert(rows);
}

/** The ids among `ids` of staff of a location (members or managers). */
export async function staffOfLocation(db: Db, locationId: string, ids: string[]): Promise<Set<string>> {
  const rows = await db('users as u')
    .whereIn('u.id', ids)
    .whereNull('u.deleted_at')
    .where((w) =>
      w
        .whereExists((e) => e.select(db.raw('1')).from('user_locations as ul').whereRaw('ul.user_id = u.id').where('ul.location_id', locationId))
        .orWhereExists((e) => e.select(db.raw('1')).from('location_managers as lm').whereRaw('lm.user_id = u.id').where('lm.location_id', locationId)),
    )
    .whereExists((e) => e.select(db.raw('1')).from('user_roles as ur').join('roles as r', 'r.id', 'ur.role_id').whereRaw('ur.user_id = u.id').whereIn('r.name', ['center', 'manager', 'teacher']))
    .select('u.id');
  return new Set(rows.map((r: { id: string }) => String(r.id)));
}

/**
 * Claims one delivery: true when this call wrote the row (the message is to be sent), false when
 * an earlier run already did — the unique key makes a retried handler send nothing twice.
 */
export async function claimDelivery(trx: Knex.Transaction, row: Record<string, unknown> & { dedupe_key: string }): Promise<boolean> {
  const inserted = await trx('form_deliveries').insert(row).onConflict('dedupe_key').ignore().returning('id');
  return inserted.length > 0;
}

export async function listDeliveries(db: Db, formId: string, kind: 'notification' | 'automation', page: number, first: number) {
  const base = () => db('form_deliveries as d').where({ 'd.form_id': formId, 'd.kind': kind });
  const [rows, counted] = await Promise.all([
    base()
      .leftJoin('form_automations as a', 'a.id', 'd.automation_id')
      .orderBy('d.id', 'desc')
      .limit(first)
      .offset((page - 1) * first)
      .select('d.id', 'd.submission_id', 'd.action', 'd.recipient', 'd.user_id', 'd.status', 'd.detail', 'd.created_at', 'a.name as automation_name'),
    base().count({ n: '*' }),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** Staff of a location (members or managers holding a staff role), by name. */
export async function locationStaff(db: Db, locationId: string): Promise<{ id: string; fname: string; lname: string }[]> {
  const rows = await db('users as u')
    .whereNull('u.deleted_at')
    .where('u.status', true)
    .where((w) =>
      w
        .whereExists((e) => e.select(db.raw('1')).from('user_locations as ul').whereRaw('ul.user_id = u.id').where('ul.location_id', locationId))
        .orWhereExists((e) => e.select(db.raw('1')).from('location_managers as lm').whereRaw('lm.user_id = u.id').where('lm.location_id', locationId)),
    )
    .whereExists((e) => e.select(db.raw('1')).from('user_roles as ur').join('roles as r', 'r.id', 'ur.role_id').whereRaw('ur.user_id = u.id').whereIn('r.name', ['center', 'manager', 'teacher']))
    .orderBy(['u.fname', 'u.lname', 'u.id'])
    .limit(500)
    .select('u.id', 'u.fname', 'u.lname');
  return rows.map((r: { id: string; fname: string; lname: string }) => ({ ...r, id: String(r.id) }));
}
