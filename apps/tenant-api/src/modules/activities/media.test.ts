import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { createHarness, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';
import { q as query, setupAttendance, type AttendanceSetup } from '../attendance/test-fixtures.ts';

/**
 * Photo and video entries (issue 17): an entry pointing at a students-album row of the photos
 * area, tagged under photo consent in the write, shown to guardians only once that row is
 * approved and only where every tagged child's consent allows it.
 */
let h: Harness;
let s: AttendanceSetup;
let db: Knex;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => query(h, A())(doc, vars, token);

const ENTRY = 'status message replayed activity { id kind title photo video status staffOnly students { id } }';
const PHOTO = `mutation($st: [ID!]!, $p: ID, $t: String, $so: Boolean, $r: String) {
  savePhotoActivity(students: $st, photo: $p, title: $t, staffOnly: $so, request_id: $r) { ${ENTRY} } }`;
const VIDEO = `mutation($st: [ID!]!, $v: ID, $p: ID, $t: String) {
  saveVideoActivity(students: $st, video: $v, photo: $p, title: $t) { ${ENTRY} } }`;
const UPD_PHOTO = `mutation($id: ID!, $p: ID, $t: String, $st: [ID!]) {
  updatePhotoActivity(id: $id, photo: $p, title: $t, students: $st) { ${ENTRY} } }`;
const UPD_VIDEO = `mutation($id: ID!, $v: ID, $t: String) { updateVideoActivity(id: $id, video: $v, title: $t) { ${ENTRY} } }`;
const DAY = `query($id: ID!) { getDailyReport(id: $id) { activities { id kind photo video } } }`;
const FEED = `query($id: ID!) { getRoomActivities(id: $id, type: "photo") { id kind photo } }`;

const count = async (table: string) => Number((await db(table).count({ n: '*' }))[0]!.n);
const written = () => Promise.all(['activities', 'activity_students', 'domain_events'].map(count));
const savedEvents = async (activity: string) =>
  Number(
    (await db('domain_events').where({ name: 'activity.saved' }).whereRaw(`payload->>'activity' = ?`, [activity]).count({ n: '*' }))[0]!.n,
  );

/** A stored album row (as createPhoto leaves it): its file, album, status and tagged children. */
async function media(
  opts: { album?: string; video?: boolean; status?: 'approved' | 'pending'; tags?: string[]; location?: string } = {},
): Promise<string> {
  const [file] = await db('files')
    .insert({
      id: randomUUID(),
      purpose: opts.video ? 'album_video' : 'album_photo',
      owner_id: opts.location ?? s.X,
      status: 'ready',
      original_name: opts.video ? 'clip.mp4' : 'group.jpg',
      declared_type: opts.video ? 'video/mp4' : 'image/jpeg',
      declared_size: 100,
      upload_expires_at: new Date(),
    })
    .returning('id');
  const [photo] = await db('photos')
    .insert({
      album: opts.album ?? 'students',
      file_id: file.id,
      location_id: opts.location ?? s.X,
      status: opts.status ?? 'approved',
      taken_at: new Date(),
      uploaded_by: s.ids.teacher,
    })
    .returning('id');
  const id = String(photo.id);
  if (opts.tags?.length) await db('photo_students').insert(opts.tags.map((student_id) => ({ photo_id: id, student_id })));
  return id;
}

const consent = (student: string, value: string) =>
  db('photo_consents').insert({ student_id: student, consent: value, source: 'paper_form', recorded_by: s.ids.mgrX });

beforeAll(async () => {
  h = await createHarness();
  s = await setupAttendance(h, A());
  db = A().db.db;
});
afterAll(() => h?.close());

describe('saving a photo or video entry', () => {
  it('points at a students-album row; the entry shows it to staff', async () => {
    const p = await media({ tags: [s.kids.ana, s.kids.ben] });
    const r = await q(PHOTO, { st: [s.kids.ana, s.kids.ben], p, t: 'Painting' }, s.tokens.teacher);
    expect(r.body).not.toContain('"errors"');
    expect(r.data?.savePhotoActivity.activity).toMatchObject({ kind: 'photo', photo: p, title: 'Painting', status: 'approved' });
    const v = await media({ video: true, tags: [s.kids.ana] });
    const rv = await q(VIDEO, { st: [s.kids.ana], v, t: 'Dancing' }, s.tokens.teacher);
    expect(rv.data?.saveVideoActivity.activity).toMatchObject({ kind: 'video', video: v, photo: null, title: 'Dancing' });
    const row = await db('activities').where({ id: rv.data?.saveVideoActivity.activity.id }).first('video', 'photo');
    expect(row).toEqual({ video: v, photo: null });
    // Visible at once (approved, not staff-only): guardians hear of each.
    expect(await savedEvents(r.data?.savePhotoActivity.activity.id)).toBe(1);
    expect(await savedEvents(rv.data?.saveVideoActivity.activity.id)).toBe(1);
  });

  it('bad input is a typed error naming the field, and nothing is written', async () => {
    const staffAlbum = await media({ album: 'staff' });
    const video = await media({ video: true, tags: [s.kids.ana] });
    const image = await media({ tags: [s.kids.ana] });
    const yPhoto = await media({ tags: [s.kids.yKid], location: s.Y });
    const before = await written();
    const cases: [string, Record<string, unknown>, string, string][] = [
      [PHOTO, { st: [s.kids.ana] }, 'BAD_USER_INPUT', 'photo'],
      [PHOTO, { st: [s.kids.ana], p: '987654' }, 'BAD_USER_INPUT', 'photo'],
      [PHOTO, { st: [s.kids.ana], p: 'abc' }, 'BAD_USER_INPUT', 'photo'],
      [PHOTO, { st: [s.kids.ana], p: staffAlbum }, 'BAD_USER_INPUT', 'photo'],
      [PHOTO, { st: [s.kids.ana], p: video }, 'BAD_USER_INPUT', 'photo'],
      [PHOTO, { st: [s.kids.ana], p: image, t: 'x'.repeat(201) }, 'BAD_USER_INPUT', 'title'],
      [PHOTO, { st: [], p: image }, 'BAD_USER_INPUT', 'students'],
      [VIDEO, { st: [s.kids.ana] }, 'BAD_USER_INPUT', 'video'],
      [VIDEO, { st: [s.kids.ana], v: image }, 'BAD_USER_INPUT', 'video'],
      [VIDEO, { st: [s.kids.ana], v: '987654' }, 'BAD_USER_INPUT', 'video'],
      [VIDEO, { st: [s.kids.ana], v: video, p: staffAlbum }, 'BAD_USER_INPUT', 'photo'],
      // A child outside the teacher's scope; a photo of a location the teacher does not reach.
      [PHOTO, { st: [s.kids.yKid], p: image }, 'NOT_FOUND', 'students'],
      [PHOTO, { st: [s.kids.ana], p: yPhoto }, 'BAD_USER_INPUT', 'photo'],
    ];
    for (const [doc, vars, want, name] of cases) {
      const r = await q(doc, vars, s.tokens.teacher);
      expect([code(r), field(r)], JSON.stringify(vars)).toEqual([want, name]);
    }
    expect(await written()).toEqual(before);
  });

  it('tagging a child with photo consent none is refused by name, for a photo and a video', async () => {
    const p = await media({ tags: [s.kids.ana, s.kids.ben] });
    const v = await media({ video: true, tags: [s.kids.ana, s.kids.ben] });
    await consent(s.kids.ben, 'none');
    const before = await written();
    for (const r of [
      await q(PHOTO, { st: [s.kids.ana, s.kids.ben], p }, s.tokens.teacher),
      await q(VIDEO, { st: [s.kids.ana, s.kids.ben], v }, s.tokens.teacher),
    ]) {
      expect([code(r), field(r)]).toEqual(['BAD_USER_INPUT', 'students']);
      expect(r.errors?.[0]?.message).toContain('Ben Kid');
    }
    expect(await written()).toEqual(before);
    await db('photo_consents').where({ student_id: s.kids.ben }).del();
  });

  it('a repeated request_id writes once and answers the first entry', async () => {
    const p = await media({ tags: [s.kids.ben] });
    const before = await count('activities');
    const first = await q(PHOTO, { st: [s.kids.ben], p, t: 'Blocks', r: 'tablet-photo-0001' }, s.tokens.teacher);
    const again = await q(PHOTO, { st: [s.kids.ben], p, t: 'Changed', r: 'tablet-photo-0001' }, s.tokens.teacher);
    expect(again.data?.savePhotoActivity).toMatchObject({
      replayed: true,
      activity: { id: first.data?.savePhotoActivity.activity.id, title: 'Blocks' },
    });
    const [x, y] = await Promise.all([
      q(PHOTO, { st: [s.kids.ben], p, r: 'tablet-photo-0002' }, s.tokens.teacher),
      q(PHOTO, { st: [s.kids.ben], p, r: 'tablet-photo-0002' }, s.tokens.teacher),
    ]);
    expect(x.data?.savePhotoActivity.activity.id).toBe(y.data?.savePhotoActivity.activity.id);
    expect(await count('activities')).toBe(before + 2);
    expect(await savedEvents(first.data?.savePhotoActivity.activity.id)).toBe(1);
  });

  it('updates are checked as a save: media, kind, consent of added children', async () => {
    const p = await media({ tags: [s.kids.ana, s.kids.ben] });
    const id = (await q(PHOTO, { st: [s.kids.ana], p }, s.tokens.teacher)).data?.savePhotoActivity.activity.id;
    const video = await media({ video: true });
    const before = await db('activities').where({ id }).first();
    expect(field(await q(UPD_PHOTO, { id, p: video }, s.tokens.teacher))).toBe('photo');
    expect(field(await q(UPD_PHOTO, { id, p: '987654' }, s.tokens.teacher))).toBe('photo');
    expect(field(await q(UPD_VIDEO, { id, v: video }, s.tokens.teacher))).toBe('id');
    await consent(s.kids.ben, 'none');
    const added = await q(UPD_PHOTO, { id, st: [s.kids.ana, s.kids.ben] }, s.tokens.teacher);
    expect([code(added), field(added)]).toEqual(['BAD_USER_INPUT', 'students']);
    await db('photo_consents').where({ student_id: s.kids.ben }).del();
    expect(await db('activities').where({ id }).first()).toEqual(before);
    expect((await db('activity_students').where({ activity_id: id })).length).toBe(1);
    const other = await media({ tags: [s.kids.ana] });
    const ok = await q(UPD_PHOTO, { id, p: other, t: 'Snack time' }, s.tokens.teacher);
    expect(ok.data?.updatePhotoActivity.activity).toMatchObject({ photo: other, title: 'Snack time' });

    const v = await media({ video: true, tags: [s.kids.ana] });
    const vid = (await q(VIDEO, { st: [s.kids.ana], v }, s.tokens.teacher)).data?.saveVideoActivity.activity.id;
    expect(field(await q(UPD_VIDEO, { id: vid, v: p }, s.tokens.teacher))).toBe('video');
    const v2 = await media({ video: true, tags: [s.kids.ana] });
    expect((await q(UPD_VIDEO, { id: vid, v: v2, t: 'Song' }, s.tokens.teacher)).data?.updateVideoActivity.activity).toMatchObject({
      video: v2,
      title: 'Song',
    });
  });
});

describe('scope: own / other family / other centre', () => {
  it('parents and blog editors write nothing; another location’s staff do not reach the children or the entry', async () => {
    const p = await media({ tags: [s.kids.ana] });
    const before = await written();
    expect(code(await q(PHOTO, { st: [s.kids.ana], p }, s.family.mumToken))).toBe('FORBIDDEN');
    expect(code(await q(PHOTO, { st: [s.kids.ana], p }, s.tokens.blog))).toBe('FORBIDDEN');
    expect([
      code(await q(PHOTO, { st: [s.kids.ana], p }, s.tokens.mgrY)),
      field(await q(PHOTO, { st: [s.kids.ana], p }, s.tokens.mgrY)),
    ]).toEqual(['NOT_FOUND', 'students']);
    expect(await written()).toEqual(before);
    const id = (await q(PHOTO, { st: [s.kids.ana], p }, s.tokens.teacher)).data?.savePhotoActivity.activity.id;
    const r = await q(UPD_PHOTO, { id, t: 'Mine now' }, s.tokens.mgrY);
    expect([code(r), field(r)]).toEqual(['NOT_FOUND', 'id']);
    expect(code(await q(UPD_PHOTO, { id, t: 'x' }, s.family.mumToken))).toBe('FORBIDDEN');
  });

  it('own family sees its child’s photo entry; another family’s child is not found', async () => {
    const p = await media({ tags: [s.kids.ana] });
    const id = (await q(PHOTO, { st: [s.kids.ana], p }, s.tokens.teacher)).data?.savePhotoActivity.activity.id;
    const day = (await q(DAY, { id: s.kids.ana }, s.family.mumToken)).data?.getDailyReport.activities;
    expect(day).toEqual(expect.arrayContaining([{ id, kind: 'photo', photo: p, video: null }]));
    expect(code(await q(DAY, { id: s.kids.ana }, s.tokens.parent))).toBe('NOT_FOUND');
  });

  it('other centre: B knows nothing of A’s entries or photos, and A’s tokens do not open B', async () => {
    const p = await media({ tags: [s.kids.ana] });
    const id = (await q(PHOTO, { st: [s.kids.ana], p }, s.tokens.teacher)).data?.savePhotoActivity.activity.id;
    const B = h.centres[1]!;
    const b = await setupAttendance(h, B, 'b');
    const qb = query(h, B);
    const upd = await qb(UPD_PHOTO, { id, t: 'B' }, b.tokens.teacher);
    expect([code(upd), field(upd)]).toEqual(['NOT_FOUND', 'id']);
    // A's photo id means nothing in B: B's own child with it is refused naming photo.
    const bSave = await qb(PHOTO, { st: [b.kids.ana], p }, b.tokens.teacher);
    expect([code(bSave), field(bSave)]).toEqual(['BAD_USER_INPUT', 'photo']);
    expect((await qb(PHOTO, { st: [s.kids.ana], p }, s.tokens.teacher)).statusCode).toBe(401);
    expect(await db('activities').where({ id }).first('title')).toEqual({ title: null });
  });
});

describe('photo consent and approval on every read', () => {
  it('consent matrix: a group photo of an other_families child and an own_family child reaches only the second’s family', async () => {
    // ana (mum's child) allows other families; parentKid (the parent's child) only their own.
    await consent(s.kids.ana, 'other_families');
    await consent(s.kids.parentKid, 'own_family');
    const p = await media({ tags: [s.kids.ana, s.kids.parentKid] });
    const v = await media({ video: true, tags: [s.kids.ana, s.kids.parentKid] });
    const photoId = (await q(PHOTO, { st: [s.kids.ana, s.kids.parentKid], p }, s.tokens.teacher)).data?.savePhotoActivity.activity.id;
    const videoId = (await q(VIDEO, { st: [s.kids.ana, s.kids.parentKid], v }, s.tokens.teacher)).data?.saveVideoActivity.activity.id;
    const ids = async (child: string, token: string) =>
      ((await q(DAY, { id: child }, token)).data?.getDailyReport.activities ?? []).map((a: { id: string }) => a.id);
    expect(await ids(s.kids.parentKid, s.tokens.parent)).toEqual(expect.arrayContaining([photoId, videoId]));
    const mum = await ids(s.kids.ana, s.family.mumToken);
    expect(mum).not.toContain(photoId);
    expect(mum).not.toContain(videoId);
    // Staff see it with its media (the children's rooms differ: made in the toddlers' room, it is in that feed).
    const staff = (await q(DAY, { id: s.kids.ana }, s.tokens.teacher)).data?.getDailyReport.activities;
    expect(staff).toEqual(expect.arrayContaining([{ id: photoId, kind: 'photo', photo: p, video: null }]));
    const inRoom = await q(
      `mutation($st: [ID!]!, $p: ID, $room: ID) { savePhotoActivity(id: $room, students: $st, photo: $p) { activity { id } } }`,
      { st: [s.kids.ana, s.kids.parentKid], p, room: s.rooms.toddlers },
      s.tokens.teacher,
    );
    const feed = (await q(FEED, { id: s.rooms.toddlers }, s.tokens.teacher)).data?.getRoomActivities;
    expect(feed).toEqual(expect.arrayContaining([{ id: inRoom.data?.savePhotoActivity.activity.id, kind: 'photo', photo: p }]));
    // A withdrawal hides it from the next request on.
    await consent(s.kids.ana, 'none');
    expect(await ids(s.kids.parentKid, s.tokens.parent)).not.toContain(photoId);
    await db('photo_consents').whereIn('student_id', [s.kids.ana, s.kids.parentKid]).del();
  });

  it('an entry whose photo is pending waits for the photo’s approval; approving it raises activity.saved once', async () => {
    await q('mutation($l: ID!) { saveParentSettings(location_id: $l, approve_photos: true) { status } }', { l: s.X }, s.tokens.mgrX);
    const p = await media({ status: 'pending', tags: [s.kids.ana] });
    const id = (await q(PHOTO, { st: [s.kids.ana], p, t: 'Sandpit' }, s.tokens.teacher)).data?.savePhotoActivity.activity.id;
    const hiddenId = (await q(PHOTO, { st: [s.kids.ana], p, so: true }, s.tokens.teacher)).data?.savePhotoActivity.activity.id;
    const seen = async () =>
      ((await q(DAY, { id: s.kids.ana }, s.family.mumToken)).data?.getDailyReport.activities ?? []).map((a: { id: string }) => a.id);
    expect(await seen()).not.toContain(id);
    expect(await savedEvents(id)).toBe(0);
    // Staff see it (with the pending photo).
    const staff = (await q(DAY, { id: s.kids.ana }, s.tokens.teacher)).data?.getDailyReport.activities;
    expect(staff).toEqual(expect.arrayContaining([{ id, kind: 'photo', photo: p, video: null }]));
    const ok = await q('mutation($id: ID!) { approvePhoto(id: $id) { status } }', { id: p }, s.tokens.mgrX);
    expect(ok.data?.approvePhoto.status).toBe(true);
    await h.deliverEvents();
    await h.deliverEvents();
    expect(await savedEvents(id)).toBe(1);
    expect(await savedEvents(hiddenId)).toBe(0);
    expect(await seen()).toContain(id);
    expect(await seen()).not.toContain(hiddenId);
    await h.deliverEvents();
    expect(await savedEvents(id)).toBe(1);
  });

  it('with entry approval on too, the entry shows once both are approved, and is announced then', async () => {
    await q('mutation($l: ID!) { saveParentSettings(location_id: $l, approve_activities: true) { status } }', { l: s.X }, s.tokens.mgrX);
    const p = await media({ status: 'pending', tags: [s.kids.ben] });
    const id = (await q(PHOTO, { st: [s.kids.ben], p }, s.tokens.teacher)).data?.savePhotoActivity.activity.id;
    const APPROVE = 'mutation($ids: [ID!]!) { approveRoomActivities(id: $ids) { activities { id status } } }';
    expect((await q(APPROVE, { ids: [id] }, s.tokens.mgrX)).data?.approveRoomActivities.activities).toEqual([{ id, status: 'approved' }]);
    // The photo still waits: not visible, not announced.
    expect(await savedEvents(id)).toBe(0);
    await q('mutation($id: ID!) { approvePhoto(id: $id) { status } }', { id: p }, s.tokens.mgrX);
    await h.deliverEvents();
    await h.deliverEvents();
    expect(await savedEvents(id)).toBe(1);
    const day = (await q(DAY, { id: s.kids.ben }, s.family.mumToken)).data?.getDailyReport.activities.map((a: { id: string }) => a.id);
    expect(day).toContain(id);
    await q(
      'mutation($l: ID!) { saveParentSettings(location_id: $l, approve_activities: false, approve_photos: false) { status } }',
      { l: s.X },
      s.tokens.mgrX,
    );
  });
});
