import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, countQueries, createPeopleHarness, field, type World } from './test-fixtures.ts';

let h: Harness;
let w: World;
const db = () => w.c.db.db;

const CREATE = `mutation($fname: String!, $lname: String!, $l: ID!, $p: ID!, $cams: [ID!]!, $users: [StudentUserInput!]!, $dup: Boolean, $allergies: [ID!], $rooms: [ID!], $dob: String, $status: Boolean, $type: String) {
  createNewStudent(fname: $fname, lname: $lname, location_id: $l, program_id: $p, cameras: $cams, users: $users, check_duplicate: $dup, allergies: $allergies, other_rooms: $rooms, dob: $dob, status: $status, type: $type) {
    status message color
    student { id full_name location_id program_id status type
      users { id fname pivot { relation pickup legal_guardian emergency_contact watch_camera } }
      allergies { name } cameras { id } other_rooms { id } }
    duplicates { id full_name }
  }
}`;
const STUDENT = `query($id: ID!) { student(id: $id) { id fname full_name age dob doctor_name drphone status
  location { id name } program { id name } other_rooms { id } tags { name } allergies { name } medications { name }
  users { id username pivot { relation pickup black_list watch_camera } } guardians { user_id relation is_payer user { username } }
  cameras { id } siblings { id fname dob doctor_name } } }`;
const UPDATE =
  'mutation($id: ID!, $note: String, $gender: String, $status: Boolean, $p: ID, $dob: String) { updateNewStudent(id: $id, note: $note, gender: $gender, status: $status, program_id: $p, dob: $dob) { status message student { id note gender status program_id dob } } }';

const allergy = async (name: string) => String((await db()('allergies').insert({ name }).returning('id'))[0].id);

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
});
afterAll(() => h.close());

