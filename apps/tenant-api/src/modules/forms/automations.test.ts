import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';
import { formAutomationsHandler } from './index.ts';

let h: Harness;
let w: World;
let b: World;
let png: string;
const db = () => w.c.db.db;

const CREATE = `mutation($loc: ID!) { createForm(location_id: $loc, name: "Photo release", type: "web", template_id: "photo_release") { form { id fields { id type options } } } }`;
const SHARE = `mutation($f: ID!, $kids: [ID!]) { shareFormWithParents(form_id: $f, student_ids: $kids) { shared } }`;
const SUBMIT = `mutation($f: ID!, $s: ID!, $fields: [SubmissionFieldInput!]!, $sigs: [SignatureInput!]) {
  submitForm(form_id: $f, student_id: $s, fields: $fields, signatures: $sigs, esign_consent: true) { submission { id status } } }`;
const CHANGE = `mutation($id: ID!) { requestChangeForm(id: $id, change: "Sign again") { status } }`;
const NOTIFY = `mutation($f: ID!, $on: Boolean!, $emails: [String!], $users: [ID!], $st: [String!]) {
  saveCustomFormNotificationSettings(form_id: $f, enabled: $on, emails: $emails, user_ids: $users, statuses: $st) {
    status settings { enabled emails user_ids users { id } statuses } } }`;
const GET_NOTIFY = `query($f: ID!) { getCustomFormNotificationSettings(form_id: $f) { enabled emails user_ids } }`;
const AUTO = `mutation($f: ID!, $a: [FormAutomationInput!]!) { saveCustomFormAutomationSettings(form_id: $f, automations: $a) {
  status automations { id name match action conditions { field_id value } user_ids tag_id subject message } } }`;
const GET_AUTO = `query($f: ID!) { getCustomFormAutomationSettings(form_id: $f) { id name } }`;
const LOGS = `query($f: ID!, $k: String) { getCustomFormLogs(form_id: $f, kind: $k) { data { kind action recipient status automation_name submission_id } paginatorInfo { total } } }`;
const IMPORT = `mutation($loc: ID!, $json: String!, $preview: Boolean) { importCustomForm(location_id: $loc, json: $json, preview: $preview) {
  status message preview { name fields { id name type required options } } form { id name version fields { id type } } } }`;

const fill = (select = 'Our family only') => [
  { id: 'f1', type: 'select', value: select },
  { id: 'f2', type: 'checkbox', value: 'true' },
  { id: 'f3', type: 'textarea', value: 'Thanks' },
];

async function form(c: World = w) {
  const r = await c.q(CREATE, { loc: c.X }, c.tokens.mgrX);
  expect(r.errors).toBeUndefined();
  return r.data!.createForm.form as { id: string; fields: { id: string; type: string; options: string[] }[] };
}

async function submit(formId: string, select?: string) {
  await w.q(SHARE, { f: formId, kids: [w.kidX] }, w.tokens.mgrX);
  const r = await w.q(SUBMIT, { f: formId, s: w.kidX, fields: fill(select), sigs: [{ field_id: 'f4', method: 'drawn', image: png }] }, w.tokens.parent);
  expect(r.errors).toBeUndefined();
  return r.data!.submitForm.submission.id as string;
}

/** Runs the forms handler on the newest `submission.status_changed` event of this entry, as the dispatcher does. */
async function deliver(submissionId: string) {
  const rows = await db()('domain_events').where({ name: 'submission.status_changed' }).orderBy('id', 'desc').select('id', 'name', 'payload', 'created_at');
  const ev = rows.find((r) => String(r.payload.submission) === submissionId)!;
  await db().transaction((trx) => formAutomationsHandler.handle(trx, { id: String(ev.id), name: ev.name, payload: ev.payload, createdAt: ev.created_at }));
}

const mails = async (template: string) => Number((await db()('outbound_messages').where({ template }).count({ n: '*' }))[0]!.n);

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
  png = `data:image/png;base64,${(await sharp({ create: { width: 60, height: 20, channels: 3, background: { r: 0, g: 10, b: 10 } } }).png().toBuffer()).toString('base64')}`;
});

afterAll(async () => {
  await h?.close();
});

