import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@kv/shared';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';
import { runDocumentExpiry } from './index.ts';

let h: Harness;
let w: World;
let b: World;
const db = () => w.c.db.db;

const FILE = `id name published archive read location_id expiry_date file { id purpose } shares { kind target_id }`;
const CREATE_FILE = `mutation($loc: ID!, $name: String!, $f: ID!, $pub: Boolean, $exp: String) {
  createFile(location_id: $loc, name: $name, file_id: $f, published: $pub, expiry_date: $exp) { status file { ${FILE} } } }`;
const UPDATE_FILE = `mutation($id: ID!, $pub: Boolean, $name: String) { updateFile(id: $id, published: $pub, name: $name) { status file { id published name } } }`;
const SHARE_FILE = `mutation($id: ID!, $kids: [ID!], $users: [ID!], $roles: [String!], $locs: [ID!]) {
  shareFile(id: $id, student_ids: $kids, user_ids: $users, roles: $roles, location_ids: $locs) { status file { id shares { kind target_id } } } }`;
const ARCHIVE_FILE = `mutation($id: ID!, $a: Boolean) { archiveFile(id: $id, archive: $a) { status file { id archive } } }`;
const SORT = `mutation($loc: ID!, $ids: [ID!]!) { sortFiles(location_id: $loc, ids: $ids) { status } }`;
const READ = `mutation($id: ID!, $dl: Boolean) { markFileRead(id: $id, download: $dl) { status } }`;
const FILES = `query($archive: Boolean, $kid: ID) { filterFiles(archive: $archive, student_id: $kid, first: 100) { data { id name read logs { activity username } } paginatorInfo { total } } }`;
const ONE_FILE = `query($id: ID!) { getSingleFile(id: $id) { id name file { id } } }`;

const CREATE_DOC = `mutation($loc: ID!, $name: String!, $type: String!, $roles: [String!], $exp: String) {
  createDocument(location_id: $loc, name: $name, type: $type, roles: $roles, expiry_date: $exp) { status request { id name type roles } } }`;
const UPLOAD = `mutation($r: ID!, $f: ID!, $s: ID, $exp: String) { uploadDocument(request_id: $r, file_id: $f, student_id: $s, expiry: $exp) { status document { id status student_id expiry } } }`;
const APPROVE = `mutation($id: ID!, $date: String, $exp: String) { approveDocument(id: $id, date: $date, expiry: $exp) { status document { id status date expiry } } }`;
const REJECT = `mutation($id: ID!, $note: String!) { rejectDocument(id: $id, note: $note) { status document { id status note } } }`;
const DOCS = `query($kid: ID) { getDocuments(student_id: $kid, first: 100) { data { id name pending approved documents { id student_id status } } paginatorInfo { total } } }`;
const ONE_DOC = `query($id: ID!) { getSingleDocument(id: $id) { id name documents { id student_id status } logs { activity } } }`;
const GAPS = `query($loc: ID!, $room: ID) { getComplianceGaps(location_id: $loc, program_id: $room) { kind source_id name reason student_id program_id } }`;

/** A checked upload row, as the files area's check job leaves it. */
async function upload(c: World, purpose: string, owner: string, by: string, type = 'application/pdf') {
  const id = randomUUID();
  await c.c.db.db('files').insert({
    id,
    purpose,
    owner_id: owner,
    status: 'ready',
    key: `centre/x/files/${id}`,
    original_name: 'note.pdf',
    declared_type: type,
    declared_size: 10,
    content_type: type,
    uploaded_by: by,
    upload_expires_at: new Date(),
    variants: JSON.stringify({ main: { type, size: 10 } }),
  });
  return id;
}

const events = async (name: string) => Number((await db()('domain_events').where({ name }).count({ n: '*' }))[0]!.n);
const ids = (r: { data?: any }, key: string) => ((r.data?.[key]?.data ?? []) as { id: string }[]).map((x) => x.id);

async function newFile(name: string, published = false, c: World = w) {
  const f = await upload(c, 'centre_file', c.X, c.ids.mgrX);
  const r = await c.q(CREATE_FILE, { loc: c.X, name, f, pub: published }, c.tokens.mgrX);
  expect(r.errors).toBeUndefined();
  return r.data!.createFile.file as { id: string; published: boolean };
}

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
});