describe('createNewStudent', () => {
  it('creates a student with two guardians, an allergy, a camera and another room, and audits it', async () => {
    const peanut = await allergy('Peanuts');
    const r = await w.q(
      CREATE,
      {
        fname: 'Dora',
        lname: 'Explorer',
        l: w.X,
        p: w.room1X,
        cams: [w.camX],
        rooms: [w.room2X],
        allergies: [peanut],
        dob: '2022-01-15',
        users: [
          { user_id: w.ids.parent, relation: 'Mother', legal_guardian: true },
          { user_id: w.parent2.id, relation: 'Aunt', pickup: false },
        ],
      },
      w.tokens.mgrX,
    );
    expect(r.errors).toBeUndefined();
    const s = r.data!.createNewStudent;
    expect(s).toMatchObject({ status: true, color: 'success', duplicates: [] });
    expect(s.student).toMatchObject({
      full_name: 'Dora Explorer',
      location_id: w.X,
      program_id: w.room1X,
      status: true,
      allergies: [{ name: 'Peanuts' }],
      cameras: [{ id: w.camX }],
      other_rooms: [{ id: w.room2X }],
    });
    expect(s.student.users).toHaveLength(2);
    expect(s.student.users.find((u: any) => u.id === w.ids.parent).pivot).toMatchObject({
      relation: 'Mother',
      legal_guardian: true,
      pickup: true,
      watch_camera: true,
    });
    expect(s.student.users.find((u: any) => u.id === w.parent2.id).pivot).toMatchObject({ relation: 'Aunt', pickup: false });
    const audit = await db()('audit_log').where({ action: 'student.create', entity_id: s.student.id }).first();
    expect(audit).toMatchObject({ actor_user_id: w.ids.mgrX, location_id: w.X });
  });

  it('check_duplicate returns the likely duplicate and creates nothing', async () => {
    const before = await db()('students').count({ n: '*' });
    const r = await w.q(
      CREATE,
      { fname: 'dora', lname: 'EXPLORER', l: w.X, p: w.room1X, cams: [], users: [], dup: true, dob: '2022-01-15' },
      w.tokens.mgrX,
    );
    expect(r.data?.createNewStudent).toMatchObject({
      status: false,
      color: 'warning',
      student: null,
      duplicates: [{ full_name: 'Dora Explorer' }],
    });
    expect(await db()('students').count({ n: '*' })).toEqual(before);
  });

  it('refuses bad input with the field named', async () => {
    const base = { fname: 'Ed', lname: 'Edd', l: w.X, p: w.room1X, cams: [], users: [] };
    expect(field(await w.q(CREATE, { ...base, fname: '  ' }, w.tokens.mgrX))).toBe('fname');
    expect(field(await w.q(CREATE, { ...base, p: w.roomY }, w.tokens.mgrX))).toBe('program_id');
    expect(field(await w.q(CREATE, { ...base, cams: [w.camY] }, w.tokens.mgrX))).toBe('cameras');
    expect(field(await w.q(CREATE, { ...base, dob: '2021-02-30' }, w.tokens.mgrX))).toBe('dob');
    expect(field(await w.q(CREATE, { ...base, type: 'alumni' }, w.tokens.mgrX))).toBe('type');
    const missing = await w.q(
      'mutation($l: ID!) { createNewStudent(fname: "A", lname: "B", location_id: $l, cameras: [], users: []) { status } }',
      { l: w.X },
      w.tokens.mgrX,
    );
    expect(code(missing)).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('answers NOT_FOUND for a location or contact outside the scope, and FORBIDDEN to parents, teachers and blog editors', async () => {
    const base = { fname: 'Ed', lname: 'Edd', l: w.Y, p: w.roomY, cams: [], users: [] };
    expect(code(await w.q(CREATE, base, w.tokens.mgrX))).toBe('NOT_FOUND');
    const outsider = String((await db()('users').insert({ fname: 'Out', lname: 'Sider', username: 'outsider' }).returning('id'))[0].id);
    expect(code(await w.q(CREATE, { ...base, l: w.X, p: w.room1X, users: [{ user_id: outsider }] }, w.tokens.mgrX))).toBe('NOT_FOUND');
    for (const t of [w.tokens.parent, w.tokens.teacher, w.tokens.blog])
      expect(code(await w.q(CREATE, { ...base, l: w.X, p: w.room1X }, t))).toBe('FORBIDDEN');
  });

  it("refuses an enrolment past the location's max_no_of_students", async () => {
    const active = Number(
      (await db()('students').where({ location_id: w.Y, status: true }).whereNull('deleted_at').count({ n: '*' }))[0]!.n,
    );
    await db()('location_settings').insert({ location_id: w.Y, max_no_of_students: active });
    const r = await w.q(CREATE, { fname: 'Full', lname: 'House', l: w.Y, p: w.roomY, cams: [], users: [] }, w.tokens.owner);
    expect(code(r)).toBe('STUDENT_LOCATION_FULL');
    const lead = await w.q(
      CREATE,
      { fname: 'Wait', lname: 'Ing', l: w.Y, p: w.roomY, cams: [], users: [], type: 'waitlist' },
      w.tokens.owner,
    );
    expect(lead.data?.createNewStudent.student.type).toBe('waitlist');
    await db()('location_settings').where({ location_id: w.Y }).del();
  });
});

describe('student(id) and its relations', () => {
  it('loads every relation; medical fields for the guardian, teacher and manager', async () => {
    await db()('student_siblings').insert([
      { student_id: w.kidX, sibling_id: w.kidY },
      { student_id: w.kidY, sibling_id: w.kidX },
    ]);
    const mgr = await w.q(STUDENT, { id: w.kidX }, w.tokens.mgrX);
    expect(mgr.errors).toBeUndefined();
    expect(mgr.data!.student).toMatchObject({
      fname: 'Ava',
      doctor_name: 'Dr Who',
      drphone: '5551234567',
      program: { id: w.room1X },
      location: { id: w.X },
    });
    expect(mgr.data!.student.age).toMatch(/year/);
    // kidY is at Y: the manager of X sees the sibling by name only, without medical data.
    expect(mgr.data!.student.siblings).toEqual([{ id: w.kidY, fname: 'Cid', dob: null, doctor_name: null }]);
    const owner = await w.q(STUDENT, { id: w.kidX }, w.tokens.owner);
    expect(owner.data!.student.siblings[0]).toMatchObject({ id: w.kidY, fname: 'Cid' });
    for (const t of [w.tokens.parent, w.tokens.teacher]) {
      const r = await w.q(STUDENT, { id: w.kidX }, t);
      expect(r.data?.student.doctor_name).toBe('Dr Who');
    }
    await db()('student_siblings').del();
  });

  it("parents see their child's room without its camera group (stream codes stay behind the camera checks)", async () => {
    const [g] = await db()('camera_groups').insert({ location_id: w.X, name: 'Room cams' }).returning('id');
    await db()('camera_group_cameras').insert({ camera_group_id: g.id, camera_id: w.camX });
    await db()('programs').where({ id: w.room1X }).update({ camera_group_id: g.id });
    const Q = 'query($id: ID!) { student(id: $id) { program { id group { cameras { code } } } } }';
    expect((await w.q(Q, { id: w.kidX }, w.tokens.parent)).data?.student.program).toEqual({ id: w.room1X, group: null });
    expect((await w.q(Q, { id: w.kidX }, w.tokens.teacher)).data?.student.program).toEqual({
      id: w.room1X,
      group: { cameras: [{ code: 'hall' }] },
    });
    await db()('programs').where({ id: w.room1X }).update({ camera_group_id: null });
  });

  it('batches relations: the same number of queries for one student or many', async () => {
    const LIST = `query($l: ID) { students(location_id: $l, first: 50) { data { id location { name } program { name } other_rooms { id } tags { id } allergies { id } medications { id } users { id roles { name } } guardians { user_id } cameras { id } siblings { id } } } }`;
    // Both lists have contacts (so User.roles runs in both).
    await db()('student_users').insert({ student_id: w.kidY, user_id: w.parent2.id });
    const one = await countQueries(h, w.c, () => w.q(LIST, { l: w.Y }, w.tokens.owner));
    const many = await countQueries(h, w.c, () => w.q(LIST, { l: w.X }, w.tokens.owner));
    await db()('student_users').where({ student_id: w.kidY }).del();
    expect(Number((await db()('students').where({ location_id: w.X }).count({ n: '*' }))[0]!.n)).toBeGreaterThan(2);
    expect(many).toBe(one);
  });
});

describe('updates', () => {
  it('staff update any field; omitted fields stay', async () => {
    const r = await w.q(UPDATE, { id: w.kidX2, note: 'Naps at noon', gender: 'male' }, w.tokens.mgrX);
    expect(r.data?.updateNewStudent).toMatchObject({
      status: true,
      student: { note: 'Naps at noon', gender: 'male', program_id: w.room2X },
    });
    expect(code(await w.q(UPDATE, { id: w.kidY, note: 'x' }, w.tokens.mgrX))).toBe('NOT_FOUND');
    expect(field(await w.q(UPDATE, { id: w.kidX2, p: w.roomY }, w.tokens.mgrX))).toBe('program_id');
  });

  it("parents edit their own child only within the centre's can_edit_student / can_edit_fields", async () => {
    expect(code(await w.q(UPDATE, { id: w.kidX, note: 'Loves trains' }, w.tokens.parent))).toBe('FORBIDDEN');
    await db()('location_settings').insert({ location_id: w.X, can_edit_student: true, can_edit_fields: ['note', 'gender'] });
    const ok = await w.q(UPDATE, { id: w.kidX, note: 'Loves trains', gender: 'female' }, w.tokens.parent);
    expect(ok.data?.updateNewStudent.student).toMatchObject({ note: 'Loves trains', gender: 'female' });
    const refused = await w.q(UPDATE, { id: w.kidX, dob: '2020-01-01' }, w.tokens.parent);
    expect(code(refused)).toBe('FORBIDDEN');
    expect(refused.errors?.[0]?.message).toMatch(/dob/);
    expect(code(await w.q(UPDATE, { id: w.kidX, status: false }, w.tokens.parent))).toBe('FORBIDDEN');
    // Another family's child: never confirmed.
    expect(code(await w.q(UPDATE, { id: w.kidX2, note: 'x' }, w.tokens.parent))).toBe('NOT_FOUND');
    const audit = await db()('audit_log').where({ action: 'student.update', entity_id: w.kidX, actor_user_id: w.ids.parent }).first();
    expect(audit?.data).toMatchObject({ by_parent: true });
  });

  it('single-field saves: name, gender, ethnicity, address', async () => {
    const name = await w.q(
      'mutation($id: ID!) { saveStudentName(id: $id, fname: "Benny", lname: "Other", nick_name: "B") { status student { full_name nick_name } } }',
      { id: w.kidX2 },
      w.tokens.mgrX,
    );
    expect(name.data?.saveStudentName.student).toEqual({ full_name: 'Benny Other', nick_name: 'B' });
    const g = await w.q(
      'mutation($id: ID!) { saveStudentGender(id: $id, gender: "") { student { gender } } }',
      { id: w.kidX2 },
      w.tokens.mgrX,
    );
    expect(g.data?.saveStudentGender.student.gender).toBeNull();
    const e = await w.q(
      'mutation($id: ID!) { saveStudentEthnicity(id: $id, ethnicity: "Hispanic", race: "White") { student { ethnicity race } } }',
      { id: w.kidX2 },
      w.tokens.mgrX,
    );
    expect(e.data?.saveStudentEthnicity.student).toEqual({ ethnicity: 'Hispanic', race: 'White' });
    const a = await w.q(
      'mutation($id: ID!) { saveStudentAddress(id: $id, street_1: "1 Main St", city: "Austin", zip: "78701") { student { street_1 city zip } } }',
      { id: w.kidX2 },
      w.tokens.mgrX,
    );
    expect(a.data?.saveStudentAddress.student).toEqual({ street_1: '1 Main St', city: 'Austin', zip: '78701' });
    expect(
      field(await w.q('mutation($id: ID!) { saveStudentAddress(id: $id, zip: "<script>") { status } }', { id: w.kidX2 }, w.tokens.mgrX)),
    ).toBe('zip');
    expect(
      code(await w.q('mutation($id: ID!) { saveStudentName(id: $id, fname: "X", lname: "Y") { status } }', { id: w.kidY }, w.tokens.mgrX)),
    ).toBe('NOT_FOUND');
  });
});

describe('status, archive, transfer and rooms', () => {
  it('toggles status, bulk-updates by a status string, and lists leads and active students', async () => {
    const off = await w.q(
      'mutation($id: ID!) { updateStudentStatus(id: $id, status: false) { status message student { status } } }',
      { id: w.kidX2 },
      w.tokens.mgrX,
    );
    expect(off.data?.updateStudentStatus).toMatchObject({ status: true, student: { status: false } });
    expect(code(await w.q('mutation($id: ID!) { updateStudentStatus(id: $id) { status } }', { id: w.kidX2 }, w.tokens.mgrX))).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
    const bulk = await w.q(
      'mutation($ids: [ID!]!) { bulkUpdateStudentStatus(ids: $ids, status: "lead") { students { id type } } }',
      { ids: [w.kidX2] },
      w.tokens.mgrX,
    );
    expect(bulk.data?.bulkUpdateStudentStatus.students).toEqual([{ id: w.kidX2, type: 'lead' }]);
    expect(
      field(
        await w.q(
          'mutation($ids: [ID!]!) { bulkUpdateStudentStatus(ids: $ids, status: "gone") { status } }',
          { ids: [w.kidX2] },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('status');
    expect(
      code(
        await w.q(
          'mutation($ids: [ID!]!) { bulkUpdateStudentStatus(ids: $ids, status: "active") { status } }',
          { ids: [w.kidX2, w.kidY] },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
    const leads = await w.q(
      'query($l: ID) { getLeadStudents(location_id: $l) { data { id } paginatorInfo { total } } }',
      { l: w.X },
      w.tokens.teacher,
    );
    expect(leads.data?.getLeadStudents.data.map((s: any) => s.id)).toContain(w.kidX2);
    const active = await w.q('query($l: ID) { getActiveStudents(location_id: $l, first: 100) { data { id } } }', { l: w.X }, w.tokens.mgrX);
    expect(active.data?.getActiveStudents.data.map((s: any) => s.id)).not.toContain(w.kidX2);
    await w.q(
      'mutation($ids: [ID!]!) { a: bulkUpdateStudentStatus(ids: $ids, status: "enrolled") { status } b: bulkUpdateStudentStatus(ids: $ids, status: "active") { status } }',
      { ids: [w.kidX2] },
      w.tokens.mgrX,
    );
    expect(await db()('students').where({ id: w.kidX2 }).first('status', 'type')).toEqual({ status: true, type: 'enrolled' });
  });

  it('archives, lists the archive, restores and deletes for ever', async () => {
    const r = await w.q(CREATE, { fname: 'Temp', lname: 'Kid', l: w.X, p: w.room1X, cams: [], users: [] }, w.tokens.mgrX);
    const id = r.data!.createNewStudent.student.id;
    expect((await w.q('mutation($id: ID!) { deleteStudent(id: $id) { status id } }', { id }, w.tokens.mgrX)).data?.deleteStudent).toEqual({
      status: true,
      id,
    });
    expect(code(await w.q(STUDENT, { id }, w.tokens.mgrX))).toBe('NOT_FOUND');
    const list = await w.q('query { getArchivedList { data { id archived_at } paginatorInfo { total } } }', {}, w.tokens.mgrX);
    expect(list.data?.getArchivedList.data[0]).toMatchObject({ id });
    expect(list.data?.getArchivedList.data[0].archived_at).toBeTruthy();
    expect(code(await w.q('query { getArchivedList { data { id } } }', {}, w.tokens.parent))).toBe('FORBIDDEN');
    const restored = await w.q(
      'mutation($ids: [ID!]!) { restoreArchived(ids: $ids) { students { id archived_at } } }',
      { ids: [id] },
      w.tokens.mgrX,
    );
    expect(restored.data?.restoreArchived.students).toEqual([{ id, archived_at: null }]);
    // Live students cannot be deleted for ever.
    expect(code(await w.q('mutation($ids: [ID!]!) { forceDeleteArchived(ids: $ids) { ids } }', { ids: [id] }, w.tokens.mgrX))).toBe(
      'NOT_FOUND',
    );
    await w.q('mutation($id: ID!) { deleteStudent(id: $id) { status } }', { id }, w.tokens.mgrX);
    const gone = await w.q('mutation($ids: [ID!]!) { forceDeleteArchived(ids: $ids) { status ids } }', { ids: [id] }, w.tokens.mgrX);
    expect(gone.data?.forceDeleteArchived).toEqual({ status: true, ids: [id] });
    expect(await db()('students').where({ id }).first()).toBeUndefined();
    expect(await db()('audit_log').where({ action: 'student.force_delete', entity_id: id }).first()).toBeTruthy();
  });

  it('transfers students between locations (location_id required), clearing other rooms and cameras', async () => {
    const r = await w.q(
      CREATE,
      { fname: 'Mover', lname: 'Kid', l: w.X, p: w.room1X, cams: [w.camX], rooms: [w.room2X], users: [] },
      w.tokens.owner,
    );
    const id = r.data!.createNewStudent.student.id;
    expect(code(await w.q('mutation($ids: [ID!]!) { transferStudents(ids: $ids) { status } }', { ids: [id] }, w.tokens.owner))).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
    expect(
      code(
        await w.q(
          'mutation($ids: [ID!]!, $l: ID!) { transferStudents(ids: $ids, location_id: $l) { status } }',
          { ids: [id], l: w.Y },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(
      field(
        await w.q(
          'mutation($ids: [ID!]!, $l: ID!, $p: ID) { transferStudents(ids: $ids, location_id: $l, program_id: $p) { status } }',
          { ids: [id], l: w.Y, p: w.room1X },
          w.tokens.owner,
        ),
      ),
    ).toBe('program_id');
    const t = await w.q(
      'mutation($ids: [ID!]!, $l: ID!, $p: ID) { transferStudents(ids: $ids, location_id: $l, program_id: $p) { status students { location_id program_id cameras { id } other_rooms { id } } } }',
      { ids: [id], l: w.Y, p: w.roomY },
      w.tokens.owner,
    );
    expect(t.data?.transferStudents.students).toEqual([{ location_id: w.Y, program_id: w.roomY, cameras: [], other_rooms: [] }]);
    expect(await db()('audit_log').where({ action: 'student.transfer', entity_id: id }).count({ n: '*' })).toEqual([{ n: '2' }]);
  });

  it('changes rooms and moves a whole room', async () => {
    const r = await w.q(
      'mutation($id: ID!, $p: ID, $o: [ID!]) { updateStudentRooms(id: $id, program_id: $p, other_rooms: $o) { student { program_id other_rooms { id } } } }',
      { id: w.kidX2, p: w.room1X, o: [w.room2X] },
      w.tokens.mgrX,
    );
    expect(r.data?.updateStudentRooms.student).toEqual({ program_id: w.room1X, other_rooms: [{ id: w.room2X }] });
    expect(
      field(
        await w.q(
          'mutation($id: ID!, $o: [ID!]) { updateStudentRooms(id: $id, other_rooms: $o) { status } }',
          { id: w.kidX2, o: [w.roomY] },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('other_rooms');
    const moved = await w.q(
      'mutation($a: ID!, $b: ID!) { transferPrograms(from_program_id: $a, to_program_id: $b) { message students { id program_id } } }',
      { a: w.room1X, b: w.room2X },
      w.tokens.mgrX,
    );
    expect(moved.data?.transferPrograms.students.map((s: any) => s.program_id)).toEqual(expect.arrayContaining([w.room2X]));
    expect(
      code(
        await w.q(
          'mutation($a: ID!, $b: ID!) { transferPrograms(from_program_id: $a, to_program_id: $b) { status } }',
          { a: w.room2X, b: w.roomY },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(
      field(
        await w.q(
          'mutation($a: ID!, $b: ID!) { transferPrograms(from_program_id: $a, to_program_id: $b) { status } }',
          { a: w.room2X, b: w.roomY },
          w.tokens.owner,
        ),
      ),
    ).toBe('to_program_id');
    await w.q(
      'mutation($a: ID!, $b: ID!) { transferPrograms(from_program_id: $a, to_program_id: $b) { status } }',
      { a: w.room2X, b: w.room1X },
      w.tokens.mgrX,
    );
  });
});

describe('siblings', () => {
  it('adds, gets, replaces and removes siblings', async () => {
    const add = await w.q(
      'mutation($a: ID!, $b: ID!) { addSibling(student_id: $a, sibling_id: $b) { status student { siblings { id } } } }',
      { a: w.kidX, b: w.kidX2 },
      w.tokens.mgrX,
    );
    expect(add.data?.addSibling.student.siblings).toEqual([{ id: w.kidX2 }]);
    const get = await w.q('query($a: ID!) { getSiblings(student_id: $a) { id fname } }', { a: w.kidX2 }, w.tokens.mgrX);
    expect(get.data?.getSiblings).toEqual([{ id: w.kidX, fname: 'Ava' }]);
    expect(
      field(await w.q('mutation($a: ID!) { addSibling(student_id: $a, sibling_id: $a) { status } }', { a: w.kidX }, w.tokens.mgrX)),
    ).toBe('sibling_id');
    expect(
      code(
        await w.q(
          'mutation($a: ID!, $b: ID!) { addSibling(student_id: $a, sibling_id: $b) { status } }',
          { a: w.kidX, b: w.kidY },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
    const upd = await w.q(
      'mutation($a: ID!, $s: [ID!]!) { updateSibling(student_id: $a, siblings: $s) { student { siblings { id } } } }',
      { a: w.kidX, s: [] },
      w.tokens.mgrX,
    );
    expect(upd.data?.updateSibling.student.siblings).toEqual([]);
    await w.q(
      'mutation($a: ID!, $b: ID!) { addSibling(student_id: $a, sibling_id: $b) { status } }',
      { a: w.kidX, b: w.kidX2 },
      w.tokens.mgrX,
    );
    const rm = await w.q(
      'mutation($a: ID!, $b: ID!) { removeSibling(student_id: $a, sibling_id: $b) { student { siblings { id } } } }',
      { a: w.kidX2, b: w.kidX },
      w.tokens.mgrX,
    );
    expect(rm.data?.removeSibling.student.siblings).toEqual([]);
    expect(
      code(
        await w.q(
          'mutation($a: ID!, $b: ID!) { removeSibling(student_id: $a, sibling_id: $b) { status } }',
          { a: w.kidX2, b: w.kidX },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});

describe('guardians and the pivot flags', () => {
  const FLAG = (op: string, flag: string) =>
    `mutation($s: ID!, $u: ID!, $v: Boolean!) { ${op}(student_id: $s, user_id: $u, ${flag}: $v) { status message guardian { user_id pickup watch_camera black_list alert is_payer user { username } } } }`;

  it('adds, updates and removes a guardian; a pickup update needs a boolean', async () => {
    const add = await w.q(
      'mutation($s: ID!, $u: ID!) { addGuardian(student_id: $s, user_id: $u, relation: "Uncle", is_payer: true) { guardian { relation is_payer pickup user { id } } } }',
      { s: w.kidX2, u: w.ids.parent },
      w.tokens.mgrX,
    );
    expect(add.data?.addGuardian.guardian).toEqual({ relation: 'Uncle', is_payer: true, pickup: true, user: { id: w.ids.parent } });
    expect(
      code(
        await w.q(
          'mutation($s: ID!, $u: ID!) { updatePickup(student_id: $s, user_id: $u) { status } }',
          { s: w.kidX2, u: w.ids.parent },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('GRAPHQL_VALIDATION_FAILED');
    const p = await w.q(FLAG('updatePickup', 'pickup'), { s: w.kidX2, u: w.ids.parent, v: false }, w.tokens.mgrX);
    expect(p.data?.updatePickup.guardian.pickup).toBe(false);
    const payer = await w.q(FLAG('updateIsPayer', 'is_payer'), { s: w.kidX2, u: w.ids.parent, v: false }, w.tokens.mgrX);
    expect(payer.data?.updateIsPayer.guardian.is_payer).toBe(false);
    const alert = await w.q(FLAG('toggleUserAlert', 'alert'), { s: w.kidX2, u: w.ids.parent, v: true }, w.tokens.mgrX);
    expect(alert.data?.toggleUserAlert.guardian.alert).toBe(true);
    const upd = await w.q(
      'mutation($s: ID!, $u: ID!) { updateStudentUser(student_id: $s, user_id: $u, relation: "Godfather") { guardian { relation } } }',
      { s: w.kidX2, u: w.ids.parent },
      w.tokens.mgrX,
    );
    expect(upd.data?.updateStudentUser.guardian.relation).toBe('Godfather');
    const rm = await w.q(
      'mutation($s: ID!, $u: ID!) { removeGuardian(student_id: $s, user_id: $u) { status guardian { user_id } } }',
      { s: w.kidX2, u: w.ids.parent },
      w.tokens.mgrX,
    );
    expect(rm.data?.removeGuardian).toEqual({ status: true, guardian: null });
    expect(
      code(
        await w.q(
          'mutation($s: ID!, $u: ID!) { detachUserFromStudent(student_id: $s, user_id: $u) { status } }',
          { s: w.kidX2, u: w.ids.parent },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(code(await w.q(FLAG('updatePickup', 'pickup'), { s: w.kidY, u: w.ids.parent, v: true }, w.tokens.mgrX))).toBe('NOT_FOUND');
  });

  it('black-listing ends pickup and camera rights at once, and the contact loses the child', async () => {
    const attach = await w.q(
      'mutation($s: ID!, $u: ID!) { attachUserToStudent(student_id: $s, user_id: $u, relation: "Father") { status } }',
      { s: w.kidX, u: w.parent2.id },
      w.tokens.mgrX,
    );
    expect(attach.data?.attachUserToStudent.status).toBe(true);
    await w.q(
      'mutation($s: ID!, $c: [ID!]!) { assignStudentCameras(student_id: $s, cameras: $c) { status } }',
      { s: w.kidX, c: [w.camX] },
      w.tokens.mgrX,
    );
    const seen = await w.q('query($id: ID!) { student(id: $id) { cameras { id } } }', { id: w.kidX }, w.parent2.token);
    expect(seen.data?.student.cameras).toEqual([{ id: w.camX }]);
    const bl = await w.q(FLAG('blackListUser', 'black_list'), { s: w.kidX, u: w.parent2.id, v: true }, w.tokens.mgrX);
    expect(bl.data?.blackListUser.guardian).toMatchObject({ black_list: true, pickup: false, watch_camera: false });
    expect(code(await w.q('query($id: ID!) { student(id: $id) { id } }', { id: w.kidX }, w.parent2.token))).toBe('NOT_FOUND');
    expect(field(await w.q(FLAG('toggleWatchCamera', 'watch_camera'), { s: w.kidX, u: w.parent2.id, v: true }, w.tokens.mgrX))).toBe(
      'watch_camera',
    );
    expect(field(await w.q(FLAG('updatePickup', 'pickup'), { s: w.kidX, u: w.parent2.id, v: true }, w.tokens.mgrX))).toBe('pickup');
    // The other parent does not see the black-listed contact; staff do.
    const parentView = await w.q('query($id: ID!) { student(id: $id) { users { id } } }', { id: w.kidX }, w.tokens.parent);
    expect(parentView.data?.student.users.map((u: any) => u.id)).not.toContain(w.parent2.id);
    const staffView = await w.q('query($id: ID!) { student(id: $id) { guardians { user_id black_list } } }', { id: w.kidX }, w.tokens.mgrX);
    expect(staffView.data?.student.guardians).toContainEqual({ user_id: w.parent2.id, black_list: true });
    await w.q(FLAG('blackListUser', 'black_list'), { s: w.kidX, u: w.parent2.id, v: false }, w.tokens.mgrX);
    const back = await w.q('query($id: ID!) { student(id: $id) { cameras { id } } }', { id: w.kidX }, w.parent2.token);
    expect(back.data?.student.cameras).toEqual([]);
    await w.q(FLAG('toggleWatchCamera', 'watch_camera'), { s: w.kidX, u: w.parent2.id, v: true }, w.tokens.mgrX);
    expect(
      (await w.q('query($id: ID!) { student(id: $id) { cameras { id } } }', { id: w.kidX }, w.parent2.token)).data?.student.cameras,
    ).toEqual([{ id: w.camX }]);
    await w.q(
      'mutation($s: ID!, $u: ID!) { deleteStudentUser(student_id: $s, user_id: $u) { status } }',
      { s: w.kidX, u: w.parent2.id },
      w.tokens.mgrX,
    );
  });

  it('replaces all contacts and student cameras', async () => {
    const r = await w.q(
      'mutation($s: ID!, $u: [StudentUserInput!]!) { assignUsersToStudent(student_id: $s, users: $u) { student { users { id } } } }',
      { s: w.kidX2, u: [{ user_id: w.parent2.id }, { user_id: w.ids.parent, black_list: true, pickup: true }] },
      w.tokens.mgrX,
    );
    expect(r.data?.assignUsersToStudent.student.users.map((u: any) => u.id).sort()).toEqual([w.ids.parent, w.parent2.id].sort());
    expect(await db()('student_users').where({ student_id: w.kidX2, user_id: w.ids.parent }).first('pickup', 'black_list')).toEqual({
      pickup: false,
      black_list: true,
    });
    await w.q(
      'mutation($s: ID!, $u: [StudentUserInput!]!) { assignUsersToStudent(student_id: $s, users: $u) { status } }',
      { s: w.kidX2, u: [{ user_id: w.parent2.id }] },
      w.tokens.mgrX,
    );
    expect(
      field(
        await w.q(
          'mutation($s: ID!, $c: [ID!]!) { assignStudentCameras(student_id: $s, cameras: $c) { status } }',
          { s: w.kidX2, c: [w.camY] },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('cameras');
  });
});

describe('lists, pickers and counters', () => {
  it('paginates with paginatorInfo; paginateStudents needs first and takes dates', async () => {
    const r = await w.q(
      'query { students(first: 1) { data { id } paginatorInfo { currentPage lastPage perPage total } } }',
      {},
      w.tokens.owner,
    );
    const info = r.data!.students.paginatorInfo;
    expect(info).toMatchObject({ currentPage: 1, perPage: 1 });
    expect(info.lastPage).toBe(info.total);
    expect(code(await w.q('query { paginateStudents(page: 1) { paginatorInfo { total } } }', {}, w.tokens.owner))).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
    expect(field(await w.q('query { paginateStudents(first: 500) { paginatorInfo { total } } }', {}, w.tokens.owner))).toBe('first');
    await db()('students').where({ id: w.kidX2 }).update({ enrollment_date: '2024-09-01' });
    const dated = await w.q(
      'query($l: ID) { paginateStudents(location: $l, first: 10, dates: ["2024-08-01", "2024-09-30"]) { data { id } paginatorInfo { total } } }',
      { l: w.X },
      w.tokens.mgrX,
    );
    expect(dated.data?.paginateStudents.data).toEqual([{ id: w.kidX2 }]);
    expect(
      field(
        await w.q(
          'query { paginateStudents(first: 10, dates: ["2024-09-30", "2024-08-01"]) { paginatorInfo { total } } }',
          {},
          w.tokens.mgrX,
        ),
      ),
    ).toBe('dates');
    expect(field(await w.q('query { students(page: 0) { paginatorInfo { total } } }', {}, w.tokens.mgrX))).toBe('page');
  });

  it('pickers: by name, by rooms, by rooms or tags, by ids for a message', async () => {
    const byName = await w.q(
      'query($l: ID!) { getLocationStudentByName(location_id: $l, name: "av") { id } }',
      { l: w.X },
      w.tokens.teacher,
    );
    expect(byName.data?.getLocationStudentByName).toEqual([{ id: w.kidX }]);
    const rooms = await w.q(
      'query($p: [ID!]!) { studentsFilterByPrograms(programs: $p) { data { id } } }',
      { p: [w.room2X] },
      w.tokens.mgrX,
    );
    expect(rooms.data?.studentsFilterByPrograms.data.map((s: any) => s.id)).toContain(w.kidX2);
    const tag = String((await db()('tags').insert({ name: 'Bus' }).returning('id'))[0].id);
    await db()('student_tags').insert({ student_id: w.kidX, tag_id: tag });
    const tagged = await w.q(
      'query($t: [ID!]) { programsAndTagStudent(tags: $t) { data { id tags { name } } } }',
      { t: [tag] },
      w.tokens.mgrX,
    );
    expect(tagged.data?.programsAndTagStudent.data).toEqual([{ id: w.kidX, tags: [{ name: 'Bus' }] }]);
    expect(field(await w.q('query { programsAndTagStudent { data { id } } }', {}, w.tokens.mgrX))).toBe('programs');
    const msg = await w.q(
      'query($ids: [ID!]!) { getStudentByIdsForMessage(ids: $ids) { id } }',
      { ids: [w.kidX, w.kidX2] },
      w.tokens.teacher,
    );
    expect(msg.data?.getStudentByIdsForMessage.map((s: any) => s.id).sort()).toEqual([w.kidX, w.kidX2].sort());
    expect(
      code(await w.q('query($ids: [ID!]!) { getStudentByIdsForMessage(ids: $ids) { id } }', { ids: [w.kidX, w.kidY] }, w.tokens.teacher)),
    ).toBe('NOT_FOUND');
  });

  it('settings, birthdays and the role variants of counters, birthdays and lists', async () => {
    const st = await w.q(
      'query($s: ID!) { getStudentSettingData(student_id: $s) { location_id can_edit_student can_edit_fields } }',
      { s: w.kidX },
      w.tokens.parent,
    );
    expect(st.data?.getStudentSettingData).toEqual({ location_id: w.X, can_edit_student: true, can_edit_fields: ['note', 'gender'] });
    const b = await w.q('query { getBirthdays(month: 3) { data { id dob } } }', {}, w.tokens.parent);
    expect(b.data?.getBirthdays.data).toEqual([{ id: w.kidX, dob: '2021-03-04' }]);
    expect(field(await w.q('query { getBirthdays(month: 13) { data { id } } }', {}, w.tokens.parent))).toBe('month');
    for (const op of ['getTeacherBirthdays', 'getManagerBirthdays', 'getAdminBirthdays']) {
      const r = await w.q(`query { ${op}(month: 7) { data { id } } }`, {}, w.tokens.owner);
      expect(r.data?.[op].data.map((s: any) => s.id)).toContain(w.kidX2);
    }
    const mine = await w.q('query { getManagerCounters { students active waitlist users teachers managers } }', {}, w.tokens.mgrX);
    const all = await w.q('query { getAdminCounters { students active users managers admins } }', {}, w.tokens.owner);
    expect(mine.data?.getManagerCounters.students).toBeLessThan(all.data?.getAdminCounters.students);
    expect(mine.data?.getManagerCounters.users).toBeGreaterThanOrEqual(2);
    const t = await w.q('query($l: ID) { getTeacherCounters(location_id: $l) { location_id students } }', { l: w.Y }, w.tokens.teacher);
    expect(t.data?.getTeacherCounters).toEqual({ location_id: w.Y, students: 0 });
    for (const [op, token] of [
      ['getTeacherStudents', w.tokens.teacher],
      ['getManagerStudents', w.tokens.mgrX],
      ['getAdminStudents', w.tokens.owner],
    ] as const) {
      const r = await w.q(`query { ${op}(first: 100) { data { id location_id } } }`, {}, token);
      expect(r.errors).toBeUndefined();
      if (op !== 'getAdminStudents') expect(r.data?.[op].data.every((s: any) => s.location_id === w.X)).toBe(true);
    }
  });
});
