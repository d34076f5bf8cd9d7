import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileKey, forCentre, LocalFileStore } from '@kv/files';
import { IMAGE_RESIZE_BATCH } from '@kv/shared';
import type { RequestContext, Viewer } from '../../types.ts';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, countQueries, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';
import { checkAndStore, purposeOf, rulesOf } from '../files/index.ts';
import { checkMediaTags, visiblePhotoIds } from './index.ts';

let h: Harness;
let w: World;
let b: World;
let root: string;
let store: LocalFileStore;
const db = () => w.c.db.db;

const PHOTO_FIELDS = `id album location_id caption status taken_at students { id fname lname } staff { id } uploaded_by { id } approved_by { id } file { id url thumbnail_url width }`;
const CREATE = `mutation($file: ID!, $album: String!, $loc: ID!, $caption: String, $students: [ID!], $staff: [ID!], $taken: String) {
  createPhoto(file_id: $file, album: $album, location_id: $loc, caption: $caption, students: $students, staff: $staff, taken_at: $taken) {
    status message photo { ${PHOTO_FIELDS} }
  }
}`;
const LIST = `query($album: String, $student: ID, $status: String, $from: String, $to: String, $loc: ID) {
  getPhotos(album: $album, student: $student, status: $status, from: $from, to: $to, location_id: $loc, first: 100) {
    data { ${PHOTO_FIELDS} } paginatorInfo { total }
  }
}`;
const APPROVE = `mutation($id: ID!) { approvePhoto(id: $id) { status photo { id status approved_by { id } } } }`;
const CONSENT = `mutation($s: ID!, $c: String!) { updatePhotoConsent(student_id: $s, consent: $c) { status consent { student_id consent source recorded_by { id } } } }`;
const RESIZE = `mutation($ids: [ID!]!) { bulkResizeImges(ids: $ids) { status message resized photos { id file { width height } } } }`;

/** A checked, stored image file of `album_photo`, as the check job leaves it after a teacher's upload. */
async function readyFile(c: World, uploader: string, locationId: string, width = 1200, height = 900): Promise<string> {
  const id = randomUUID();
  const body = await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  const centreDb = c.c.db.db;
  const purpose = purposeOf('album_photo')!;
  const r = await checkAndStore(
    forCentre(store, c.c.entry.id),
    c.c.entry.id,
    id,
    'album_photo',
    body,
    'image/png',
    await rulesOf(centreDb, purpose),
  );
  if (!r.ok) throw new Error(r.reason);
  await centreDb('files').insert({
    id,
    purpose: 'album_photo',
    owner_id: locationId,
    original_name: 'group.png',
    declared_type: 'image/png',
    declared_size: body.length,
    uploaded_by: uploader,
    upload_expires_at: new Date(),
    checked_at: new Date(),
    ...r.ready,
    variants: JSON.stringify(r.ready.variants),
  });
  return id;
}

async function photo(c: World, token: string, uploader: string, vars: Record<string, unknown> = {}) {
  const file = await readyFile(c, uploader, (vars.loc as string) ?? c.X);
  const r = await c.q(CREATE, { file, album: 'students', loc: c.X, ...vars }, token);
  expect(r.errors).toBeUndefined();
  return r.data!.createPhoto.photo as { id: string; status: string; [k: string]: any };
}

/** An approved student photo tagging these children, made by the manager of X. */
const approvedPhoto = (students: string[]) => photo(w, w.tokens.mgrX, w.ids.mgrX, { students });

const seen = async (token: string, vars: Record<string, unknown> = {}) =>
  ((await w.q(LIST, vars, token)).data?.getPhotos.data ?? []).map((p: { id: string }) => p.id) as string[];

const counts = async () => ({
  photos: Number((await db()('photos').count({ n: '*' }))[0]!.n),
  tags: Number((await db()('photo_students').count({ n: '*' }))[0]!.n),
  logs: Number((await db()('photo_logs').count({ n: '*' }))[0]!.n),
  consents: Number((await db()('photo_consents').count({ n: '*' }))[0]!.n),
});

function ctxOf(id: string, role: Viewer['role']): RequestContext {
  return {
    tenant: w.c.entry,
    db: h.deps.pools.get(w.c.entry.id, w.c.url),
    viewer: { id, role, roles: [role], sessionId: 's', issuedAt: 0, support: null },
    ip: '127.0.0.1',
    userAgent: null,
    deps: h.deps,
    throttles: undefined as unknown as RequestContext['throttles'],
  };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kv-photos-'));
  store = new LocalFileStore({ root, secret: 'photos-test-secret-photos-test-secret' });
  h = await createPeopleHarness({ files: store });
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
  // Both families' contacts are their children's legal guardians.
  await db()('student_users').update({ legal_guardian: true });
});

