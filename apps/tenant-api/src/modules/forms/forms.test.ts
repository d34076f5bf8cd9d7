import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';
import { signatureHash, templateFields, TEMPLATES } from './index.ts';

let h: Harness;
let w: World;
let b: World;
let png: string;
let png2: string;
const db = () => w.c.db.db;

const FORM = `id name type version location_id template_id fields { id name type required options } entries_count`;
const CREATE = `mutation($loc: ID!, $name: String!, $type: String!, $tpl: String) {
  createForm(location_id: $loc, name: $name, type: $type, template_id: $tpl) { status form { ${FORM} } } }`;
const GET = `query($id: ID!) { getSingleForm(id: $id) { ${FORM} } }`;
const LIST = `query { getForms(first: 100) { data { id } paginatorInfo { total } } }`;
const UPDATE = `mutation($id: ID!, $name: String) { updateForm(id: $id, name: $name) { status form { id name } } }`;
const DELETE = `mutation($id: ID!) { deleteForm(id: $id) { status } }`;
const ADD = `mutation($f: ID!, $name: String!, $type: String!, $req: Boolean, $opts: [String!]) {
  addFormField(form_id: $f, name: $name, type: $type, required: $req, options: $opts) { status form { ${FORM} } } }`;
const UPD_FIELD = `mutation($f: ID!, $fid: ID!, $name: String, $opts: [String!]) { updateFormField(form_id: $f, field_id: $fid, name: $name, options: $opts) { status form { ${FORM} } } }`;
const REMOVE = `mutation($f: ID!, $fid: ID!) { removeFormField(form_id: $f, field_id: $fid) { status form { ${FORM} } } }`;
const REQUIRED = `mutation($f: ID!, $fid: ID!, $r: Boolean!) { setFormFieldRequired(form_id: $f, field_id: $fid, required: $r) { status form { ${FORM} } } }`;
const SHARE = `mutation($f: ID!, $locs: [ID!], $rooms: [ID!], $kids: [ID!], $due: String) {
  shareFormWithParents(form_id: $f, location_ids: $locs, program_ids: $rooms, student_ids: $kids, due_date: $due) { status shared } }`;
const SUB = `id status version hash form_id student_id fields { id type value name required } signatures { field_id method signer_name hash ip user_agent } change_request { change change_date notes resolved_at }`;
const SUBMIT = `mutation($f: ID!, $s: ID!, $fields: [SubmissionFieldInput!]!, $sigs: [SignatureInput!], $consent: Boolean) {
  submitForm(form_id: $f, student_id: $s, fields: $fields, signatures: $sigs, esign_consent: $consent) { status message submission { ${SUB} } } }`;
const DETAIL = `query($id: ID!) { getSingleSubmissionDetail(id: $id) { ${SUB} } }`;
const STUDENT = `query($s: ID!) { getStudentSubmissions(student_id: $s) { form { id name } due_date submission { id status } } }`;
const APPROVE = `mutation($id: ID!) { approveSubmittedForm(id: $id) { status submission { id status } } }`;
const REJECT = `mutation($id: ID!, $note: String!) { rejectSubmittedForm(id: $id, note: $note) { status submission { id status } } }`;
const CHANGE = `mutation($id: ID!, $c: String!, $d: String, $n: String) { requestChangeForm(id: $id, change: $c, change_date: $d, notes: $n) { status submission { id status } } }`;
const CHECK = `query($id: ID!) { checkRequestChange(id: $id) { may_resubmit change_request { change change_date notes } } }`;
const ENTRIES = `query($f: ID!, $status: String, $filters: [EntryFilterInput!]) { getCustomFormEntries(form_id: $f, status: $status, filters: $filters) { data { id student_id status } paginatorInfo { total } } }`;
const WEB = `query($f: ID, $filters: [EntryFilterInput!]) { getWebFormEntries(form_id: $f, filters: $filters, first: 100) { data { id student_id } paginatorInfo { total } } }`;
const FILTERS = `query($f: ID!) { getCustomFormFilters(form_id: $f) { statuses fields { id type options } } }`;
const LOGS = `query($f: ID!) { getCustomFormLogs(form_id: $f) { data { action user { id } } paginatorInfo { total } } }`;
const TEMPLATES_Q = `query { getCustomFormTemplates { id name fields { id type } } }`;

