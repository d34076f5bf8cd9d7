import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, gql, lastMailTo, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, field, seedStudent, setupCentre, type Setup } from './test-fixtures.ts';

let h: Harness;
let s: Setup;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => gql(h.app, A().host, doc, vars, token);

const SETTINGS = `query($id: ID!) { getLocationSettingData(location_id: $id) {
  location_id max_no_of_students max_no_of_users max_daily_logins user_time_out enable_max_login_feature
  expiry_time signup_pin_code_expiry signup_success_text signup_fail_text
  team_notification { location_id emails phones signup_notification_email signup_notification_phone app email sms }
  can_edit_student can_edit_fields parent_directory_visibility check_in_qr check_in_qr_expire
  default_city default_state default_zip check_in_parent_alert { email sms app time } send_parent_activity_report send_parent_activity_report_time
} }`;

beforeAll(async () => {
  h = await createHarness();
  s = await setupCentre(h, A());
});
afterAll(() => h.close());

describe('location settings', () => {
  it('starts with defaults', async () => {
    const r = await q(SETTINGS, { id: s.X }, s.tokens.mgrX);
    expect(r.data?.getLocationSettingData).toMatchObject({
      location_id: s.X,
      max_no_of_students: null,
      enable_max_login_feature: false,
      can_edit_fields: [],
      check_in_qr: false,
      team_notification: { location_id: s.X, emails: [], app: true, email: true, sms: false },
      check_in_parent_alert: { email: false, sms: false, app: false, time: null },
    });
  });

  it('saves every group, keeps what a group does not name, and records the changes', async () => {
    const saves = [
      [
        'saveLoginSettings(location_id: $id, max_no_of_students: 80, max_no_of_users: 200, max_daily_logins: 5, user_time_out: 30, enable_max_login_feature: true)',
        'saveLoginSettings',
      ],
      [
        'saveSignupSettings(location_id: $id, expiry_time: 48, signup_pin_code_expiry: 15, signup_success_text: "Welcome!", signup_fail_text: "Sorry.")',
        'saveSignupSettings',
      ],
      [
        'saveParentSettings(location_id: $id, can_edit_student: true, can_edit_fields: ["fname", "allergies"], parent_directory_visibility: true)',
        'saveParentSettings',
      ],
      [
        'saveAddressSettings(location_id: $id, default_city: "Springfield", default_state: "IL", default_zip: "62701")',
        'saveAddressSettings',
      ],
      [
        'saveLocationNotificationSettings(location_id: $id, check_in_parent_alert: { email: true, app: true, time: "09:15" }, send_parent_activity_report: true, send_parent_activity_report_time: "17:30")',
        'saveLocationNotificationSettings',
      ],
      ['saveCheckInQrSetting(location_id: $id, check_in_qr: true, check_in_qr_expire: "24h")', 'saveCheckInQrSetting'],
    ];
    for (const [call, name] of saves) {
      const r = await q(`mutation($id: ID!) { ${call} { status message color setting { location_id } } }`, { id: s.X }, s.tokens.mgrX);
      expect(r.errors, name).toBeUndefined();
      expect(r.data?.[name!]).toMatchObject({ status: true, color: 'success', setting: { location_id: s.X } });
    }
    const r = await q(SETTINGS, { id: s.X }, s.tokens.mgrX);
    expect(r.data?.getLocationSettingData).toMatchObject({
      max_no_of_students: 80,
      max_no_of_users: 200,
      max_daily_logins: 5,
      user_time_out: 30,
      enable_max_login_feature: true,
      expiry_time: 48,
      signup_pin_code_expiry: 15,
      signup_success_text: 'Welcome!',
      signup_fail_text: 'Sorry.',
      can_edit_student: true,
      can_edit_fields: ['fname', 'allergies'],
      parent_directory_visibility: true,
      default_city: 'Springfield',
      default_state: 'IL',
      default_zip: '62701',
      check_in_parent_alert: { email: true, sms: false, app: true, time: '09:15' },
      send_parent_activity_report: true,
      send_parent_activity_report_time: '17:30',
      check_in_qr: true,
      check_in_qr_expire: '24h',
    });
    // a later partial save keeps the rest
    await q('mutation($id: ID!) { saveLoginSettings(location_id: $id, max_daily_logins: 7) { status } }', { id: s.X }, s.tokens.mgrX);
    expect((await q(SETTINGS, { id: s.X }, s.tokens.mgrX)).data?.getLocationSettingData).toMatchObject({
      max_daily_logins: 7,
      max_no_of_students: 80,
    });
    const rows = await A().db.db('audit_log').where({ location_id: s.X, action: 'location.settings' });
    expect(rows.length).toBe(7);
    expect(rows.every((r) => String(r.actor_user_id) === s.ids.mgrX)).toBe(true);
  });

  it('rejects bad values naming the field', async () => {
    const cases: [string, string][] = [
      ['saveLoginSettings(location_id: $id, max_no_of_students: -1)', 'max_no_of_students'],
      ['saveLoginSettings(location_id: $id, user_time_out: 100000)', 'user_time_out'],
      ['saveParentSettings(location_id: $id, can_edit_fields: ["password"])', 'can_edit_fields.0'],
      ['saveAddressSettings(location_id: $id, default_zip: "<script>")', 'default_zip'],
      ['saveLocationNotificationSettings(location_id: $id, send_parent_activity_report_time: "25:00")', 'send_parent_activity_report_time'],
      ['saveLocationNotificationSettings(location_id: $id, check_in_parent_alert: { time: "9am" })', 'check_in_parent_alert.time'],
      ['updateTeamNotification(location_id: $id, emails: ["not-an-email"])', 'emails.0'],
      ['updateTeamNotification(location_id: $id, phones: ["abc"])', 'phones.0'],
    ];
    for (const [call, f] of cases) {
      const r = await q(`mutation($id: ID!) { ${call} { status } }`, { id: s.X }, s.tokens.mgrX);
      expect(code(r), call).toBe('BAD_USER_INPUT');
      expect(field(r), call).toBe(f);
    }
  });

  it('team notifications: get and update', async () => {
    const u = await q(
      'mutation($id: ID!) { updateTeamNotification(location_id: $id, emails: ["Office@Example.test"], phones: ["(217) 555-0142"], signup_notification_email: true, sms: true) { status team_notification { emails phones signup_notification_email signup_notification_phone app email sms } } }',
      { id: s.X },
      s.tokens.mgrX,
    );
    expect(u.data?.updateTeamNotification.team_notification).toEqual({
      emails: ['office@example.test'],
      phones: ['(217) 555-0142'],
      signup_notification_email: true,
      signup_notification_phone: false,
      app: true,
      email: true,
      sms: true,
    });
    const g = await q('query($id: ID!) { getTeamNotification(location_id: $id) { location_id emails sms } }', { id: s.X }, s.tokens.mgrX);
    expect(g.data?.getTeamNotification).toEqual({ location_id: s.X, emails: ['office@example.test'], sms: true });
    expect(await A().db.db('audit_log').where({ location_id: s.X, action: 'location.team_notification' }).first()).toBeTruthy();
  });

  it('default address and counters for staff of the location', async () => {
    const d = await q(
      'query($id: ID!) { getLocationDefaultAddress(location_id: $id) { default_city default_state default_zip } }',
      { id: s.X },
      s.tokens.teacher,
    );
    expect(d.data?.getLocationDefaultAddress).toEqual({ default_city: 'Springfield', default_state: 'IL', default_zip: '62701' });
    const invited = await seedUser(A(), { username: 'invitee', role: 'user' });
    await A().db.db('users').where({ id: invited }).update({ invited: true, pending: true });
    await A().db.db('user_locations').insert({ user_id: invited, location_id: s.X });
    await seedStudent(A(), s.X, undefined, { type: 'lead' });
    await seedStudent(A(), s.X, undefined, { status: false });
    await A().db.db('programs').insert({ name: 'Room 1', location_id: s.X });
    const c = await q(
      'query($id: ID!) { getLocationCounters(location_id: $id) { invited pending students users programs managers teachers waitlist } }',
      { id: s.X },
      s.tokens.teacher,
    );
    expect(c.data?.getLocationCounters).toEqual({
      invited: 1,
      pending: 1,
      students: 2,
      users: 2,
      programs: 1,
      managers: 1,
      teachers: 1,
      waitlist: 1,
    });
  });

  it('scope: managers only their locations; teachers and parents not the settings', async () => {
    expect(code(await q(SETTINGS, { id: s.Y }, s.tokens.mgrX))).toBe('NOT_FOUND');
    expect(
      code(
        await q('mutation($id: ID!) { saveLoginSettings(location_id: $id, max_daily_logins: 1) { status } }', { id: s.Y }, s.tokens.mgrX),
      ),
    ).toBe('NOT_FOUND');
    expect(code(await q(SETTINGS, { id: s.X }, s.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await q('query($id: ID!) { getLocationCounters(location_id: $id) { students } }', { id: s.Y }, s.tokens.teacher))).toBe(
      'NOT_FOUND',
    );
    expect(code(await q('query($id: ID!) { getLocationCounters(location_id: $id) { students } }', { id: s.X }, s.tokens.parent))).toBe(
      'FORBIDDEN',
    );
  });
});

describe('location email verification', () => {
  const SEND = 'mutation($id: ID!) { sendLocationEmailVerificationCode(location_id: $id) { status message } }';
  const VERIFY =
    'mutation($id: ID!, $c: String!) { verifyLocationEmailCode(location_id: $id, code: $c) { status location { email_verified } } }';

  it('mails a code through the outbox, matches it once, and a new address needs verifying again', async () => {
    h.kicks.length = 0;
    const sent = await q(SEND, { id: s.X }, s.tokens.mgrX);
    expect(sent.data?.sendLocationEmailVerificationCode.status).toBe(true);
    expect(h.kicks).toContain(A().entry.id);
    const mail = await lastMailTo(A(), 'x@example.test');
    const pin = mail!.body_text.match(/\b(\d{6})\b/)![1]!;
    expect(
      await A()
        .db.db('outbox')
        .where('payload', '@>', JSON.stringify({ centreId: A().entry.id }))
        .first(),
    ).toBeTruthy();
    const wrong = await q(VERIFY, { id: s.X, c: pin === '000000' ? '111111' : '000000' }, s.tokens.mgrX);
    expect(field(wrong)).toBe('code');
    expect(field(await q(VERIFY, { id: s.X, c: '12ab' }, s.tokens.mgrX))).toBe('code');
    const ok = await q(VERIFY, { id: s.X, c: pin }, s.tokens.mgrX);
    expect(ok.data?.verifyLocationEmailCode).toEqual({ status: true, location: { email_verified: true } });
    expect(field(await q(VERIFY, { id: s.X, c: pin }, s.tokens.mgrX))).toBe('code');
    await q('mutation($id: ID!) { updateLocation(id: $id, email: "new@example.test") { status } }', { id: s.X }, s.tokens.mgrX);
    expect(
      (await q('query($id: ID!) { location(id: $id) { email_verified } }', { id: s.X }, s.tokens.mgrX)).data?.location.email_verified,
    ).toBe(false);
  });

  it('five wrong codes burn it; another location or no email is refused', async () => {
    await q(SEND, { id: s.X }, s.tokens.mgrX);
    const pin = (await lastMailTo(A(), 'new@example.test'))!.body_text.match(/\b(\d{6})\b/)![1]!;
    const wrongPin = pin === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) await q(VERIFY, { id: s.X, c: wrongPin }, s.tokens.mgrX);
    expect(field(await q(VERIFY, { id: s.X, c: pin }, s.tokens.mgrX))).toBe('code');
    expect(code(await q(SEND, { id: s.Y }, s.tokens.mgrX))).toBe('NOT_FOUND');
    await A().db.db('locations').where({ id: s.Y }).update({ email: null });
    expect(code(await q(SEND, { id: s.Y }, s.tokens.mgrY))).toBe('LOCATION_NO_EMAIL');
  });
});

