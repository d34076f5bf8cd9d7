import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';

let h: Harness;
let w: World;
let b: World;
const db = () => w.c.db.db;

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
});
afterAll(() => h.close());

const BY_PARENT = `mutation($s: ID!, $e: String!) { createStudentUserByParent(student_id: $s, fname: "Gran", lname: "Ma", email: $e, relation: "Grandmother", pickup: true) { status message user { id username invited students { id pivot { relation pickup watch_camera is_payer legal_guardian } } } } }`;

describe('parents add contacts to their own child', () => {
  it('only when the centre lets parents edit; the contact is invited and can pick up but not watch', async () => {
    expect(code(await w.q(BY_PARENT, { s: w.kidX, e: 'gran@example.test' }, w.tokens.parent))).toBe('FORBIDDEN');
    await db()('location_settings')
      .insert({ location_id: w.X, can_edit_student: true, can_edit_fields: ['note'], parent_directory_visibility: true })
      .onConflict('location_id')
      .merge();
    const r = await w.q(BY_PARENT, { s: w.kidX, e: 'gran@example.test' }, w.tokens.parent);
    expect(r.errors).toBeUndefined();
    const user = r.data!.createStudentUserByParent.user;
    expect(user).toMatchObject({ username: 'gran', invited: true });
    // The parent reads the new contact's link to their child.
    expect(user.students).toEqual([
      { id: w.kidX, pivot: { relation: 'Grandmother', pickup: true, watch_camera: false, is_payer: false, legal_guardian: false } },
    ]);
    const mail = await db()('outbound_messages').where({ recipient: 'gran@example.test', template: 'invite' }).first();
    expect(mail).toBeTruthy();
    expect(field(await w.q(BY_PARENT, { s: w.kidX, e: 'gran@example.test' }, w.tokens.parent))).toBe('email');
    const second = await w.q(BY_PARENT, { s: w.kidX, e: 'gran@other.test' }, w.tokens.parent);
    expect(second.data?.createStudentUserByParent.user.username).toBe('gran1');
    expect(code(await w.q(BY_PARENT, { s: w.kidX2, e: 'x@example.test' }, w.tokens.parent))).toBe('NOT_FOUND');
    expect(code(await w.q(BY_PARENT, { s: w.kidX, e: 'y@example.test' }, w.tokens.mgrX))).toBe('FORBIDDEN');
    expect(field(await w.q(BY_PARENT, { s: w.kidX, e: 'nope' }, w.tokens.parent))).toBe('email');
  });
});

describe('QR codes', () => {
  it('staff make a one-time code; a parent who scans it becomes a contact of the child', async () => {
    const gen = await w.q(
      'mutation($s: ID!) { generateStudentQrCode(student_id: $s, days: 2) { status code expires_at student_id } }',
      { s: w.kidX2 },
      w.tokens.mgrX,
    );
    const qr = gen.data!.generateStudentQrCode.code;
    expect(qr.length).toBeGreaterThanOrEqual(12);
    expect(await db()('student_codes').where({ student_id: w.kidX2 }).first('code_hash')).not.toEqual({ code_hash: qr });
    expect(code(await w.q('mutation($s: ID!) { generateStudentQrCode(student_id: $s) { code } }', { s: w.kidY }, w.tokens.mgrX))).toBe(
      'NOT_FOUND',
    );
    expect(code(await w.q('mutation($s: ID!) { generateStudentQrCode(student_id: $s) { code } }', { s: w.kidX }, w.tokens.parent))).toBe(
      'FORBIDDEN',
    );
    expect(field(await w.q('mutation { addStudentByQrCode(code: "wrong-code-123") { status } }', {}, w.tokens.parent))).toBe('code');
    const add = await w.q(
      'mutation($c: String!) { addStudentByQrCode(code: $c) { status student { id pivot { pickup } } } }',
      { c: qr },
      w.tokens.parent,
    );
    expect(add.data?.addStudentByQrCode).toMatchObject({ status: true, student: { id: w.kidX2 } });
    expect(await db()('student_users').where({ student_id: w.kidX2, user_id: w.ids.parent }).first('pickup', 'watch_camera')).toEqual({
      pickup: false,
      watch_camera: true,
    });
    expect((await w.q('query($id: ID!) { student(id: $id) { id } }', { id: w.kidX2 }, w.tokens.parent)).errors).toBeUndefined();
    // One use only.
    expect(field(await w.q('mutation($c: String!) { addStudentByQrCode(code: $c) { status } }', { c: qr }, w.parent2.token))).toBe('code');
    expect(code(await w.q('mutation($c: String!) { addStudentByQrCode(code: $c) { status } }', { c: qr }, w.tokens.mgrX))).toBe(
      'FORBIDDEN',
    );
    await db()('student_users').where({ student_id: w.kidX2, user_id: w.ids.parent }).del();
  });
});