type Field = { id: string; name: string; type: string; required: boolean; options: string[] };

/** A photo-release form at X made by X's manager (fields: select f1, checkbox f2, textarea f3, signature f4). */
async function photoRelease(c: World = w) {
  const r = await c.q(CREATE, { loc: c.X, name: 'Photo release', type: 'web', tpl: 'photo_release' }, c.tokens.mgrX);
  expect(r.errors).toBeUndefined();
  return r.data!.createForm.form as { id: string; version: number; fields: Field[] };
}

const fill = (select = 'Our family only', comments = 'Thanks') => [
  { id: 'f1', type: 'select', value: select, name: 'Photos may be shared with', required: true },
  { id: 'f2', type: 'checkbox', value: 'true' },
  { id: 'f3', type: 'textarea', value: comments },
];
const drawn = (image = png) => [{ field_id: 'f4', method: 'drawn', image }];

async function shareWithKid(formId: string, kid = w.kidX) {
  const r = await w.q(SHARE, { f: formId, kids: [kid], due: '2026-12-31' }, w.tokens.mgrX);
  expect(r.errors).toBeUndefined();
}

async function submitted(formId: string) {
  await shareWithKid(formId);
  const r = await w.q(SUBMIT, { f: formId, s: w.kidX, fields: fill(), sigs: drawn(), consent: true }, w.tokens.parent);
  expect(r.errors).toBeUndefined();
  return r.data!.submitForm.submission as { id: string; hash: string; status: string; version: number };
}

const count = async (table: string) => Number((await db()(table).count({ n: '*' }))[0]!.n);

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
  const img = (r: number) =>
    sharp({ create: { width: 60, height: 20, channels: 3, background: { r, g: 10, b: 10 } } })
      .png()
      .toBuffer();
  png = `data:image/png;base64,${(await img(0)).toString('base64')}`;
  png2 = `data:image/png;base64,${(await img(200)).toString('base64')}`;
});

afterAll(async () => {
  await h?.close();
});