afterAll(async () => {
  await h?.close();
  await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  await db()('photo_consents').delete();
});

describe('photos: albums, approval and scope', () => {
  it('a teacher’s upload waits for approval; the manager approves; the family sees it; logs and the event follow', async () => {
    const p = await photo(w, w.tokens.teacher, w.ids.teacher, { students: [w.kidX], caption: 'Painting', staff: [w.ids.teacher] });
    expect(p).toMatchObject({ status: 'pending', caption: 'Painting', students: [{ id: w.kidX }], staff: [{ id: w.ids.teacher }] });
    expect(p.file.url).toMatch(/file-store/);
    expect(await seen(w.tokens.parent)).not.toContain(p.id);
    expect(await seen(w.tokens.teacher, { status: 'pending' })).toContain(p.id);

    // Teachers do not approve; a manager of another location does not reach it.
    expect(code(await w.q(APPROVE, { id: p.id }, w.tokens.teacher))).toBe('FORBIDDEN');
    const foreign = await w.q(APPROVE, { id: p.id }, w.tokens.mgrY);
    expect([code(foreign), field(foreign)]).toEqual(['NOT_FOUND', 'id']);

    const events = async () => db()('domain_events').where({ name: 'photo.approved' }).whereRaw("payload->>'photo' = ?", [p.id]);
    expect(await events()).toHaveLength(0);
    const ok = await w.q(APPROVE, { id: p.id }, w.tokens.mgrX);
    expect(ok.data?.approvePhoto.photo).toEqual({ id: p.id, status: 'approved', approved_by: { id: w.ids.mgrX } });
    expect((await events())[0].payload).toEqual({ centreId: w.c.entry.id, photo: p.id, students: [w.kidX] });
    const again = await w.q(APPROVE, { id: p.id }, w.tokens.mgrX);
    expect([code(again), field(again)]).toEqual(['BAD_USER_INPUT', 'id']);

    const family = (await w.q(LIST, {}, w.tokens.parent)).data!.getPhotos.data.find((x: { id: string }) => x.id === p.id);
    expect(family).toMatchObject({ status: 'approved', students: [{ id: w.kidX }], staff: [] });
    expect((await h.app.inject({ method: 'GET', url: family.file.url, headers: { host: w.c.host } })).statusCode).toBe(200);
    expect(await seen(w.parent2.token)).not.toContain(p.id);

    const dl = await w.q(`query { getPhotos(album: "students") { data { id download_url } } }`, {}, w.tokens.parent);
    expect(dl.data!.getPhotos.data.find((x: { id: string }) => x.id === p.id).download_url).toMatch(/disp=attachment|attachment/);
    const logs = await w.q(`query($id: ID!) { getPhotoLogs(id: $id) { data { action user { id } } } }`, { id: p.id }, w.tokens.mgrX);
    const actions = logs.data!.getPhotoLogs.data.map((l: { action: string; user: { id: string } }) => `${l.action}:${l.user.id}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        `upload:${w.ids.teacher}`,
        `approval:${w.ids.mgrX}`,
        `view:${w.ids.parent}`,
        `download:${w.ids.parent}`,
        `view:${w.ids.teacher}`,
      ]),
    );
    // Views count once per person and day.
    await seen(w.tokens.parent);
    expect(await db()('photo_logs').where({ photo_id: p.id, action: 'view', user_id: w.ids.parent }).count({ n: '*' })).toEqual([
      { n: '1' },
    ]);
    expect(code(await w.q(`query($id: ID!) { getPhotoLogs(id: $id) { data { id } } }`, { id: p.id }, w.tokens.teacher))).toBe('FORBIDDEN');
    // A list of ids and types (the resize walk) sends no image: no view is logged.
    await w.q(`query { getPhotos(album: "students") { data { id file { id content_type } } } }`, {}, w.tokens.mgrX);
    expect(await db()('photo_logs').where({ photo_id: p.id, action: 'view', user_id: w.ids.mgrX }).count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('a manager’s upload is approved at once; with approve_photos off a teacher’s is too', async () => {
    const m = await photo(w, w.tokens.mgrX, w.ids.mgrX, { students: [w.kidX] });
    expect(m.status).toBe('approved');
    const event = await db()('domain_events').where({ name: 'photo.approved' }).whereRaw("payload->>'photo' = ?", [m.id]).first();
    expect(event.payload).toEqual({ centreId: w.c.entry.id, photo: m.id, students: [w.kidX] });
    const off = await w.q(
      `mutation($id: ID!) { saveParentSettings(location_id: $id, approve_photos: false) { setting { approve_photos } } }`,
      { id: w.X },
      w.tokens.mgrX,
    );
    expect(off.data?.saveParentSettings.setting.approve_photos).toBe(false);
    expect((await photo(w, w.tokens.teacher, w.ids.teacher, { students: [w.kidX] })).status).toBe('approved');
    await db()('location_settings').where({ location_id: w.X }).update({ approve_photos: true });
  });

  it('staff see their locations and rooms; parents only their own children’s; blog nothing; another centre nothing', async () => {
    const atY = await photo(w, w.tokens.mgrY, w.ids.mgrY, { loc: w.Y, students: [w.kidY] });
    const facility = await photo(w, w.tokens.mgrX, w.ids.mgrX, { album: 'facility' });
    expect(await seen(w.tokens.teacher)).toContain(facility.id);
    expect(await seen(w.tokens.teacher)).not.toContain(atY.id);
    expect(await seen(w.roomTeacher.token)).toEqual([atY.id]);
    expect(await seen(w.tokens.mgrY)).toContain(atY.id);
    expect(await seen(w.tokens.parent)).not.toContain(facility.id);
    expect(await seen(w.tokens.parent, { album: 'facility' })).toEqual([]);
    expect(code(await w.q(LIST, {}, w.tokens.blog))).toBe('FORBIDDEN');
    const other = await w.q(LIST, { student: w.kidX2 }, w.tokens.parent);
    expect([code(other), field(other)]).toEqual(['NOT_FOUND', 'student']);
    // Centre B's people reach nothing of centre A, and A's ids name nothing on B.
    expect(code(await w.q(LIST, {}, b.tokens.owner))).toBe('UNAUTHENTICATED');
    expect(await seen(b.tokens.owner)).toEqual([]);
    const onB = await b.q(APPROVE, { id: atY.id }, b.tokens.owner);
    expect(code(onB)).toBe('NOT_FOUND');
    expect((await b.q(LIST, {}, b.tokens.owner)).data!.getPhotos.data).toEqual([]);
  });

  it('filters by album, child, status and dates in the location’s zone', async () => {
    const p = await photo(w, w.tokens.mgrX, w.ids.mgrX, { students: [w.kidX2], taken: '2026-03-02T05:30:00Z' });
    // 05:30 UTC is still 1 March in Chicago (the location's zone).
    expect(await seen(w.tokens.mgrX, { from: '2026-03-01', to: '2026-03-01' })).toEqual([p.id]);
    expect(await seen(w.tokens.mgrX, { from: '2026-03-02', to: '2026-03-02' })).toEqual([]);
    expect(await seen(w.tokens.mgrX, { student: w.kidX2, from: '2026-03-01', to: '2026-03-01' })).toEqual([p.id]);
    const bad = await w.q(LIST, { from: '2026-03-05', to: '2026-03-01' }, w.tokens.mgrX);
    expect([code(bad), field(bad)]).toEqual(['BAD_USER_INPUT', 'to']);
    expect(field(await w.q(LIST, { album: 'pets' }, w.tokens.mgrX))).toBe('album');
    expect(field(await w.q(LIST, { status: 'lost' }, w.tokens.mgrX))).toBe('status');
    expect(field(await w.q(LIST, { from: '2026-02-30' }, w.tokens.mgrX))).toBe('from');
  });
});

describe('photos: statements per page', () => {
  it('a family’s page of photos costs the same statements for 1 photo as for 12 (loaders batch files, tags and names)', async () => {
    const DOC = `query($s: ID) { getPhotos(student: $s, first: 100) { data { ${PHOTO_FIELDS} approved_by { fname } download_url } paginatorInfo { total } } }`;
    const kid = await seedKid();
    await photo(w, w.tokens.mgrX, w.ids.mgrX, { students: [kid.one] });
    for (let i = 0; i < 12; i++) await photo(w, w.tokens.mgrX, w.ids.mgrX, { students: [kid.many, w.kidX] });
    await db()('photo_consents').insert({ student_id: w.kidX, consent: 'other_families', source: 'paper_form', recorded_by: w.ids.mgrX });
    const run = async (s: string) => {
      let r: any;
      const n = await countQueries(h, w.c, async () => (r = await w.q(DOC, { s }, kid.token)));
      expect(r.errors).toBeUndefined();
      return { n, photos: r.data.getPhotos.data.length };
    };
    await run(kid.one); // warm the session lookup's prepared statements
    const one = await run(kid.one);
    const many = await run(kid.many);
    expect([one.photos, many.photos]).toEqual([1, 12]);
    expect(many.n).toBe(one.n);
  });
});

/** A family of its own with two children at X (one in one photo, the other in many). */
async function seedKid() {
  const { seedUser, signIn } = await import('../../test/harness.ts');
  const { seedStudent } = await import('../locations/test-fixtures.ts');
  const parent = await seedUser(w.c, { username: `counted${Date.now()}`, role: 'user' });
  const one = await seedStudent(w.c, w.X, parent, { fname: 'Una', lname: 'Counted', program_id: w.room1X });
  const many = await seedStudent(w.c, w.X, parent, { fname: 'Max', lname: 'Counted', program_id: w.room1X });
  const token = (await signIn(h.app, w.c.host, (await db()('users').where({ id: parent }).first('username')).username)).token;
  return { one, many, token };
}

describe('photos: bad input names the field and writes nothing', () => {
  it('createPhoto', async () => {
    const mine = await readyFile(w, w.ids.teacher, w.X);
    const notMine = await readyFile(w, w.ids.mgrX, w.X);
    const atY = await readyFile(w, w.ids.teacher, w.Y);
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ album: 'pets' }, 'album', 'BAD_USER_INPUT'],
      [{ file: 'nope' }, 'file_id', 'BAD_USER_INPUT'],
      [{ file: notMine }, 'file_id', 'BAD_USER_INPUT'],
      [{ file: atY }, 'file_id', 'BAD_USER_INPUT'],
      [{ loc: w.Y }, 'location_id', 'NOT_FOUND'],
      [{ students: [w.kidY] }, 'students', 'BAD_USER_INPUT'],
      [{ students: ['99999999'] }, 'students', 'BAD_USER_INPUT'],
      [{ album: 'staff', students: [w.kidX] }, 'students', 'BAD_USER_INPUT'],
      [{ staff: [w.ids.parent] }, 'staff', 'BAD_USER_INPUT'],
      [{ staff: [w.ids.mgrY] }, 'staff', 'BAD_USER_INPUT'],
      [{ taken: '2999-01-01T00:00:00Z' }, 'taken_at', 'BAD_USER_INPUT'],
      [{ taken: 'yesterday' }, 'taken_at', 'BAD_USER_INPUT'],
      [{ caption: 'x'.repeat(501) }, 'caption', 'BAD_USER_INPUT'],
    ];
    for (const [vars, f, c] of cases) {
      const r = await w.q(CREATE, { file: mine, album: 'students', loc: w.X, ...vars }, w.tokens.teacher);
      expect([code(r), field(r)], JSON.stringify(vars)).toEqual([c, f]);
    }
    expect(await counts()).toEqual(before);
    // Parents and blog editors do not add photos; a file is one photo only.
    expect(code(await w.q(CREATE, { file: mine, album: 'students', loc: w.X }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await w.q(CREATE, { file: mine, album: 'students', loc: w.X }, w.tokens.blog))).toBe('FORBIDDEN');
    expect((await w.q(CREATE, { file: mine, album: 'students', loc: w.X }, w.tokens.teacher)).errors).toBeUndefined();
    expect(field(await w.q(CREATE, { file: mine, album: 'students', loc: w.X }, w.tokens.teacher))).toBe('file_id');
  });

  it('updatePhoto and deletePhoto', async () => {
    const p = await photo(w, w.tokens.teacher, w.ids.teacher, { students: [w.kidX], caption: 'Sand' });
    const UPDATE = `mutation($id: ID!, $caption: String, $students: [ID!], $staff: [ID!], $taken: String) {
      updatePhoto(id: $id, caption: $caption, students: $students, staff: $staff, taken_at: $taken) { photo { caption students { id } } } }`;
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ id: 'x' }, 'id', 'BAD_USER_INPUT'],
      [{ id: '99999999' }, 'id', 'NOT_FOUND'],
      [{ students: [w.kidY] }, 'students', 'BAD_USER_INPUT'],
      [{ staff: [w.ids.parent] }, 'staff', 'BAD_USER_INPUT'],
      [{ caption: 'y'.repeat(600) }, 'caption', 'BAD_USER_INPUT'],
      [{ taken: 'soon' }, 'taken_at', 'BAD_USER_INPUT'],
    ];
    for (const [vars, f, c] of cases) {
      const r = await w.q(UPDATE, { id: p.id, ...vars }, w.tokens.teacher);
      expect([code(r), field(r)], JSON.stringify(vars)).toEqual([c, f]);
    }
    const foreign = await w.q(UPDATE, { id: p.id, caption: 'Mine now' }, w.tokens.mgrY);
    expect([code(foreign), field(foreign)]).toEqual(['NOT_FOUND', 'id']);
    expect(code(await w.q(UPDATE, { id: p.id, caption: 'Mine now' }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await b.q(UPDATE, { id: p.id, caption: 'Mine now' }, b.tokens.owner))).toBe('NOT_FOUND');
    expect(await counts()).toEqual(before);
    expect((await db()('photos').where({ id: p.id }).first()).caption).toBe('Sand');

    const ok = await w.q(UPDATE, { id: p.id, caption: 'Sandpit', students: [w.kidX, w.kidX2] }, w.tokens.teacher);
    expect(ok.data?.updatePhoto.photo.caption).toBe('Sandpit');
    expect(ok.data?.updatePhoto.photo.students.map((s: { id: string }) => s.id).sort()).toEqual([w.kidX, w.kidX2].sort());

    const DELETE = `mutation($id: ID!) { deletePhoto(id: $id) { status id } }`;
    expect(code(await w.q(DELETE, { id: p.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(DELETE, { id: p.id }, w.parent2.token))).toBe('FORBIDDEN');
    const file = await db()('files').where({ id: p.file.id }).first();
    expect(await store.stat(`${file.key}/main`)).not.toBeNull();
    expect((await w.q(DELETE, { id: p.id }, w.tokens.teacher)).data?.deletePhoto).toEqual({ status: true, id: p.id });
    expect((await db()('files').where({ id: p.file.id }).first()).status).toBe('deleted');
    expect(await store.stat(`${file.key}/main`)).toBeNull();
    expect(await seen(w.tokens.mgrX)).not.toContain(p.id);
    const logs = await w.q(`query($id: ID!) { getPhotoLogs(id: $id) { data { action } } }`, { id: p.id }, w.tokens.mgrX);
    expect(logs.data!.getPhotoLogs.data.map((l: { action: string }) => l.action)).toEqual(['delete', 'update', 'upload']);
    expect(code(await w.q(DELETE, { id: p.id }, w.tokens.teacher))).toBe('NOT_FOUND');
  });
});

describe('photos: consent', () => {
  it('records versions: a legal guardian, or a manager’s paper form; nobody else', async () => {
    const before = await counts();
    const bad: [string, Record<string, unknown>, string, string | undefined][] = [
      [w.tokens.parent, { s: w.kidX, c: 'everyone' }, 'BAD_USER_INPUT', 'consent'],
      [w.tokens.parent, { s: 'x', c: 'none' }, 'BAD_USER_INPUT', 'student_id'],
      [w.tokens.parent, { s: w.kidX2, c: 'none' }, 'NOT_FOUND', 'student_id'],
      [w.tokens.teacher, { s: w.kidX, c: 'none' }, 'FORBIDDEN', undefined],
      [w.tokens.mgrY, { s: w.kidX, c: 'none' }, 'NOT_FOUND', 'student_id'],
      [w.tokens.blog, { s: w.kidX, c: 'none' }, 'FORBIDDEN', undefined],
      [w.tokens.mgrX, { s: '99999999', c: 'none' }, 'NOT_FOUND', 'student_id'],
      [b.tokens.owner, { s: w.kidX, c: 'none' }, 'UNAUTHENTICATED', undefined],
    ];
    for (const [token, vars, c, f] of bad) {
      const r = await w.q(CONSENT, vars, token);
      expect([code(r), field(r)], JSON.stringify(vars)).toEqual([c, f]);
    }
    await db()('student_users').where({ student_id: w.kidX2 }).update({ legal_guardian: false });
    expect(code(await w.q(CONSENT, { s: w.kidX2, c: 'none' }, w.parent2.token))).toBe('FORBIDDEN');
    await db()('student_users').where({ student_id: w.kidX2 }).update({ legal_guardian: true });
    expect(await counts()).toEqual(before);

    const STUDENT = `query($id: ID!) { student(id: $id) { id photo_consent { consent source } } }`;
    expect((await w.q(STUDENT, { id: w.kidX }, w.tokens.parent)).data?.student.photo_consent).toEqual({
      consent: 'own_family',
      source: null,
    });
    const g = await w.q(CONSENT, { s: w.kidX, c: 'marketing' }, w.tokens.parent);
    expect(g.data?.updatePhotoConsent.consent).toEqual({
      student_id: w.kidX,
      consent: 'marketing',
      source: 'guardian',
      recorded_by: { id: w.ids.parent },
    });
    const m = await w.q(CONSENT, { s: w.kidX, c: 'other_families' }, w.tokens.mgrX);
    expect(m.data?.updatePhotoConsent.consent).toMatchObject({ consent: 'other_families', source: 'paper_form' });
    expect((await w.q(STUDENT, { id: w.kidX }, w.tokens.teacher)).data?.student.photo_consent).toEqual({
      consent: 'other_families',
      source: 'paper_form',
    });
    const log = await w.q(
      `query($id: ID!) { getPhotoConsentLog(student_id: $id) { consent recorded_by { id } created_at } }`,
      { id: w.kidX },
      w.tokens.parent,
    );
    expect(
      log.data?.getPhotoConsentLog.map((c: { consent: string; recorded_by: { id: string } }) => [c.consent, c.recorded_by.id]),
    ).toEqual([
      ['other_families', w.ids.mgrX],
      ['marketing', w.ids.parent],
    ]);
    expect(code(await w.q(`query($id: ID!) { getPhotoConsentLog(student_id: $id) { consent } }`, { id: w.kidX }, w.parent2.token))).toBe(
      'NOT_FOUND',
    );
    expect(await db()('audit_log').where({ action: 'student.photo_consent', entity_id: w.kidX }).count({ n: '*' })).toEqual([{ n: '2' }]);
  });

  it('a group photo of an other_families and an own_family child: only the second’s family sees it', async () => {
    await w.q(CONSENT, { s: w.kidX2, c: 'other_families' }, w.parent2.token); // Ben's family shares with others
    // Ava (kidX) stays at the default own_family.
    const p = await approvedPhoto([w.kidX, w.kidX2]);
    expect(await seen(w.tokens.parent)).toContain(p.id);
    expect(await seen(w.parent2.token)).not.toContain(p.id);
    // Ava's family sees its own child named, not the other one.
    const shown = (await w.q(LIST, {}, w.tokens.parent)).data!.getPhotos.data.find((x: { id: string }) => x.id === p.id);
    expect(shown.students).toEqual([{ id: w.kidX, fname: 'Ava', lname: 'Parent' }]);
    // Staff see it whole.
    expect((await w.q(LIST, {}, w.tokens.teacher)).data!.getPhotos.data.find((x: { id: string }) => x.id === p.id).students).toHaveLength(
      2,
    );
    // The same rule for the activities area's reads.
    expect(await visiblePhotoIds(ctxOf(w.ids.parent, 'user'), [p.id])).toEqual(new Set([p.id]));
    expect(await visiblePhotoIds(ctxOf(w.parent2.id, 'user'), [p.id])).toEqual(new Set());
    expect(await visiblePhotoIds(ctxOf(w.ids.blog, 'blog'), [p.id])).toEqual(new Set());
    // When Ava's family allows other families too, Ben's family sees it.
    await w.q(CONSENT, { s: w.kidX, c: 'other_families' }, w.tokens.parent);
    expect(await seen(w.parent2.token)).toContain(p.id);
  });

  it('tagging a `none` child is refused by name, nothing written; checkMediaTags says the same', async () => {
    await w.q(CONSENT, { s: w.kidX2, c: 'none' }, w.parent2.token);
    const file = await readyFile(w, w.ids.teacher, w.X);
    const before = await counts();
    const r = await w.q(CREATE, { file, album: 'students', loc: w.X, students: [w.kidX, w.kidX2] }, w.tokens.teacher);
    expect([code(r), field(r)]).toEqual(['BAD_USER_INPUT', 'students']);
    expect(r.errors![0]!.message).toContain('Ben Other');
    expect(await counts()).toEqual(before);

    const p = await approvedPhoto([w.kidX]);
    const upd = await w.q(
      `mutation($id: ID!, $s: [ID!]) { updatePhoto(id: $id, students: $s) { status } }`,
      { id: p.id, s: [w.kidX2] },
      w.tokens.mgrX,
    );
    expect([code(upd), field(upd)]).toEqual(['BAD_USER_INPUT', 'students']);
    expect(await db()('photo_students').where({ photo_id: p.id }).pluck('student_id')).toEqual([w.kidX]);

    const staff = ctxOf(w.ids.mgrX, 'manager');
    const tx = (fn: (trx: any) => Promise<void>) => staff.db.transaction(fn);
    await expect(tx((trx) => checkMediaTags(trx, staff, p.id, [w.kidX]))).resolves.toBeUndefined();
    await expect(tx((trx) => checkMediaTags(trx, staff, p.id, [w.kidX2]))).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: 'students' },
      message: expect.stringContaining('Ben Other'),
    });
    await expect(tx((trx) => checkMediaTags(trx, staff, '99999999', [w.kidX]))).rejects.toMatchObject({ extensions: { field: 'photo' } });
    const facility = await photo(w, w.tokens.mgrX, w.ids.mgrX, { album: 'facility' });
    await expect(tx((trx) => checkMediaTags(trx, staff, facility.id, []))).rejects.toMatchObject({ extensions: { field: 'photo' } });
    await expect(tx((trx) => checkMediaTags(trx, ctxOf(w.ids.mgrY, 'manager'), p.id, []))).rejects.toMatchObject({
      extensions: { field: 'photo' },
    });
  });

  it('a withdrawal hides the media at once', async () => {
    const p = await approvedPhoto([w.kidX]);
    const first = (await w.q(LIST, {}, w.tokens.parent)).data!.getPhotos.data.find((x: { id: string }) => x.id === p.id);
    expect(first.file.url).toBeTruthy();
    await w.q(CONSENT, { s: w.kidX, c: 'none' }, w.tokens.parent);
    expect(await seen(w.tokens.parent)).not.toContain(p.id);
    expect(await visiblePhotoIds(ctxOf(w.ids.parent, 'user'), [p.id])).toEqual(new Set());
    // The signed URL handed out before lives at most five minutes.
    expect(Number(new URL(first.file.url, 'http://x').searchParams.get('exp')) * 1000 - Date.now()).toBeLessThanOrEqual(300_000);
    // Staff still see it (to untag or delete it).
    expect(await seen(w.tokens.teacher)).toContain(p.id);
  });
});

describe('photos: image setting and bulk resize', () => {
  it('reads and saves the image setting (managers), bounded, naming the field', async () => {
    const GET = `query { getImagesSetting { long_side quality thumbnail } }`;
    expect((await w.q(GET, {}, w.tokens.teacher)).data?.getImagesSetting).toEqual({ long_side: 1920, quality: 82, thumbnail: 400 });
    expect(code(await w.q(GET, {}, w.tokens.parent))).toBe('FORBIDDEN');
    const SAVE = `mutation($l: Int, $q: Int, $t: Int) { saveImagesSetting(long_side: $l, quality: $q, thumbnail: $t) { setting { long_side quality thumbnail } } }`;
    expect(field(await w.q(SAVE, { l: 10 }, w.tokens.mgrX))).toBe('long_side');
    expect(field(await w.q(SAVE, { q: 101 }, w.tokens.mgrX))).toBe('quality');
    expect(field(await w.q(SAVE, { t: 5000 }, w.tokens.mgrX))).toBe('thumbnail');
    expect(code(await w.q(SAVE, { l: 1000 }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(await db()('settings').where({ key: 'images' }).first()).toBeUndefined();
    const ok = await w.q(SAVE, { l: 1000, t: 200 }, w.tokens.mgrX);
    expect(ok.data?.saveImagesSetting.setting).toEqual({ long_side: 1000, quality: 82, thumbnail: 200 });
    // An upload checked now is stored at the new size.
    const f = await readyFile(w, w.ids.teacher, w.X, 2400, 1200);
    const row = await db()('files').where({ id: f }).first();
    expect([row.width, row.height, row.variants.thumb.width]).toEqual([1000, 500, 200]);
    await w.q(SAVE, { l: 1920, t: 400 }, w.tokens.mgrX);
  });

  it(`bulk resize of 12 images goes in batches of ${IMAGE_RESIZE_BATCH}: 5, 5, 2; a failure in the second stops the third, nothing half-written`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await photo(w, w.tokens.mgrX, w.ids.mgrX, { album: 'facility' })).id);
    await w.q(`mutation { saveImagesSetting(long_side: 600) { status } }`, {}, w.tokens.mgrX);

    // The API takes at most IMAGE_RESIZE_BATCH ids, naming the field; nothing is written.
    const over = await w.q(RESIZE, { ids: ids.slice(0, IMAGE_RESIZE_BATCH + 1) }, w.tokens.mgrX);
    expect([code(over), field(over)]).toEqual(['BAD_USER_INPUT', 'ids']);
    expect(field(await w.q(RESIZE, { ids: [] }, w.tokens.mgrX))).toBe('ids');
    expect(code(await w.q(RESIZE, { ids: ids.slice(0, 2) }, w.tokens.teacher))).toBe('FORBIDDEN');
    const foreign = await w.q(RESIZE, { ids: [ids[0], ids[1]] }, w.tokens.mgrY);
    expect([code(foreign), field(foreign)]).toEqual(['NOT_FOUND', 'ids.0']);
    const widths = async (of: string[]) =>
      (await db()('photos as p').join('files as f', 'f.id', 'p.file_id').whereIn('p.id', of).orderBy('p.id').select('f.width')).map(
        (r) => r.width,
      );
    expect(await widths(ids)).toEqual(Array(12).fill(1200));

    // The page's walk: batches of IMAGE_RESIZE_BATCH, the next only after success.
    const walk = async () => {
      const calls: { ids: string[]; ok: boolean }[] = [];
      for (let i = 0; i < ids.length; i += IMAGE_RESIZE_BATCH) {
        const batch = ids.slice(i, i + IMAGE_RESIZE_BATCH);
        const r = await w.q(RESIZE, { ids: batch }, w.tokens.mgrX);
        calls.push({ ids: batch, ok: !r.errors });
        if (r.errors) return { calls, error: r.errors[0]! };
        expect(r.data?.bulkResizeImges).toMatchObject({ status: true, message: 'Resized successfully!', resized: batch.length });
      }
      return { calls, error: null };
    };

    // A stored image of the second batch is gone: the second batch fails, the third never runs.
    const broken = await db()('photos').where({ id: ids[7] }).first('file_id');
    const brokenKey = fileKey(w.c.entry.id, broken.file_id, 'main');
    const saved = await store.read(brokenKey, 50 * 1024 * 1024);
    await store.remove([brokenKey]);
    const sixth = await db()('photos as p')
      .join('files as f', 'f.id', 'p.file_id')
      .where('p.id', ids[5])
      .first('f.id', 'f.variants', 'f.size');
    const sixthBytes = await store.read(fileKey(w.c.entry.id, sixth.id, 'main'), 50 * 1024 * 1024);

    const failed = await walk();
    expect(failed.calls.map((c) => [c.ids.length, c.ok])).toEqual([
      [5, true],
      [5, false],
    ]);
    expect(failed.error?.extensions).toMatchObject({ code: 'IMAGE_RESIZE_FAILED', field: 'ids.2' });
    expect(await widths(ids)).toEqual([...Array(5).fill(600), ...Array(7).fill(1200)]);
    // Nothing of the failed batch was written: the sixth image's row and bytes are as they were.
    const after = await db()('files').where({ id: sixth.id }).first('variants', 'size');
    expect(after).toEqual({ variants: sixth.variants, size: sixth.size });
    expect((await store.read(fileKey(w.c.entry.id, sixth.id, 'main'), 50 * 1024 * 1024)).equals(sixthBytes)).toBe(true);

    // Retry once the image is back: every batch passes, 5, 5, 2.
    await store.write(brokenKey, saved, 'image/webp');
    const done = await walk();
    expect(done.calls.map((c) => [c.ids.length, c.ok])).toEqual([
      [5, true],
      [5, true],
      [2, true],
    ]);
    expect(await widths(ids)).toEqual(Array(12).fill(600));
    const thumb = await db()('photos as p').join('files as f', 'f.id', 'p.file_id').where('p.id', ids[11]).first('f.variants');
    expect(thumb.variants.thumb.width).toBe(400);
    const meta = await sharp(await store.read(fileKey(w.c.entry.id, sixth.id, 'main'), 50 * 1024 * 1024)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 450]);
    await w.q(`mutation { saveImagesSetting(long_side: 1920) { status } }`, {}, w.tokens.mgrX);
  });
});

describe('photos: upload purposes', () => {
  const PRESIGN = `mutation($purpose: String!, $owner: ID!, $type: String!, $size: Int!) {
    getPresignedUploadUrl(purpose: $purpose, owner_id: $owner, content_type: $type, size: $size) { upload_id max_size } }`;
  it('staff with activities.manage upload album and activity media for their locations; type and size per purpose', async () => {
    const ask = (token: string, vars: Record<string, unknown>) =>
      w.q(PRESIGN, { purpose: 'album_photo', owner: w.X, type: 'image/jpeg', size: 1000, ...vars }, token);
    for (const purpose of ['album_photo', 'activity_photo'])
      expect((await ask(w.tokens.teacher, { purpose })).data?.getPresignedUploadUrl.max_size).toBe(1000);
    for (const purpose of ['album_video', 'activity_video'])
      expect((await ask(w.tokens.teacher, { purpose, type: 'video/mp4', size: 400 * 1024 * 1024 })).errors).toBeUndefined();
    expect(field(await ask(w.tokens.teacher, { purpose: 'album_video', type: 'video/mp4', size: 501 * 1024 * 1024 }))).toBe('size');
    expect(field(await ask(w.tokens.teacher, { size: 16 * 1024 * 1024 }))).toBe('size');
    expect(field(await ask(w.tokens.teacher, { type: 'image/gif' }))).toBe('content_type');
    expect(code(await ask(w.tokens.teacher, { owner: w.Y }))).toBe('NOT_FOUND');
    expect(code(await ask(w.tokens.parent, {}))).toBe('FORBIDDEN');
    expect(code(await ask(w.tokens.blog, {}))).toBe('FORBIDDEN');
    await db()('role_permissions')
      .whereIn('role_id', db()('roles').where({ name: 'teacher' }).select('id'))
      .whereIn('permission_id', db()('permissions').where({ name: 'activities.manage' }).select('id'))
      .delete();
    const without = await w.q(
      PRESIGN,
      { purpose: 'album_photo', owner: w.X, type: 'image/jpeg', size: 1000 },
      (await import('../../test/harness.ts').then((m) => m.signIn(h.app, w.c.host, 'teacher'))).token,
    );
    expect(code(without)).toBe('FORBIDDEN');
  });
});
