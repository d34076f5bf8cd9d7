import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '@kv/auth';
import { createHarness, gql, lastMailTo, LOGIN, PASSWORD, seedUser, signIn, type Harness } from '../../test/harness.ts';

let h: Harness;
const A = () => h.centres[0]!;
const ME = 'query { me { id username full_name roles { name } permissions } }';

beforeAll(async () => {
  h = await createHarness();
  for (const role of ['user', 'blog', 'teacher', 'manager', 'center']) await seedUser(A(), { username: role, role });
});
afterAll(() => h.close());

describe('login and me', () => {
  it.each(['user', 'blog', 'teacher', 'manager', 'center'])('signs in as %s and gets that role back from me', async (role) => {
    const s = await signIn(h.app, A().host, role);
    const me = await gql(h.app, A().host, ME, {}, s.token);
    expect(me.data?.me.username).toBe(role);
    expect(me.data?.me.roles[0].name).toBe(role);
  });

  it('answers a wrong password with a notice, not a token, and records the attempt', async () => {
    const r = await gql(h.app, A().host, LOGIN, { username: 'manager', password: 'wrong password' });
    expect(r.data?.login).toMatchObject({ status: false, message: 'Invalid username or password.', color: 'danger', tokens: null });
    const row = await A().db.db('login_history').where({ username: 'manager', success: false }).first();
    expect(row).toBeTruthy();
  });

  it('gives the same answer for an unknown user', async () => {
    const r = await gql(h.app, A().host, LOGIN, { username: 'nobody-here', password: PASSWORD });
    expect(r.data?.login.message).toBe('Invalid username or password.');
  });

  it('refuses inactive, unconfirmed and pending accounts with a reason', async () => {
    await seedUser(A(), { username: 'inactive1', status: false });
    await seedUser(A(), { username: 'unconfirmed1', email_confirmed: false });
    await seedUser(A(), { username: 'pending1', pending: true });
    for (const [username, msg] of [
      ['inactive1', /inactive/],
      ['unconfirmed1', /confirm your email/],
      ['pending1', /approval/],
    ] as const) {
      const r = await gql(h.app, A().host, LOGIN, { username, password: PASSWORD });
      expect(r.data?.login.status).toBe(false);
      expect(r.data?.login.message).toMatch(msg);
    }
  });

  it('me is null for a guest', async () => {
    const r = await gql(h.app, A().host, ME);
    expect(r.data?.me).toBeNull();
  });

  it('signs in with the email address too', async () => {
    const s = await signIn(h.app, A().host, 'teacher@example.test');
    expect(s.token).toBeTruthy();
  });
});

describe('sessions', () => {
  const REFRESH = 'mutation($t: String!) { refreshToken(refresh_token: $t) { status tokens { access_token refresh_token } } }';

  it('refresh rotates; replaying an old refresh token ends the whole session', async () => {
    const s = await signIn(h.app, A().host, 'manager');
    const r1 = await gql(h.app, A().host, REFRESH, { t: s.refresh });
    const next = r1.data?.refreshToken.tokens;
    expect(next.refresh_token).not.toBe(s.refresh);
    const replay = await gql(h.app, A().host, REFRESH, { t: s.refresh });
    expect(replay.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // the family is revoked: the newest refresh and the access tokens die too
    expect((await gql(h.app, A().host, REFRESH, { t: next.refresh_token })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gql(h.app, A().host, ME, {}, next.access_token)).statusCode).toBe(401);
    expect((await gql(h.app, A().host, ME, {}, s.token)).statusCode).toBe(401);
  });

  it('a refresh token is not an access token', async () => {
    const s = await signIn(h.app, A().host, 'manager');
    expect((await gql(h.app, A().host, ME, {}, s.refresh)).statusCode).toBe(401);
  });

  it('logout ends the session at once', async () => {
    const s = await signIn(h.app, A().host, 'teacher');
    const out = await gql(h.app, A().host, 'mutation { logout { status message } }', {}, s.token);
    expect(out.data?.logout.status).toBe(true);
    expect((await gql(h.app, A().host, ME, {}, s.token)).statusCode).toBe(401);
  });

  it("logout of another user's session is not found", async () => {
    const mine = await signIn(h.app, A().host, 'teacher');
    const theirs = await signIn(h.app, A().host, 'manager');
    const r = await gql(h.app, A().host, 'mutation($id: ID) { logout(session_id: $id) { status } }', { id: theirs.sessionId }, mine.token);
    expect(r.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await gql(h.app, A().host, ME, {}, theirs.token)).data?.me.username).toBe('manager');
  });

  it('deactivating a user ends their sessions at once', async () => {
    const id = await seedUser(A(), { username: 'leaver', role: 'teacher' });
    const s = await signIn(h.app, A().host, 'leaver');
    await A().db.db('users').where({ id }).update({ status: false });
    expect((await gql(h.app, A().host, ME, {}, s.token)).statusCode).toBe(401);
  });
});

