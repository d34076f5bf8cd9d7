import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createHarness, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';
import { saveStudentCheckInOut } from './service/checkin.ts';
import { checkQrCode, currentQrCode } from './service/pin.ts';
import { checkInSettings } from './repo/settings.ts';
import { contextFor, messages, poolFor, q as query, setupAttendance, SIGNATURE, type AttendanceSetup } from './test-fixtures.ts';

let h: Harness;
let s: AttendanceSetup;
let pool: Knex;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => query(h, A())(doc, vars, token);

const SAVE = `mutation($students: [ID!]!, $action: CheckInAction, $pin: String, $phone: String, $code: String, $signature: String, $date: String, $time: String,
  $action_by: ID, $request_id: String, $program_id: ID, $health_screen: [HealthScreenInput!]) {
  saveStudentCheckInOut(students: $students, action: $action, pin: $pin, phone: $phone, code: $code, signature: $signature, date: $date, time: $time,
    action_by: $action_by, request_id: $request_id, program_id: $program_id, health_screen: $health_screen) {
    status message color type program_status
    results { student_id status type program_status replayed message student { fname }
      attendance { id date start_time end_time check_in_method check_out_method program_id checkedin_by { id full_name } checkedout_by { id } checkedin_signature } }
  }
}`;

const open = (studentId: string) => A().db.db('attendances').where({ student_id: studentId }).whereNull('end_time').whereNull('deleted_at');
const all = (studentId: string) => A().db.db('attendances').where({ student_id: studentId }).whereNull('deleted_at');
/** Moves a child's records back in time (to step out of the one-minute double-tap window). */
const age = (studentId: string, minutes: number) =>
  A().db.db.raw(
    `update attendances set start_time = start_time - make_interval(mins => ?), end_time = end_time - make_interval(mins => ?) where student_id = ?`,
    [minutes, minutes, studentId],
  );
const reset = async () => {
  await A().db.db('attendances').del();
  await A().db.db('attendance_requests').del();
  await A().db.db('outbound_messages').del();
  await A().db.db('outbox').del();
  await A().db.db('domain_events').del();
};

beforeAll(async () => {
  h = await createHarness();
  s = await setupAttendance(h, A());
  pool = poolFor(A(), 25);
});
afterAll(async () => {
  await pool?.destroy();
  await h?.close();
});

