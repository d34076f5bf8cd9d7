import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKey, forCentre, LocalFileStore } from '@kv/files';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';
import { CERTIFICATE_TITLE } from './pdf.ts';
import { verifySubmission } from './service/printed.ts';

let h: Harness;
let w: World;
let b: World;
let root: string;
let store: LocalFileStore;
let png: string;
const db = () => w.c.db.db;

const FORM = `id name type version page_count pdf { id purpose url } fields { id name type required placement { page x y w h } }`;
const CREATE = `mutation($loc: ID!, $name: String!, $type: String!, $file: ID) {
  createForm(location_id: $loc, name: $name, type: $type, file_id: $file) { status form { ${FORM} } } }`;
const LAYOUT = `mutation($f: ID!, $file: ID, $fields: [PrintedFieldInput!]!) {
  savePrintedFormFields(form_id: $f, file_id: $file, fields: $fields) { status message form { ${FORM} } } }`;
const GET = `query($id: ID!) { getSingleForm(id: $id) { ${FORM} } }`;
const SHARE = `mutation($f: ID!, $kids: [ID!]) { shareFormWithParents(form_id: $f, student_ids: $kids) { status shared } }`;
const SUB = `id status version hash pdf_sha256 signed_pdf { id purpose status url } signatures { field_id method signer_name hash ip user_agent } fields { id value }`;
const ARGS = `$f: ID!, $s: ID!, $fields: [SubmissionFieldInput!]!, $sigs: [SignatureInput!], $consent: Boolean`;
const PASS = `form_id: $f, student_id: $s, fields: $fields, signatures: $sigs, esign_consent: $consent`;
const PARENT = `mutation(${ARGS}) { submitPdfFormParent(${PASS}) { status message submission { ${SUB} } } }`;
const STAFF = `mutation(${ARGS}) { submitPdfFormStaff(${PASS}) { status message submission { ${SUB} } } }`;
const VERIFY = `query($id: ID!) { verifySignedPdf(submission_id: $id) { valid hash recomputed_hash values_match signatures_match pdf_match pdf_sha256 stored_pdf_sha256 } }`;
const CHANGE = `mutation($id: ID!) { requestChangeForm(id: $id, change: "Fix the date") { status } }`;
const PRESIGN = `mutation($purpose: String!, $owner: ID!, $size: Int!) {
  getPresignedUploadUrl(purpose: $purpose, owner_id: $owner, content_type: "application/pdf", size: $size, file_name: "f.pdf") { upload_id } }`;

type Form = {
  id: string;
  version: number;
  page_count: number;
  pdf: { id: string } | null;
  fields: { id: string; name: string; type: string }[];
};

/** A blank form PDF of `pages` pages, each titled. */
async function blankPdf(pages = 2): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    doc.addPage([612, 792]).drawText(`Medication authorisation page ${i}`, { x: 50, y: 740, size: 14, font });
  return Buffer.from(await doc.save());
}

/** A checked upload of `purpose` with real bytes in the store, as the check job leaves it. */
async function upload(c: World, purpose: string, owner: string, by: string, bytes?: Buffer) {
  const body = bytes ?? (await blankPdf());
  const id = randomUUID();
  await forCentre(store, c.c.entry.id).write(fileKey(c.c.entry.id, id, 'main'), body, 'application/pdf');
  await c.c.db.db('files').insert({
    id,
    purpose,
    owner_id: owner,
    status: 'ready',
    key: `centre/${c.c.entry.id}/files/${id}`,
    original_name: 'form.pdf',
    declared_type: 'application/pdf',
    declared_size: body.length,
    content_type: 'application/pdf',
    size: body.length,
    uploaded_by: by,
    upload_expires_at: new Date(),
    variants: JSON.stringify({ main: { type: 'application/pdf', size: body.length, width: null, height: null } }),
  });
  return id;
}