describe('registration and email verification', () => {
  const REGISTER = `mutation($u: String!, $e: String!, $code: String) {
    register(fname: "Maria", lname: "Lopez", username: $u, email: $e, password: "${PASSWORD}", validity: 30, signup_code: $code) { status message pin_time }
  }`;
  const VERIFY = 'mutation($p: String!, $pin: String!) { verifyEmail(pin_time: $p, pin: $pin) { status message } }';

  it('registers with a location signup code, emails a PIN, confirms it and signs in', async () => {
    const [loc] = await A().db.db('locations').insert({ name: 'Main', is_signup: true, signup_code: 'SUNNY1' }).returning('id');
    const r = await gql(h.app, A().host, REGISTER, { u: 'maria', e: 'maria@example.test', code: 'sunny1' });
    expect(r.data?.register.status).toBe(true);
    const pinTime = r.data?.register.pin_time;
    expect((await gql(h.app, A().host, LOGIN, { username: 'maria', password: PASSWORD })).data?.login.message).toMatch(/confirm/);
    const mail = await lastMailTo(A(), 'maria@example.test');
    const pin = mail!.body_text.match(/\b(\d{6})\b/)![1]!;
    expect(mail!.body_text).toContain(`/verify-email/${pinTime}`);
    expect(h.kicks).toContain(A().entry.id);
    const wrong = await gql(h.app, A().host, VERIFY, { p: pinTime, pin: pin === '000000' ? '111111' : '000000' });
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'pin' });
    expect((await gql(h.app, A().host, VERIFY, { p: pinTime, pin })).data?.verifyEmail.status).toBe(true);
    expect((await gql(h.app, A().host, VERIFY, { p: pinTime, pin })).errors?.[0]?.extensions?.field).toBe('pin_time');
    const s = await signIn(h.app, A().host, 'maria');
    expect((await gql(h.app, A().host, ME, {}, s.token)).data?.me.roles[0].name).toBe('user');
    const link = await A().db.db('user_locations').where({ user_id: s.userId }).first();
    expect(String(link.location_id)).toBe(String(loc.id));
  });

  describe("the location's signup settings", () => {
    const SET_CODE = `mutation($id: ID!, $code: String) {
      updateLocationSignupCode(location_id: $id, is_signup: true, signup_code: $code) { status }
    }`;
    const SETTINGS = `mutation($id: ID!) {
      saveSignupSettings(location_id: $id, expiry_time: 2, signup_pin_code_expiry: 15,
        signup_success_text: "Welcome to Oak Street!", signup_fail_text: "Oak Street signups are closed.") { status }
    }`;
    const REGISTER_TEXT = `mutation($u: String!, $e: String!, $code: String) {
      register(fname: "Maria", lname: "Lopez", username: $u, email: $e, password: "${PASSWORD}", validity: 1440, signup_code: $code) {
        status pin_time signup_success_text
      }
    }`;
    let locationId: string;

    beforeAll(async () => {
      const owner = await signIn(h.app, A().host, 'center');
      [{ id: locationId }] = await A().db.db('locations').insert({ name: 'Oak Street' }).returning('id');
      expect(
        (await gql(h.app, A().host, SET_CODE, { id: locationId, code: 'OAK-ST' }, owner.token)).data?.updateLocationSignupCode.status,
      ).toBe(true);
      expect((await gql(h.app, A().host, SETTINGS, { id: locationId }, owner.token)).data?.saveSignupSettings.status).toBe(true);
    });

    it('updateLocationSignupCode records when the code was set', async () => {
      const row = await A().db.db('locations').where({ id: locationId }).first('signup_code_set_at');
      expect(Date.now() - new Date(row.signup_code_set_at).getTime()).toBeLessThan(60_000);
    });

    it("takes the PIN's validity from the location, not the client, and answers the success text", async () => {
      const r = await gql(h.app, A().host, REGISTER_TEXT, { u: 'oak-parent', e: 'oak.parent@example.test', code: 'oak-st' });
      expect(r.data?.register).toMatchObject({ status: true, signup_success_text: 'Welcome to Oak Street!' });
      const user = await A().db.db('users').where({ username: 'oak-parent' }).first('id');
      const token = await A().db.db('auth_tokens').where({ user_id: user.id, purpose: 'verify_email' }).first('expires_at', 'created_at');
      const minutes = (new Date(token.expires_at).getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(13);
      expect(minutes).toBeLessThanOrEqual(15);
      expect((await lastMailTo(A(), 'oak.parent@example.test'))!.body_text).toMatch(/15 minutes/);
    });

    it('without a signup code the success text is absent and the client validity counts', async () => {
      const r = await gql(h.app, A().host, REGISTER_TEXT, { u: 'no-code-parent', e: 'no.code@example.test' });
      expect(r.data?.register).toMatchObject({ status: true, signup_success_text: null });
      const user = await A().db.db('users').where({ username: 'no-code-parent' }).first('id');
      const token = await A().db.db('auth_tokens').where({ user_id: user.id, purpose: 'verify_email' }).first('expires_at');
      expect((new Date(token.expires_at).getTime() - Date.now()) / 60_000).toBeGreaterThan(1400);
    });

    it("refuses a code older than the location's expiry_time with SIGNUP_CODE_EXPIRED and its fail text, writing nothing", async () => {
      await A()
        .db.db('locations')
        .where({ id: locationId })
        .update({ signup_code_set_at: new Date(Date.now() - 3 * 3_600_000) });
      const r = await gql(h.app, A().host, REGISTER_TEXT, { u: 'late-parent', e: 'late.parent@example.test', code: 'OAK-ST' });
      expect(r.errors?.[0]).toMatchObject({
        message: 'Oak Street signups are closed.',
        extensions: { code: 'SIGNUP_CODE_EXPIRED', field: 'signup_code' },
      });
      expect(await A().db.db('users').where({ username: 'late-parent' }).first()).toBeUndefined();
      // Saving the code again opens a new window.
      const owner = await signIn(h.app, A().host, 'center');
      await gql(h.app, A().host, SET_CODE, { id: locationId, code: 'OAK-ST' }, owner.token);
      const again = await gql(h.app, A().host, REGISTER_TEXT, { u: 'late-parent', e: 'late.parent@example.test', code: 'OAK-ST' });
      expect(again.data?.register.status).toBe(true);
    });
  });

  it('rejects bad input with a typed error naming the field, and writes nothing', async () => {
    const before = await A().db.db('users').count({ n: '*' }).first();
    const bad = [
      [{ u: 'x', e: 'x@example.test' }, 'username'],
      [{ u: 'valid-name', e: 'not-an-email' }, 'email'],
      [{ u: 'manager', e: 'new@example.test' }, 'username'],
      [{ u: 'fresh-one', e: 'fresh@example.test', code: 'NOPE' }, 'signup_code'],
    ] as const;
    for (const [vars, field] of bad) {
      const r = await gql(h.app, A().host, REGISTER, vars);
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    const weak = await gql(
      h.app,
      A().host,
      'mutation { register(fname: "A", lname: "B", username: "weakling", email: "w@example.test", password: "short", validity: 30) { status } }',
    );
    expect(weak.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'password' });
    const after = await A().db.db('users').count({ n: '*' }).first();
    expect(after?.n).toBe(before?.n);
  });

  it('five wrong PINs burn the token', async () => {
    const r = await gql(h.app, A().host, REGISTER, { u: 'guesser', e: 'guesser@example.test' });
    const pinTime = r.data?.register.pin_time;
    const mail = await lastMailTo(A(), 'guesser@example.test');
    const pin = mail!.body_text.match(/\b(\d{6})\b/)![1]!;
    const wrongPin = pin === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) await gql(h.app, A().host, VERIFY, { p: pinTime, pin: wrongPin });
    const late = await gql(h.app, A().host, VERIFY, { p: pinTime, pin });
    expect(late.errors?.[0]?.extensions?.field).toBe('pin_time');
  });

  it('resendTokenEmail answers the same for unknown addresses', async () => {
    const q = 'mutation($e: String!) { resendTokenEmail(email: $e) { status message pin_time } }';
    const unknown = await gql(h.app, A().host, q, { e: 'unknown@example.test' });
    const known = await gql(h.app, A().host, q, { e: 'guesser@example.test' });
    expect(unknown.data?.resendTokenEmail.message).toBe(known.data?.resendTokenEmail.message);
    expect(unknown.data?.resendTokenEmail.pin_time).toBeTruthy();
    expect(await lastMailTo(A(), 'unknown@example.test')).toBeUndefined();
  });
});

