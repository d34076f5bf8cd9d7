import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256Hex } from '@kv/auth';
import { PASSWORD, gql, signIn, type Harness } from '../../test/harness.ts';
import { buildWorld, code, countQueries, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';

let h: Harness;
let w: World;
const db = () => w.c.db.db;

const INVITE = `mutation($fname: String!, $lname: String!, $username: String!, $email: String!, $locations: [ID!]!, $roles: [String!]!, $confirmed: Boolean!, $phone: String, $sms: Boolean, $students: [ContactStudentInput!]) {
  createInviteUser(fname: $fname, lname: $lname, username: $username, email: $email, locations: $locations, roles: $roles, email_confirmed: $confirmed, phone: $phone, send_sms: $sms, students: $students) {
    status message color user { id username invited email_confirmed roles { name } locations { id } students { id pivot { relation } } }
  }
}`;
const TEACHER = `mutation($u: String!, $e: String!, $l: [ID!]!, $p: [ID!]) { createTeacher(fname: "Tina", lname: "Teach", username: $u, email: $e, locations: $l, email_confirmed: true, programs: $p, send_invite: false) { status user { id roles { name } programs { id } locations { id } } } }`;

/** The newest message of a template to a recipient, with its data (PIN and link). */
const lastMessage = (recipient: string) =>
  db()('outbound_messages').where({ recipient }).orderBy('id', 'desc').first('channel', 'template', 'data', 'body_text');
const tokenOf = (url: string) => url.split('/').pop()!;

const invite = (over: Record<string, unknown> = {}) => ({
  fname: 'Ivy',
  lname: 'Vited',
  username: `ivy${Math.random().toString(36).slice(2, 8)}`,
  email: `ivy${Math.random().toString(36).slice(2, 8)}@example.test`,
  locations: [w.X],
  roles: ['user'],
  confirmed: false,
  ...over,
});

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
});
afterAll(() => h.close());