describe('saveStudentCheckInOut: idempotency', () => {
  it('20 concurrent identical requests leave one record (no request id: the one-open-record index decides)', async () => {
    await reset();
    const ctxs = Array.from({ length: 20 }, () => contextFor(h, A(), pool, s.family.mum, ['user']));
    const results = await Promise.all(ctxs.map((ctx) => saveStudentCheckInOut(ctx, { students: [s.kids.ana, s.kids.ben] })));
    expect(await all(s.kids.ana)).toHaveLength(1);
    expect(await all(s.kids.ben)).toHaveLength(1);
    for (const r of results) {
      expect(r.status).toBe(true);
      expect(r.type).toBe('check_in');
    }
    // exactly one request recorded each child; the 19 others answer with the same record
    const fresh = results.flatMap((r) => r.results).filter((i) => !i.replayed);
    expect(fresh).toHaveLength(2);
    const ids = new Set(results.flatMap((r) => r.results.map((i) => String(i.attendance?.id))));
    expect(ids.size).toBe(2);
  });

  it('20 concurrent requests from different devices (different request ids) leave one record', async () => {
    await reset();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        saveStudentCheckInOut(contextFor(h, A(), pool, s.ids.teacher, ['teacher']), {
          students: [s.kids.ana],
          action: 'check_in',
          request_id: `device-${i}-tap-000`,
        }),
      ),
    );
    expect(await all(s.kids.ana)).toHaveLength(1);
    expect(results.every((r) => r.status && r.type === 'check_in')).toBe(true);
    expect(results.filter((r) => !r.results[0]!.replayed)).toHaveLength(1);
  });

  it('20 concurrent identical HTTP requests with one request id leave one record, and a retry after check-out records nothing', async () => {
    await reset();
    const vars = { students: [s.kids.ben], request_id: 'kiosk-7f3a-0001' };
    const rs = await Promise.all(Array.from({ length: 20 }, () => q(SAVE, vars, s.family.mumToken)));
    expect(rs.every((r) => r.data?.saveStudentCheckInOut.status)).toBe(true);
    expect(await all(s.kids.ben)).toHaveLength(1);
    const out = await q(SAVE, { students: [s.kids.ben], action: 'check_out' }, s.family.mumToken);
    expect(out.data?.saveStudentCheckInOut).toMatchObject({ status: true, type: 'check_out' });
    // the network retried the first tap: same request id → the same answer, no new record
    const retry = await q(SAVE, vars, s.family.mumToken);
    expect(retry.data?.saveStudentCheckInOut.results[0]).toMatchObject({ type: 'check_in', replayed: true });
    expect(await all(s.kids.ben)).toHaveLength(1);
  });

  it('in, out and in again within one minute without a request id leaves the child in (no replay of the first check-in)', async () => {
    await reset();
    const as = (action: string) => q(SAVE, { students: [s.kids.ana], action }, s.tokens.teacher);
    expect((await as('check_in')).data?.saveStudentCheckInOut.results[0]).toMatchObject({ type: 'check_in', replayed: false });
    expect((await as('check_out')).data?.saveStudentCheckInOut.results[0]).toMatchObject({ type: 'check_out', replayed: false });
    expect((await as('check_in')).data?.saveStudentCheckInOut.results[0]).toMatchObject({ type: 'check_in', replayed: false });
    expect(await all(s.kids.ana)).toHaveLength(2);
    expect(await open(s.kids.ana)).toHaveLength(1);
    // a repeat of an explicit action answers from the record: already in, nothing new
    expect((await as('check_in')).data?.saveStudentCheckInOut.results[0]).toMatchObject({ type: 'check_in', replayed: true });
    expect(await all(s.kids.ana)).toHaveLength(2);
  });

  it('a toggle within a minute is a double tap; after it, the toggle checks out', async () => {
    await reset();
    const first = await q(SAVE, { students: [s.kids.ana] }, s.family.mumToken);
    expect(first.data?.saveStudentCheckInOut).toMatchObject({ status: true, type: 'check_in', program_status: 'not_set' });
    const tap = await q(SAVE, { students: [s.kids.ana], request_id: 'second-tap-0001' }, s.family.mumToken);
    expect(tap.data?.saveStudentCheckInOut.results[0]).toMatchObject({ type: 'check_in', replayed: true });
    await age(s.kids.ana, 5);
    const out = await q(SAVE, { students: [s.kids.ana], request_id: 'later-tap-0001' }, s.family.mumToken);
    expect(out.data?.saveStudentCheckInOut.results[0]).toMatchObject({ type: 'check_out', replayed: false });
    const again = await q(SAVE, { students: [s.kids.ana], request_id: 'later-tap-0002' }, s.family.mumToken);
    expect(again.data?.saveStudentCheckInOut.results[0]).toMatchObject({ type: 'check_out', replayed: true });
    expect(await all(s.kids.ana)).toHaveLength(1);
    expect(await open(s.kids.ana)).toHaveLength(0);
  });
});