describe('password recovery', () => {
  it('forgot → email link → reset → old sessions end → new password works', async () => {
    await seedUser(A(), { username: 'forgetful', role: 'user' });
    const old = await signIn(h.app, A().host, 'forgetful');
    const f = await gql(h.app, A().host, 'mutation { forgotPassword(email: "forgetful@example.test") { status message } }');
    const unknown = await gql(h.app, A().host, 'mutation { forgotPassword(email: "ghost@example.test") { status message } }');
    expect(f.data?.forgotPassword.message).toBe(unknown.data?.forgotPassword.message);
    const mail = await lastMailTo(A(), 'forgetful@example.test');
    const token = mail!.body_text.match(/\/password\/reset\/([A-Za-z0-9_-]+)/)![1]!;
    const RESET =
      'mutation($t: String!, $p: String!, $c: String!) { updateForgottenPassword(token: $t, password: $p, password_confirmation: $c) { status message } }';
    const mismatch = await gql(h.app, A().host, RESET, { t: token, p: 'a brand new phrase', c: 'something else' });
    expect(mismatch.errors?.[0]?.extensions?.field).toBe('password_confirmation');
    const ok = await gql(h.app, A().host, RESET, { t: token, p: 'a brand new phrase', c: 'a brand new phrase' });
    expect(ok.data?.updateForgottenPassword.status).toBe(true);
    expect(
      (await gql(h.app, A().host, RESET, { t: token, p: 'another new phrase', c: 'another new phrase' })).errors?.[0]?.extensions?.field,
    ).toBe('token');
    expect((await gql(h.app, A().host, ME, {}, old.token)).statusCode).toBe(401);
    await signIn(h.app, A().host, 'forgetful', 'a brand new phrase');
  });
});