const LAYOUT_FIELDS = [
  { name: 'Child name', type: 'text', required: true, placement: { page: 1, x: 0.1, y: 0.2, w: 0.5, h: 0.04 } },
  { name: 'Start date', type: 'date', required: true, placement: { page: 1, x: 0.1, y: 0.3, w: 0.3, h: 0.04 } },
  { name: 'Give with food', type: 'checkbox', required: false, placement: { page: 2, x: 0.1, y: 0.2, w: 0.04, h: 0.03 } },
  { name: 'Parent signature', type: 'signature', required: true, placement: { page: 2, x: 0.1, y: 0.6, w: 0.4, h: 0.1 } },
];

/** A laid-out printed form at X (2 pages, 4 fields), made by X's manager. */
async function printedForm(c: World = w): Promise<Form> {
  const file = await upload(c, 'printed_form', c.X, c.ids.mgrX);
  const r = await c.q(CREATE, { loc: c.X, name: 'Medication authorisation', type: 'printed', file }, c.tokens.mgrX);
  expect(r.errors).toBeUndefined();
  const id = r.data!.createForm.form.id;
  const l = await c.q(LAYOUT, { f: id, fields: LAYOUT_FIELDS }, c.tokens.mgrX);
  expect(l.errors).toBeUndefined();
  return l.data!.savePrintedFormFields.form;
}

const values = (f: Form, name = 'Ada Lovelace', date = '2026-03-01') => [
  { id: f.fields[0]!.id, value: name },
  { id: f.fields[1]!.id, value: date },
  { id: f.fields[2]!.id, value: 'true' },
];
const sign = (f: Form, image = png) => [{ field_id: f.fields[3]!.id, method: 'drawn', image }];

async function pdfText(bytes: Buffer): Promise<{ text: string; total: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const r = await parser.getText();
    return { text: r.text, total: r.total };
  } finally {
    await parser.destroy();
  }
}

const storedBytes = (fileId: string) => forCentre(store, w.c.entry.id).read(fileKey(w.c.entry.id, fileId, 'main'), 50 * 1024 * 1024);
const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await db()(table).where(where).count({ n: '*' }))[0]!.n);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kv-printed-forms-'));
  store = new LocalFileStore({ root, secret: 'printed-forms-test-secret-0123456789' });
  h = await createPeopleHarness({ files: store });
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
  const img = await sharp({ create: { width: 120, height: 40, channels: 3, background: { r: 20, g: 20, b: 90 } } })
    .png()
    .toBuffer();
  png = `data:image/png;base64,${img.toString('base64')}`;
});

afterAll(async () => {
  await h?.close();
  await rm(root, { recursive: true, force: true });
});

