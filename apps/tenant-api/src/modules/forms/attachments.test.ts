import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '@kv/files';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, createPeopleHarness, type World } from '../students/test-fixtures.ts';
import { checkQueuedUpload } from '../files/index.ts';

let h: Harness;
let w: World;
let b: World;
let root: string;
let store: LocalFileStore;
let pdf: Buffer;

const PRESIGN = `mutation($owner: ID!, $type: String!, $size: Int!, $name: String) {
  getPresignedUploadUrl(purpose: "form_attachment", owner_id: $owner, content_type: $type, size: $size, file_name: $name) { url upload_id fields { name value } } }`;
const COMPLETE = `mutation($id: ID!) { completeUpload(upload_id: $id) { id status } }`;
const CREATE = `mutation($loc: ID!) { createForm(location_id: $loc, name: "Pickup authorization", type: "web") { form { id } } }`;
const ADD = `mutation($f: ID!, $name: String!, $type: String!, $req: Boolean) {
  addFormField(form_id: $f, name: $name, type: $type, required: $req) { form { id fields { id name type } } } }`;
const SHARE = `mutation($f: ID!, $kids: [ID!]) { shareFormWithParents(form_id: $f, student_ids: $kids) { status } }`;
const SUBMIT = `mutation($f: ID!, $s: ID!, $fields: [SubmissionFieldInput!]!) {
  submitForm(form_id: $f, student_id: $s, fields: $fields) { submission { id status } } }`;
const DETAIL = `query($id: ID!) { getSingleSubmissionDetail(id: $id) { id fields { id type value file { id original_name content_type url } } } }`;
const CHANGE = `mutation($id: ID!) { requestChangeForm(id: $id, change: "Add the second page") { status } }`;

const db = (c: World = w) => c.c.db.db;

/** The upload pipeline as the SPA drives it (signed form, the post, completeUpload), with the queued check run. */
async function upload(c: World, token: string, owner: string, name = 'Photo ID.pdf', check = true): Promise<string> {
  const p = await c.q(PRESIGN, { owner, type: 'application/pdf', size: pdf.length, name }, token);
  expect(p.errors).toBeUndefined();
  const ticket = p.data!.getPresignedUploadUrl as { url: string; upload_id: string; fields: { name: string; value: string }[] };
  const form = new FormData();
  for (const f of ticket.fields) form.append(f.name, f.value);
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), name);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  const posted = await h.app.inject({
    method: 'POST',
    url: ticket.url,
    headers: { host: c.c.host, 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  expect(posted.statusCode).toBe(204);
  expect((await c.q(COMPLETE, { id: ticket.upload_id }, token)).errors).toBeUndefined();
  if (check) await checkQueuedUpload({ dbFor: async () => h.deps.pools.get(c.c.entry.id, c.c.url), files: store }, c.c.entry.id, ticket.upload_id);
  return ticket.upload_id;
}

/** A web form of X with a required text field and a required file field, shared with the parent's child. */
async function pickupForm() {
  const formId = (await w.q(CREATE, { loc: w.X }, w.tokens.mgrX)).data!.createForm.form.id as string;
  await w.q(ADD, { f: formId, name: 'Authorized adult', type: 'text', req: true }, w.tokens.mgrX);
  const added = await w.q(ADD, { f: formId, name: 'Photo ID', type: 'file', req: true }, w.tokens.mgrX);
  const fields = added.data!.addFormField.form.fields as { id: string; type: string }[];
  expect((await w.q(SHARE, { f: formId, kids: [w.kidX] }, w.tokens.mgrX)).errors).toBeUndefined();
  return { formId, text: fields.find((f) => f.type === 'text')!.id, file: fields.find((f) => f.type === 'file')!.id };
}

const values = (form: { text: string; file: string }, fileId: string) => [
  { id: form.text, type: 'text', value: 'Grandma Rose' },
  { id: form.file, type: 'file', value: fileId },
];

function problemOf(r: Awaited<ReturnType<World['q']>>, fieldId: string) {
  const errors = (r.errors?.[0]?.extensions?.errors ?? []) as { field: string; code: string; message: string }[];
  return errors.find((e) => e.field === fieldId);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kv-form-files-'));
  store = new LocalFileStore({ root, secret: 'form-files-secret-form-files-secret' });
  h = await createPeopleHarness({ files: store });
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]);
  pdf = Buffer.from(await doc.save());
});