describe('parent directory', () => {
  it('lists only families that opted in, showing only what each chose, where the location shows it', async () => {
    const D = 'query { getParentDirectory { data { user_id name email phone children } paginatorInfo { total } } }';
    expect((await w.q(D, {}, w.tokens.parent)).data?.getParentDirectory.data).toEqual([]);
    const opt = await w.q(
      'mutation { updateParentDirectoryPrivacy(directory_visible: true, directory_show_email: true, directory_show_children: true) { status setting { directory_visible directory_show_email directory_show_phone } } }',
      {},
      w.parent2.token,
    );
    expect(opt.data?.updateParentDirectoryPrivacy.setting).toEqual({
      directory_visible: true,
      directory_show_email: true,
      directory_show_phone: false,
    });
    await db()('users').where({ id: w.parent2.id }).update({ phone: '5125550000' });
    const list = await w.q(D, {}, w.tokens.parent);
    expect(list.data?.getParentDirectory.data).toEqual([
      { user_id: w.parent2.id, name: 'parent2 Tester', email: 'parent2@example.test', phone: null, children: ['Ben'] },
    ]);
    // Location Y does not show the directory: its families see nobody.
    await db()('student_users').insert({ student_id: w.kidY, user_id: w.parent2.id });
    const [py] = await db()('users').insert({ fname: 'Py', lname: 'Parent', username: 'pyparent' }).returning('id');
    await db()('student_users').insert({ student_id: w.kidY, user_id: py.id });
    expect(
      (await w.q('query($l: ID) { getParentDirectory(location_id: $l) { data { name } } }', { l: w.Y }, w.tokens.parent)).data
        ?.getParentDirectory.data,
    ).toEqual([]);
    // Staff see their own locations' directory.
    expect((await w.q(D, {}, w.tokens.mgrX)).data?.getParentDirectory.paginatorInfo.total).toBe(1);
    expect((await w.q(D, {}, w.tokens.mgrY)).data?.getParentDirectory.paginatorInfo.total).toBe(0);
    expect(code(await w.q(D, {}, w.tokens.blog))).toBe('FORBIDDEN');
    expect(code(await w.q('mutation { updateParentDirectoryPrivacy { status } }', {}, w.tokens.parent))).toBe('GRAPHQL_VALIDATION_FAILED');
    await db()('student_users').where({ student_id: w.kidY }).del();
  });
});

describe('edit permissions and profile', () => {
  it('getStudentEditPermissions for parents (settings), managers (all fields) and teachers (none)', async () => {
    const Q = 'query($s: ID!) { getStudentEditPermissions(student_id: $s) { can_edit_student can_edit_fields } }';
    expect((await w.q(Q, { s: w.kidX }, w.tokens.parent)).data?.getStudentEditPermissions).toEqual({
      can_edit_student: true,
      can_edit_fields: ['note'],
    });
    const mgr = (await w.q(Q, { s: w.kidX }, w.tokens.mgrX)).data?.getStudentEditPermissions;
    expect(mgr.can_edit_student).toBe(true);
    expect(mgr.can_edit_fields).toEqual(expect.arrayContaining(['fname', 'allergies', 'doctor_name']));
    expect((await w.q(Q, { s: w.kidX }, w.tokens.teacher)).data?.getStudentEditPermissions).toEqual({
      can_edit_student: false,
      can_edit_fields: [],
    });
    expect(code(await w.q(Q, { s: w.kidX2 }, w.tokens.parent))).toBe('NOT_FOUND');
  });

  it('updates the signed-in person’s own profile', async () => {
    const r = await w.q(
      'mutation { updateProfile(nick_name: "P", phone: "512-555-0123") { status user { nick_name phone } } }',
      {},
      w.tokens.parent,
    );
    expect(r.data?.updateProfile.user).toEqual({ nick_name: 'P', phone: '512-555-0123' });
    expect(field(await w.q('mutation { updateProfile(fname: "") { status } }', {}, w.tokens.parent))).toBe('fname');
    expect(await db()('audit_log').where({ action: 'user.profile', actor_user_id: w.ids.parent }).first()).toBeTruthy();
  });
});

describe('other centre', () => {
  it("a parent of centre B cannot use centre A's codes or see A's directory", async () => {
    const gen = await w.q('mutation($s: ID!) { generateStudentQrCode(student_id: $s) { code } }', { s: w.kidX }, w.tokens.mgrX);
    expect(
      field(
        await b.q(
          'mutation($c: String!) { addStudentByQrCode(code: $c) { status } }',
          { c: gen.data!.generateStudentQrCode.code },
          b.tokens.parent,
        ),
      ),
    ).toBe('code');
    expect((await b.q('query { getParentDirectory { data { name } } }', {}, b.tokens.parent)).data?.getParentDirectory.data).toEqual([]);
    expect((await b.q('query { getParentDirectory { data { name } } }', {}, w.tokens.parent)).statusCode).toBe(401);
  });
});
