import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { localParts } from '@kv/shared';
import { createHarness, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';
import { q as query, setupAttendance, type AttendanceSetup } from '../attendance/test-fixtures.ts';

let h: Harness;
let s: AttendanceSetup;
let db: Knex;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => query(h, A())(doc, vars, token);
const today = () => localParts(new Date(), 'America/Chicago').date;

const ENTRY =
  'status message replayed activity { id kind date time end_time type note status staffOnly portion students { id fname } } activities { id }';
const MEAL = `mutation($st: [ID!]!, $t: String, $p: String, $so: Boolean, $r: String, $time: String) {
  saveMealActivity(students: $st, type: $t, portion: $p, staffOnly: $so, request_id: $r, time: $time) { ${ENTRY} } }`;
const NAP = `mutation($st: [ID!]!, $time: String, $end: String, $pos: String) {
  saveNapActivity(students: $st, time: $time, end_time: $end, position: $pos) { ${ENTRY} } }`;
const MED = `mutation($st: [ID!]!, $m: ID, $d: String, $by: String) {
  saveMedicationActivity(students: $st, medication_id: $m, dose: $d, by: $by) { ${ENTRY} } }`;
const INCIDENT = `mutation($st: [ID!]!, $i: String, $f: String, $so: Boolean) {
  saveIncidentActivity(students: $st, injury: $i, first_aid: $f, staffOnly: $so) { ${ENTRY} } }`;
const DAY = `query($id: ID!, $d: String) { getDailyReport(id: $id, date: $d) { student { id } date activities { id kind staffOnly status } } }`;
const FEED = `query($id: ID!, $so: Boolean, $type: String) { getRoomActivities(id: $id, staffOnly: $so, type: $type) { id kind status staffOnly students { id } } }`;
const APPROVE = `mutation($ids: [ID!]!) { approveRoomActivities(id: $ids) { status message activities { id status } } }`;

const count = async (table: string) => Number((await db(table).count({ n: '*' }))[0]!.n);
const meal = (st: string[], extra: Record<string, unknown> = {}, token = s.tokens.teacher) =>
  q(MEAL, { st, t: 'lunch', p: 'most', ...extra }, token);

beforeAll(async () => {
  h = await createHarness();
  s = await setupAttendance(h, A());
  db = A().db.db;
  // The teacher of X teaches the toddlers (ana, ben) and the infants (the parent's child).
});
afterAll(() => h?.close());

describe('saving entries', () => {
  it('one meal for two children is one entry with both on it', async () => {
    const r = await meal([s.kids.ana, s.kids.ben]);
    expect(r.body).not.toContain('"errors"');
    const a = r.data?.saveMealActivity.activity;
    expect(a).toMatchObject({ kind: 'meal', type: 'lunch', portion: 'most', status: 'approved', staffOnly: false, date: today() });
    expect(a.students.map((x: { id: string }) => x.id).sort()).toEqual([s.kids.ana, s.kids.ben].sort());
    expect(await db('activity_students').where({ activity_id: a.id }).count({ n: '*' })).toEqual([{ n: '2' }]);
  });

  it('bad input is a typed error naming the field, and nothing is written', async () => {
    const before = [await count('activities'), await count('activity_students')];
    const nap = await q(NAP, { st: [s.kids.ana], time: '13:00', end: '12:30', pos: 'back' }, s.tokens.teacher);
    expect([code(nap), field(nap)]).toEqual(['BAD_USER_INPUT', 'end_time']);
    const slot = await meal([s.kids.ana], { t: 'brunch' });
    expect([code(slot), field(slot)]).toEqual(['BAD_USER_INPUT', 'type']);
    const portion = await meal([s.kids.ana], { p: 'lots' });
    expect(field(portion)).toBe('portion');
    const position = await q(NAP, { st: [s.kids.ana], time: '12:00', end: '13:00', pos: 'upside' }, s.tokens.teacher);
    expect(field(position)).toBe('position');
    const mood = await q(
      'mutation($st: [ID!]!) { saveMoodActivity(students: $st, mood: "grumpy") { status } }',
      { st: [s.kids.ana] },
      s.tokens.teacher,
    );
    expect(field(mood)).toBe('mood');
    const bottle = await q(
      'mutation($st: [ID!]!) { saveBottleActivity(students: $st, amount: 0) { status } }',
      { st: [s.kids.ana] },
      s.tokens.teacher,
    );
    expect(field(bottle)).toBe('amount');
    const diaper = await q(
      'mutation($st: [ID!]!) { saveDiaperActivity(students: $st, type: "soaked") { status } }',
      { st: [s.kids.ana] },
      s.tokens.teacher,
    );
    expect(field(diaper)).toBe('type');
    const potty = await q('mutation($st: [ID!]!) { savePottyActivity(students: $st) { status } }', { st: [s.kids.ana] }, s.tokens.teacher);
    expect(field(potty)).toBe('type');
    const supplies = await q(
      'mutation($st: [ID!]!) { saveSuppliesActivity(students: $st, supplies: []) { status } }',
      { st: [s.kids.ana] },
      s.tokens.teacher,
    );
    expect(field(supplies)).toBe('supplies');
    const note = await q('mutation($st: [ID!]!) { saveNoteActivity(students: $st) { status } }', { st: [s.kids.ana] }, s.tokens.teacher);
    expect(field(note)).toBe('note');
    const observation = await q(
      'mutation($st: [ID!]!) { saveObservationActivity(students: $st, observation: " ") { status } }',
      { st: [s.kids.ana] },
      s.tokens.teacher,
    );
    expect(field(observation)).toBe('observation');
    const incident = await q(INCIDENT, { st: [s.kids.ana], i: 'Scraped knee' }, s.tokens.teacher);
    expect(field(incident)).toBe('first_aid');
    const ahead = await meal([s.kids.ana], { time: '25:00' });
    expect(field(ahead)).toBe('time');
    const future = await q(
      'mutation($st: [ID!]!) { saveKudosActivity(students: $st, title: "Shared", date: "2099-01-01") { status } }',
      { st: [s.kids.ana] },
      s.tokens.teacher,
    );
    expect(field(future)).toBe('date');
    const photo = await meal([s.kids.ana], {});
    expect(photo.body).not.toContain('"errors"');
    const withPhoto = await q(
      'mutation($st: [ID!]!) { saveKudosActivity(students: $st, title: "Shared", photo: "987654") { status } }',
      { st: [s.kids.ana] },
      s.tokens.teacher,
    );
    expect(field(withPhoto)).toBe('photo');
    expect([await count('activities'), await count('activity_students')]).toEqual([before[0]! + 1, before[1]! + 1]);
  });

  it('a nap ending after it starts is saved with its position', async () => {
    const r = await q(NAP, { st: [s.kids.ana], time: '12:00', end: '13:30', pos: 'back' }, s.tokens.teacher);
    expect(r.data?.saveNapActivity.activity).toMatchObject({ kind: 'nap', time: '12:00', end_time: '13:30' });
  });

  it('medication: one of every child’s listed medications, with dose and who gave it', async () => {
    const [med] = await db('medications').insert({ name: 'Amoxicillin' }).returning('id');
    await db('student_medications').insert({ student_id: s.kids.ana, medication_id: med.id });
    const before = await count('activities');
    const group = await q(MED, { st: [s.kids.ana, s.kids.ben], m: String(med.id), d: '5 ml', by: 'Ms T' }, s.tokens.teacher);
    expect([code(group), field(group)]).toEqual(['BAD_USER_INPUT', 'medication_id']);
    expect(group.errors?.[0]?.message).toContain('Ben');
    const noDose = await q(MED, { st: [s.kids.ana], m: String(med.id), by: 'Ms T' }, s.tokens.teacher);
    expect(field(noDose)).toBe('dose');
    const noBy = await q(MED, { st: [s.kids.ana], m: String(med.id), d: '5 ml' }, s.tokens.teacher);
    expect(field(noBy)).toBe('by');
    expect(await count('activities')).toBe(before);
    const ok = await q(MED, { st: [s.kids.ana], m: String(med.id), d: '5 ml', by: 'Ms T' }, s.tokens.teacher);
    expect(ok.data?.saveMedicationActivity.status).toBe(true);
    const row = await db('activities').where({ id: ok.data?.saveMedicationActivity.activity.id }).first('by', 'details');
    expect(row).toEqual({ by: 'Ms T', details: { medication_id: String(med.id), dose: '5 ml' } });
  });

  it('a repeated request_id writes once and answers the first entry', async () => {
    const before = await count('activities');
    const first = await meal([s.kids.ben], { r: 'tablet-0001-meal' });
    const again = await meal([s.kids.ben], { r: 'tablet-0001-meal', p: 'all' });
    expect(again.data?.saveMealActivity).toMatchObject({
      replayed: true,
      activity: { id: first.data?.saveMealActivity.activity.id, portion: 'most' },
    });
    expect(await count('activities')).toBe(before + 1);
    // Two at once: still one.
    const [x, y] = await Promise.all([meal([s.kids.ben], { r: 'tablet-0002-meal' }), meal([s.kids.ben], { r: 'tablet-0002-meal' })]);
    expect(x.data?.saveMealActivity.activity.id).toBe(y.data?.saveMealActivity.activity.id);
    expect(await count('activities')).toBe(before + 2);
  });

  it('updates merge into the entry and are checked as a save', async () => {
    const nap = await q(NAP, { st: [s.kids.ben], time: '12:00', end: '13:00', pos: 'side' }, s.tokens.teacher);
    const id = nap.data?.saveNapActivity.activity.id;
    const UPD = `mutation($id: ID!, $end: String, $st: [ID!]) { updateNapActivity(id: $id, end_time: $end, students: $st) { ${ENTRY} } }`;
    const bad = await q(UPD, { id, end: '11:00' }, s.tokens.teacher);
    expect([code(bad), field(bad)]).toEqual(['BAD_USER_INPUT', 'end_time']);
    const ok = await q(UPD, { id, end: '14:00', st: [s.kids.ben, s.kids.ana] }, s.tokens.teacher);
    expect(ok.data?.updateNapActivity.activity).toMatchObject({ end_time: '14:00', type: null });
    expect(ok.data?.updateNapActivity.activity.students).toHaveLength(2);
    const asMeal = await q('mutation($id: ID!) { updateMealActivity(id: $id, portion: "all") { status } }', { id }, s.tokens.teacher);
    expect(field(asMeal)).toBe('id');
  });
});

describe('a photo on an entry (the photos area’s students album)', () => {
  it('is checked against photo consent in the write: a child with consent none is refused by name', async () => {
    const [file] = await db('files')
      .insert({
        id: '6f1d2c1e-0000-4000-8000-00000000a001',
        purpose: 'album_photo',
        owner_id: s.X,
        status: 'ready',
        original_name: 'group.png',
        declared_type: 'image/png',
        declared_size: 100,
        upload_expires_at: new Date(),
      })
      .returning('id');
    const [photo] = await db('photos')
      .insert({ album: 'students', file_id: file.id, location_id: s.X, status: 'approved', taken_at: new Date(), uploaded_by: s.ids.mgrX })
      .returning('id');
    const KUDOS = `mutation($st: [ID!]!, $p: ID) { saveKudosActivity(students: $st, title: "Shared", photo: $p) { activity { id photo } } }`;
    const ok = await q(KUDOS, { st: [s.kids.ana], p: String(photo.id) }, s.tokens.teacher);
    expect(ok.data?.saveKudosActivity.activity.photo).toBe(String(photo.id));
    await db('photo_consents').insert({ student_id: s.kids.ben, consent: 'none', source: 'paper_form', recorded_by: s.ids.mgrX });
    const before = await count('activities');
    const refused = await q(KUDOS, { st: [s.kids.ana, s.kids.ben], p: String(photo.id) }, s.tokens.teacher);
    expect([code(refused), field(refused)]).toEqual(['BAD_USER_INPUT', 'students']);
    expect(refused.errors?.[0]?.message).toContain('Ben');
    expect(await count('activities')).toBe(before);
    await db('photo_consents').where({ student_id: s.kids.ben }).del();
  });
});

describe('scope', () => {
  it('a child outside the viewer’s scope is not found, naming the field; nothing written', async () => {
    const before = await count('activities');
    const other = await meal([s.kids.ana, s.kids.yKid]);
    expect([code(other), field(other)]).toEqual(['NOT_FOUND', 'students']);
    expect(other.errors?.[0]?.extensions?.student_id).toBe(s.kids.yKid);
    // Y's manager does not reach X's children.
    expect(code(await meal([s.kids.ana], {}, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(await count('activities')).toBe(before);
  });

  it('parents and blog editors write nothing', async () => {
    expect(code(await meal([s.kids.ana], {}, s.family.mumToken))).toBe('FORBIDDEN');
    expect(code(await meal([s.kids.ana], {}, s.tokens.blog))).toBe('FORBIDDEN');
    expect(code(await q(DAY, { id: s.kids.ana }, s.tokens.blog))).toBe('FORBIDDEN');
  });

  it('own family reads its child’s day; another family’s child is not found', async () => {
    const mine = await q(DAY, { id: s.kids.ana }, s.family.mumToken);
    expect(mine.data?.getDailyReport.activities.length).toBeGreaterThan(0);
    expect(code(await q(DAY, { id: s.kids.parentKid }, s.family.mumToken))).toBe('NOT_FOUND');
    expect(code(await q(DAY, { id: s.kids.ana }, s.tokens.parent))).toBe('NOT_FOUND');
  });

  it('other centre: B knows nothing of A’s entries, and A’s tokens do not open B', async () => {
    const entry = (await meal([s.kids.ana])).data?.saveMealActivity.activity.id;
    const B = h.centres[1]!;
    const b = await setupAttendance(h, B, 'b');
    const qb = query(h, B);
    expect(code(await qb(APPROVE, { ids: [entry] }, b.tokens.mgrX))).toBe('NOT_FOUND');
    expect(
      code(
        await qb(
          'mutation($id: ID!, $st: ID!) { deleteDailyActivity(id: $id, student: $st) { status } }',
          { id: entry, st: s.kids.ana },
          b.tokens.teacher,
        ),
      ),
    ).toBe('NOT_FOUND');
    expect((await qb(DAY, { id: s.kids.ana }, s.tokens.teacher)).statusCode).toBe(401);
  });
});

describe('what parents see', () => {
  it('staff-only and unapproved entries never reach parents; approval shows them and raises activity.saved', async () => {
    const set = await q(
      'mutation($l: ID!) { saveParentSettings(location_id: $l, approve_activities: true) { setting { approve_activities approve_photos } } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    expect(set.data?.saveParentSettings.setting).toEqual({ approve_activities: true, approve_photos: true });
    const events = async () => Number((await db('domain_events').where({ name: 'activity.saved' }).count({ n: '*' }))[0]!.n);
    const e0 = await events();
    const pending = (await meal([s.kids.ana], { t: 'supper' })).data?.saveMealActivity.activity;
    const hidden = (await meal([s.kids.ana], { t: 'breakfast', so: true })).data?.saveMealActivity.activity;
    expect(pending.status).toBe('pending');
    const injury = (await q(INCIDENT, { st: [s.kids.ana], i: 'Bumped head', f: 'Ice pack' }, s.tokens.teacher)).data?.saveIncidentActivity
      .activity;
    expect(injury.status).toBe('approved');
    expect(field(await q(INCIDENT, { st: [s.kids.ana], i: 'Bump', f: 'Ice', so: true }, s.tokens.teacher))).toBe('staffOnly');
    expect(await events()).toBe(e0 + 1); // the incident only

    const seen = async () =>
      ((await q(DAY, { id: s.kids.ana }, s.family.mumToken)).data?.getDailyReport.activities ?? []).map((a: { id: string }) => a.id);
    expect(await seen()).toContain(injury.id);
    expect(await seen()).not.toContain(pending.id);
    expect(await seen()).not.toContain(hidden.id);
    // Staff see both.
    const staff = (await q(DAY, { id: s.kids.ana }, s.tokens.teacher)).data?.getDailyReport.activities.map((a: { id: string }) => a.id);
    expect(staff).toEqual(expect.arrayContaining([pending.id, hidden.id]));
    // Teachers do not approve.
    expect(code(await q(APPROVE, { ids: [pending.id] }, s.tokens.teacher))).toBe('FORBIDDEN');
    const ok = await q(APPROVE, { ids: [pending.id, hidden.id] }, s.tokens.mgrX);
    expect(ok.data?.approveRoomActivities.activities.map((a: { status: string }) => a.status)).toEqual(['approved', 'approved']);
    expect(await seen()).toContain(pending.id);
    expect(await seen()).not.toContain(hidden.id);
    expect(await events()).toBe(e0 + 2); // the approved visible one; never the staff-only one
    await q('mutation($l: ID!) { saveParentSettings(location_id: $l, approve_activities: false) { status } }', { l: s.X }, s.tokens.mgrX);
  });

  it('approval is all or nothing: a foreign id refuses all, naming it', async () => {
    await q('mutation($l: ID!) { saveParentSettings(location_id: $l, approve_activities: true) { status } }', { l: s.X }, s.tokens.mgrX);
    await q('mutation($l: ID!) { saveParentSettings(location_id: $l, approve_activities: true) { status } }', { l: s.Y }, s.tokens.mgrY);
    const mine = (await meal([s.kids.ben], { t: 'pm_snack' })).data?.saveMealActivity.activity.id;
    const yTeacherless = (await meal([s.kids.yKid], { t: 'pm_snack' }, s.tokens.mgrY)).data?.saveMealActivity.activity.id;
    const r = await q(APPROVE, { ids: [mine, yTeacherless] }, s.tokens.mgrX);
    expect([code(r), field(r), r.errors?.[0]?.extensions?.id]).toEqual(['NOT_FOUND', 'id', yTeacherless]);
    expect(r.errors?.[0]?.message).toContain(yTeacherless);
    expect((await db('activities').where({ id: mine }).first('status')).status).toBe('pending');
    expect(code(await q(APPROVE, { ids: [mine, '999999'] }, s.tokens.mgrX))).toBe('NOT_FOUND');
    await q('mutation($l: ID!) { saveParentSettings(location_id: $l, approve_activities: false) { status } }', { l: s.X }, s.tokens.mgrX);
  });
});

describe('no second record', () => {
  const ABSENT = `mutation($st: [ID!]!, $r: String, $n: String) { saveAbsentActivity(students: $st, type: $r, note: $n) { ${ENTRY} } }`;

  it('Absent is attendance’s absence row: one, edited in place, removed by delete', async () => {
    const kid = s.kids.parentKid;
    const r = await q(ABSENT, { st: [kid], r: 'sick', n: 'Fever at home' }, s.tokens.teacher);
    const id = r.data?.saveAbsentActivity.activity.id;
    expect(id).toMatch(/^absent-\d+$/);
    await q(ABSENT, { st: [kid], r: 'sick' }, s.tokens.teacher);
    expect(await db('attendance_absences').where({ student_id: kid })).toHaveLength(1);
    const upd = await q(
      'mutation($id: ID!) { updateAbsentActivity(id: $id, note: "Cold") { activity { id note type } } }',
      { id },
      s.tokens.teacher,
    );
    expect(upd.data?.updateAbsentActivity.activity).toEqual({ id, note: 'Cold', type: 'sick' });
    expect(await db('attendance_absences').where({ student_id: kid }).select('note')).toEqual([{ note: 'Cold' }]);
    expect(await db('activities').where({ kind: 'absent' })).toHaveLength(0);
    const feed = (await q(FEED, { id: s.rooms.infants, type: 'absent' }, s.tokens.teacher)).data?.getRoomActivities;
    expect(feed.map((a: { id: string }) => a.id)).toEqual([id]);
    const del = await q(
      'mutation($id: ID!, $st: ID!) { deleteDailyActivity(id: $id, student: $st) { status } }',
      { id, st: kid },
      s.tokens.teacher,
    );
    expect(del.data?.deleteDailyActivity.status).toBe(true);
    expect(await db('attendance_absences').where({ student_id: kid })).toHaveLength(0);
  });

  it('HealthCheck is one health_screens row per child (request_id: once)', async () => {
    const HC = `mutation($st: [ID!]!, $t: Float, $r: String) { saveHealthCheckActivity(students: $st, temperature: $t, note: "Checked at the door", request_id: $r) { ${ENTRY} activities { id temperature } } }`;
    const before = await count('health_screens');
    expect(field(await q(HC, { st: [s.kids.ana], t: 300 }, s.tokens.teacher))).toBe('temperature');
    const r = await q(HC, { st: [s.kids.ana], t: 98.6, r: 'hc-request-0001' }, s.tokens.teacher);
    expect(r.data?.saveHealthCheckActivity.activities).toEqual([{ id: expect.stringMatching(/^health-\d+$/), temperature: 98.6 }]);
    const again = await q(HC, { st: [s.kids.ana], t: 98.6, r: 'hc-request-0001' }, s.tokens.teacher);
    expect(again.data?.saveHealthCheckActivity.replayed).toBe(true);
    expect(await count('health_screens')).toBe(before + 1);
    const row = await db('health_screens').orderBy('id', 'desc').first('temperature', 'note', 'passed');
    expect(row).toEqual({ temperature: '98.6', note: 'Checked at the door', passed: true });
    expect(await db('activities').where({ kind: 'health_check' })).toHaveLength(0);
  });

  it('CheckIn goes through attendance: one attendance row, a repeat adds none', async () => {
    const CI = `mutation($st: [ID!]!, $r: String) { saveCheckInActivity(students: $st, request_id: $r) { ${ENTRY} } }`;
    const r = await q(CI, { st: [s.kids.ben], r: 'checkin-req-0001' }, s.tokens.teacher);
    expect(r.data?.saveCheckInActivity.activity.id).toMatch(/^checkin-\d+$/);
    await q(CI, { st: [s.kids.ben], r: 'checkin-req-0001' }, s.tokens.teacher);
    await q(CI, { st: [s.kids.ben] }, s.tokens.teacher);
    expect(await db('attendances').where({ student_id: s.kids.ben }).whereNull('deleted_at')).toHaveLength(1);
    const feed = (await q(FEED, { id: s.rooms.toddlers, type: 'check_in' }, s.tokens.teacher)).data?.getRoomActivities;
    expect(feed.map((a: { id: string }) => a.id)).toEqual([r.data?.saveCheckInActivity.activity.id]);
    expect(await db('activities').where({ kind: 'check_in' })).toHaveLength(0);
  });
});

describe('check-out and corrections through attendance', () => {
  it('CheckOut closes the open record; corrections are managers’ with a reason', async () => {
    const local = localParts(new Date(), 'America/Chicago');
    const [hh, mm] = local.time.split(':').map(Number) as [number, number];
    const back = (m: number) => {
      const t = Math.max(0, hh * 60 + mm - m);
      return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
    };
    const CO = `mutation($st: [ID!]!) { saveCheckOutActivity(students: $st) { ${ENTRY} } }`;
    const out = await q(CO, { st: [s.kids.ben] }, s.tokens.teacher);
    const outId = out.data?.saveCheckOutActivity.activity.id;
    expect(outId).toMatch(/^checkout-\d+$/);
    const rows = await db('attendances').where({ student_id: s.kids.ben }).whereNull('deleted_at');
    expect(rows).toHaveLength(1);
    expect(rows[0].end_time).not.toBeNull();
    const inId = outId.replace('checkout', 'checkin');
    const UPD_IN =
      'mutation($id: ID!, $t: String!, $r: String) { updateCheckInActivity(id: $id, time: $t, reason: $r) { activity { id time } } }';
    const UPD_OUT =
      'mutation($id: ID!, $t: String!, $r: String) { updateCheckOutActivity(id: $id, time: $t, reason: $r) { activity { id time } } }';
    expect(code(await q(UPD_IN, { id: inId, t: back(30), r: 'Arrived earlier' }, s.tokens.teacher))).toBe('FORBIDDEN');
    expect(field(await q(UPD_IN, { id: inId, t: back(30) }, s.tokens.mgrX))).toBe('reason');
    expect((await q(UPD_IN, { id: inId, t: back(30), r: 'Arrived earlier' }, s.tokens.mgrX)).data?.updateCheckInActivity.activity).toEqual({
      id: inId,
      time: back(30),
    });
    expect((await q(UPD_OUT, { id: outId, t: back(10), r: 'Left earlier' }, s.tokens.mgrX)).data?.updateCheckOutActivity.activity).toEqual({
      id: outId,
      time: back(10),
    });
    expect(await db('attendances').where({ student_id: s.kids.ben }).whereNull('deleted_at')).toHaveLength(1);
    expect(
      field(
        await q(
          'mutation($id: ID!, $st: ID!) { deleteDailyActivity(id: $id, student: $st) { status } }',
          { id: outId, st: s.kids.ben },
          s.tokens.mgrX,
        ),
      ),
    ).toBe('id');
  });
});

describe('the room feed', () => {
  it('lists the room’s entries; staffOnly filters; outside the scope not found', async () => {
    const all = (await q(FEED, { id: s.rooms.toddlers }, s.tokens.teacher)).data?.getRoomActivities;
    expect(all.length).toBeGreaterThan(3);
    const staff = (await q(FEED, { id: s.rooms.toddlers, so: true }, s.tokens.teacher)).data?.getRoomActivities;
    expect(staff.every((a: { staffOnly: boolean }) => a.staffOnly)).toBe(true);
    expect(code(await q(FEED, { id: s.rooms.yRoom }, s.tokens.teacher))).toBe('NOT_FOUND');
    expect(code(await q(FEED, { id: s.rooms.toddlers }, s.family.mumToken))).toBe('FORBIDDEN');
    expect(field(await q(FEED, { id: s.rooms.toddlers, type: 'party' }, s.tokens.teacher))).toBe('type');
  });

  it('costs the same SQL statements for 2 entries as for 20 (no N+1)', async () => {
    const knex = await h.deps.pools.get(A().entry.id, A().url);
    const seen: string[] = [];
    knex.on('query', (x: { sql: string }) => seen.push(x.sql));
    const [room] = await db('programs').insert({ location_id: s.X, name: 'Feed room' }).returning('id');
    await db('user_programs')
      .insert({ user_id: s.ids.teacher, program_id: room.id })
      .catch(() => undefined);
    const kids: string[] = [];
    for (let i = 0; i < 5; i++)
      kids.push(
        String(
          (
            await db('students')
              .insert({ fname: `F${i}`, lname: 'Kid', location_id: s.X, program_id: room.id })
              .returning('id')
          )[0].id,
        ),
      );
    const statements = async () => {
      await q(FEED, { id: String(room.id) }, s.tokens.teacher);
      seen.length = 0;
      const r = await q(FEED, { id: String(room.id) }, s.tokens.teacher);
      expect(r.body).not.toContain('"errors"');
      return { n: seen.length, rows: r.data?.getRoomActivities.length as number };
    };
    await meal(kids.slice(0, 2), { id: String(room.id) });
    await q(NAP, { st: [kids[0]], time: '09:00', end: '10:00', pos: 'back' }, s.tokens.teacher);
    const small = await statements();
    for (let i = 0; i < 18; i++) await meal([kids[i % 5]!, kids[(i + 1) % 5]!], { t: 'am_snack' });
    await q('mutation($st: [ID!]!) { saveAbsentActivity(students: $st) { status } }', { st: [kids[4]] }, s.tokens.teacher);
    const big = await statements();
    expect(big.rows).toBeGreaterThanOrEqual(small.rows + 19);
    expect(big.n).toBe(small.n);
    expect(small.n).toBeLessThanOrEqual(8);
  });
});

describe('deleting', () => {
  it('takes a child off a group entry; the last one deletes it', async () => {
    const id = (await meal([s.kids.ana, s.kids.ben], { t: 'am_snack' })).data?.saveMealActivity.activity.id;
    const DEL = 'mutation($id: ID!, $st: ID!) { deleteDailyActivity(id: $id, student: $st) { status message } }';
    expect((await q(DEL, { id, st: s.kids.ana }, s.tokens.teacher)).data?.deleteDailyActivity.message).toBe(
      'The child is taken off the entry.',
    );
    expect(code(await q(DEL, { id, st: s.kids.ana }, s.tokens.teacher))).toBe('NOT_FOUND');
    expect(code(await q(DEL, { id, st: s.kids.ben }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect((await q(DEL, { id, st: s.kids.ben }, s.tokens.teacher)).data?.deleteDailyActivity.message).toBe('The entry is deleted.');
    expect(await db('activities').where({ id })).toHaveLength(0);
  });
});

describe('every operation refuses bad input with a typed error naming the field, writing nothing', () => {
  // Each save without its kind's required field (or with a bad one).
  const SAVES: [string, string, string][] = [
    ['saveBottleActivity', '', 'amount'],
    ['saveMealActivity', 'portion: "all"', 'type'],
    ['saveNapActivity', '', 'position'],
    ['saveDiaperActivity', '', 'type'],
    ['savePottyActivity', 'type: "maybe"', 'type'],
    ['saveSuppliesActivity', '', 'supplies'],
    ['saveMedicationActivity', 'dose: "1", by: "T"', 'medication_id'],
    ['saveIncidentActivity', 'first_aid: "Ice"', 'injury'],
    ['saveNoteActivity', 'note: " "', 'note'],
    ['saveKudosActivity', '', 'title'],
    ['saveMoodActivity', '', 'mood'],
    ['saveCustomActivity', '', 'custom'],
    ['saveObservationActivity', 'skills: ["x"]', 'observation'],
    ['saveActivity', 'type: "art"', 'title'],
    ['saveHealthCheckActivity', '', 'temperature'],
    ['saveAbsentActivity', 'date: "2026-02-30"', 'date'],
    ['saveCheckInActivity', 'time: "7am"', 'time'],
    ['saveCheckOutActivity', 'date: "yesterday"', 'date'],
  ];
  const VALID: Record<string, string> = {
    saveBottleActivity: 'amount: 120',
    saveMealActivity: 'type: "lunch", portion: "all"',
    saveNapActivity: 'position: "back"',
    saveDiaperActivity: 'type: "wet"',
    savePottyActivity: 'type: "success"',
    saveSuppliesActivity: 'supplies: ["Wipes"]',
    saveMedicationActivity: 'medication_id: "1", dose: "1", by: "T"',
    saveIncidentActivity: 'injury: "Bump", first_aid: "Ice"',
    saveNoteActivity: 'note: "Hello"',
    saveKudosActivity: 'title: "Kind"',
    saveMoodActivity: 'mood: "happy"',
    saveCustomActivity: 'custom: "Sunscreen"',
    saveObservationActivity: 'observation: "Counted"',
    saveActivity: 'title: "Art"',
    saveHealthCheckActivity: 'temperature: 98.2',
    saveAbsentActivity: 'type: "sick"',
    saveCheckInActivity: 'time: "08:00"',
    saveCheckOutActivity: 'time: "16:00"',
  };
  const tables = ['activities', 'activity_students', 'attendance_absences', 'health_screens', 'attendances'];
  const snapshot = () => Promise.all(tables.map(count));

  it.each(SAVES)('%s', async (op, args, name) => {
    const before = await snapshot();
    const r = await q(
      `mutation($st: [ID!]!) { ${op}(students: $st${args ? `, ${args}` : ''}) { status } }`,
      { st: [s.kids.ana] },
      s.tokens.teacher,
    );
    expect([code(r), field(r)]).toEqual(['BAD_USER_INPUT', name]);
    expect(await snapshot()).toEqual(before);
    // A child outside the scope (with every field fine): not found, naming students.
    const outside = await q(
      `mutation($st: [ID!]!) { ${op}(students: $st, ${VALID[op]}) { status } }`,
      { st: [s.kids.yKid] },
      s.tokens.teacher,
    );
    expect([code(outside), field(outside)]).toEqual(['NOT_FOUND', 'students']);
    expect(await snapshot()).toEqual(before);
  });

  const UPDATES = [
    'updateBottleActivity',
    'updateMealActivity',
    'updateNapActivity',
    'updateDiaperActivity',
    'updatePottyActivity',
    'updateSuppliesActivity',
    'updateMedicationActivity',
    'updateIncidentActivity',
    'updateNoteActivity',
    'updateKudosActivity',
    'updateMoodActivity',
    'updateCustomActivity',
    'updateObservationActivity',
    'updateActivity',
  ];
  it.each(UPDATES)('%s: an unknown or foreign entry is not found (field id)', async (op) => {
    const foreign = (await meal([s.kids.yKid], {}, s.tokens.mgrY)).data?.saveMealActivity.activity.id;
    const before = await snapshot();
    for (const id of ['987654', foreign]) {
      const r = await q(`mutation($id: ID!) { ${op}(id: $id, note: "x") { status } }`, { id }, s.tokens.teacher);
      expect([code(r), field(r)]).toEqual(['NOT_FOUND', 'id']);
    }
    expect(field(await q(`mutation { ${op}(id: "abc") { status } }`, {}, s.tokens.teacher))).toBe('id');
    expect(await snapshot()).toEqual(before);
  });

  it('the delegated updates, delete, reports and feeds', async () => {
    const before = await snapshot();
    for (const [doc, name, want] of [
      ['mutation { updateAbsentActivity(id: "health-1") { status } }', 'id', 'BAD_USER_INPUT'],
      ['mutation { updateHealthCheckActivity(id: "absent-1", temperature: 99) { status } }', 'id', 'BAD_USER_INPUT'],
      ['mutation { updateHealthCheckActivity(id: "health-987654", temperature: 99) { status } }', 'id', 'NOT_FOUND'],
      ['mutation { updateCheckInActivity(id: "checkin-987654", time: "08:00", reason: "Typo fixed") { status } }', 'id', 'NOT_FOUND'],
      ['mutation { updateCheckOutActivity(id: "checkout-1", time: "8 pm") { status } }', 'time', 'BAD_USER_INPUT'],
      [`mutation { deleteDailyActivity(id: "party-1", student: "${s.kids.ana}") { status } }`, 'id', 'BAD_USER_INPUT'],
      [`mutation { deleteDailyActivity(id: "absent-987654", student: "${s.kids.ana}") { status } }`, 'id', 'NOT_FOUND'],
      [`query { getDailyReport(id: "${s.kids.ana}", date: "2026-13-01") { date } }`, 'date', 'BAD_USER_INPUT'],
      [`query { getDailyReport(id: "${s.kids.yKid}") { date } }`, 'id', 'NOT_FOUND'],
      [`query { getFilteredReports(id: "${s.kids.ana}", from: "2026-01-01", to: "2026-03-01") { from } }`, 'to', 'BAD_USER_INPUT'],
      [`query { getFilteredReports(id: "${s.kids.ana}", type: "party") { from } }`, 'type', 'BAD_USER_INPUT'],
      [`query { getRoomActivities(id: "${s.rooms.toddlers}", from: "2026-03-02", to: "2026-03-01") { id } }`, 'to', 'BAD_USER_INPUT'],
      [`mutation { sendDailyReport(student: "${s.kids.ana}", receivers: []) { status } }`, 'receivers', 'BAD_USER_INPUT'],
      ['mutation { approveRoomActivities(id: []) { status } }', 'id', 'BAD_USER_INPUT'],
    ] as const) {
      const r = await q(doc, {}, doc.includes('approveRoomActivities') ? s.tokens.mgrX : s.tokens.teacher);
      expect([code(r), field(r)], doc).toEqual([want, name]);
    }
    expect(await snapshot()).toEqual(before);
  });
});