describe('notification settings', () => {
  it('a manager of the form’s location saves them; others cannot; bad input names the field', async () => {
    const f = await form();
    const ok = await w.q(NOTIFY, { f: f.id, on: true, emails: ['Office@Example.test', 'office@example.test'], users: [w.ids.teacher] }, w.tokens.mgrX);
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.saveCustomFormNotificationSettings.settings).toMatchObject({ enabled: true, emails: ['office@example.test'], user_ids: [w.ids.teacher], statuses: ['submitted', 'resubmitted'] });
    expect((await w.q(GET_NOTIFY, { f: f.id }, w.tokens.mgrX)).data!.getCustomFormNotificationSettings.enabled).toBe(true);
    // Another location's manager, a teacher, a parent, the other centre.
    expect(code(await w.q(NOTIFY, { f: f.id, on: false }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(GET_NOTIFY, { f: f.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(NOTIFY, { f: f.id, on: false }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(NOTIFY, { f: f.id, on: false }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await b.q(NOTIFY, { f: f.id, on: false }, b.tokens.mgrX))).toBe('NOT_FOUND');
    // Bad input: an address, a user not of the location (the other location's manager, a parent), no one, a status.
    expect(field(await w.q(NOTIFY, { f: f.id, on: true, emails: ['nope'] }, w.tokens.mgrX))).toBe('emails.0');
    expect(field(await w.q(NOTIFY, { f: f.id, on: true, users: [w.ids.teacher, w.ids.mgrY] }, w.tokens.mgrX))).toBe('user_ids.1');
    expect(field(await w.q(NOTIFY, { f: f.id, on: true, users: [w.ids.parent] }, w.tokens.mgrX))).toBe('user_ids.0');
    expect(field(await w.q(NOTIFY, { f: f.id, on: true, emails: [] }, w.tokens.mgrX))).toBe('emails');
    expect(field(await w.q(NOTIFY, { f: f.id, on: true, emails: ['a@b.test'], st: ['approved'] }, w.tokens.mgrX))).toBe('statuses.0');
    expect((await w.q(GET_NOTIFY, { f: f.id }, w.tokens.mgrX)).data!.getCustomFormNotificationSettings.emails).toEqual(['office@example.test']);
  });

  it('each new entry mails the addresses and notifies the staff once, logged', async () => {
    const f = await form();
    await w.q(NOTIFY, { f: f.id, on: true, emails: ['office@example.test'], users: [w.ids.teacher] }, w.tokens.mgrX);
    const before = await mails('form-entry-notice');
    const entry = await submit(f.id);
    await deliver(entry);
    await deliver(entry);
    expect(await mails('form-entry-notice')).toBe(before + 1);
    expect(Number((await db()('notifications').where({ user_id: w.ids.teacher }).whereILike('title', 'Photo release%').count({ n: '*' }))[0]!.n)).toBeGreaterThanOrEqual(1);
    const logs = (await w.q(LOGS, { f: f.id, k: 'notification' }, w.tokens.mgrX)).data!.getCustomFormLogs;
    expect(logs.paginatorInfo.total).toBe(2);
    expect(logs.data.map((l: { action: string }) => l.action).sort()).toEqual(['email', 'notice']);
    expect(code(await w.q(LOGS, { f: f.id, k: 'notification' }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(field(await w.q(LOGS, { f: f.id, k: 'everything' }, w.tokens.mgrX))).toBe('kind');
  });
});

describe('automations', () => {
  it('conditions are checked against the form: a select value not in its options is refused, typed', async () => {
    const f = await form();
    const tag = String((await db()('tags').insert({ name: 'Photo OK' }).returning('id'))[0].id);
    const rule = (over: Record<string, unknown> = {}) => ({ name: 'Thank them', action: 'email_submitter', message: 'Thanks!', conditions: [{ field_id: 'f1', value: 'Our family only' }], ...over });
    expect(field(await w.q(AUTO, { f: f.id, a: [rule({ conditions: [{ field_id: 'f1', value: 'Everyone on earth' }] })] }, w.tokens.mgrX))).toBe('automations.0.conditions.0.value');
    expect(field(await w.q(AUTO, { f: f.id, a: [rule(), rule({ conditions: [{ field_id: 'f9', value: 'x' }] })] }, w.tokens.mgrX))).toBe('automations.1.conditions.0.field_id');
    expect(field(await w.q(AUTO, { f: f.id, a: [rule({ conditions: [{ field_id: 'f4', value: 'x' }] })] }, w.tokens.mgrX))).toBe('automations.0.conditions.0.field_id');
    expect(field(await w.q(AUTO, { f: f.id, a: [rule({ action: 'launch' })] }, w.tokens.mgrX))).toBe('automations.0.action');
    expect(field(await w.q(AUTO, { f: f.id, a: [rule({ action: 'tag_student' })] }, w.tokens.mgrX))).toBe('automations.0.tag_id');
    expect(field(await w.q(AUTO, { f: f.id, a: [rule({ action: 'notify_users', user_ids: [w.ids.mgrY] })] }, w.tokens.mgrX))).toBe('automations.0.user_ids.0');
    expect(field(await w.q(AUTO, { f: f.id, a: [rule({ message: null })] }, w.tokens.mgrX))).toBe('automations.0.message');
    expect((await w.q(GET_AUTO, { f: f.id }, w.tokens.mgrX)).data!.getCustomFormAutomationSettings).toEqual([]);
    const ok = await w.q(AUTO, { f: f.id, a: [rule(), rule({ name: 'Tag', action: 'tag_student', tag_id: tag })] }, w.tokens.mgrX);
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.saveCustomFormAutomationSettings.automations.map((a: { name: string }) => a.name)).toEqual(['Thank them', 'Tag']);
    // Scope: another location's manager, a teacher, a parent, the other centre.
    expect(code(await w.q(AUTO, { f: f.id, a: [] }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(GET_AUTO, { f: f.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(AUTO, { f: f.id, a: [] }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(AUTO, { f: f.id, a: [] }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await b.q(AUTO, { f: f.id, a: [] }, b.tokens.mgrX))).toBe('NOT_FOUND');
    expect((await w.q(GET_AUTO, { f: f.id }, w.tokens.mgrX)).data!.getCustomFormAutomationSettings).toHaveLength(2);
  });

  it('a matching entry mails the submitter and tags the child once; a retried or resubmitted run mails once', async () => {
    const f = await form();
    const tag = String((await db()('tags').insert({ name: 'Photos family only' }).returning('id'))[0].id);
    const other = String((await db()('tags').insert({ name: 'Photos everyone' }).returning('id'))[0].id);
    const saved = await w.q(
      AUTO,
      {
        f: f.id,
        a: [
          { name: 'Thank the family', action: 'email_submitter', subject: 'Thank you', message: 'We have your photo release.', conditions: [{ field_id: 'f1', value: 'Our family only' }] },
          { name: 'Tag family only', action: 'tag_student', tag_id: tag, conditions: [{ field_id: 'f1', value: 'Our family only' }, { field_id: 'f2', value: 'true' }] },
          { name: 'Tag everyone', action: 'tag_student', tag_id: other, conditions: [{ field_id: 'f1', value: 'Families of the room' }] },
          { name: 'Tell the teacher', action: 'notify_users', user_ids: [w.ids.teacher], message: 'New photo release' },
        ],
      },
      w.tokens.mgrX,
    );
    expect(saved.errors).toBeUndefined();
    const before = await mails('form-automation');
    const entry = await submit(f.id);
    await deliver(entry);
    await deliver(entry); // the dispatcher retried after a crash
    expect(await mails('form-automation')).toBe(before + 1);
    const to = await db()('outbound_messages').where({ template: 'form-automation' }).orderBy('id', 'desc').first('recipient', 'subject');
    expect(to.recipient).toBe('parent@example.test');
    expect(to.subject).toContain('Thank you');
    const tags = (await db()('student_tags').where({ student_id: w.kidX }).select('tag_id')).map((r) => String(r.tag_id));
    expect(tags).toContain(tag);
    expect(tags).not.toContain(other);
    // A change request and a resubmission: the rules already ran for this entry.
    expect((await w.q(CHANGE, { id: entry }, w.tokens.mgrX)).errors).toBeUndefined();
    const again = await w.q(SUBMIT, { f: f.id, s: w.kidX, fields: fill(), sigs: [{ field_id: 'f4', method: 'drawn', image: png }] }, w.tokens.parent);
    expect(again.data!.submitForm.submission.status).toBe('resubmitted');
    await deliver(entry);
    expect(await mails('form-automation')).toBe(before + 1);
    const logs = (await w.q(LOGS, { f: f.id, k: 'automation' }, w.tokens.mgrX)).data!.getCustomFormLogs;
    expect(logs.paginatorInfo.total).toBe(3);
    expect(logs.data.map((l: { automation_name: string }) => l.automation_name).sort()).toEqual(['Tag family only', 'Tell the teacher', 'Thank the family']);
    expect(logs.data.every((l: { submission_id: string; status: string }) => l.submission_id === entry && l.status === 'sent')).toBe(true);
  });
});

describe('importCustomForm', () => {
  const good = JSON.stringify({
    name: 'Field trip: zoo',
    description: 'Permission for the zoo trip',
    fields: [
      { name: 'Trip', type: 'section' },
      { name: 'May join', type: 'radio', required: true, options: ['Yes', 'No'] },
      { name: 'Allergies', type: 'textarea' },
      { name: 'Signature', type: 'signature', required: true },
    ],
  });

  it('previews without saving, then creates a web form at the manager’s location', async () => {
    const count = async () => Number((await db()('forms').count({ n: '*' }))[0]!.n);
    const n = await count();
    const p = await w.q(IMPORT, { loc: w.X, json: good, preview: true }, w.tokens.mgrX);
    expect(p.errors).toBeUndefined();
    expect(p.data!.importCustomForm.form).toBeNull();
    expect(p.data!.importCustomForm.preview.fields.map((x: { id: string; type: string }) => `${x.id}:${x.type}`)).toEqual(['f1:section', 'f2:radio', 'f3:textarea', 'f4:signature']);
    expect(await count()).toBe(n);
    const made = await w.q(IMPORT, { loc: w.X, json: good }, w.tokens.mgrX);
    expect(made.data!.importCustomForm.form).toMatchObject({ name: 'Field trip: zoo', version: 1 });
    expect(await count()).toBe(n + 1);
    // Scope.
    expect(code(await w.q(IMPORT, { loc: w.Y, json: good }, w.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await w.q(IMPORT, { loc: w.X, json: good }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(IMPORT, { loc: w.X, json: good }, w.tokens.parent))).toBe('FORBIDDEN');
    // The other centre's manager's token on this centre's host.
    expect(['UNAUTHENTICATED', 'FORBIDDEN']).toContain(code(await w.q(IMPORT, { loc: w.X, json: good }, b.tokens.mgrX)));
    expect(await count()).toBe(n + 1);
  });

  it('bad JSON and bad fields are typed errors naming json, nothing saved', async () => {
    const count = async () => Number((await db()('forms').count({ n: '*' }))[0]!.n);
    const n = await count();
    const bad = await w.q(IMPORT, { loc: w.X, json: '{"name": "Trip", "fields": [' }, w.tokens.mgrX);
    expect(code(bad)).toBe('BAD_USER_INPUT');
    expect(field(bad)).toBe('json');
    expect(bad.errors![0]!.message).toMatch(/not valid JSON/);
    const fields = (x: unknown[]) => JSON.stringify({ name: 'Trip', fields: x });
    expect(field(await w.q(IMPORT, { loc: w.X, json: fields([{ name: 'A', type: 'colour' }]) }, w.tokens.mgrX))).toBe('json.fields.0.type');
    expect(field(await w.q(IMPORT, { loc: w.X, json: fields([{ name: 'A', type: 'text' }, { name: 'B', type: 'select' }]) }, w.tokens.mgrX))).toBe('json.fields.1.options');
    expect(field(await w.q(IMPORT, { loc: w.X, json: fields([]) }, w.tokens.mgrX))).toBe('json.fields');
    expect(field(await w.q(IMPORT, { loc: w.X, json: JSON.stringify({ fields: [{ name: 'A', type: 'text' }] }) }, w.tokens.mgrX))).toBe('json.name');
    expect(field(await w.q(IMPORT, { loc: w.X, json: '[1, 2]' }, w.tokens.mgrX))).toBe('json');
    expect(await count()).toBe(n);
  });
});