describe('invitations', () => {
  it('verify the invited email with the PIN, set a password, and be signed in', async () => {
    const [u] = await A()
      .db.db('users')
      .insert({ fname: 'Inv', lname: 'Ited', username: 'invited1', email: 'invited1@example.test', invited: true })
      .returning('id');
    await A().db.db.raw("insert into user_roles (user_id, role_id) select ?, id from roles where name = 'teacher'", [u.id]);
    const resend = await gql(h.app, A().host, 'mutation { resendInvitedUserEmail(email: "invited1@example.test") { status pin_time } }');
    const pinTime = resend.data?.resendInvitedUserEmail.pin_time;
    const mail = await lastMailTo(A(), 'invited1@example.test');
    const pin = mail!.body_text.match(/\b(\d{6})\b/)![1]!;
    expect(mail!.body_text).toContain(`/viue/${pinTime}`);
    const v = await gql(
      h.app,
      A().host,
      'mutation($p: String!, $pin: String!) { verifyInvitedUserEmail(pin_time: $p, pin: $pin) { status token } }',
      { p: pinTime, pin },
    );
    const setToken = v.data?.verifyInvitedUserEmail.token;
    expect(setToken).toBeTruthy();
    const set = await gql(
      h.app,
      A().host,
      `mutation($t: String!) { updateInvitedUserPassword(token: $t, password: "${PASSWORD}", password_confirmation: "${PASSWORD}") { status tokens { access_token } user { username } } }`,
      { t: setToken },
    );
    expect(set.data?.updateInvitedUserPassword.user.username).toBe('invited1');
    const me = await gql(h.app, A().host, ME, {}, set.data?.updateInvitedUserPassword.tokens.access_token);
    expect(me.data?.me.roles[0].name).toBe('teacher');
  });
});

describe('email change', () => {
  it('needs the password, mails the new address, and applies on the link', async () => {
    const id = await seedUser(A(), { username: 'mover', role: 'user' });
    const s = await signIn(h.app, A().host, 'mover');
    const REQ = 'mutation($e: String!, $p: String!) { requestEmailChange(email: $e, password: $p) { status } }';
    expect((await gql(h.app, A().host, REQ, { e: 'moved@example.test', p: 'wrong' }, s.token)).errors?.[0]?.extensions?.field).toBe(
      'password',
    );
    expect((await gql(h.app, A().host, REQ, { e: 'moved@example.test', p: PASSWORD }, s.token)).data?.requestEmailChange.status).toBe(true);
    const mail = await lastMailTo(A(), 'moved@example.test');
    const token = decodeURIComponent(mail!.body_text.match(/change=([A-Za-z0-9_%-]+)/)![1]!);
    const v = await gql(h.app, A().host, 'mutation($t: String!) { verifyEmailChange(token: $t) { status } }', { t: token });
    expect(v.data?.verifyEmailChange.status).toBe(true);
    expect((await A().db.db('users').where({ id }).first('email')).email).toBe('moved@example.test');
  });
});