describe('forms', () => {
  it('a manager builds a form of their location from a template; others cannot', async () => {
    const form = await photoRelease();
    expect(form.fields.map((f) => f.type)).toEqual(['select', 'checkbox', 'textarea', 'signature']);
    expect((await w.q(GET, { id: form.id }, w.tokens.teacher)).data?.getSingleForm.id).toBe(form.id);
    // Another location's manager, a parent it was not shared with, the other centre: NOT_FOUND.
    expect(code(await w.q(GET, { id: form.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(GET, { id: form.id }, w.tokens.parent))).toBe('NOT_FOUND');
    expect(code(await b.q(GET, { id: form.id }, b.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await w.q(UPDATE, { id: form.id, name: 'Mine' }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(DELETE, { id: form.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(CREATE, { loc: w.Y, name: 'X', type: 'web' }, w.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await w.q(CREATE, { loc: w.X, name: 'X', type: 'web' }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(CREATE, { loc: w.X, name: 'X', type: 'web' }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(field(await w.q(CREATE, { loc: w.X, name: 'X', type: 'paper' }, w.tokens.mgrX))).toBe('type');
    expect(field(await w.q(CREATE, { loc: w.X, name: 'X', type: 'web', tpl: 'nope' }, w.tokens.mgrX))).toBe('template_id');
    expect((await w.q(UPDATE, { id: form.id, name: 'Photo release 2026' }, w.tokens.mgrX)).data?.updateForm.form.name).toBe('Photo release 2026');
    const list = async (t: string) => ((await w.q(LIST, {}, t)).data?.getForms.data ?? []).map((f: { id: string }) => f.id);
    expect(await list(w.tokens.mgrX)).toContain(form.id);
    expect(await list(w.tokens.teacher)).toContain(form.id);
    expect(await list(w.tokens.mgrY)).not.toContain(form.id);
    expect(await list(w.tokens.parent)).not.toContain(form.id);
    expect(code(await w.q(LIST, {}, w.tokens.blog))).toBe('FORBIDDEN');
    expect((await w.q(DELETE, { id: form.id }, w.tokens.mgrX)).data?.deleteForm.status).toBe(true);
    expect(code(await w.q(GET, { id: form.id }, w.tokens.mgrX))).toBe('NOT_FOUND');
  });

  it('templates follow the centre kind (staff); logs are for managers', async () => {
    const t = (await w.q(TEMPLATES_Q, {}, w.tokens.mgrX)).data?.getCustomFormTemplates as { id: string }[];
    expect(t.map((x) => x.id)).toContain('enrolment');
    expect(t.map((x) => x.id)).not.toContain('pet_waiver');
    expect((await w.q(TEMPLATES_Q, {}, w.tokens.teacher)).data?.getCustomFormTemplates.length).toBe(t.length);
    expect(code(await w.q(TEMPLATES_Q, {}, w.tokens.parent))).toBe('FORBIDDEN');
    const form = await photoRelease();
    expect((await w.q(LOGS, { f: form.id }, w.tokens.mgrX)).data?.getCustomFormLogs.data[0].action).toBe('created');
    expect(code(await w.q(LOGS, { f: form.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(LOGS, { f: form.id }, w.tokens.teacher))).toBe('FORBIDDEN');
  });

  it('field add, update, required and remove; options are checked', async () => {
    const form = await photoRelease();
    let r = await w.q(ADD, { f: form.id, name: 'Room', type: 'select', req: true, opts: ['Toddlers', 'Infants'] }, w.tokens.mgrX);
    const added = (r.data!.addFormField.form.fields as Field[]).at(-1)!;
    expect(added).toMatchObject({ name: 'Room', type: 'select', required: true, options: ['Toddlers', 'Infants'] });
    expect(field(await w.q(ADD, { f: form.id, name: 'Bad', type: 'radio' }, w.tokens.mgrX))).toBe('options');
    expect(field(await w.q(ADD, { f: form.id, name: 'Bad', type: 'colour' }, w.tokens.mgrX))).toBe('type');
    expect(code(await w.q(ADD, { f: form.id, name: 'Bad', type: 'text' }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(ADD, { f: form.id, name: 'Bad', type: 'text' }, w.tokens.teacher))).toBe('FORBIDDEN');
    r = await w.q(UPD_FIELD, { f: form.id, fid: added.id, name: 'Home room', opts: ['Toddlers'] }, w.tokens.mgrX);
    expect((r.data!.updateFormField.form.fields as Field[]).at(-1)).toMatchObject({ name: 'Home room', options: ['Toddlers'] });
    expect(code(await w.q(UPD_FIELD, { f: form.id, fid: 'nope', name: 'x' }, w.tokens.mgrX))).toBe('NOT_FOUND');
    r = await w.q(REQUIRED, { f: form.id, fid: added.id, r: false }, w.tokens.mgrX);
    expect((r.data!.setFormFieldRequired.form.fields as Field[]).at(-1)!.required).toBe(false);
    expect(code(await w.q(REQUIRED, { f: form.id, fid: added.id, r: true }, w.tokens.mgrY))).toBe('NOT_FOUND');
    r = await w.q(REMOVE, { f: form.id, fid: added.id }, w.tokens.mgrX);
    expect(r.data!.removeFormField.form.fields).toHaveLength(4);
    // No entries yet: still version 1.
    expect(r.data!.removeFormField.form.version).toBe(1);
    expect(code(await w.q(REMOVE, { f: form.id, fid: 'f1' }, w.tokens.parent))).toBe('FORBIDDEN');
  });

  it('sharing reaches the families of the chosen children, in scope, with form.shared', async () => {
    const form = await photoRelease();
    const events = await count('domain_events');
    const r = await w.q(SHARE, { f: form.id, rooms: [w.room1X], due: '2026-12-31' }, w.tokens.mgrX);
    expect(r.data?.shareFormWithParents.shared).toBe(1);
    expect(await count('domain_events')).toBe(events + 1);
    const ev = await db()('domain_events').orderBy('id', 'desc').first();
    expect(ev.name).toBe('form.shared');
    expect(Object.keys(ev.payload).sort()).toEqual(['centreId', 'form', 'share', 'students']);
    const mine = (await w.q(STUDENT, { s: w.kidX }, w.tokens.parent)).data?.getStudentSubmissions;
    expect(mine).toContainEqual({ form: { id: form.id, name: 'Photo release' }, due_date: '2026-12-31', submission: null });
    expect((await w.q(GET, { id: form.id }, w.tokens.parent)).data?.getSingleForm.id).toBe(form.id);
    expect(code(await w.q(GET, { id: form.id }, w.parent2.token))).toBe('NOT_FOUND');
    expect(code(await w.q(STUDENT, { s: w.kidX }, w.parent2.token))).toBe('NOT_FOUND');
    // A child of another location is outside the form's location: nothing shared.
    expect(field(await w.q(SHARE, { f: form.id, kids: [w.kidY] }, w.tokens.mgrX))).toBe('students');
    expect(field(await w.q(SHARE, { f: form.id }, w.tokens.mgrX))).toBe('students');
    expect(code(await w.q(SHARE, { f: form.id, kids: [w.kidX] }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(SHARE, { f: form.id, kids: [w.kidX] }, w.tokens.teacher))).toBe('FORBIDDEN');
  });
});

describe('submissions', () => {
  it('a parent submits for their own child only, signed after consent', async () => {
    const form = await photoRelease();
    await shareWithKid(form.id);
    // Other family, other centre, a form not shared with that child.
    expect(code(await w.q(SUBMIT, { f: form.id, s: w.kidX2, fields: fill(), sigs: drawn(), consent: true }, w.tokens.parent))).toBe('NOT_FOUND');
    expect(field(await w.q(SUBMIT, { f: form.id, s: w.kidX2, fields: fill(), sigs: drawn(), consent: true }, w.parent2.token))).toBe('form_id');
    expect(code(await b.q(SUBMIT, { f: form.id, s: b.kidX, fields: fill(), sigs: drawn(), consent: true }, b.tokens.parent))).toMatch(/NOT_FOUND|BAD_USER_INPUT/);
    expect(field(await w.q(SUBMIT, { f: form.id, s: w.kidX, fields: fill(), sigs: drawn() }, w.tokens.parent))).toBe('esign_consent');
    const r = await w.q(SUBMIT, { f: form.id, s: w.kidX, fields: fill(), sigs: drawn(), consent: true }, w.tokens.parent);
    expect(r.errors).toBeUndefined();
    const s = r.data!.submitForm.submission;
    expect(s).toMatchObject({ status: 'submitted', version: 1, student_id: w.kidX });
    expect(s.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(s.signatures).toEqual([{ field_id: 'f4', method: 'drawn', signer_name: expect.any(String), hash: s.hash, ip: expect.any(String), user_agent: expect.anything() }]);
    expect(s.fields.find((f: { id: string }) => f.id === 'f1').value).toBe('Our family only');
    // Once live, not again.
    expect(field(await w.q(SUBMIT, { f: form.id, s: w.kidX, fields: fill(), sigs: drawn(), consent: true }, w.tokens.parent))).toBe('form_id');
    // Who reads it.
    expect((await w.q(DETAIL, { id: s.id }, w.tokens.parent)).data?.getSingleSubmissionDetail.id).toBe(s.id);
    expect((await w.q(DETAIL, { id: s.id }, w.tokens.teacher)).data?.getSingleSubmissionDetail.id).toBe(s.id);
    expect(code(await w.q(DETAIL, { id: s.id }, w.parent2.token))).toBe('NOT_FOUND');
    expect(code(await w.q(DETAIL, { id: s.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(DETAIL, { id: s.id }, w.roomTeacher.token))).toBe('NOT_FOUND');
    expect(code(await b.q(DETAIL, { id: s.id }, b.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await w.q(DETAIL, { id: s.id }, w.tokens.blog))).toBe('FORBIDDEN');
  });

  it('bad input: every bad field answers at once, typed, and nothing is saved', async () => {
    const form = await photoRelease();
    await shareWithKid(form.id);
    const before = [await count('form_submissions'), await count('form_signatures'), await count('domain_events')];
    const r = await w.q(
      SUBMIT,
      { f: form.id, s: w.kidX, fields: [{ id: 'f1', type: 'select', value: 'Everyone' }, { id: 'f3', value: 'x' }], sigs: [], consent: true },
      w.tokens.parent,
    );
    expect(code(r)).toBe('BAD_USER_INPUT');
    expect(field(r)).toBe('f1');
    const errors = r.errors![0]!.extensions!.errors as { field: string; code: string }[];
    expect(errors).toEqual([
      { field: 'f1', code: 'FORM_FIELD_NOT_AN_OPTION', message: expect.stringContaining('Our family only') },
      { field: 'f4', code: 'FORM_FIELD_REQUIRED', message: expect.any(String) },
    ]);
    const missing = await w.q(SUBMIT, { f: form.id, s: w.kidX, fields: [{ id: 'f3', value: 'x' }], sigs: drawn(), consent: true }, w.tokens.parent);
    expect((missing.errors![0]!.extensions!.errors as { field: string; code: string }[])[0]).toMatchObject({ field: 'f1', code: 'FORM_FIELD_REQUIRED' });
    const badSig = await w.q(SUBMIT, { f: form.id, s: w.kidX, fields: fill(), sigs: drawn('data:image/png;base64,AAAA'), consent: true }, w.tokens.parent);
    expect(badSig.errors![0]!.extensions!.reason).toBe('FORM_SIGNATURE_INVALID');
    expect([await count('form_submissions'), await count('form_signatures'), await count('domain_events')]).toEqual(before);
  });

  it('change request round trip: requested, checked, resubmitted with new signatures, approved', async () => {
    const form = await photoRelease();
    const s = await submitted(form.id);
    // Reviews: teachers and managers of the child's scope only.
    expect(code(await w.q(APPROVE, { id: s.id }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await w.q(APPROVE, { id: s.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await b.q(APPROVE, { id: s.id }, b.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await w.q(CHANGE, { id: s.id, c: 'x' }, w.roomTeacher.token))).toBe('NOT_FOUND');
    expect(field(await w.q(CHANGE, { id: s.id, c: '' }, w.tokens.mgrX))).toBe('change');
    expect(field(await w.q(CHANGE, { id: s.id, c: 'x', d: '2026-02-30' }, w.tokens.mgrX))).toBe('change_date');
    let r = await w.q(CHANGE, { id: s.id, c: 'Choose the room families', d: '2026-12-10', n: 'For the newsletter' }, w.tokens.mgrX);
    expect(r.data?.requestChangeForm.submission.status).toBe('change_requested');
    const ev = await db()('domain_events').orderBy('id', 'desc').first();
    expect(ev).toMatchObject({ name: 'submission.status_changed', payload: { submission: s.id, status: 'change_requested' } });
    expect(code(await w.q(APPROVE, { id: s.id }, w.tokens.mgrX))).toBe('BAD_USER_INPUT');
    const check = (await w.q(CHECK, { id: s.id }, w.tokens.parent)).data?.checkRequestChange;
    expect(check).toEqual({ may_resubmit: true, change_request: { change: 'Choose the room families', change_date: '2026-12-10', notes: 'For the newsletter' } });
    expect(code(await w.q(CHECK, { id: s.id }, w.parent2.token))).toBe('NOT_FOUND');
    // The form changed meanwhile: a new version; the entry keeps (and is checked against) version 1.
    r = await w.q(ADD, { f: form.id, name: 'Extra', type: 'text', req: true }, w.tokens.mgrX);
    expect(r.data?.addFormField.form.version).toBe(2);
    // A resubmission needs new signatures.
    expect((await w.q(SUBMIT, { f: form.id, s: w.kidX, fields: fill('Families of the room') }, w.tokens.parent)).errors![0]!.extensions!.errors).toEqual([
      expect.objectContaining({ field: 'f4', code: 'FORM_FIELD_REQUIRED' }),
    ]);
    r = await w.q(SUBMIT, { f: form.id, s: w.kidX, fields: fill('Families of the room'), sigs: drawn(png2), consent: true }, w.tokens.parent);
    expect(r.errors).toBeUndefined();
    const again = r.data!.submitForm.submission;
    expect(again).toMatchObject({ id: s.id, status: 'resubmitted', version: 1 });
    expect(again.hash).not.toBe(s.hash);
    expect(again.signatures).toHaveLength(1);
    expect(again.signatures[0].hash).toBe(again.hash);
    expect(again.change_request.resolved_at).not.toBeNull();
    expect(await db()('form_signatures').where({ submission_id: s.id }).whereNotNull('superseded_at').count({ n: '*' })).toEqual([{ n: '1' }]);
    expect((await w.q(CHECK, { id: s.id }, w.tokens.parent)).data?.checkRequestChange.may_resubmit).toBe(false);
    r = await w.q(APPROVE, { id: s.id }, w.tokens.teacher);
    expect(r.data?.approveSubmittedForm.submission.status).toBe('approved');
    expect((await w.q(STUDENT, { s: w.kidX }, w.tokens.parent)).data?.getStudentSubmissions).toContainEqual(
      expect.objectContaining({ form: { id: form.id, name: 'Photo release' }, submission: { id: s.id, status: 'approved' } }),
    );
  });

  it('a rejected entry may be filled again, against the current version', async () => {
    const form = await photoRelease();
    const s = await submitted(form.id);
    expect(field(await w.q(REJECT, { id: s.id, note: '' }, w.tokens.mgrX))).toBe('note');
    expect((await w.q(REJECT, { id: s.id, note: 'Wrong child' }, w.tokens.mgrX)).data?.rejectSubmittedForm.submission.status).toBe('rejected');
    await w.q(ADD, { f: form.id, name: 'Extra', type: 'number', req: true }, w.tokens.mgrX);
    const fields2 = (await w.q(GET, { id: form.id }, w.tokens.parent)).data!.getSingleForm.fields as Field[];
    const extra = fields2.at(-1)!;
    const bad = await w.q(SUBMIT, { f: form.id, s: w.kidX, fields: [...fill(), { id: extra.id, value: 'ten' }], sigs: drawn(), consent: true }, w.tokens.parent);
    expect(bad.errors![0]!.extensions!.errors).toEqual([expect.objectContaining({ field: extra.id, code: 'FORM_FIELD_INVALID' })]);
    const r = await w.q(SUBMIT, { f: form.id, s: w.kidX, fields: [...fill(), { id: extra.id, value: '10' }], sigs: drawn(), consent: true }, w.tokens.parent);
    expect(r.data?.submitForm.submission).toMatchObject({ status: 'submitted', version: 2 });
  });

  it('entries filter by status and field values in SQL, in scope', async () => {
    const form = await photoRelease();
    await w.q(SHARE, { f: form.id, locs: [w.X] }, w.tokens.mgrX);
    await w.q(SUBMIT, { f: form.id, s: w.kidX, fields: fill('Families of the room'), sigs: drawn(), consent: true }, w.tokens.parent);
    await w.q(SUBMIT, { f: form.id, s: w.kidX2, fields: fill(), sigs: drawn(), consent: true }, w.parent2.token);
    const entries = async (vars: Record<string, unknown>, token = w.tokens.mgrX) =>
      ((await w.q(ENTRIES, { f: form.id, ...vars }, token)).data?.getCustomFormEntries.data ?? []).map((e: { student_id: string }) => e.student_id);
    expect((await entries({})).sort()).toEqual([w.kidX, w.kidX2].sort());
    expect(await entries({ filters: [{ field_id: 'f1', value: 'Families of the room' }] })).toEqual([w.kidX]);
    expect(await entries({ status: 'approved' })).toEqual([]);
    expect(code(await w.q(ENTRIES, { f: form.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(ENTRIES, { f: form.id }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(field(await w.q(ENTRIES, { f: form.id, status: 'done' }, w.tokens.mgrX))).toBe('status');
    const web = async (token: string) =>
      ((await w.q(WEB, { f: form.id }, token)).data?.getWebFormEntries.data ?? []).map((e: { student_id: string }) => e.student_id);
    expect(await web(w.tokens.parent)).toEqual([w.kidX]);
    expect(await web(w.parent2.token)).toEqual([w.kidX2]);
    expect(await web(w.tokens.mgrY)).toEqual([]);
    expect(((await b.q(WEB, { f: form.id }, b.tokens.mgrX)).data?.getWebFormEntries.data ?? [])).toEqual([]);
    const filters = (await w.q(FILTERS, { f: form.id }, w.tokens.teacher)).data?.getCustomFormFilters;
    expect(filters.statuses).toContain('change_requested');
    expect(filters.fields.map((f: { id: string }) => f.id)).toEqual(['f1', 'f2']);
    expect(code(await w.q(FILTERS, { f: form.id }, w.tokens.parent))).toBe('FORBIDDEN');
    // The filter runs on the GIN index's operator.
    const plan = await db().raw(`explain select id from form_submissions where "values" @> '{"f1":"x"}'::jsonb`);
    expect(JSON.stringify(plan.rows)).toMatch(/form_submissions/);
  });
});

const LINK = `mutation($id: ID!, $on: Boolean!) { setFormLink(id: $id, enabled: $on) { status form { id link_key } } }`;
const PREVIEW = `query($f: ID!, $k: String!) { getWebFormPreview(form_id: $f, key: $k) { id name description instructions version location_name fields { id name type required options } } }`;

describe('forms shared by link (guest /web-form/:formId/view)', () => {
  it('a guest reads a linked web form of this centre with its key, and nothing else', async () => {
    const form = await photoRelease();
    const entry = await submitted(form.id);
    // Link off: no key, and the guest gets NOT_FOUND whatever key it tries.
    expect((await w.q(GET, { id: form.id }, w.tokens.mgrX)).data?.getSingleForm).toBeDefined();
    expect(code(await w.q(PREVIEW, { f: form.id, k: 'x'.repeat(43) }))).toBe('NOT_FOUND');
    // Only a manager of the form's location turns it on; teachers, parents, another location's manager cannot.
    expect(code(await w.q(LINK, { id: form.id, on: true }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await w.q(LINK, { id: form.id, on: true }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(LINK, { id: form.id, on: true }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await b.q(LINK, { id: form.id, on: true }, b.tokens.mgrX))).toBe('NOT_FOUND');
    const on = await w.q(LINK, { id: form.id, on: true }, w.tokens.mgrX);
    expect(on.errors).toBeUndefined();
    const key = on.data!.setFormLink.form.link_key as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Turning it on again keeps the key handed out.
    expect((await w.q(LINK, { id: form.id, on: true }, w.tokens.mgrX)).data!.setFormLink.form.link_key).toBe(key);
    // Families never see the key of a form shared with them.
    const forParent = await w.q(`query($id: ID!) { getSingleForm(id: $id) { id link_key } }`, { id: form.id }, w.tokens.parent);
    expect(forParent.errors).toBeUndefined();
    expect(forParent.data!.getSingleForm.link_key).toBeNull();

    // The guest (no token) reads the form and its fields, and nothing of its entries.
    const r = await w.q(PREVIEW, { f: form.id, k: key });
    expect(r.errors).toBeUndefined();
    const p = r.data!.getWebFormPreview;
    expect(p).toMatchObject({ id: form.id, name: 'Photo release', version: form.version });
    expect(p.fields.map((f: Field) => f.id)).toEqual(form.fields.map((f) => f.id));
    expect(typeof p.location_name).toBe('string');
    // The entry's comment, its child, its seal: none of them.
    const text = JSON.stringify(r.data);
    expect(text).not.toMatch(/Thanks|Ava|Parent"|submitted/);
    expect(text).not.toContain(entry.hash);
    // The preview type has no way to entries: asking for one is a validation error.
    expect(code(await w.q(`query($f: ID!, $k: String!) { getWebFormPreview(form_id: $f, key: $k) { id entries_count } }`, { f: form.id, k: key }))).toBe('GRAPHQL_VALIDATION_FAILED');

    // A wrong key, another centre's host with this id and key, an unknown id: NOT_FOUND alike.
    expect(code(await w.q(PREVIEW, { f: form.id, k: key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A') }))).toBe('NOT_FOUND');
    expect(code(await w.q(PREVIEW, { f: form.id, k: '' }))).toBe('NOT_FOUND');
    expect(code(await b.q(PREVIEW, { f: form.id, k: key }))).toBe('NOT_FOUND');
    // Another centre's linked form, asked on this centre's host: NOT_FOUND; on its own host it reads.
    const other = await photoRelease(b);
    const otherKey = (await b.q(LINK, { id: other.id, on: true }, b.tokens.mgrX)).data!.setFormLink.form.link_key as string;
    expect(code(await w.q(PREVIEW, { f: other.id, k: otherKey }))).toBe('NOT_FOUND');
    expect((await b.q(PREVIEW, { f: other.id, k: otherKey })).data?.getWebFormPreview.id).toBe(other.id);
    expect(code(await w.q(PREVIEW, { f: '999999999', k: key }))).toBe('NOT_FOUND');
    expect(field(await w.q(PREVIEW, { f: 'abc', k: key }))).toBe('form_id');

    // Turned off, the old link stops working; on again, it is a new key.
    await w.q(LINK, { id: form.id, on: false }, w.tokens.mgrX);
    expect(code(await w.q(PREVIEW, { f: form.id, k: key }))).toBe('NOT_FOUND');
    const again = (await w.q(LINK, { id: form.id, on: true }, w.tokens.mgrX)).data!.setFormLink.form.link_key;
    expect(again).not.toBe(key);
    expect((await w.q(PREVIEW, { f: form.id, k: again })).data?.getWebFormPreview.id).toBe(form.id);

    // A deleted form's link is gone.
    await w.q(DELETE, { id: form.id }, w.tokens.mgrX);
    expect(code(await w.q(PREVIEW, { f: form.id, k: again }))).toBe('NOT_FOUND');
  });

  it('printed forms have no guest link', async () => {
    const r = await w.q(CREATE, { loc: w.X, name: 'Printed', type: 'printed' }, w.tokens.mgrX);
    const id = r.data!.createForm.form.id as string;
    expect(field(await w.q(LINK, { id, on: true }, w.tokens.mgrX))).toBe('id');
    await db()('forms').where({ id }).update({ link_key: 'k'.repeat(43) });
    expect(code(await w.q(PREVIEW, { f: id, k: 'k'.repeat(43) }))).toBe('NOT_FOUND');
  });
});

describe('signature hash', () => {
  const fields = templateFields(TEMPLATES.find((t) => t.id === 'photo_release')!);
  const base = { formId: '7', version: 1, fields, values: { f1: 'Our family only', f3: 'Thanks' }, signatures: [{ field_id: 'f4', method: 'drawn', image: 'data:image/png;base64,AAA' }] };
  it('changes when a value, the version, or a signature image changes, and not otherwise', () => {
    const h0 = signatureHash(base);
    expect(signatureHash({ ...base, values: { f3: 'Thanks', f1: 'Our family only' } })).toBe(h0);
    expect(signatureHash({ ...base, values: { ...base.values, f3: 'Thanks!' } })).not.toBe(h0);
    expect(signatureHash({ ...base, version: 2 })).not.toBe(h0);
    expect(signatureHash({ ...base, signatures: [{ field_id: 'f4', method: 'drawn', image: 'data:image/png;base64,AAB' }] })).not.toBe(h0);
  });
});