describe('saveStudentCheckInOut: who may check in whom', () => {
  it('a parent checks in only children they may pick up', async () => {
    await reset();
    for (const other of [s.kids.yKid, s.kids.parentKid]) {
      const r = await q(SAVE, { students: [other] }, s.family.mumToken);
      expect(code(r)).toBe('NOT_FOUND');
    }
    await A().db.db('student_users').where({ student_id: s.kids.ana, user_id: s.family.dad }).update({ pickup: false });
    const dadToken = (await signIn(h.app, A().host, 'dad')).token;
    expect(code(await q(SAVE, { students: [s.kids.ana] }, dadToken))).toBe('NOT_FOUND');
    await A().db.db('student_users').where({ student_id: s.kids.ana, user_id: s.family.dad }).update({ pickup: true, black_list: true });
    expect(code(await q(SAVE, { students: [s.kids.ana] }, dadToken))).toBe('NOT_FOUND');
    await A().db.db('student_users').where({ student_id: s.kids.ana, user_id: s.family.dad }).update({ black_list: false });
    expect((await q(SAVE, { students: [s.kids.ana] }, dadToken)).data?.saveStudentCheckInOut.status).toBe(true);
    expect(code(await q(SAVE, { students: [s.kids.ana] }, s.tokens.blog))).toBe('FORBIDDEN');
    expect(code(await q(SAVE, { students: [s.kids.ana] }))).toBe('UNAUTHENTICATED');
  });

  it('getMyCheckIn lists a parent’s own children they may pick up, with what the phone check-in asks', async () => {
    await reset();
    const MINE =
      '{ getMyCheckIn { location_id location_name parent_check_in qr_required signature_required health_screen children { id checked_in_out } } }';
    const mine = (await q(MINE, {}, s.family.mumToken)).data?.getMyCheckIn as {
      location_id: string;
      children: { id: string; checked_in_out: string }[];
    }[];
    expect(mine.map((l) => l.location_id)).toEqual([s.X]);
    expect(mine[0]!.children.map((c) => c.id).sort()).toEqual([s.kids.ana, s.kids.ben].sort());
    expect(mine[0]!.children.every((c) => c.checked_in_out === 'not_arrived')).toBe(true);
    await q(SAVE, { students: [s.kids.ana] }, s.family.mumToken);
    const after = (await q(MINE, {}, s.family.mumToken)).data?.getMyCheckIn[0].children as { id: string; checked_in_out: string }[];
    expect(after.find((c) => c.id === s.kids.ana)?.checked_in_out).toBe('checked_in');
    await A().db.db('student_users').where({ student_id: s.kids.ana, user_id: s.family.dad }).update({ pickup: false });
    const dadToken = (await signIn(h.app, A().host, 'dad')).token;
    const dads = (await q(MINE, {}, dadToken)).data?.getMyCheckIn[0].children as { id: string }[];
    expect(dads.map((c) => c.id)).toEqual([s.kids.ben]);
    await A().db.db('student_users').where({ student_id: s.kids.ana, user_id: s.family.dad }).update({ pickup: true });
    expect(code(await q(MINE, {}, s.tokens.blog))).toBe('FORBIDDEN');
    expect(code(await q(MINE, {}))).toBe('UNAUTHENTICATED');
  });

  it('teachers check in children of their locations, managers of the ones they manage', async () => {
    await reset();
    expect((await q(SAVE, { students: [s.kids.ana] }, s.tokens.teacher)).data?.saveStudentCheckInOut.status).toBe(true);
    expect(code(await q(SAVE, { students: [s.kids.yKid] }, s.tokens.teacher))).toBe('NOT_FOUND');
    expect(code(await q(SAVE, { students: [s.kids.ben] }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect((await q(SAVE, { students: [s.kids.yKid] }, s.tokens.mgrY)).data?.saveStudentCheckInOut.status).toBe(true);
    expect(code(await q(SAVE, { students: [s.kids.ben, s.kids.yKid] }, s.tokens.owner))).toBe('BAD_USER_INPUT');
    // staff recording for a contact: only a contact allowed to pick up, or a team member
    const r = await q(SAVE, { students: [s.kids.ben], action_by: s.family.dad }, s.tokens.teacher);
    expect(r.data?.saveStudentCheckInOut.results[0].attendance.checkedin_by.id).toBe(s.family.dad);
    expect(code(await q(SAVE, { students: [s.kids.ben], action: 'check_out', action_by: s.ids.parent }, s.tokens.teacher))).toBe(
      'NOT_FOUND',
    );
  });

  it('the parents may be barred from checking in from their phone', async () => {
    await reset();
    const off = await q(
      'mutation($l: ID!) { saveCheckInSettings(location_id: $l, parent_check_in: false) { status setting { parent_check_in } } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    expect(off.data?.saveCheckInSettings.setting.parent_check_in).toBe(false);
    expect(code(await q(SAVE, { students: [s.kids.ana] }, s.family.mumToken))).toBe('ATTENDANCE_PARENT_CHECK_IN_OFF');
    await q('mutation($l: ID!) { saveCheckInSettings(location_id: $l, parent_check_in: true) { status } }', { l: s.X }, s.tokens.mgrX);
  });

  it('staff may give a time (not in the future, at most 7 days back), shown in the location’s zone', async () => {
    await reset();
    const bad = await q(SAVE, { students: [s.kids.ana], date: '2031-01-01', time: '08:00' }, s.tokens.teacher);
    expect([code(bad), field(bad)]).toEqual(['BAD_USER_INPUT', 'time']);
    const old = await q(SAVE, { students: [s.kids.ana], date: '2020-01-01', time: '08:00' }, s.tokens.teacher);
    expect([code(old), field(old)]).toEqual(['BAD_USER_INPUT', 'date']);
    const malformed = await q(SAVE, { students: [s.kids.ana], time: '8 o’clock' }, s.tokens.teacher);
    expect([code(malformed), field(malformed)]).toEqual(['BAD_USER_INPUT', 'time']);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    const r = await q(SAVE, { students: [s.kids.ana], date: today, time: '00:01', action: 'check_in' }, s.tokens.teacher);
    const a = r.data?.saveStudentCheckInOut.results[0].attendance;
    expect(a.date).toBe(today);
    // 00:01 in Chicago is 05:01 or 06:01 UTC
    expect(new Date(a.start_time).getUTCHours()).toBeGreaterThanOrEqual(5);
    const before = await q(SAVE, { students: [s.kids.ana], date: today, time: '00:00', action: 'check_out' }, s.tokens.teacher);
    expect([code(before), field(before)]).toEqual(['BAD_USER_INPUT', 'time']);
  });

  it('rejects bad input with the field named', async () => {
    for (const [vars, f] of [
      [{ students: [] }, 'students'],
      [{ students: ['x'] }, 'students.0'],
      [{ students: [s.kids.ana], signature: 'javascript:alert(1)' }, 'signature'],
      [{ students: [s.kids.ana], pin: '12' }, 'pin'],
      [{ students: [s.kids.ana], request_id: 'short' }, 'request_id'],
      [{ students: [s.kids.ana], program_id: s.rooms.yRoom }, 'program_id'],
    ] as const) {
      const r = await q(SAVE, vars, s.tokens.teacher);
      expect(field(r), JSON.stringify(vars)).toBe(f);
      expect(r.body).not.toMatch(/select|insert|relation "/i);
    }
  });
});

describe('kiosk: a staff session plus the family PIN', () => {
  const BY_PIN = `query($l: ID!, $pin: String!) { getCheckInByPin(location_id: $l, pin: $pin) { status contact { id full_name } health_screen signature_required
    children { id fname checked_in_out absent program { name } } } }`;
  const BY_PIN_PHONE = `query($l: ID!, $pin: String!, $phone: String!) { getCheckInByPinAndPhone(location_id: $l, pin: $pin, phone: $phone) { status contact { id } children { id } } }`;
  const VERIFY = `query($l: ID!, $pin: String!) { verifyCheckInPin(location_id: $l, pin: $pin) { status kind user { id } } }`;

  it('finds the family, checks two children in with one signature, records who did what', async () => {
    await reset();
    const fam = await q(BY_PIN, { l: s.X, pin: s.pins.mum }, s.tokens.teacher);
    expect(fam.data?.getCheckInByPin).toMatchObject({ status: true, contact: { id: s.family.mum }, health_screen: false });
    expect(fam.data?.getCheckInByPin.children.map((c: { fname: string }) => c.fname)).toEqual(['Ana', 'Ben']);
    expect(fam.data?.getCheckInByPin.children[0]).toMatchObject({
      checked_in_out: 'not_arrived',
      absent: false,
      program: { name: 'Toddlers' },
    });
    const r = await q(SAVE, { students: [s.kids.ana, s.kids.ben], pin: s.pins.mum, signature: SIGNATURE }, s.tokens.teacher);
    expect(r.data?.saveStudentCheckInOut).toMatchObject({ status: true, type: 'check_in' });
    for (const item of r.data!.saveStudentCheckInOut.results) {
      expect(item.attendance).toMatchObject({
        check_in_method: 'kiosk',
        checkedin_by: { id: s.family.mum },
        checkedin_signature: SIGNATURE,
      });
    }
    const rows = await A().db.db('attendances').select('checkedin_recorded_by', 'checkedin_signature_id');
    expect(new Set(rows.map((x) => String(x.checkedin_recorded_by)))).toEqual(new Set([s.ids.teacher]));
    expect(new Set(rows.map((x) => String(x.checkedin_signature_id))).size).toBe(1);
    expect((await q(BY_PIN, { l: s.X, pin: s.pins.mum }, s.tokens.teacher)).data?.getCheckInByPin.children[0].checked_in_out).toBe(
      'checked_in',
    );
  });

  it('refuses wrong PINs, other families’ children, other locations and parents as kiosks', async () => {
    expect(code(await q(BY_PIN, { l: s.X, pin: '909090' }, s.tokens.teacher))).toBe('ATTENDANCE_PIN_INVALID');
    expect(code(await q(SAVE, { students: [s.kids.parentKid], pin: s.pins.mum }, s.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await q(BY_PIN, { l: s.Y, pin: s.pins.mum }, s.tokens.teacher))).toBe('NOT_FOUND');
    expect(code(await q(BY_PIN, { l: s.X, pin: s.pins.mum }, s.family.mumToken))).toBe('FORBIDDEN');
    // a PIN without children at this location tells nothing
    expect(code(await q(BY_PIN, { l: s.Y, pin: s.pins.mum }, s.tokens.mgrY))).toBe('ATTENDANCE_PIN_INVALID');
  });

  it('tells a family PIN from a staff PIN (the staff member goes to the time clock)', async () => {
    expect((await q(VERIFY, { l: s.X, pin: s.pins.mum }, s.tokens.teacher)).data?.verifyCheckInPin).toMatchObject({
      kind: 'family',
      user: { id: s.family.mum },
    });
    expect((await q(VERIFY, { l: s.X, pin: s.pins.teacher2 }, s.tokens.teacher)).data?.verifyCheckInPin).toMatchObject({
      kind: 'staff',
      user: { id: s.teacher2 },
    });
    const app = 'query($pin: String!) { verifyCheckInPinApp(pin: $pin) { status kind } }';
    expect((await q(app, { pin: s.pins.mum }, s.family.mumToken)).data?.verifyCheckInPinApp).toEqual({ status: true, kind: 'self' });
    expect((await q(app, { pin: s.pins.teacher }, s.family.mumToken)).data?.verifyCheckInPinApp.status).toBe(false);
  });

  it('asks for the phone with the PIN when the location wants it', async () => {
    await reset();
    await q(
      'mutation($l: ID!) { saveCheckInSettings(location_id: $l, require_phone_with_pin: true, signature_required: true) { status } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    expect(code(await q(BY_PIN, { l: s.X, pin: s.pins.mum }, s.tokens.teacher))).toBe('ATTENDANCE_PHONE_REQUIRED');
    expect(
      (await q(BY_PIN_PHONE, { l: s.X, pin: s.pins.mum, phone: '4567' }, s.tokens.teacher)).data?.getCheckInByPinAndPhone.contact.id,
    ).toBe(s.family.mum);
    expect(
      (await q(BY_PIN_PHONE, { l: s.X, pin: s.pins.mum, phone: '+1 555 123 4567' }, s.tokens.teacher)).data?.getCheckInByPinAndPhone.status,
    ).toBe(true);
    const wrong = await q(BY_PIN_PHONE, { l: s.X, pin: s.pins.mum, phone: '9999' }, s.tokens.teacher);
    expect([code(wrong), field(wrong)]).toEqual(['ATTENDANCE_PIN_INVALID', 'phone']);
    expect(code(await q(SAVE, { students: [s.kids.ana], pin: s.pins.mum, signature: SIGNATURE }, s.tokens.teacher))).toBe(
      'ATTENDANCE_PHONE_REQUIRED',
    );
    expect(code(await q(SAVE, { students: [s.kids.ana], pin: s.pins.mum, phone: '4567' }, s.tokens.teacher))).toBe(
      'ATTENDANCE_SIGNATURE_REQUIRED',
    );
    expect(
      (await q(SAVE, { students: [s.kids.ana], pin: s.pins.mum, phone: '4567', signature: SIGNATURE }, s.tokens.teacher)).data
        ?.saveStudentCheckInOut.status,
    ).toBe(true);
    await q(
      'mutation($l: ID!) { saveCheckInSettings(location_id: $l, require_phone_with_pin: false, signature_required: false) { status } }',
      { l: s.X },
      s.tokens.mgrX,
    );
  });
});

describe('check-in by the location’s rotating QR code', () => {
  const QR = 'query($l: ID!) { getCheckInQrCode(location_id: $l) { code url expires_at rotates_every } }';
  const VALIDATE =
    'query($c: String!) { validateCheckInCode(code: $c) { status location_id location_name children { fname checked_in_out } } }';

  it('when on, parents need the current code; expired and foreign codes are refused', async () => {
    await reset();
    expect(code(await q(QR, { l: s.X }, s.tokens.teacher))).toBe('ATTENDANCE_QR_OFF');
    await q(
      'mutation($l: ID!) { saveCheckInQrSetting(location_id: $l, check_in_qr: true, check_in_qr_expire: "5m") { status } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    const shown = (await q(QR, { l: s.X }, s.tokens.teacher)).data?.getCheckInQrCode;
    expect(shown.rotates_every).toBe(300);
    expect(shown.url).toContain(`/user/students/check-in-or-out?code=${shown.code}`);
    expect(new Date(shown.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(code(await q(SAVE, { students: [s.kids.ana] }, s.family.mumToken))).toBe('ATTENDANCE_QR_REQUIRED');
    const v = await q(VALIDATE, { c: shown.code }, s.family.mumToken);
    expect(v.data?.validateCheckInCode).toMatchObject({ status: true, location_id: s.X, children: [{ fname: 'Ana' }, { fname: 'Ben' }] });
    const r = await q(SAVE, { students: [s.kids.ana], code: shown.code }, s.family.mumToken);
    expect(r.data?.saveStudentCheckInOut.results[0].attendance.check_in_method).toBe('qr');
    expect(code(await q(VALIDATE, { c: `${s.X}-AAAAAAAAAAAAAAAA` }, s.family.mumToken))).toBe('ATTENDANCE_QR_INVALID');
    expect(code(await q(VALIDATE, { c: 'garbage' }, s.family.mumToken))).toBe('ATTENDANCE_QR_INVALID');
    // another family of the location sees only their own child
    expect((await q(VALIDATE, { c: shown.code }, s.tokens.parent)).data?.validateCheckInCode.children).toEqual([
      { fname: 'Kid', checked_in_out: 'not_arrived' },
    ]);
    // a parent with no child at the location learns nothing about its code
    const yParent = await seedUser(A(), { username: 'yparent', role: 'user' });
    await A().db.db('student_users').insert({ student_id: s.kids.yKid, user_id: yParent });
    const yToken = (await signIn(h.app, A().host, 'yparent')).token;
    expect(code(await q(VALIDATE, { c: shown.code }, yToken))).toBe('ATTENDANCE_QR_INVALID');
  });

  it('a code works in its window and a 30-second grace after, then expires; a reset kills every code', async () => {
    const ctx = contextFor(h, A(), pool, s.ids.teacher, ['teacher']);
    const settings = await checkInSettings(pool, s.X);
    const t0 = new Date(Math.floor(Date.now() / 300_000) * 300_000 + 1000);
    const c = await currentQrCode(ctx, settings, t0);
    expect(checkQrCode(settings, c.code, t0)).toBe('ok');
    expect(checkQrCode(settings, c.code, new Date(t0.getTime() + 299_000 + 20_000))).toBe('ok');
    expect(checkQrCode(settings, c.code, new Date(t0.getTime() + 299_000 + 40_000))).toBe('expired');
    expect(checkQrCode(settings, c.code, new Date(t0.getTime() + 3 * 3_600_000))).toBe('expired');
    expect(checkQrCode(settings, c.code, new Date(t0.getTime() + 2 * 86_400_000))).toBe('invalid');
    const reset = await q('mutation($l: ID!) { resetCheckInQrCode(location_id: $l) { status } }', { l: s.X }, s.tokens.mgrX);
    expect(reset.data?.resetCheckInQrCode.status).toBe(true);
    expect(checkQrCode(await checkInSettings(pool, s.X), c.code, t0)).toBe('invalid');
    // without an expiry the code never rotates (a printed code)
    await q(
      'mutation($l: ID!) { saveCheckInQrSetting(location_id: $l, check_in_qr: true, check_in_qr_expire: "") { status } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    const fixed = await currentQrCode(ctx, await checkInSettings(pool, s.X), t0);
    expect(fixed.expires_at).toBeNull();
    expect(checkQrCode(await checkInSettings(pool, s.X), fixed.code, new Date(t0.getTime() + 100 * 86_400_000))).toBe('ok');
    await q('mutation($l: ID!) { saveCheckInQrSetting(location_id: $l, check_in_qr: false) { status } }', { l: s.X }, s.tokens.mgrX);
  });
});

describe('parents are told (the notification centre’s handler of the attendance event, through the outbox)', () => {
  it('one message per contact and action, on the location’s channels, once per event', async () => {
    await reset();
    await A().db.db('push_tokens').insert({ user_id: s.family.dad, token: 'fcm-token-of-dads-phone', device: 'android' });
    await q(
      'mutation($l: ID!) { saveCheckInSettings(location_id: $l, check_in_parent_alert: { email: true, sms: true, app: true }) { status setting { check_in_parent_alert { email sms app } } } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    const eventKicks = h.eventKicks.length;
    const r = await q(SAVE, { students: [s.kids.ana, s.kids.ben], pin: s.pins.mum }, s.tokens.teacher);
    expect(r.data?.saveStudentCheckInOut.status).toBe(true);
    // The request wrote the event and woke the dispatcher; nothing is sent until it delivers.
    expect(h.eventKicks.length).toBeGreaterThan(eventKicks);
    expect(await A().db.db('domain_events').select('name', 'payload')).toEqual([
      {
        name: 'attendance.checked_in',
        payload: {
          centreId: A().entry.id,
          attendanceIds: (await A().db.db('attendances').whereIn('student_id', [s.kids.ana, s.kids.ben]).orderBy('id').pluck('id')).map(
            String,
          ),
        },
      },
    ]);
    expect(await messages(A(), 'attendance-check-in')).toEqual([]);
    const kicks = h.kicks.length;
    expect(await h.deliverEvents()).toBe(1);
    expect(await h.deliverEvents()).toBe(0);
    const sent = await messages(A(), 'attendance-check-in');
    expect(sent.map((m) => [m.channel, m.recipient]).sort()).toEqual(
      [
        ['email', 'dad@example.test'],
        ['email', 'mum@example.test'],
        ['push', 'fcm-token-of-dads-phone'],
        ['sms', '+15551234567'],
      ].sort(),
    );
    // The notification centre wrote one notice per contact (its handler sent the messages above).
    expect(
      (await A().db.db('notifications').where({ kind: 'checks' }).orderBy('user_id').select('user_id', 'title')).map((n) => [
        String(n.user_id),
        n.title,
      ]),
    ).toEqual(
      [s.family.mum, s.family.dad]
        .map(String)
        .sort((a, b) => Number(a) - Number(b))
        .map((u) => [u, 'Checked in: Ana, Ben']),
    );
    const mail = sent.find((m) => m.recipient === 'mum@example.test')!;
    expect(mail.subject).toBe('Checked in: Ana, Ben');
    expect(mail.body_text).toContain('Checked in by mum Tester.');
    expect(await A().db.db('outbox').where({ queue: 'messages' }).count({ n: '*' })).toEqual([{ n: '4' }]);
    expect(h.kicks.length).toBeGreaterThan(kicks);
    await age(s.kids.ana, 5);
    // One child's explicit check-out: the one statement writes the event.
    await q(SAVE, { students: [s.kids.ana], action: 'check_out' }, s.tokens.teacher);
    expect(await h.deliverEvents()).toBe(1);
    expect((await messages(A(), 'attendance-check-out')).map((m) => m.subject)).toEqual([
      'Checked out: Ana',
      'Checked out: Ana',
      'Checked out: Ana',
      'Checked out: Ana',
    ]);
    await q(
      'mutation($l: ID!) { saveCheckInSettings(location_id: $l, check_in_parent_alert: { email: false, sms: false, app: false }) { status } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    await q(SAVE, { students: [s.kids.ben], action: 'check_out' }, s.tokens.teacher);
    expect(await h.deliverEvents()).toBe(1);
    expect(await messages(A(), 'attendance-check-out')).toHaveLength(4);
  });
});

describe('cross-centre', () => {
  it('a token of centre A is refused on centre B, and B knows nothing of A’s children', async () => {
    const B = h.centres[1]!;
    const r = await query(h, B)(SAVE, { students: [s.kids.ana] }, s.tokens.teacher);
    expect(r.statusCode).toBe(401);
    const b = await setupAttendance(h, B, 'b');
    // Ids are per database: the same number names another child, or none, in B
    const other = await query(h, B)(SAVE, { students: [s.kids.yKid] }, b.family.mumToken);
    expect(code(other)).toBe('NOT_FOUND');
    expect(await A().db.db('attendances').where({ student_id: s.kids.yKid }).count({ n: '*' })).toEqual([{ n: '0' }]);
  });
});
