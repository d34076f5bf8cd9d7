import { allocateIds, auditRow, insertMany, type SeedStep } from '../context.ts';

type Field = { id: string; name: string; type: string; options: string[] };

/**
 * Each web form's notification settings (the office address and a manager of its location, on
 * new and resubmitted entries) and two or three automations (thank the family when the first
 * choice field has its first option, tag the child, tell a manager), with the deliveries the
 * `submission.status_changed` handler would have written for the seeded entries: the
 * notification and automation logs (the first form's pass 25 rows). Automation deliveries use
 * the handler's own keys, so a live run never repeats a seeded one.
 */
export const formAutomationsStep: SeedStep = {
  name: 'form-automations',
  async run({ trx, faker, def }) {
    const forms: { id: string; name: string; location_id: string; fields: Field[] }[] = await trx('forms as f')
      .join('form_versions as v', (j) => j.on('v.form_id', 'f.id').andOn('v.version', 'f.version'))
      .where('f.type', 'web')
      .whereNull('f.deleted_at')
      .orderBy('f.id')
      .select('f.id', 'f.name', 'f.location_id', 'v.fields');
    if (!forms.length) return '0 forms';
    const managers = new Map<string, { id: string; fname: string }[]>();
    for (const r of await trx('location_managers as lm').join('users as u', 'u.id', 'lm.user_id').whereNull('u.deleted_at').orderBy('u.id').select('lm.location_id', 'u.id', 'u.fname')) {
      const k = String(r.location_id);
      managers.set(k, [...(managers.get(k) ?? []), { id: String(r.id), fname: r.fname }]);
    }
    const tags: { id: string; name: string }[] = await trx('tags').orderBy('id').limit(20).select('id', 'name');
    const office = `office@${def.slug}.example`;
    const settings: Record<string, unknown>[] = [];
    const automations: Record<string, unknown>[] = [];
    const deliveries: Record<string, unknown>[] = [];
    const tagged: Record<string, unknown>[] = [];
    const logs: Record<string, unknown>[] = [];
    const audits: Record<string, unknown>[] = [];
    const ids = await allocateIds(trx, 'form_automations', forms.length * 3);
    let next = 0;

    for (const f of forms) {
      const mgr = managers.get(String(f.location_id))?.[0] ?? null;
      settings.push({ form_id: f.id, enabled: true, emails: [office], user_ids: mgr ? [mgr.id] : [], statuses: ['submitted', 'resubmitted'], updated_by: mgr?.id ?? null });
      const choice = f.fields.find((x) => (x.type === 'select' || x.type === 'radio') && x.options.length);
      const rules: { id: string; name: string; action: string; conditions: { field_id: string; value: string }[]; tag?: { id: string; name: string }; user?: { id: string; fname: string } }[] = [];
      const add = (r: Omit<(typeof rules)[number], 'id'>, row: Record<string, unknown>) => {
        const id = ids[next++]!;
        rules.push({ id, ...r });
        automations.push({ id, form_id: f.id, name: r.name, enabled: true, match: 'all', conditions: r.conditions, action: r.action, position: rules.length - 1, ...row });
      };
      const cond = choice ? [{ field_id: choice.id, value: choice.options[0]! }] : [];
      add({ name: 'Thank the family', action: 'email_submitter', conditions: cond }, { user_ids: [], subject: `Thank you for the ${f.name.toLowerCase()}`, message: 'We have your form. We will tell you when it is reviewed.' });
      if (tags.length) {
        const tag = faker.helpers.arrayElement(tags);
        add({ name: `Tag: ${tag.name}`, action: 'tag_student', conditions: cond, tag }, { user_ids: [], tag_id: tag.id });
      }
      if (mgr) add({ name: 'Tell the manager', action: 'notify_users', conditions: [], user: mgr }, { user_ids: [mgr.id], message: `New entry on ${f.name}` });
      logs.push({ form_id: f.id, action: 'notifications_saved', user_id: mgr?.id ?? null, data: { enabled: true, emails: 1, users: mgr ? 1 : 0 } });
      logs.push({ form_id: f.id, action: 'automations_saved', user_id: mgr?.id ?? null, data: { count: rules.length } });
      audits.push(auditRow({ action: 'form.automations', entity: 'form', entity_id: f.id, location_id: f.location_id, actor_user_id: mgr?.id ?? null, data: { count: rules.length } }));

      const entries: { id: string; student_id: string; status: string; values: Record<string, string | string[]>; submitted_at: Date; email: string | null; uid: string | null; fname: string | null }[] =
        await trx('form_submissions as fs')
          .leftJoin('users as u', 'u.id', 'fs.submitted_by')
          .where('fs.form_id', f.id)
          .whereNot('fs.status', 'rejected')
          .orderBy('fs.id')
          .select('fs.id', 'fs.student_id', 'fs.status', 'fs.values', 'fs.submitted_at', 'u.email', 'u.id as uid', 'u.fname');
      for (const e of entries) {
        const at = (h: number) => new Date(new Date(e.submitted_at).getTime() + h * 60_000);
        const base = { form_id: f.id, submission_id: e.id };
        deliveries.push({ ...base, kind: 'notification', action: 'email', recipient: office, status: 'sent', dedupe_key: `n:seed-${e.id}:e:${office}`, created_at: at(1) });
        if (mgr) deliveries.push({ ...base, kind: 'notification', action: 'notice', recipient: mgr.fname, user_id: mgr.id, status: 'sent', dedupe_key: `n:seed-${e.id}:u:${mgr.id}`, created_at: at(1) });
        for (const r of rules) {
          const v = r.conditions[0] ? e.values[r.conditions[0].field_id] : undefined;
          if (r.conditions[0] && !(Array.isArray(v) ? v.includes(r.conditions[0].value) : v === r.conditions[0].value)) continue;
          const key = `a:${r.id}:${e.id}`;
          const a = { ...base, kind: 'automation', automation_id: r.id, created_at: at(2) };
          if (r.action === 'email_submitter') {
            const ok = Boolean(e.email && e.email.includes('@'));
            deliveries.push({ ...a, action: 'email', recipient: ok ? e.email : null, user_id: e.uid, status: ok ? 'sent' : 'skipped', detail: ok ? null : 'No email address on file.', dedupe_key: key });
          } else if (r.action === 'tag_student' && r.tag) {
            tagged.push({ student_id: e.student_id, tag_id: r.tag.id });
            deliveries.push({ ...a, action: 'tag', recipient: r.tag.name, status: 'sent', dedupe_key: key });
          } else if (r.action === 'notify_users' && r.user) {
            deliveries.push({ ...a, action: 'notice', recipient: r.user.fname, user_id: r.user.id, status: 'sent', dedupe_key: `${key}:u:${r.user.id}` });
          }
        }
      }
    }
    await insertMany(trx, 'form_notification_settings', settings);
    await insertMany(trx, 'form_automations', automations);
    await insertMany(trx, 'form_deliveries', deliveries);
    if (tagged.length) await trx('student_tags').insert(tagged).onConflict(['student_id', 'tag_id']).ignore();
    await insertMany(trx, 'form_logs', logs);
    await insertMany(trx, 'audit_log', audits);
    return `${settings.length} notification settings, ${automations.length} automations, ${deliveries.length} deliveries`;
  },
};