describe('printed forms: the PDF and its fields', () => {
  it('a manager makes a printed form from a printed_form upload and places fields; bad input, others and the other centre refused', async () => {
    // Wrong upload purpose, another location's upload: BAD_USER_INPUT on file_id, nothing made.
    const forms = await count('forms');
    const wrong = await upload(w, 'document', w.X, w.ids.mgrX);
    expect(field(await w.q(CREATE, { loc: w.X, name: 'P', type: 'printed', file: wrong }, w.tokens.mgrX))).toBe('file_id');
    const elsewhere = await upload(w, 'printed_form', w.Y, w.ids.owner);
    expect(field(await w.q(CREATE, { loc: w.X, name: 'P', type: 'printed', file: elsewhere }, w.tokens.mgrX))).toBe('file_id');
    expect(
      field(await w.q(CREATE, { loc: w.X, name: 'P', type: 'web', file: await upload(w, 'printed_form', w.X, w.ids.mgrX) }, w.tokens.mgrX)),
    ).toBe('file_id');
    expect(await count('forms')).toBe(forms);

    const form = await printedForm();
    expect(form.page_count).toBe(2);
    expect(form.pdf?.id).toBeTruthy();
    expect(form.fields.map((f) => f.type)).toEqual(['text', 'date', 'checkbox', 'signature']);
    // The same upload serves one form only.
    expect(field(await w.q(CREATE, { loc: w.X, name: 'Again', type: 'printed', file: form.pdf!.id }, w.tokens.mgrX))).toBe('file_id');

    // Placements: on a page the PDF has, inside it; a type printed forms place.
    const bad = (p: object, type = 'text') =>
      w.q(
        LAYOUT,
        { f: form.id, fields: [{ name: 'X', type, placement: { page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.05, ...p } }] },
        w.tokens.mgrX,
      );
    expect(field(await bad({ page: 3 }))).toBe('fields.0.placement');
    expect(field(await bad({ x: 0.9, w: 0.3 }))).toBe('fields.0.placement');
    expect(code(await bad({ y: 1.5 }))).toBe('BAD_USER_INPUT');
    expect(code(await bad({}, 'select'))).toBe('BAD_USER_INPUT');

    // Teachers read it; managers of another location and the other centre do not reach it.
    expect((await w.q(GET, { id: form.id }, w.tokens.teacher)).data?.getSingleForm.pdf.id).toBe(form.pdf!.id);
    expect(code(await w.q(LAYOUT, { f: form.id, fields: LAYOUT_FIELDS }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(LAYOUT, { f: form.id, fields: LAYOUT_FIELDS }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await b.q(LAYOUT, { f: form.id, fields: LAYOUT_FIELDS }, b.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await w.q(GET, { id: form.id }, w.tokens.parent))).toBe('NOT_FOUND');
  });

  it('upload purposes: printed_form for managers of the location (≤ 20 MB); signed_pdf is never uploaded', async () => {
    expect(code(await w.q(PRESIGN, { purpose: 'signed_pdf', owner: '1', size: 1000 }, w.tokens.mgrX))).toBe('FORBIDDEN');
    expect(code(await w.q(PRESIGN, { purpose: 'printed_form', owner: w.X, size: 1000 }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(PRESIGN, { purpose: 'printed_form', owner: w.Y, size: 1000 }, w.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await w.q(PRESIGN, { purpose: 'printed_form', owner: w.X, size: 21 * 1024 * 1024 }, w.tokens.mgrX))).toBe('BAD_USER_INPUT');
  });
});

describe('printed forms: signing', () => {
  it('a parent signs for their own child: values in the flattened PDF, a certificate page, a seal that verifies', async () => {
    const form = await printedForm();
    expect((await w.q(SHARE, { f: form.id, kids: [w.kidX] }, w.tokens.mgrX)).errors).toBeUndefined();
    const before = { subs: await count('form_submissions'), files: await count('files', { purpose: 'signed_pdf' }) };

    // Bad input: a missing required value and a missing signature answer at once; nothing saved.
    const missing = await w.q(PARENT, { f: form.id, s: w.kidX, fields: values(form, ''), sigs: [], consent: true }, w.tokens.parent);
    expect(code(missing)).toBe('BAD_USER_INPUT');
    const problems = missing.errors![0]!.extensions!.errors as { field: string; code: string }[];
    expect(problems.map((p) => p.field).sort()).toEqual([form.fields[0]!.id, form.fields[3]!.id].sort());
    expect(problems.every((p) => p.code === 'FORM_FIELD_REQUIRED')).toBe(true);
    expect(
      field(
        await w.q(
          PARENT,
          { f: form.id, s: w.kidX, fields: values(form, 'Ada', '2026-02-31'), sigs: sign(form), consent: true },
          w.tokens.parent,
        ),
      ),
    ).toBe(form.fields[1]!.id);
    expect(
      field(await w.q(PARENT, { f: form.id, s: w.kidX, fields: values(form), sigs: sign(form), consent: false }, w.tokens.parent)),
    ).toBe('esign_consent');
    expect(
      field(
        await w.q(
          PARENT,
          { f: form.id, s: w.kidX, fields: values(form), sigs: sign(form, 'data:image/png;base64,AAAA'), consent: true },
          w.tokens.parent,
        ),
      ),
    ).toBe(form.fields[3]!.id);
    // Others: another family's child, the other centre, a parent through the staff operation.
    expect(code(await w.q(PARENT, { f: form.id, s: w.kidX, fields: values(form), sigs: sign(form), consent: true }, w.parent2.token))).toBe(
      'NOT_FOUND',
    );
    expect(
      field(await w.q(PARENT, { f: form.id, s: w.kidX2, fields: values(form), sigs: sign(form), consent: true }, w.parent2.token)),
    ).toBe('form_id');
    expect(code(await b.q(PARENT, { f: form.id, s: b.kidX, fields: values(form), sigs: sign(form), consent: true }, b.tokens.parent))).toBe(
      'NOT_FOUND',
    );
    expect(code(await w.q(STAFF, { f: form.id, s: w.kidX, fields: values(form), sigs: sign(form), consent: true }, w.tokens.parent))).toBe(
      'FORBIDDEN',
    );
    expect(code(await w.q(PARENT, { f: form.id, s: w.kidX, fields: values(form), sigs: sign(form), consent: true }, w.tokens.mgrX))).toBe(
      'FORBIDDEN',
    );
    expect(await count('form_submissions')).toBe(before.subs);
    expect(await count('files', { purpose: 'signed_pdf' })).toBe(before.files);

    const r = await w.q(PARENT, { f: form.id, s: w.kidX, fields: values(form), sigs: sign(form), consent: true }, w.tokens.parent);
    expect(r.errors).toBeUndefined();
    const sub = r.data!.submitPdfFormParent.submission;
    expect(sub.status).toBe('submitted');
    expect(sub.signed_pdf.purpose).toBe('signed_pdf');
    expect(sub.signed_pdf.url).toBeTruthy();
    expect(sub.signatures).toHaveLength(1);
    expect(sub.signatures[0].hash).toBe(sub.hash);

    // The PDF holds its values and ends with the certificate page (who, when, the seal).
    const bytes = await storedBytes(sub.signed_pdf.id);
    const { text, total } = await pdfText(bytes);
    expect(total).toBe(3);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('2026-03-01');
    expect(text).toContain(CERTIFICATE_TITLE);
    expect(text.replace(/\s+/g, '')).toContain(sub.hash);
    expect(text).toMatch(/Signed by\s+\S+/);
    // Flattened: no form fields left.
    expect((await PDFDocument.load(bytes)).getForm().getFields()).toHaveLength(0);

    // The seal verifies; the other family and centre do not reach it.
    const ok = (await w.q(VERIFY, { id: sub.id }, w.tokens.parent)).data?.verifySignedPdf;
    expect(ok).toMatchObject({ valid: true, values_match: true, signatures_match: true, pdf_match: true, pdf_sha256: sub.pdf_sha256 });
    expect((await w.q(VERIFY, { id: sub.id }, w.tokens.mgrX)).data?.verifySignedPdf.valid).toBe(true);
    expect(code(await w.q(VERIFY, { id: sub.id }, w.parent2.token))).toBe('NOT_FOUND');
    expect(code(await b.q(VERIFY, { id: sub.id }, b.tokens.mgrX))).toBe('NOT_FOUND');

    // One changed byte of the stored PDF fails; so does one changed value.
    const key = fileKey(w.c.entry.id, sub.signed_pdf.id, 'main');
    const tampered = Buffer.from(bytes);
    const at = Math.floor(tampered.length / 2);
    tampered[at] = tampered[at]! ^ 0x01;
    await forCentre(store, w.c.entry.id).write(key, tampered, 'application/pdf');
    const byte = (await verifySubmission(db(), forCentre(store, w.c.entry.id), w.c.entry.id, sub.id))!;
    expect(byte).toMatchObject({ valid: false, pdf_match: false, values_match: true });
    await forCentre(store, w.c.entry.id).write(key, bytes, 'application/pdf');
    expect((await verifySubmission(db(), forCentre(store, w.c.entry.id), w.c.entry.id, sub.id))!.valid).toBe(true);
    const stored = (await db()('form_submissions').where({ id: sub.id }).first('values')).values;
    await db()('form_submissions')
      .where({ id: sub.id })
      .update({ values: JSON.stringify({ ...stored, [form.fields[0]!.id]: 'Someone Else' }) });
    const changed = (await w.q(VERIFY, { id: sub.id }, w.tokens.mgrX)).data?.verifySignedPdf;
    expect(changed).toMatchObject({ valid: false, values_match: false, pdf_match: true });
    expect(changed.recomputed_hash).not.toBe(changed.hash);
    await db()('form_submissions')
      .where({ id: sub.id })
      .update({ values: JSON.stringify(stored) });
  });

  it('staff sign for a child of their scope; a resubmission needs new signatures; a new layout is a new version', async () => {
    const form = await printedForm();
    // Staff of another location, a parent's operation, a web form: refused.
    expect(code(await w.q(STAFF, { f: form.id, s: w.kidX2, fields: values(form), sigs: sign(form), consent: true }, w.tokens.mgrY))).toBe(
      'NOT_FOUND',
    );
    expect(code(await b.q(STAFF, { f: form.id, s: b.kidX2, fields: values(form), sigs: sign(form), consent: true }, b.tokens.mgrX))).toBe(
      'NOT_FOUND',
    );
    const typed = [{ field_id: form.fields[3]!.id, method: 'typed', typed_name: 'Mia Manager' }];
    const r = await w.q(STAFF, { f: form.id, s: w.kidX2, fields: values(form, 'Ben Other'), sigs: typed, consent: true }, w.tokens.mgrX);
    expect(r.errors).toBeUndefined();
    const sub = r.data!.submitPdfFormStaff.submission;
    const { text } = await pdfText(await storedBytes(sub.signed_pdf.id));
    expect(text).toContain('Ben Other');
    expect(text).toContain('Mia Manager');

    // Change requested, then resubmitted: without signatures refused, nothing changed.
    expect((await w.q(CHANGE, { id: sub.id }, w.tokens.mgrX)).errors).toBeUndefined();
    const again = await w.q(
      STAFF,
      { f: form.id, s: w.kidX2, fields: values(form, 'Ben Other', '2026-04-01'), sigs: [], consent: true },
      w.tokens.mgrX,
    );
    expect(code(again)).toBe('BAD_USER_INPUT');
    expect(field(again)).toBe(form.fields[3]!.id);
    expect((await db()('form_submissions').where({ id: sub.id }).first('status')).status).toBe('change_requested');
    const re = await w.q(
      STAFF,
      { f: form.id, s: w.kidX2, fields: values(form, 'Ben Other', '2026-04-01'), sigs: sign(form), consent: true },
      w.tokens.mgrX,
    );
    expect(re.errors).toBeUndefined();
    const resub = re.data!.submitPdfFormStaff.submission;
    expect(resub.status).toBe('resubmitted');
    expect(resub.signed_pdf.id).not.toBe(sub.signed_pdf.id);
    expect(resub.hash).not.toBe(sub.hash);
    expect(resub.signatures.map((s: { method: string }) => s.method)).toEqual(['drawn']);
    expect((await db()('files').where({ id: sub.signed_pdf.id }).first('status')).status).toBe('deleted');
    expect((await w.q(VERIFY, { id: resub.id }, w.tokens.mgrX)).data?.verifySignedPdf.valid).toBe(true);

    // The layout changes after entries: a new version; the entry keeps its own.
    const l = await w.q(
      LAYOUT,
      {
        f: form.id,
        fields: [
          ...LAYOUT_FIELDS.map((f, i) => ({ ...f, id: form.fields[i]!.id })),
          { name: 'Doctor', type: 'text', placement: { page: 1, x: 0.1, y: 0.5, w: 0.4, h: 0.04 } },
        ],
      },
      w.tokens.mgrX,
    );
    expect(l.data?.savePrintedFormFields.form.version).toBe(form.version + 1);
    expect(l.data?.savePrintedFormFields.form.fields[0].id).toBe(form.fields[0]!.id);
    expect((await db()('form_submissions').where({ id: sub.id }).first('version')).version).toBe(form.version);
  });
});