afterAll(async () => {
  await h?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('form file fields', () => {
  it('who may upload a form attachment: a parent for their own child, staff with forms.manage in scope', async () => {
    const presign = (c: World, owner: string, token: string) => c.q(PRESIGN, { owner, type: 'application/pdf', size: 1000, name: 'id.pdf' }, token);
    expect((await presign(w, w.kidX, w.tokens.parent)).errors).toBeUndefined();
    expect((await presign(w, w.kidX, w.tokens.mgrX)).errors).toBeUndefined();
    expect(code(await presign(w, w.kidX2, w.tokens.parent))).toBe('NOT_FOUND');
    expect(code(await presign(w, w.kidX, w.parent2.token))).toBe('NOT_FOUND');
    expect(code(await presign(w, w.kidY, w.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await presign(w, w.kidX, w.tokens.blog))).toBe('FORBIDDEN');
    // Centre A's token does not work at centre B.
    expect(code(await presign(b, b.kidX, w.tokens.parent))).toBe('UNAUTHENTICATED');
    // Bad input names the field.
    const big = await w.q(PRESIGN, { owner: w.kidX, type: 'application/pdf', size: 11 * 1024 * 1024, name: 'id.pdf' }, w.tokens.parent);
    expect(big.errors?.[0]?.extensions?.field).toBe('size');
    const exe = await w.q(PRESIGN, { owner: w.kidX, type: 'application/x-msdownload', size: 1000, name: 'id.exe' }, w.tokens.parent);
    expect(exe.errors?.[0]?.extensions?.field).toBe('content_type');
  });

  it('submitForm takes the submitter’s own checked upload for that child; readers get its signed URL', async () => {
    const form = await pickupForm();
    const mine = await upload(w, w.tokens.parent, w.kidX);
    const r = await w.q(SUBMIT, { f: form.formId, s: w.kidX, fields: values(form, mine) }, w.tokens.parent);
    expect(r.errors).toBeUndefined();
    const id = r.data!.submitForm.submission.id as string;
    for (const token of [w.tokens.parent, w.tokens.mgrX]) {
      const d = await w.q(DETAIL, { id }, token);
      const f = (d.data!.getSingleSubmissionDetail.fields as { id: string; value: string; file: { id: string; original_name: string; url: string } | null }[]).find((x) => x.id === form.file)!;
      expect(f.value).toBe(mine);
      expect(f.file).toMatchObject({ id: mine, original_name: 'Photo ID.pdf', content_type: 'application/pdf' });
      const got = await h.app.inject({ method: 'GET', url: f.file!.url, headers: { host: w.c.host } });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Other family, other centre: the entry (and so the file) is not theirs.
    expect(code(await w.q(DETAIL, { id }, w.parent2.token))).toBe('NOT_FOUND');
    expect(code(await b.q(DETAIL, { id }, b.tokens.mgrX))).toBe('NOT_FOUND');

    // A change requested: the resubmission keeps the file it held without uploading it again.
    expect((await w.q(CHANGE, { id }, w.tokens.mgrX)).errors).toBeUndefined();
    const again = await w.q(SUBMIT, { f: form.formId, s: w.kidX, fields: values(form, mine) }, w.tokens.parent);
    expect(again.errors).toBeUndefined();
    expect(again.data!.submitForm.submission.status).toBe('resubmitted');
  });

  it('refuses a file id that is not the submitter’s own checked upload for the child, naming the field, saving nothing', async () => {
    const form = await pickupForm();
    const otherFamily = await upload(w, w.parent2.token, w.kidX2);
    const staffsUpload = await upload(w, w.tokens.mgrX, w.kidX);
    const unchecked = await upload(w, w.tokens.parent, w.kidX, 'Slow.pdf', false);
    const otherCentre = await upload(b, b.tokens.parent, b.kidX);
    // The parent's own document answer at the location: another purpose.
    const documentId = randomUUID();
    await db()('files').insert({
      id: documentId,
      purpose: 'document',
      owner_id: w.X,
      status: 'ready',
      key: `centre/${w.c.entry.id}/files/${documentId}`,
      original_name: 'note.pdf',
      declared_type: 'application/pdf',
      declared_size: pdf.length,
      content_type: 'application/pdf',
      uploaded_by: w.ids.parent,
      upload_expires_at: new Date(),
      variants: JSON.stringify({ main: { type: 'application/pdf', size: pdf.length } }),
    });
    const before = Number((await db()('form_submissions').count({ n: '*' }))[0]!.n);
    for (const [fileId, message] of [
      [otherFamily, /upload the file again/],
      [staffsUpload, /upload the file again/],
      [otherCentre, /upload the file again/],
      [documentId, /upload the file again/],
      [randomUUID(), /upload the file again/],
      [unchecked, /still being checked/],
    ] as const) {
      const r = await w.q(SUBMIT, { f: form.formId, s: w.kidX, fields: values(form, fileId) }, w.tokens.parent);
      expect(code(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0]!.extensions!.field).toBe(form.file);
      expect(problemOf(r, form.file)).toMatchObject({ code: 'FORM_FIELD_INVALID', message: expect.stringMatching(message) });
    }
    expect(Number((await db()('form_submissions').count({ n: '*' }))[0]!.n)).toBe(before);
    // Staff filling for the child use their own upload.
    const r = await w.q(SUBMIT, { f: form.formId, s: w.kidX, fields: values(form, staffsUpload) }, w.tokens.mgrX);
    expect(r.errors).toBeUndefined();
  });
});