afterAll(async () => {
  await h?.close();
});

describe('centre files', () => {
  it('a manager creates a file from their own centre_file upload; wrong purpose, others and bad input refused', async () => {
    const f = await newFile('Handbook');
    expect(f.published).toBe(false);
    // Wrong upload purpose, another's upload, an upload of another location: BAD_USER_INPUT on file_id.
    const wrong = await upload(w, 'chat_attachment', w.X, w.ids.mgrX);
    const theirs = await upload(w, 'centre_file', w.X, w.ids.owner);
    const elsewhere = await upload(w, 'centre_file', w.Y, w.ids.mgrX);
    for (const id of [wrong, theirs, elsewhere]) {
      const r = await w.q(CREATE_FILE, { loc: w.X, name: 'X', f: id }, w.tokens.mgrX);
      expect([code(r), field(r)]).toEqual(['BAD_USER_INPUT', 'file_id']);
    }
    // The same upload twice.
    const used = await upload(w, 'centre_file', w.X, w.ids.mgrX);
    expect((await w.q(CREATE_FILE, { loc: w.X, name: 'A', f: used }, w.tokens.mgrX)).errors).toBeUndefined();
    expect(field(await w.q(CREATE_FILE, { loc: w.X, name: 'B', f: used }, w.tokens.mgrX))).toBe('file_id');
    const fresh = await upload(w, 'centre_file', w.X, w.ids.mgrX);
    expect(field(await w.q(CREATE_FILE, { loc: w.X, name: 'X', f: fresh, exp: '2026-02-30' }, w.tokens.mgrX))).toBe('expiry_date');
    expect(field(await w.q(CREATE_FILE, { loc: w.X, name: 'X', f: 'nope' }, w.tokens.mgrX))).toBe('file_id');
    expect(code(await w.q(CREATE_FILE, { loc: w.X, name: 'X', f: fresh }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(CREATE_FILE, { loc: w.X, name: 'X', f: fresh }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(CREATE_FILE, { loc: w.X, name: 'X', f: fresh }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await b.q(UPDATE_FILE, { id: f.id, name: 'Theirs' }, b.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await w.q(UPDATE_FILE, { id: f.id, name: 'Mine' }, w.tokens.mgrY))).toBe('NOT_FOUND');
  });

  it('§4 published: unpublished files are invisible to parents even when shared; published ones reach only those shared with', async () => {
    const f = await newFile('Pickup policy');
    const share = await w.q(SHARE_FILE, { id: f.id, kids: [w.kidX] }, w.tokens.mgrX);
    expect(share.data?.shareFile.file.shares).toEqual([{ kind: 'student', target_id: w.kidX }]);
    expect(ids(await w.q(FILES, {}, w.tokens.parent), 'filterFiles')).not.toContain(f.id);
    expect(code(await w.q(ONE_FILE, { id: f.id }, w.tokens.parent))).toBe('NOT_FOUND');
    expect(ids(await w.q(FILES, {}, w.tokens.mgrX), 'filterFiles')).toContain(f.id);
    const before = await events('file.published');
    expect((await w.q(UPDATE_FILE, { id: f.id, pub: true }, w.tokens.mgrX)).data?.updateFile.file.published).toBe(true);
    await w.q(UPDATE_FILE, { id: f.id, pub: true, name: 'Pickup policy 2026' }, w.tokens.mgrX);
    expect(await events('file.published')).toBe(before + 1);
    expect(ids(await w.q(FILES, {}, w.tokens.parent), 'filterFiles')).toContain(f.id);
    expect(ids(await w.q(FILES, { kid: w.kidX }, w.tokens.parent), 'filterFiles')).toContain(f.id);
    // Another family, a teacher it was not shared with, another location's manager, the other centre.
    expect(ids(await w.q(FILES, {}, w.parent2.token), 'filterFiles')).not.toContain(f.id);
    expect(code(await w.q(FILES, { kid: w.kidX }, w.parent2.token))).toBe('NOT_FOUND');
    expect(ids(await w.q(FILES, {}, w.tokens.mgrY), 'filterFiles')).not.toContain(f.id);
    expect(ids(await b.q(FILES, {}, b.tokens.parent), 'filterFiles')).not.toContain(f.id);
    // Shared by role: every parent of the location's children.
    await w.q(SHARE_FILE, { id: f.id, roles: ['user'] }, w.tokens.mgrX);
    expect(ids(await w.q(FILES, {}, w.parent2.token), 'filterFiles')).toContain(f.id);
    // Bad shares.
    expect(field(await w.q(SHARE_FILE, { id: f.id }, w.tokens.mgrX))).toBe('student_ids');
    expect(field(await w.q(SHARE_FILE, { id: f.id, roles: ['pilot'] }, w.tokens.mgrX))).toMatch(/^roles/);
    expect(code(await w.q(SHARE_FILE, { id: f.id, kids: [w.kidY] }, w.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await w.q(SHARE_FILE, { id: f.id, locs: [w.Y] }, w.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await w.q(SHARE_FILE, { id: f.id, kids: [w.kidX] }, w.tokens.teacher))).toBe('FORBIDDEN');
  });

  it('reads are marked and logged; archived files leave every list but the archive', async () => {
    const f = await newFile('Menu', true);
    await w.q(SHARE_FILE, { id: f.id, locs: [w.X] }, w.tokens.mgrX);
    expect((await w.q(READ, { id: f.id }, w.tokens.teacher)).data?.markFileRead.status).toBe(true);
    expect((await w.q(READ, { id: f.id, dl: true }, w.tokens.parent)).data?.markFileRead.status).toBe(true);
    expect(code(await w.q(READ, { id: f.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    const mine = (await w.q(FILES, {}, w.tokens.parent)).data!.filterFiles.data.find((x: { id: string }) => x.id === f.id);
    expect(mine.read).toBe(true);
    expect(mine.logs).toEqual([]);
    const staff = (await w.q(FILES, {}, w.tokens.mgrX)).data!.filterFiles.data.find((x: { id: string }) => x.id === f.id);
    expect(staff.read).toBe(false);
    expect(staff.logs.map((l: { activity: string }) => l.activity)).toEqual(['downloaded', 'viewed']);
    expect((await w.q(ARCHIVE_FILE, { id: f.id }, w.tokens.mgrX)).data?.archiveFile.file.archive).toBe(true);
    for (const t of [w.tokens.parent, w.tokens.teacher, w.tokens.mgrX]) expect(ids(await w.q(FILES, {}, t), 'filterFiles')).not.toContain(f.id);
    expect(ids(await w.q(FILES, { archive: true }, w.tokens.mgrX), 'filterFiles')).toContain(f.id);
    expect(ids(await w.q(FILES, { archive: true }, w.tokens.parent), 'filterFiles')).toEqual([]);
    expect(code(await w.q(ONE_FILE, { id: f.id }, w.tokens.parent))).toBe('NOT_FOUND');
    expect(code(await w.q(ARCHIVE_FILE, { id: f.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
  });

  it('sortFiles orders a location’s files; ids of another location refused', async () => {
    const a = await newFile('Sort A');
    const c = await newFile('Sort C');
    const all = (await db()('centre_files').where({ location_id: w.X, archive: false }).orderBy('id').select('id')).map((r) => String(r.id));
    const order = [c.id, a.id, ...all.filter((x) => x !== a.id && x !== c.id)];
    expect((await w.q(SORT, { loc: w.X, ids: order }, w.tokens.mgrX)).data?.sortFiles.status).toBe(true);
    const listed = ids(await w.q(FILES, {}, w.tokens.mgrX), 'filterFiles');
    expect(listed.indexOf(c.id)).toBeLessThan(listed.indexOf(a.id));
    const theirs = await newFile('Theirs', false, b);
    expect(field(await w.q(SORT, { loc: w.X, ids: [...order, theirs.id] }, w.tokens.mgrX))).toBe('ids');
    expect(code(await w.q(SORT, { loc: w.X, ids: order }, w.tokens.mgrY))).toBe('NOT_FOUND');
  });
});

describe('documents', () => {
  let requestId: string;

  it('a manager requests a document of families; gaps open for each child with pinned action items', async () => {
    const before = await events('compliance.gap_opened');
    const r = await w.q(CREATE_DOC, { loc: w.X, name: 'Doctor’s note', type: 'family' }, w.tokens.mgrX);
    expect(r.errors).toBeUndefined();
    requestId = r.data!.createDocument.request.id;
    expect(await events('document.requested')).toBeGreaterThan(0);
    expect(await events('compliance.gap_opened')).toBe(before + 2);
    const gaps = (await w.q(GAPS, { loc: w.X }, w.tokens.mgrX)).data!.getComplianceGaps;
    expect(gaps.filter((g: { source_id: string }) => g.source_id === requestId).map((g: { student_id: string; reason: string }) => [g.student_id, g.reason]).sort()).toEqual(
      [
        [w.kidX, 'missing'],
        [w.kidX2, 'missing'],
      ].sort(),
    );
    const inRoom = (await w.q(GAPS, { loc: w.X, room: w.room2X }, w.tokens.teacher)).data!.getComplianceGaps;
    expect(inRoom.every((g: { student_id: string }) => g.student_id === w.kidX2)).toBe(true);
    expect(code(await w.q(GAPS, { loc: w.X }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await w.q(GAPS, { loc: w.X }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await b.q(GAPS, { loc: w.X }, b.tokens.parent))).toBe('FORBIDDEN');
    const items = await db()('action_items').where({ source_kind: 'compliance_gap', user_id: w.ids.parent }).whereNull('closed_at');
    expect(items.length).toBeGreaterThan(0);
    // Bad input and others.
    expect(field(await w.q(CREATE_DOC, { loc: w.X, name: 'X', type: 'pets' }, w.tokens.mgrX))).toBe('type');
    expect(field(await w.q(CREATE_DOC, { loc: w.X, name: 'X', type: 'family', exp: '2020-01-01' }, w.tokens.mgrX))).toBe('expiry_date');
    expect(field(await w.q(CREATE_DOC, { loc: w.X, name: 'X', type: 'family', exp: '13/01/2030' }, w.tokens.mgrX))).toBe('expiry_date');
    expect(code(await w.q(CREATE_DOC, { loc: w.X, name: 'X', type: 'family' }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(CREATE_DOC, { loc: w.X, name: 'X', type: 'family' }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await b.q(ONE_DOC, { id: requestId }, b.tokens.mgrX))).toBe('NOT_FOUND');
  });

  it('the parent answers for their own child with a document upload; others refused; the review closes the gap', async () => {
    const mine = await upload(w, 'document', w.X, w.ids.parent);
    // Wrong purpose, another family's child, the other centre, a child elsewhere.
    const wrong = await upload(w, 'centre_file', w.X, w.ids.parent);
    expect([code(await w.q(UPLOAD, { r: requestId, f: wrong, s: w.kidX }, w.tokens.parent)), field(await w.q(UPLOAD, { r: requestId, f: wrong, s: w.kidX }, w.tokens.parent))]).toEqual(['BAD_USER_INPUT', 'file_id']);
    expect(code(await w.q(UPLOAD, { r: requestId, f: mine, s: w.kidX2 }, w.tokens.parent))).toBe('NOT_FOUND');
    expect(code(await w.q(UPLOAD, { r: requestId, f: mine, s: w.kidX }, w.parent2.token))).toBe('NOT_FOUND');
    expect(code(await b.q(UPLOAD, { r: requestId, f: mine, s: w.kidX }, b.tokens.parent))).toBe('NOT_FOUND');
    expect(field(await w.q(UPLOAD, { r: requestId, f: mine }, w.tokens.parent))).toBe('student_id');
    expect(field(await w.q(UPLOAD, { r: requestId, f: mine, s: w.kidX, exp: '2019-05-05' }, w.tokens.parent))).toBe('expiry');
    const r = await w.q(UPLOAD, { r: requestId, f: mine, s: w.kidX }, w.tokens.parent);
    expect(r.errors).toBeUndefined();
    const doc = r.data!.uploadDocument.document;
    expect(doc.status).toBe('pending');
    const again = await upload(w, 'document', w.X, w.ids.parent);
    expect(field(await w.q(UPLOAD, { r: requestId, f: again, s: w.kidX }, w.tokens.parent))).toBe('request_id');
    // Still a gap (unapproved) until approved.
    const gap = async () =>
      (await w.q(GAPS, { loc: w.X }, w.tokens.mgrX)).data!.getComplianceGaps.find((g: { student_id: string; source_id: string }) => g.student_id === w.kidX && g.source_id === requestId);
    expect((await gap()).reason).toBe('unapproved');
    // Parents see their own child's answer only; the other family none.
    const docsOf = async (t: string) => (await w.q(DOCS, {}, t)).data!.getDocuments.data.find((x: { id: string }) => x.id === requestId);
    expect((await docsOf(w.tokens.parent)).documents.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    expect((await docsOf(w.parent2.token)).documents).toEqual([]);
    expect((await docsOf(w.tokens.mgrX)).pending).toBe(1);
    // Review: only the location's managers; a bad date names its field.
    expect(code(await w.q(APPROVE, { id: doc.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(APPROVE, { id: doc.id }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(APPROVE, { id: doc.id }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await b.q(APPROVE, { id: doc.id }, b.tokens.mgrX))).toBe('NOT_FOUND');
    expect(field(await w.q(APPROVE, { id: doc.id, date: '2026-13-01' }, w.tokens.mgrX))).toBe('date');
    const closedBefore = await events('compliance.gap_closed');
    const ok = await w.q(APPROVE, { id: doc.id, date: '2026-11-20' }, w.tokens.mgrX);
    expect(ok.data?.approveDocument.document).toMatchObject({ status: 'approved', date: '2026-11-20' });
    expect(await gap()).toBeUndefined();
    expect(await events('compliance.gap_closed')).toBe(closedBefore + 1);
    expect(await events('document.reviewed')).toBeGreaterThan(0);
    expect(code(await w.q(REJECT, { id: doc.id, note: 'late' }, w.tokens.mgrX))).toBe('BAD_USER_INPUT');
    const logs = (await w.q(ONE_DOC, { id: requestId }, w.tokens.mgrX)).data!.getSingleDocument.logs.map((l: { activity: string }) => l.activity);
    expect(logs).toContain('viewed');
  });

  it('a rejected document may be answered again; staff requests are answered by staff; roles limit who sees a request', async () => {
    const other = await upload(w, 'document', w.X, w.parent2.id);
    const first = (await w.q(UPLOAD, { r: requestId, f: other, s: w.kidX2 }, w.parent2.token)).data!.uploadDocument.document;
    expect(field(await w.q(REJECT, { id: first.id, note: '' }, w.tokens.mgrX))).toBe('note');
    expect((await w.q(REJECT, { id: first.id, note: 'Unreadable' }, w.tokens.mgrX)).data?.rejectDocument.document.status).toBe('rejected');
    const second = await upload(w, 'document', w.X, w.parent2.id);
    expect((await w.q(UPLOAD, { r: requestId, f: second, s: w.kidX2 }, w.parent2.token)).data?.uploadDocument.document.status).toBe('pending');

    const cpr = (await w.q(CREATE_DOC, { loc: w.X, name: 'CPR card', type: 'staff', roles: ['teacher'] }, w.tokens.mgrX)).data!.createDocument.request;
    expect(cpr.roles).toEqual(['teacher']);
    expect(code(await w.q(ONE_DOC, { id: cpr.id }, w.tokens.parent))).toBe('NOT_FOUND');
    expect(ids(await w.q(DOCS, {}, w.tokens.parent), 'getDocuments')).not.toContain(cpr.id);
    expect(ids(await w.q(DOCS, {}, w.tokens.teacher), 'getDocuments')).toContain(cpr.id);
    const card = await upload(w, 'document', w.X, w.ids.teacher, 'image/png');
    expect(field(await w.q(UPLOAD, { r: cpr.id, f: card, s: w.kidX }, w.tokens.teacher))).toBe('request_id');
    expect((await w.q(UPLOAD, { r: cpr.id, f: card }, w.tokens.teacher)).data?.uploadDocument.document.status).toBe('pending');
  });

  it('document.expiring 30 and 7 days before expiry, once each; then expired and the gap reopens', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const req = (await w.q(CREATE_DOC, { loc: w.X, name: 'Allergy plan', type: 'family' }, w.tokens.mgrX)).data!.createDocument.request;
    const f = await upload(w, 'document', w.X, w.ids.parent);
    const doc = (await w.q(UPLOAD, { r: req.id, f, s: w.kidX, exp: addDays(today, 40) }, w.tokens.parent)).data!.uploadDocument.document;
    await w.q(APPROVE, { id: doc.id }, w.tokens.mgrX);
    const notices = async () =>
      (await db()('domain_events').where({ name: 'document.expiring' }).select('payload'))
        .map((r) => r.payload)
        .filter((p: { document: string }) => p.document === doc.id)
        .map((p: { days: string }) => Number(p.days));
    const at = (days: number) => new Date(Date.now() + days * 86_400_000);
    const centre = w.c.entry.id;
    await runDocumentExpiry(db(), centre, at(0));
    expect(await notices()).toEqual([]);
    await runDocumentExpiry(db(), centre, at(12));
    await runDocumentExpiry(db(), centre, at(13));
    expect(await notices()).toEqual([30]);
    await runDocumentExpiry(db(), centre, at(34));
    await runDocumentExpiry(db(), centre, at(35));
    expect(await notices()).toEqual([30, 7]);
    await runDocumentExpiry(db(), centre, at(42));
    expect(await notices()).toEqual([30, 7]);
    expect((await db()('documents').where({ id: doc.id }).first()).status).toBe('expired');
    const open = await db()('compliance_gaps').where({ student_id: w.kidX, kind: 'document', source_id: req.id }).whereNull('closed_at').first();
    expect(open.reason).toBe('expired');
  });
  it('the notification centre turns the events into notices, once each', async () => {
    await h.deliverEvents();
    const keys = async (user: string) =>
      (await db()('notifications').where({ user_id: user, kind: 'document' }).select('event_key')).map((r) => r.event_key as string);
    const parent = await keys(w.ids.parent);
    expect(parent.some((k) => k.startsWith('document-requested:'))).toBe(true);
    expect(parent.some((k) => /^document-reviewed:\d+:approved$/.test(k))).toBe(true);
    expect(parent.some((k) => k.startsWith('gap-opened:'))).toBe(true);
    expect(parent.filter((k) => k.startsWith('document-expiring:')).length).toBe(2);
    expect(parent.some((k) => k.startsWith('file-published:'))).toBe(true);
    expect((await keys(w.ids.teacher)).some((k) => k.startsWith('document-requested:'))).toBe(true);
    const before = (await keys(w.ids.parent)).length;
    await h.deliverEvents();
    expect((await keys(w.ids.parent)).length).toBe(before);
  });
});

describe('form gaps', () => {
  it('a shared form opens a gap for the child; the submission makes it unapproved; the approval closes it', async () => {
    const made = await w.q(`mutation($loc: ID!) { createForm(location_id: $loc, name: "Pickup consent", type: "web") { form { id } } }`, { loc: w.X }, w.tokens.mgrX);
    const formId = made.data!.createForm.form.id;
    await w.q(`mutation($f: ID!, $kids: [ID!]) { shareFormWithParents(form_id: $f, student_ids: $kids, due_date: "2030-01-31") { status } }`, { f: formId, kids: [w.kidX] }, w.tokens.mgrX);
    await h.deliverEvents();
    const gap = async () =>
      (await w.q(GAPS, { loc: w.X }, w.tokens.mgrX)).data!.getComplianceGaps.find((g: { kind: string; source_id: string }) => g.kind === 'form' && g.source_id === formId);
    expect((await gap())?.reason).toBe('missing');
    const stored = async () => db()('compliance_gaps').where({ kind: 'form', source_id: formId, student_id: w.kidX }).whereNull('closed_at').first();
    expect((await stored())?.reason).toBe('missing');
    const sub = await w.q(`mutation($f: ID!, $s: ID!) { submitForm(form_id: $f, student_id: $s, fields: []) { submission { id } } }`, { f: formId, s: w.kidX }, w.tokens.parent);
    expect(sub.errors).toBeUndefined();
    await h.deliverEvents();
    expect((await stored())?.reason).toBe('unapproved');
    await w.q(`mutation($id: ID!) { approveSubmittedForm(id: $id) { status } }`, { id: sub.data!.submitForm.submission.id }, w.tokens.mgrX);
    await h.deliverEvents();
    expect(await gap()).toBeUndefined();
    expect(await stored()).toBeUndefined();
  });
});