describe('support sessions (login as user)', () => {
  const VERIFY =
    'mutation($t: String!) { verifyAutologin(token: $t) { status session_id tokens { access_token } user { support_session { operator } } } }';

  it('accepts a platform support token once, audits it, and marks the session', async () => {
    const id = await seedUser(A(), { username: 'supported', role: 'manager' });
    const token = await h.deps.tokens.signSupportAutologin({
      tid: A().entry.id,
      sub: id,
      ssid: '5b0f1f52-0d0e-4a4e-9a51-7f0d1a1d9c11',
      operator: 'Ada Operator',
      exp: new Date(Date.now() + 3600_000),
    });
    const r = await gql(h.app, A().host, VERIFY, { t: token });
    // The sign-in's own answer already says it is a support session (the banner shows at once).
    expect(r.data?.verifyAutologin.user).toEqual({ support_session: { operator: 'Ada Operator' } });
    const access = r.data?.verifyAutologin.tokens.access_token;
    const me = await gql(h.app, A().host, 'query { me { username support_session { operator } } }', {}, access);
    expect(me.data?.me).toMatchObject({ username: 'supported', support_session: { operator: 'Ada Operator' } });
    expect((await gql(h.app, A().host, VERIFY, { t: token })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const audit = await A().db.db('audit_log').where({ action: 'support.login_as_user', entity_id: id }).first();
    expect(audit.actor_label).toBe('Ada Operator');
  });

  it('refuses a support token minted for another centre', async () => {
    const id = await seedUser(A(), { username: 'supported2', role: 'manager' });
    const token = await h.deps.tokens.signSupportAutologin({
      tid: h.centres[1]!.entry.id,
      sub: id,
      ssid: '5b0f1f52-0d0e-4a4e-9a51-7f0d1a1d9c12',
      operator: 'Ada',
      exp: new Date(Date.now() + 3600_000),
    });
    expect((await gql(h.app, A().host, VERIFY, { t: token })).errors?.[0]?.extensions?.field).toBe('token');
  });
  const FULL_VERIFY =
    'mutation($t: String!) { verifyAutologin(token: $t) { session_id tokens { access_token refresh_token } user { support_session { operator mode } } } }';
  const ADD_TAG = 'mutation($n: String!) { addTag(name: $n) { status } }';

  /** A support session as the control plane opens it: its start row in the centre's audit log, then the link. */
  async function enter(username: string, mode: 'read' | 'write' | undefined, ssid: string) {
    const id = await seedUser(A(), { username, role: 'manager' });
    await A().db.db('audit_log').insert({
      actor_label: 'Ada Operator',
      support_session_id: ssid,
      action: 'support.session_started',
      entity: 'user',
      entity_id: id,
      data: JSON.stringify({ ticket_id: 'HELP-4411', mode: mode ?? 'read' }),
    });
    const token = await h.deps.tokens.signSupportAutologin({
      tid: A().entry.id,
      sub: id,
      ssid,
      operator: 'Ada Operator',
      exp: new Date(Date.now() + 30 * 60_000),
      ...(mode ? { mode } : {}),
    });
    const r = await gql(h.app, A().host, FULL_VERIFY, { t: token });
    return r.data!.verifyAutologin;
  }

  it('a read-only session (the default) reads, but every mutation except logout and refreshToken answers SUPPORT_READ_ONLY', async () => {
    const s = await enter('readonly1', undefined, '5b0f1f52-0d0e-4a4e-9a51-7f0d1a1d9c21');
    expect(s.user.support_session).toEqual({ operator: 'Ada Operator', mode: 'read' });
    const access = s.tokens.access_token;
    const me = await gql(h.app, A().host, 'query { me { username support_session { mode } } }', {}, access);
    expect(me.data?.me).toEqual({ username: 'readonly1', support_session: { mode: 'read' } });
    const before = await A().db.db('tags').count({ n: '*' });
    const refused = await gql(h.app, A().host, ADD_TAG, { n: 'Support was here' }, access);
    expect(refused.errors?.[0]?.extensions?.code).toBe('SUPPORT_READ_ONLY');
    expect(refused.errors?.[0]?.message).toBe('This support session is read-only: nothing can be changed in it.');
    expect(await A().db.db('tags').count({ n: '*' })).toEqual(before);
    // Keeping and ending its own session still work.
    const refreshed = await gql(
      h.app,
      A().host,
      'mutation($r: String!) { refreshToken(refresh_token: $r) { tokens { access_token } } }',
      { r: s.tokens.refresh_token },
    );
    const access2 = refreshed.data?.refreshToken.tokens.access_token;
    expect(access2).toBeTruthy();
    expect((await gql(h.app, A().host, ADD_TAG, { n: 'Again' }, access2)).errors?.[0]?.extensions?.code).toBe('SUPPORT_READ_ONLY');
    expect((await gql(h.app, A().host, 'mutation { logout { status } }', {}, access2)).data?.logout.status).toBe(true);
    // The system log names the ticket and the mode of the support entries.
    await seedUser(A(), { username: 'logowner1', role: 'center' });
    const owner = await signIn(h.app, A().host, 'logowner1');
    const log = await gql(
      h.app,
      A().host,
      'query { getLogReport(first: 100, action: "support.") { data { activity by_support support_ticket support_mode } } }',
      {},
      owner.token,
    );
    expect(log.data?.getLogReport.data).toContainEqual({
      activity: 'support.session_started',
      by_support: true,
      support_ticket: 'HELP-4411',
      support_mode: 'read',
    });
  });

  it('a write session (an admin, with a reason) may change data; its changes are recorded as support', async () => {
    const s = await enter('writer1', 'write', '5b0f1f52-0d0e-4a4e-9a51-7f0d1a1d9c22');
    expect(s.user.support_session.mode).toBe('write');
    const added = await gql(h.app, A().host, ADD_TAG, { n: 'Fixed by support' }, s.tokens.access_token);
    expect(added.errors).toBeUndefined();
    expect(added.data?.addTag.status).toBe(true);
  });

  it('a forged mode claim is refused with the token (the mode is signed)', async () => {
    const id = await seedUser(A(), { username: 'forger1', role: 'manager' });
    const token = await h.deps.tokens.signSupportAutologin({
      tid: A().entry.id,
      sub: id,
      ssid: '5b0f1f52-0d0e-4a4e-9a51-7f0d1a1d9c23',
      operator: 'Ada',
      exp: new Date(Date.now() + 600_000),
    });
    const [head, body, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = [head, Buffer.from(JSON.stringify({ ...claims, smode: 'write' })).toString('base64url'), sig].join('.');
    expect((await gql(h.app, A().host, VERIFY, { t: forged })).errors?.[0]?.extensions?.field).toBe('token');
  });
});

describe("the sign-up funnel's one-time link (centre-issued autologin)", () => {
  const VERIFY = 'mutation($t: String!) { verifyAutologin(token: $t) { status tokens { access_token } user { username roles { name } } } }';

  /** As provisioning's owner step writes it: the hash of a token only the setup page holds. */
  async function issue(username: string, expiresInMs = 15 * 60_000): Promise<string> {
    const id = await seedUser(A(), { username, role: 'center' });
    const token = `signup-link-${username}-0123456789abcdef`;
    await A().db.db('auth_tokens').insert({ user_id: id, purpose: 'autologin', token_hash: sha256Hex(token), expires_at: new Date(Date.now() + expiresInMs) });
    return token;
  }

  it('signs the owner in once; a replay is refused', async () => {
    const token = await issue('owner-link');
    const r = await gql(h.app, A().host, VERIFY, { t: token });
    expect(r.data?.verifyAutologin).toMatchObject({ status: true, user: { username: 'owner-link', roles: [{ name: 'center' }] } });
    const me = await gql(h.app, A().host, 'query { me { username } }', {}, r.data?.verifyAutologin.tokens.access_token);
    expect(me.data?.me.username).toBe('owner-link');
    expect((await gql(h.app, A().host, VERIFY, { t: token })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'token' });
  });

  it('refuses an expired link and a link of another centre', async () => {
    const expired = await issue('owner-expired', -1000);
    expect((await gql(h.app, A().host, VERIFY, { t: expired })).errors?.[0]?.extensions).toMatchObject({ field: 'token' });
    const other = await issue('owner-other');
    expect((await gql(h.app, h.centres[1]!.host, VERIFY, { t: other })).errors?.[0]?.extensions).toMatchObject({ field: 'token' });
    // Still good where it was issued: the other centre's refusal did not spend it.
    expect((await gql(h.app, A().host, VERIFY, { t: other })).data?.verifyAutologin.status).toBe(true);
  });
});