describe('check-in QR', () => {
  it('generates a link; a new one replaces the old', async () => {
    const GEN = 'mutation($id: ID!) { generateLocationQr(location_id: $id) { status url token } }';
    const a = await q(GEN, { id: s.X }, s.tokens.mgrX);
    const b = await q(GEN, { id: s.X }, s.tokens.mgrX);
    expect(a.data?.generateLocationQr.url).toBe(`http://a.test.localhost:3000/time-clock-page/${a.data?.generateLocationQr.token}`);
    expect(b.data?.generateLocationQr.token).not.toBe(a.data?.generateLocationQr.token);
    const row = await A().db.db('locations').where({ id: s.X }).first('qr_token_hash');
    expect(row.qr_token_hash).toHaveLength(64);
    expect(row.qr_token_hash).not.toContain(b.data?.generateLocationQr.token);
    expect(code(await q(GEN, { id: s.Y }, s.tokens.mgrX))).toBe('NOT_FOUND');
  });
});

describe('across centres', () => {
  it("A's location is NOT_FOUND on B; A's token → 401 on B", async () => {
    const B = h.centres[1]!;
    await seedUser(B, { username: 'bowner', role: 'center' });
    const tb = (await signIn(h.app, B.host, 'bowner')).token;
    expect(code(await gql(h.app, B.host, SETTINGS, { id: s.X }, tb))).toBe('NOT_FOUND');
    expect(
      code(
        await gql(
          h.app,
          B.host,
          'mutation($id: ID!) { saveLoginSettings(location_id: $id, max_daily_logins: 1) { status } }',
          { id: s.X },
          tb,
        ),
      ),
    ).toBe('NOT_FOUND');
    expect((await gql(h.app, B.host, SETTINGS, { id: s.X }, s.tokens.owner)).statusCode).toBe(401);
  });
});