describe('invitations', () => {
  it('invites by email and SMS; the emailed link and PIN lead to a password and a session', async () => {
    const vars = invite({ phone: '(512) 555-0100', sms: true, students: [{ student_id: w.kidX, relation: 'Grandma', pickup: true }] });
    const r = await w.q(INVITE, vars, w.tokens.mgrX);
    expect(r.errors).toBeUndefined();
    const u = r.data!.createInviteUser.user;
    expect(u).toMatchObject({
      username: vars.username,
      invited: true,
      email_confirmed: false,
      roles: [{ name: 'user' }],
      locations: [{ id: w.X }],
      students: [{ id: w.kidX, pivot: { relation: 'Grandma' } }],
    });
    const mail = await lastMessage(vars.email as string);
    expect(mail).toMatchObject({ channel: 'email', template: 'invite' });
    expect(mail.data.url).toMatch(/\/viue\/[A-Za-z0-9_-]+$/);
    expect(mail.body_text).toContain(mail.data.pin);
    const sms = await lastMessage('+15125550100');
    expect(sms).toMatchObject({ channel: 'sms', template: 'invite' });
    expect(sms.data.url).toMatch(/\/viup\//);
    expect(h.kicks.length).toBeGreaterThan(0);
    const verify = await w.q('mutation($t: String!, $p: String!) { verifyInvitedUserEmail(pin_time: $t, pin: $p) { status token } }', {
      t: tokenOf(mail.data.url),
      p: mail.data.pin,
    });
    expect(verify.data?.verifyInvitedUserEmail.status).toBe(true);
    const set = await w.q(
      'mutation($t: String!) { updateInvitedUserPassword(token: $t, password: "a sensible passphrase", password_confirmation: "a sensible passphrase") { status tokens { access_token } } }',
      { t: verify.data!.verifyInvitedUserEmail.token },
    );
    expect(set.data?.updateInvitedUserPassword.status).toBe(true);
    // The new contact sees the child they were invited for, and nothing else.
    const kids = await w.q('query { students { data { id } } }', {}, set.data!.updateInvitedUserPassword.tokens.access_token);
    expect(kids.data?.students.data).toEqual([{ id: w.kidX }]);
  });

  it('verifies an invited phone with the texted PIN; a wrong PIN answers error', async () => {
    const vars = invite({ phone: '5125550111', sms: true });
    await w.q(INVITE, vars, w.tokens.mgrX);
    const sms = await lastMessage('+15125550111');
    const pinTime = tokenOf(sms.data.url);
    const wrong = await w.q('mutation($t: String!) { verifyInvitedUserPhone(pin_time: $t, pin: "000000") { status error token } }', {
      t: pinTime,
    });
    expect(wrong.data?.verifyInvitedUserPhone).toMatchObject({ status: false, token: null });
    expect(wrong.data?.verifyInvitedUserPhone.error).toMatch(/PIN/);
    const right = await w.q('mutation($t: String!, $p: String!) { verifyInvitedUserPhone(pin_time: $t, pin: $p) { status error token } }', {
      t: pinTime,
      p: sms.data.pin,
    });
    expect(right.data?.verifyInvitedUserPhone).toMatchObject({ status: true, error: null });
    expect(right.data?.verifyInvitedUserPhone.token).toBeTruthy();
    expect(await db()('users').where({ username: vars.username }).first('phone_verified')).toEqual({ phone_verified: true });
  });

  it('invites by SMS alone (send_invite false), and refuses send_sms without a phone', async () => {
    const SMS_ONLY = `mutation($u: String!, $e: String!, $l: [ID!]!, $phone: String) {
      createUser(fname: "Sam", lname: "Texted", username: $u, email: $e, locations: $l, email_confirmed: false, phone: $phone, send_sms: true, send_invite: false) {
        user { id invited }
      }
    }`;
    const vars = { u: 'sms-only', e: 'sms.only@example.test', l: [w.X], phone: '5125550133' };
    const r = await w.q(SMS_ONLY, vars, w.tokens.mgrX);
    expect(r.data?.createUser.user.invited).toBe(true);
    expect(await lastMessage('sms.only@example.test')).toBeUndefined();
    expect((await lastMessage('+15125550133')).data.url).toMatch(/\/viup\//);
    const noPhone = await w.q(SMS_ONLY, { ...vars, u: 'sms-nophone', e: 'sms.nophone@example.test', phone: null }, w.tokens.mgrX);
    expect(field(noPhone)).toBe('phone');
    expect(await db()('users').where({ username: 'sms-nophone' }).first()).toBeUndefined();
  });

  it('refuses bad invitations with the field named, roles above the inviter, and locations outside the scope', async () => {
    expect(field(await w.q(INVITE, invite({ email: 'not-an-email' }), w.tokens.mgrX))).toBe('email');
    expect(field(await w.q(INVITE, invite({ username: w.ids.parent && 'parent' }), w.tokens.mgrX))).toBe('username');
    expect(field(await w.q(INVITE, invite({ email: 'parent@example.test' }), w.tokens.mgrX))).toBe('email');
    expect(field(await w.q(INVITE, invite({ roles: ['wizard'] }), w.tokens.mgrX))).toBe('roles.0');
    expect(code(await w.q(INVITE, invite({ roles: ['center'] }), w.tokens.mgrX))).toBe('FORBIDDEN');
    expect(code(await w.q(INVITE, invite({ locations: [w.Y] }), w.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await w.q(INVITE, invite({ students: [{ student_id: w.kidY }] }), w.tokens.mgrX))).toBe('NOT_FOUND');
    expect(
      code(
        await w.q(
          'mutation { createInviteUser(fname: "A", lname: "B", username: "abc", email: "a@b.co", locations: [], email_confirmed: true) { status } }',
          {},
          w.tokens.mgrX,
        ),
      ),
    ).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(code(await w.q(INVITE, invite(), w.tokens.teacher))).toBe('FORBIDDEN');
  });

  it('invites many: all or nothing, the bad row named', async () => {
    const before = await db()('users').count({ n: '*' });
    const rows = [
      {
        fname: 'A',
        lname: 'One',
        username: 'multi1',
        email: 'multi1@example.test',
        locations: [w.X],
        roles: ['user'],
        email_confirmed: true,
      },
      {
        fname: 'B',
        lname: 'Two',
        username: 'multi1',
        email: 'multi2@example.test',
        locations: [w.X],
        roles: ['teacher'],
        email_confirmed: true,
      },
    ];
    const bad = await w.q('mutation($u: [InviteUserInput!]!) { inviteMultipleUsers(users: $u) { status } }', { u: rows }, w.tokens.mgrX);
    expect(field(bad)).toBe('users.1.username');
    expect(await db()('users').count({ n: '*' })).toEqual(before);
    rows[1]!.username = 'multi2';
    rows[1]!.email = 'multi1@example.test';
    const twice = await w.q('mutation($u: [InviteUserInput!]!) { inviteMultipleUsers(users: $u) { status } }', { u: rows }, w.tokens.mgrX);
    expect(field(twice)).toBe('users.1.email');
    expect(await db()('users').count({ n: '*' })).toEqual(before);
    rows[1]!.email = 'multi2@example.test';
    const ok = await w.q(
      'mutation($u: [InviteUserInput!]!) { inviteMultipleUsers(users: $u) { status users { username roles { name } } } }',
      { u: rows },
      w.tokens.mgrX,
    );
    expect(ok.data?.inviteMultipleUsers.users).toEqual([
      { username: 'multi1', roles: [{ name: 'user' }] },
      { username: 'multi2', roles: [{ name: 'teacher' }] },
    ]);
  });

  it('resends by email and SMS; refuses people who accepted already', async () => {
    const vars = invite({ phone: '5125550122' });
    const id = (await w.q(INVITE, vars, w.tokens.mgrX)).data!.createInviteUser.user.id;
    const first = await lastMessage(vars.email as string);
    const again = await w.q('mutation($id: ID!) { resendInviteEmail(id: $id) { status message } }', { id }, w.tokens.mgrX);
    expect(again.data?.resendInviteEmail.status).toBe(true);
    expect((await lastMessage(vars.email as string)).data.pin).toBeDefined();
    expect((await lastMessage(vars.email as string)).data.url).not.toBe(first.data.url);
    expect(
      (await w.q('mutation($id: ID!) { resendInviteSms(id: $id) { status } }', { id }, w.tokens.mgrX)).data?.resendInviteSms.status,
    ).toBe(true);
    expect((await lastMessage('+15125550122')).channel).toBe('sms');
    expect(code(await w.q('mutation($id: ID!) { resendInviteEmail(id: $id) { status } }', { id: w.ids.parent }, w.tokens.mgrX))).toBe(
      'USER_NOT_INVITED',
    );
    expect(code(await w.q('mutation($id: ID!) { resendInviteSms(id: $id) { status } }', { id: w.kidY }, w.tokens.mgrX))).toBe('NOT_FOUND');
    const log = await w.q(
      'query { getInvitedLogReport(first: 50) { data { user_id channel delivery_status pending } paginatorInfo { total } } }',
      {},
      w.tokens.mgrX,
    );
    expect(
      log.data?.getInvitedLogReport.data
        .filter((e: any) => e.user_id === id)
        .map((e: any) => e.channel)
        .sort(),
    ).toEqual(['email', 'email', 'sms']);
  });

  it('approves pending accounts: by link (guest) and by staff', async () => {
    const [p] = await db()('users')
      .insert({ fname: 'Pen', lname: 'Ding', username: 'pending1', email: 'pending1@example.test', pending: true, email_confirmed: true })
      .returning('id');
    await db().raw("insert into user_roles (user_id, role_id) select ?, id from roles where name = 'user'", [p.id]);
    await db()('user_locations').insert({ user_id: p.id, location_id: w.X });
    const list = await w.q('query { PendingUser { data { id } } }', {}, w.tokens.mgrX);
    expect(list.data?.PendingUser.data).toEqual([{ id: String(p.id) }]);
    expect((await w.q('query { PendingUser { data { id } } }', {}, w.tokens.mgrY)).data?.PendingUser.data).toEqual([]);
    const token = randomToken(24);
    await db()('auth_tokens').insert({
      user_id: p.id,
      purpose: 'approve_user',
      token_hash: sha256Hex(token),
      expires_at: new Date(Date.now() + 3600_000),
    });
    const byLink = await w.q('mutation($t: String!) { approveUserByLink(token: $t) { status } }', { t: token });
    expect(byLink.data?.approveUserByLink.status).toBe(true);
    expect(field(await w.q('mutation($t: String!) { approveUserByLink(token: $t) { status } }', { t: token }))).toBe('token');
    await db()('users').where({ id: p.id }).update({ pending: true });
    const staff = await w.q(
      'mutation($id: ID!) { approvePendingUser(id: $id) { status user { pending } } }',
      { id: String(p.id) },
      w.tokens.mgrX,
    );
    expect(staff.data?.approvePendingUser).toEqual({ status: true, user: { pending: false } });
  });
});

describe('status and passwords', () => {
  it('deactivation ends sessions at once; activation lets the person back in', async () => {
    const session = await signIn(h.app, w.c.host, 'parent2');
    expect((await w.q('query { me { id } }', {}, session.token)).data?.me.id).toBe(w.parent2.id);
    const off = await w.q(
      'mutation($id: ID!) { updateUserStatus(id: $id, status: false) { status user { status } } }',
      { id: w.parent2.id },
      w.tokens.mgrX,
    );
    expect(off.data?.updateUserStatus).toEqual({ status: true, user: { status: false } });
    expect((await w.q('query { me { id } }', {}, session.token)).statusCode).toBe(401);
    const refresh = await w.q('mutation($r: String!) { refreshToken(refresh_token: $r) { status } }', { r: session.refresh });
    expect(refresh.data?.refreshToken?.status ?? false).toBe(false);
    expect(await db()('sessions').where({ user_id: w.parent2.id }).whereNull('revoked_at').count({ n: '*' })).toEqual([{ n: '0' }]);
    const on = await w.q('mutation($id: ID!) { activateUser(id: $id) { user { status } } }', { id: w.parent2.id }, w.tokens.mgrX);
    expect(on.data?.activateUser.user.status).toBe(true);
    w.parent2.token = (await signIn(h.app, w.c.host, 'parent2')).token;
    expect(
      code(await w.q('mutation($id: ID!) { updateUserStatus(id: $id, status: false) { status } }', { id: w.ids.mgrX }, w.tokens.mgrX)),
    ).toBe('USER_SELF_CHANGE');
    expect(
      code(await w.q('mutation($id: ID!) { updateUserStatus(id: $id, status: false) { status } }', { id: w.ids.owner }, w.tokens.mgrX)),
    ).toBe('NOT_FOUND');
    expect(code(await w.q('mutation($id: ID!) { updateUserStatus(id: $id) { status } }', { id: w.parent2.id }, w.tokens.mgrX))).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
  });

  it('staff set passwords per role; the old sessions end', async () => {
    const SET = (op: string) => `mutation($id: ID!, $p: String!) { ${op}(id: $id, password: $p, password_confirmation: $p) { status } }`;
    const before = await signIn(h.app, w.c.host, 'parent2');
    const r = await w.q(SET('updateUserPassword'), { id: w.parent2.id, p: 'a brand new passphrase' }, w.tokens.mgrX);
    expect(r.data?.updateUserPassword.status).toBe(true);
    expect((await w.q('query { me { id } }', {}, before.token)).statusCode).toBe(401);
    const after = await signIn(h.app, w.c.host, 'parent2', 'a brand new passphrase');
    w.parent2.token = after.token;
    expect(field(await w.q(SET('updateUserPassword'), { id: w.parent2.id, p: 'short' }, w.tokens.mgrX))).toBe('password');
    expect(code(await w.q(SET('updateManagerPassword'), { id: w.parent2.id, p: 'a brand new passphrase' }, w.tokens.mgrX))).toBe(
      'NOT_FOUND',
    );
    expect(code(await w.q(SET('updateAdminPassword'), { id: w.ids.owner, p: 'a brand new passphrase' }, w.tokens.mgrX))).toBe('FORBIDDEN');
    const role = await w.q(
      'mutation($id: ID!) { updateRolePassword(id: $id, role: "teacher", password: "another good passphrase", password_confirmation: "another good passphrase") { status } }',
      { id: w.ids.teacher },
      w.tokens.mgrX,
    );
    expect(role.data?.updateRolePassword.status).toBe(true);
    w.tokens.teacher = (await signIn(h.app, w.c.host, 'teacher', 'another good passphrase')).token;
    await db()('users')
      .where({ id: w.parent2.id })
      .update({ password_hash: (await db()('users').where({ id: w.ids.parent }).first('password_hash')).password_hash });
    w.parent2.token = (await signIn(h.app, w.c.host, 'parent2', PASSWORD)).token;
  });
});

describe('managers, admins, contacts and teachers', () => {
  it('one username sent by three requests at once: one person, two username errors (never INTERNAL)', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((n) => w.q(TEACHER, { u: 'raced-teacher', e: `raced${n}@example.test`, l: [w.X] }, w.tokens.mgrX)),
    );
    expect(answers.filter((a) => a.data?.createTeacher.status === true)).toHaveLength(1);
    expect(answers.filter((a) => !a.data).map(field)).toEqual(['username', 'username']);
  });

  it('creates, updates and deletes a teacher with rooms', async () => {
    const r = await w.q(TEACHER, { u: 'tina', e: 'tina@example.test', l: [w.X], p: [w.room1X] }, w.tokens.mgrX);
    expect(r.data?.createTeacher).toMatchObject({
      status: true,
      user: { roles: [{ name: 'teacher' }], programs: [{ id: w.room1X }], locations: [{ id: w.X }] },
    });
    const id = r.data!.createTeacher.user.id;
    expect(field(await w.q(TEACHER, { u: 'tina2', e: 'tina2@example.test', l: [w.X], p: [w.roomY] }, w.tokens.mgrX))).toBe('programs');
    expect(
      code(
        await w.q(
          'mutation { createTeacher(fname: "A", lname: "B", username: "abcd", email: "abcd@example.test", email_confirmed: true) { status } }',
          {},
          w.tokens.mgrX,
        ),
      ),
    ).toBe('GRAPHQL_VALIDATION_FAILED');
    const u = await w.q(
      'mutation($id: ID!, $p: [ID!]) { updateTeacher(id: $id, job_title: "Lead", programs: $p, email: "tina.t@example.test") { user { job_title programs { id } email email_confirmed } } }',
      { id, p: [w.room2X] },
      w.tokens.mgrX,
    );
    expect(u.data?.updateTeacher.user).toEqual({
      job_title: 'Lead',
      programs: [{ id: w.room2X }],
      email: 'tina.t@example.test',
      email_confirmed: false,
    });
    expect(
      code(await w.q('mutation($id: ID!) { updateTeacher(id: $id, job_title: "X") { status } }', { id: w.ids.parent }, w.tokens.mgrX)),
    ).toBe('NOT_FOUND');
    const d = await w.q('mutation($id: ID!) { deleteTeacher(id: $id) { status id } }', { id }, w.tokens.mgrX);
    expect(d.data?.deleteTeacher).toEqual({ status: true, id });
    expect(code(await w.q('query($id: ID!) { user(id: $id) { id } }', { id }, w.tokens.mgrX))).toBe('NOT_FOUND');
  });

  it('managers manage their locations; admins only by the owner', async () => {
    const m = await w.q(
      'mutation($l: [ID!]!) { createManager(fname: "Mo", lname: "Nager", username: "monty", email: "mo@example.test", locations: $l, email_confirmed: true) { user { id managerlocations { id } } } }',
      { l: [w.X] },
      w.tokens.mgrX,
    );
    expect(m.data?.createManager.user.managerlocations).toEqual([{ id: w.X }]);
    const mid = m.data!.createManager.user.id;
    expect(
      code(
        await w.q(
          'mutation($l: [ID!]!) { createManager(fname: "Mo", lname: "Nager", username: "mo2", email: "mo2@example.test", locations: $l, email_confirmed: true) { status } }',
          { l: [w.Y] },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(
      field(
        await w.q(
          'mutation { createManager(fname: "Mo", lname: "Nager", username: "mo3", email: "mo3@example.test", locations: [], email_confirmed: true) { status } }',
          {},
          w.tokens.mgrX,
        ),
      ),
    ).toBe('locations');
    const upd = await w.q(
      'mutation($id: ID!, $l: [ID!]) { updateManager(id: $id, locations: $l) { user { managerlocations { id } } } }',
      { id: mid, l: [w.X, w.Y] },
      w.tokens.owner,
    );
    expect(upd.data?.updateManager.user.managerlocations.map((l: any) => l.id).sort()).toEqual([w.X, w.Y].sort());
    expect(
      (await w.q('query($l: ID) { getManagersList(location_id: $l) { id } }', { l: w.Y }, w.tokens.owner)).data?.getManagersList.map(
        (u: any) => u.id,
      ),
    ).toContain(mid);
    expect(
      code(
        await w.q(
          'mutation { createAdmin(fname: "Ad", lname: "Min", username: "admin2", email: "admin2@example.test", locations: [], email_confirmed: true) { status } }',
          {},
          w.tokens.mgrX,
        ),
      ),
    ).toBe('FORBIDDEN');
    const a = await w.q(
      'mutation { createAdmin(fname: "Ad", lname: "Min", username: "admin2", email: "admin2@example.test", locations: [], email_confirmed: true) { user { id roles { name } } } }',
      {},
      w.tokens.owner,
    );
    expect(a.data?.createAdmin.user.roles).toEqual([{ name: 'center' }]);
    expect(
      (
        await w.q(
          'mutation($id: ID!) { updateAdmin(id: $id, fname: "Addie") { user { fname } } }',
          { id: a.data!.createAdmin.user.id },
          w.tokens.owner,
        )
      ).data?.updateAdmin.user.fname,
    ).toBe('Addie');
    expect(
      (await w.q('mutation($id: ID!) { deleteAdmin(id: $id) { status } }', { id: a.data!.createAdmin.user.id }, w.tokens.owner)).data
        ?.deleteAdmin.status,
    ).toBe(true);
    expect(
      (await w.q('mutation($id: ID!) { deleteManager(id: $id) { status } }', { id: mid }, w.tokens.owner)).data?.deleteManager.status,
    ).toBe(true);
    const roles = await w.q('query { getAdminRolesList { name } }', {}, w.tokens.mgrX);
    expect(roles.data?.getAdminRolesList.map((r: any) => r.name).sort()).toEqual(['blog', 'manager', 'teacher', 'user']);
  });

  it('contacts: create with children, update, delete (sessions end), aliases', async () => {
    const c = await w.q(
      'mutation($s: [ContactStudentInput!]) { createUser(fname: "Con", lname: "Tact", username: "contact1", email: "contact1@example.test", locations: [], email_confirmed: true, students: $s, send_invite: false) { user { id invited students { id } } } }',
      { s: [{ student_id: w.kidX2, relation: 'Uncle' }] },
      w.tokens.mgrX,
    );
    expect(c.data?.createUser.user).toMatchObject({ invited: false, students: [{ id: w.kidX2 }] });
    const id = c.data!.createUser.user.id;
    const u = await w.q('mutation($id: ID!) { updateNewUser(id: $id, phone: "512 555 0199") { user { phone } } }', { id }, w.tokens.mgrX);
    expect(u.data?.updateNewUser.user.phone).toBe('512 555 0199');
    expect(field(await w.q('mutation($id: ID!) { updateUser(id: $id, phone: "call me") { status } }', { id }, w.tokens.mgrX))).toBe(
      'phone',
    );
    expect(field(await w.q('mutation($id: ID!) { updateUser(id: $id, username: "parent") { status } }', { id }, w.tokens.mgrX))).toBe(
      'username',
    );
    expect((await w.q('mutation($id: ID!) { deleteNewUser(id: $id) { status } }', { id }, w.tokens.mgrX)).data?.deleteNewUser.status).toBe(
      true,
    );
    expect(await db()('users').where({ id }).first('status')).toEqual({ status: false });
    expect(code(await w.q('mutation($id: ID!) { deleteUser(id: $id) { status } }', { id: w.ids.mgrX }, w.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await w.q('mutation($id: ID!) { deleteInviteUser(id: $id) { status } }', { id: w.ids.mgrX }, w.tokens.mgrX))).toBe(
      'USER_SELF_CHANGE',
    );
    const inv = await w.q(INVITE, invite(), w.tokens.mgrX);
    const upd = await w.q(
      'mutation($id: ID!) { updateInviteUser(id: $id, roles: ["teacher"]) { user { roles { name } } } }',
      { id: inv.data!.createInviteUser.user.id },
      w.tokens.mgrX,
    );
    expect(upd.data?.updateInviteUser.user.roles).toEqual([{ name: 'teacher' }]);
    expect(
      code(
        await w.q(
          'mutation($id: ID!) { updateInviteUser(id: $id, roles: ["center"]) { status } }',
          { id: inv.data!.createInviteUser.user.id },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('FORBIDDEN');
  });

  it('transfers people between locations within the scope', async () => {
    const t = await w.q(
      'mutation($ids: [ID!]!, $l: ID!, $f: ID) { transferUsers(ids: $ids, location_id: $l, from_location_id: $f) { users { id locations { id } } } }',
      { ids: [w.ids.teacher], l: w.Y, f: w.X },
      w.tokens.owner,
    );
    expect(t.data?.transferUsers.users).toEqual([{ id: w.ids.teacher, locations: [{ id: w.Y }] }]);
    expect(
      code(
        await w.q(
          'mutation($ids: [ID!]!, $l: ID!) { transferUsers(ids: $ids, location_id: $l) { status } }',
          { ids: [w.ids.parent], l: w.Y },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
    await w.q(
      'mutation($ids: [ID!]!, $l: ID!) { transferUsers(ids: $ids, location_id: $l) { status } }',
      { ids: [w.ids.teacher], l: w.X },
      w.tokens.owner,
    );
    expect(await db()('user_locations').where({ user_id: w.ids.teacher }).select('location_id')).toEqual([{ location_id: w.X }]);
  });
});

describe('contact setting: camera logins', () => {
  it("sets a daily limit and raises today's limit", async () => {
    await db()('location_settings').insert({ location_id: w.X, max_daily_logins: 3 }).onConflict('location_id').merge();
    await db()('user_locations').insert({ user_id: w.ids.parent, location_id: w.X }).onConflict(['user_id', 'location_id']).ignore();
    const s0 = await w.q(
      'query($id: ID!) { getUserSettingData(user_id: $id) { max_daily_camera_logins location_max_daily_logins extra_camera_logins_today daily_camera_login_limit } }',
      { id: w.ids.parent },
      w.tokens.parent,
    );
    expect(s0.data?.getUserSettingData).toEqual({
      max_daily_camera_logins: null,
      location_max_daily_logins: 3,
      extra_camera_logins_today: 0,
      daily_camera_login_limit: 3,
    });
    const s1 = await w.q(
      'mutation($id: ID!) { updateUserCameraLogins(user_id: $id, max_daily_camera_logins: 5) { setting { daily_camera_login_limit } } }',
      { id: w.ids.parent },
      w.tokens.mgrX,
    );
    expect(s1.data?.updateUserCameraLogins.setting.daily_camera_login_limit).toBe(5);
    const s2 = await w.q(
      'mutation($id: ID!) { a: raiseTodayCameraLimit(user_id: $id) { status } b: raiseTodayCameraLimit(user_id: $id, extra: 2) { setting { extra_camera_logins_today daily_camera_login_limit } } }',
      { id: w.ids.parent },
      w.tokens.mgrX,
    );
    expect(s2.data?.b.setting).toEqual({ extra_camera_logins_today: 3, daily_camera_login_limit: 8 });
    expect(
      field(
        await w.q('mutation($id: ID!) { raiseTodayCameraLimit(user_id: $id, extra: 0) { status } }', { id: w.ids.parent }, w.tokens.mgrX),
      ),
    ).toBe('extra');
    expect(
      code(await w.q('mutation($id: ID!) { raiseTodayCameraLimit(user_id: $id) { status } }', { id: w.ids.parent }, w.tokens.mgrY)),
    ).toBe('NOT_FOUND');
    expect(code(await w.q('query($id: ID!) { getUserSettingData(user_id: $id) { user_id } }', { id: w.parent2.id }, w.tokens.parent))).toBe(
      'NOT_FOUND',
    );
    const me = await w.q('query { me { setting { daily_camera_login_limit } } }', {}, w.tokens.parent);
    expect(me.data?.me.setting.daily_camera_login_limit).toBe(8);
  });
});

describe('lists and reports', () => {
  it('people by role, team, lookups and the username check', async () => {
    const contacts = await w.q(
      'query { roleUsers(role: "user", first: 100) { data { username } paginatorInfo { total } } }',
      {},
      w.tokens.mgrX,
    );
    const names = contacts.data?.roleUsers.data.map((u: any) => u.username);
    expect(names).toEqual(expect.arrayContaining(['parent', 'parent2']));
    expect(names).not.toContain('teacher');
    expect(field(await w.q('query { roleUsers(role: "king") { data { id } } }', {}, w.tokens.mgrX))).toBe('role');
    const team = await w.q('query { getTeamList(first: 100) { data { username } } }', {}, w.tokens.mgrX);
    expect(team.data?.getTeamList.data.map((u: any) => u.username)).toEqual(expect.arrayContaining(['teacher', 'mgrX', 'blog']));
    expect(team.data?.getTeamList.data.map((u: any) => u.username)).not.toContain('mgrY');
    expect((await w.q('query { userByEmail(email: "PARENT@example.test") { id } }', {}, w.tokens.mgrX)).data?.userByEmail).toEqual({
      id: w.ids.parent,
    });
    expect((await w.q('query { userByEmail(email: "mgrY@example.test") { id } }', {}, w.tokens.mgrX)).data?.userByEmail).toBeNull();
    expect((await w.q('query { userByUserName(username: "Parent2") { id } }', {}, w.tokens.teacher)).data?.userByUserName).toEqual({
      id: w.parent2.id,
    });
    const taken = await w.q(
      'query($id: ID) { checkUserNameExceptId(username: "parent", id: $id) { available } }',
      { id: w.parent2.id },
      w.tokens.parent,
    );
    expect(taken.data?.checkUserNameExceptId.available).toBe(false);
    const mine = await w.q(
      'query($id: ID) { checkUserNameExceptId(username: "parent", id: $id) { available } }',
      { id: w.ids.parent },
      w.tokens.parent,
    );
    expect(mine.data?.checkUserNameExceptId.available).toBe(true);
    expect(field(await w.q('query { checkUserNameExceptId(username: "a b") { available } }', {}, w.tokens.parent))).toBe('username');
  });

  it('alert count, login history and the system log (page, first)', async () => {
    await db()('student_users').where({ student_id: w.kidX, user_id: w.ids.parent }).update({ alert: true });
    const alerts = await w.q('query($l: ID) { getUserListAlertCount(location_id: $l) { users alerts } }', { l: w.X }, w.tokens.mgrX);
    expect(alerts.data?.getUserListAlertCount.alerts).toBe(1);
    const hist = await w.q(
      'query($id: ID!) { getUserLoginHistory(user_id: $id, first: 2) { data { username success name created_at } paginatorInfo { perPage total } } }',
      { id: w.ids.parent },
      w.tokens.mgrX,
    );
    expect(hist.data?.getUserLoginHistory.data[0]).toMatchObject({ username: 'parent', success: true });
    expect(hist.data?.getUserLoginHistory.paginatorInfo.perPage).toBe(2);
    const all = await w.q('query { getLogReportAllUser(first: 100) { data { user_id } } }', {}, w.tokens.mgrX);
    expect(all.data?.getLogReportAllUser.data.some((e: any) => e.user_id === w.ids.mgrY)).toBe(false);
    const log = await w.q(
      'query { getLogReport(page: 1, first: 5) { data { activity user username location_id created_at } paginatorInfo { currentPage perPage total } } }',
      {},
      w.tokens.mgrX,
    );
    expect(log.data?.getLogReport.paginatorInfo).toMatchObject({ currentPage: 1, perPage: 5 });
    expect(log.data?.getLogReport.data.every((e: any) => e.location_id === w.X)).toBe(true);
    const owner = await w.q('query { getLogReport(first: 100, action: "student.") { data { activity } } }', {}, w.tokens.owner);
    expect(owner.data?.getLogReport.data.every((e: any) => e.activity.startsWith('student.'))).toBe(true);
    const tooMany = await w.q('query { getLogReport(first: 101) { data { id } } }', {}, w.tokens.owner);
    expect(field(tooMany), tooMany.body).toBe('first');
    expect(code(await w.q('query { getLogReport { data { id } } }', {}, w.tokens.teacher))).toBe('FORBIDDEN');
  });

  it('saves a push token for the signed-in person', async () => {
    const r = await w.q('mutation { saveFcmToken(token: "fcm-token-1234567890", device: "ios") { status } }', {}, w.tokens.parent);
    expect(r.data?.saveFcmToken.status).toBe(true);
    expect(await db()('push_tokens').where({ token: 'fcm-token-1234567890' }).first('user_id', 'device')).toEqual({
      user_id: w.ids.parent,
      device: 'ios',
    });
    expect(field(await w.q('mutation { saveFcmToken(token: "x") { status } }', {}, w.tokens.parent))).toBe('token');
  });

  it('batches person relations: the same number of queries for few or many people', async () => {
    const LIST =
      'query($r: String!, $f: Int) { roleUsers(role: $r, first: $f) { data { id locations { id } managerlocations { id } programs { id } setting { user_id } tags { id } allergies { id } students { id } roles { id } last_updated_by } } }';
    const probe = await w.q(LIST, { r: 'user', f: 100 }, w.tokens.owner);
    expect(probe.errors, probe.body).toBeUndefined();
    const before = await countQueries(h, w.c, () => w.q(LIST, { r: 'user', f: 100 }, w.tokens.owner));
    // Five more contacts with every relation: the count of queries stays the same.
    const tag = String((await db()('tags').insert({ name: 'Volunteer' }).returning('id'))[0].id);
    for (let i = 0; i < 5; i++) {
      const [u] = await db()('users')
        .insert({ fname: `More${i}`, lname: 'People', username: `more${i}`, updated_by: w.ids.owner })
        .returning('id');
      await db().raw("insert into user_roles (user_id, role_id) select ?, id from roles where name = 'user'", [u.id]);
      await db()('user_locations').insert({ user_id: u.id, location_id: w.X });
      await db()('user_settings').insert({ user_id: u.id, max_daily_camera_logins: 2 });
      await db()('user_tags').insert({ user_id: u.id, tag_id: tag });
      await db()('student_users').insert({ student_id: w.kidX2, user_id: u.id });
    }
    const after = await countQueries(h, w.c, () => w.q(LIST, { r: 'user', f: 100 }, w.tokens.owner));
    expect(after).toBe(before);
  });
});

describe('other centre', () => {
  it("centre B's owner does not find centre A's people", async () => {
    const b = h.centres[1]!;
    const { seedUser } = await import('../../test/harness.ts');
    await seedUser(b, { username: 'bowner', role: 'center' });
    const t = (await signIn(h.app, b.host, 'bowner')).token;
    expect((await gql(h.app, b.host, 'query { userByUserName(username: "parent") { id } }', {}, t)).data?.userByUserName).toBeNull();
    expect((await gql(h.app, b.host, 'query { userByUserName(username: "parent") { id } }', {}, w.tokens.owner)).statusCode).toBe(401);
  });
});
