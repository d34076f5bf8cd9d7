import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createHarness, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';
import { contextFor, poolFor, q as query, setupAttendance, type AttendanceSetup } from '../attendance/test-fixtures.ts';
import { signTimeclock } from './service/link.ts';
import { saveTeamAttendance } from './service/team.ts';

let h: Harness;
let s: AttendanceSetup;
let pool: Knex;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => query(h, A())(doc, vars, token);

const TEAM = `mutation($p: ID, $a: TeamAttendanceAction, $team: [ID!], $time: String, $date: String, $b: Int, $id: ID, $l: ID, $pin: String, $r: String) {
  saveTeamAttendance(program_id: $p, action: $a, team: $team, time: $time, date: $date, break: $b, id: $id, location_id: $l, pin: $pin, request_id: $r) {
    status type message results { user_id status type replayed user { full_name } record { id program_id start_time end_time break_time on_break hours breaks { minutes } } } } }`;
const STATE = 'query($l: ID!) { getTeamAttendance(location_id: $l) { date data { user { id } state program { name } hours_today } } }';
const SIGN = `mutation($t: String!, $pin: String!, $a: TeamAttendanceAction, $p: ID) { signTimeclock(token: $t, pin: $pin, action: $a, program_id: $p) {
  status type message staff { id full_name } time record { id program_id end_time } } }`;

const openOf = (userId: string) => A().db.db('staff_attendances').where({ user_id: userId }).whereNull('end_time').whereNull('deleted_at');
const segments = (userId: string) => A().db.db('staff_attendances').where({ user_id: userId }).whereNull('deleted_at').orderBy('id');
async function shift(userId: string, minutes: number) {
  await A().db.db.raw(
    `update staff_breaks b set start_time = b.start_time - make_interval(mins => ?), end_time = b.end_time - make_interval(mins => ?)
       from staff_attendances sa where sa.id = b.staff_attendance_id and sa.user_id = ?`,
    [minutes, minutes, userId],
  );
  await A().db.db.raw(
    `update staff_attendances set start_time = start_time - make_interval(mins => ?), end_time = end_time - make_interval(mins => ?) where user_id = ?`,
    [minutes, minutes, userId],
  );
}

beforeAll(async () => {
  h = await createHarness();
  s = await setupAttendance(h, A());
  pool = poolFor(A(), 25);
});
afterAll(async () => {
  await pool?.destroy();
  await h?.close();
});

describe('saveTeamAttendance', () => {
  it('a teacher clocks in to a room, takes a break, moves rooms and clocks out', async () => {
    const inn = await q(TEAM, { p: s.rooms.toddlers, a: 'check_in' }, s.tokens.teacher);
    expect(inn.data?.saveTeamAttendance).toMatchObject({
      status: true,
      type: 'check_in',
      results: [{ user_id: s.ids.teacher, user: { full_name: 'teacher Tester' } }],
    });
    let team = (await q(STATE, { l: s.X }, s.tokens.teacher)).data?.getTeamAttendance;
    expect(team.data.find((m: { user: { id: string } }) => m.user.id === s.ids.teacher)).toMatchObject({
      state: 'clocked_in',
      program: { name: 'Toddlers' },
    });
    await shift(s.ids.teacher, 120);
    const br = await q(TEAM, { a: 'break_start', l: s.X }, s.tokens.teacher);
    expect(br.data?.saveTeamAttendance.results[0].record.on_break).toBe(true);
    expect(code(await q(TEAM, { a: 'move', p: s.rooms.infants }, s.tokens.teacher))).toBe('TIMECLOCK_ON_BREAK');
    await shift(s.ids.teacher, 30);
    const back = await q(TEAM, { a: 'break_end', l: s.X }, s.tokens.teacher);
    expect(back.data?.saveTeamAttendance.results[0].record).toMatchObject({ break_time: 30, on_break: false, breaks: [{ minutes: 30 }] });
    const move = await q(TEAM, { a: 'move', p: s.rooms.infants }, s.tokens.teacher);
    expect(move.data?.saveTeamAttendance.results[0].record.program_id).toBe(s.rooms.infants);
    // a move into the room the teacher is in already (a double tap, another device) changes nothing
    for (const again of [{}, { r: 'move-again-0001' }]) {
      const r = (await q(TEAM, { a: 'move', p: s.rooms.infants, ...again }, s.tokens.teacher)).data?.saveTeamAttendance.results[0];
      expect(r).toMatchObject({ replayed: true, record: { program_id: s.rooms.infants } });
    }
    const segs = await segments(s.ids.teacher);
    expect(segs.map((x) => [String(x.program_id), x.check_in_method, x.check_out_method])).toEqual([
      [s.rooms.toddlers, 'web', 'move'],
      [s.rooms.infants, 'move', null],
    ]);
    expect(segs[0]!.end_time.getTime()).toBe(segs[1]!.start_time.getTime());
    await shift(s.ids.teacher, 60);
    const out = await q(TEAM, { a: 'check_out', l: s.X, b: 15 }, s.tokens.teacher);
    expect(out.data?.saveTeamAttendance.results[0].record).toMatchObject({ break_time: 15, hours: 0.75 });
    team = (await q(STATE, { l: s.X }, s.tokens.teacher)).data?.getTeamAttendance;
    const me = team.data.find((m: { user: { id: string } }) => m.user.id === s.ids.teacher);
    expect(me.state).toBe('not_in');
    // 3.5 h clocked, 45 min of breaks
    expect(me.hours_today).toBeCloseTo(2.75, 1);
    expect(code(await q(TEAM, { a: 'break_start', l: s.X, r: 'break-after-out' }, s.tokens.teacher))).toBe('TIMECLOCK_NOT_CLOCKED_IN');
  });

  it('20 concurrent identical punches leave one open segment; two devices too', async () => {
    const ctx = () => contextFor(h, A(), pool, s.teacher2, ['teacher']);
    const same = await Promise.all(
      Array.from({ length: 20 }, () => saveTeamAttendance(ctx(), { program_id: s.rooms.toddlers, action: 'check_in' })),
    );
    expect(same.every((r) => r.status)).toBe(true);
    expect(await segments(s.teacher2)).toHaveLength(1);
    await A().db.db('staff_attendances').where({ user_id: s.teacher2 }).del();
    const devices = await Promise.all(
      Array.from({ length: 20 }, (_, i) => saveTeamAttendance(ctx(), { location_id: s.X, request_id: `clock-device-${i}` })),
    );
    expect(devices.every((r) => r.status && r.type === 'check_in')).toBe(true);
    expect(await segments(s.teacher2)).toHaveLength(1);
    expect(await openOf(s.teacher2)).toHaveLength(1);
  });

  it('teachers clock only themselves; managers their locations’ team; a PIN at the kiosk its holder', async () => {
    expect(code(await q(TEAM, { team: [s.teacher2], a: 'check_out', l: s.X }, s.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await q(TEAM, { team: [s.teacher2], a: 'check_out', l: s.X }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await q(TEAM, { team: [s.family.mum], a: 'check_in', l: s.X }, s.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await q(TEAM, { a: 'check_in', l: s.X }, s.family.mumToken))).toBe('FORBIDDEN');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    const out = await q(TEAM, { team: [s.teacher2], a: 'check_out', l: s.X, date: today, time: '00:00' }, s.tokens.mgrX);
    expect([code(out), field(out)]).toEqual(['BAD_USER_INPUT', 'time']);
    await A()
      .db.db('staff_attendances')
      .where({ user_id: s.teacher2 })
      .update({ start_time: A().db.db.raw(`now() - interval '3 hours'`) });
    const ok = await q(TEAM, { team: [s.teacher2], a: 'check_out', l: s.X }, s.tokens.mgrX);
    expect(ok.data?.saveTeamAttendance).toMatchObject({ status: true, type: 'check_out' });
    // a day ago: far from now, which only a manager may record
    const dayAgo = new Date(Date.now() - 86_400_000);
    const [yDate, yTime] = [
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(dayAgo),
      new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Chicago', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        dayAgo,
      ),
    ];
    const self = await q(TEAM, { a: 'check_in', l: s.X, date: yDate, time: yTime }, s.teacher2Token);
    expect([code(self), field(self)]).toEqual(['BAD_USER_INPUT', 'time']);
    const kiosk = await q(TEAM, { a: 'check_in', p: s.rooms.infants, pin: s.pins.teacher2 }, s.tokens.teacher);
    expect(kiosk.data?.saveTeamAttendance.results[0]).toMatchObject({ user_id: s.teacher2, type: 'check_in' });
    expect((await openOf(s.teacher2).first('check_in_method')).check_in_method).toBe('kiosk');
    expect(code(await q(TEAM, { a: 'check_in', l: s.X, pin: s.pins.mum }, s.tokens.teacher))).toBe('NOT_FOUND');
    expect(field(await q(TEAM, { a: 'check_in' }, s.tokens.teacher))).toBe('location_id');
    expect(field(await q(TEAM, { a: 'check_in', l: s.X, b: -5 }, s.tokens.teacher))).toBe('break');
  });
});

describe('the time clock link and page', () => {
  let token = '';
  it('managers generate, read and switch the link', async () => {
    const GET = 'query($l: ID!) { getTimeclockLink(location_id: $l) { url token active status } }';
    expect((await q(GET, { l: s.X }, s.tokens.mgrX)).data?.getTimeclockLink).toBeNull();
    const gen = await q(
      'mutation($l: ID!) { generateTimeclockLink(location_id: $l) { status link { url token active status } } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    token = gen.data?.generateTimeclockLink.link.token;
    expect(gen.data?.generateTimeclockLink.link).toMatchObject({
      active: true,
      status: 'active',
      url: `http://a.test.localhost:3000/time-clock-page/${token}`,
    });
    expect((await q(GET, { l: s.X }, s.tokens.mgrX)).data?.getTimeclockLink.token).toBe(token);
    expect(code(await q(GET, { l: s.X }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await q(GET, { l: s.X }, s.tokens.teacher))).toBe('FORBIDDEN');
  });

  it('staff punch on the page with their PIN (a guest request)', async () => {
    await A().db.db('staff_attendances').where({ user_id: s.ids.mgrX }).del();
    const page = await q('query($t: String!) { getTimeclockLocation(token: $t) { location_id name active rooms { name } } }', { t: token });
    expect(page.data?.getTimeclockLocation).toMatchObject({
      location_id: s.X,
      name: 'Location X',
      active: true,
      rooms: [{ name: 'Infants' }, { name: 'Toddlers' }],
    });
    const r = await q(SIGN, { t: token, pin: s.pins.mgrX, p: s.rooms.toddlers });
    expect(r.data?.signTimeclock).toMatchObject({
      status: true,
      type: 'check_in',
      staff: { id: s.ids.mgrX },
      record: { program_id: s.rooms.toddlers },
    });
    expect(r.data?.signTimeclock.time).toMatch(/^\d\d:\d\d$/);
    const twice = await q(SIGN, { t: token, pin: s.pins.mgrX });
    expect(twice.data?.signTimeclock).toMatchObject({ status: true, type: 'check_in' });
    expect(await openOf(s.ids.mgrX)).toHaveLength(1);
    expect(code(await q(SIGN, { t: token, pin: '989898' }))).toBe('ATTENDANCE_PIN_INVALID');
    expect(code(await q(SIGN, { t: token, pin: s.pins.mum }))).toBe('ATTENDANCE_PIN_INVALID');
    expect(code(await q(SIGN, { t: 'not-a-real-token-000', pin: s.pins.mgrX }))).toBe('TIMECLOCK_LINK_INVALID');
    expect(code(await q(SIGN, { t: token, pin: s.pins.mgrX, p: s.rooms.yRoom }))).toBe('NOT_FOUND');
    const audit = await A().db.db('audit_log').where({ action: 'timeclock.check_in', actor_user_id: s.ids.mgrX }).first('entity');
    expect(audit.entity).toBe('staff_attendance');
  });

  it('an inactive link refuses punches; the location QR link works while the link is on', async () => {
    const off = await q(
      'mutation($l: ID!) { activateTimeclockLink(location_id: $l, active: false) { status link { status } } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    expect(off.data?.activateTimeclockLink.link.status).toBe('inactive');
    expect(code(await q(SIGN, { t: token, pin: s.pins.mgrX }))).toBe('TIMECLOCK_LINK_INACTIVE');
    expect(code(await q('query($t: String!) { getTimeclockLocation(token: $t) { name } }', { t: token }))).toBe('TIMECLOCK_LINK_INACTIVE');
    await q('mutation($l: ID!) { activateTimeclockLink(location_id: $l, active: true) { status } }', { l: s.X }, s.tokens.mgrX);
    const qr = await q('mutation($l: ID!) { generateLocationQr(location_id: $l) { token } }', { l: s.X }, s.tokens.mgrX);
    const page = await q('query($t: String!) { getTimeclockLocation(token: $t) { location_id } }', {
      t: qr.data?.generateLocationQr.token,
    });
    expect(page.data?.getTimeclockLocation.location_id).toBe(s.X);
  });

  it('20 concurrent identical punches on the page leave one record', async () => {
    await A().db.db('staff_attendances').where({ user_id: s.ids.teacher }).del();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        signTimeclock(
          { ...contextFor(h, A(), pool, s.ids.teacher, ['teacher']), viewer: null },
          { token, pin: s.pins.teacher, action: 'check_in' },
        ),
      ),
    );
    expect(results.every((r) => r.status && r.type === 'check_in')).toBe(true);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await segments(s.ids.teacher)).toHaveLength(1);
  });
});

describe('timeclock report, history and corrections', () => {
  const REPORT = `query($l: ID!, $f: String!, $t: String!, $u: [ID!]) { getTimeclockReport(location_id: $l, from: $f, to: $t, user_ids: $u) {
    total_hours data { user_id date hours break_minutes first_in_local last_out_local open } paginatorInfo { total } } }`;
  const HISTORY = `query($l: ID!, $f: String!, $t: String!) { getTimeclockHistory(location_id: $l, from: $f, to: $t) {
    data { id user { id } start_time end_time break_time } paginatorInfo { total } } }`;

  it('managers see the team, other staff only themselves; corrections carry a reason', async () => {
    await A().db.db('staff_attendances').del();
    const ins = await A()
      .db.db('staff_attendances')
      .insert([
        {
          user_id: s.ids.teacher,
          location_id: s.X,
          program_id: s.rooms.toddlers,
          date: '2026-03-02',
          start_time: '2026-03-02T14:00:00Z',
          end_time: '2026-03-02T22:00:00Z',
          break_time: 30,
          check_in_method: 'web',
        },
        {
          user_id: s.teacher2,
          location_id: s.X,
          program_id: s.rooms.infants,
          date: '2026-03-02',
          start_time: '2026-03-02T15:00:00Z',
          end_time: '2026-03-02T19:00:00Z',
          check_in_method: 'web',
        },
      ])
      .returning('id');
    const mgr = (await q(REPORT, { l: s.X, f: '2026-03-01', t: '2026-03-03' }, s.tokens.mgrX)).data?.getTimeclockReport;
    expect(mgr.total_hours).toBe(11.5);
    expect(mgr.data.find((r: { user_id: string }) => r.user_id === s.ids.teacher)).toMatchObject({
      date: '2026-03-02',
      hours: 7.5,
      break_minutes: 30,
      first_in_local: '2026-03-02 08:00',
      last_out_local: '2026-03-02 16:00',
      open: false,
    });
    const own = (await q(REPORT, { l: s.X, f: '2026-03-01', t: '2026-03-03', u: [s.teacher2] }, s.tokens.teacher)).data?.getTimeclockReport;
    expect(own.data.map((r: { user_id: string }) => r.user_id)).toEqual([s.ids.teacher]);
    expect(
      (await q(HISTORY, { l: s.X, f: '2026-03-01', t: '2026-03-03' }, s.teacher2Token)).data?.getTimeclockHistory.paginatorInfo.total,
    ).toBe(1);
    expect(
      (await q(HISTORY, { l: s.X, f: '2026-03-01', t: '2026-03-03' }, s.tokens.mgrX)).data?.getTimeclockHistory.paginatorInfo.total,
    ).toBe(2);
    expect(code(await q(REPORT, { l: s.X, f: '2026-03-01', t: '2026-03-03' }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(field(await q(REPORT, { l: s.X, f: '2026-03-05', t: '2026-03-03' }, s.tokens.mgrX))).toBe('to');
    expect(field(await q(REPORT, { l: s.X, f: '2025-01-01', t: '2026-03-03' }, s.tokens.mgrX))).toBe('to');

    const UPD =
      'mutation($id: ID!, $e: String, $b: Int, $r: String!) { updateTeamAttendance(id: $id, end_time: $e, break_time: $b, reason: $r) { status record { end_time break_time hours } } }';
    const fix = await q(UPD, { id: String(ins[1].id), e: '2026-03-02 14:00', b: 15, r: 'Left later' }, s.tokens.mgrX);
    expect(fix.data?.updateTeamAttendance.record).toMatchObject({ end_time: '2026-03-02T20:00:00.000Z', break_time: 15, hours: 4.75 });
    expect(code(await q(UPD, { id: String(ins[1].id), e: '2026-03-02 14:00', r: 'Teacher' }, s.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await q(UPD, { id: String(ins[1].id), e: '2026-03-02 14:00', r: 'Elsewhere' }, s.tokens.mgrY))).toBe('NOT_FOUND');
    const del = await q(
      'mutation($id: ID!) { deleteTeamAttendance(id: $id, reason: "Test punch") { status } }',
      { id: String(ins[1].id) },
      s.tokens.mgrX,
    );
    expect(del.data?.deleteTeamAttendance.status).toBe(true);
    const trail = await A()
      .db.db('audit_log')
      .where({ entity: 'staff_attendance', entity_id: String(ins[1].id) })
      .orderBy('id')
      .select('action', 'data');
    expect(trail.map((t) => [t.action, t.data.reason])).toEqual([
      ['timeclock.correct', 'Left later'],
      ['timeclock.delete', 'Test punch'],
    ]);
  });
});

describe('cross-centre', () => {
  it('centre A’s tokens and links mean nothing on centre B', async () => {
    const B = h.centres[1]!;
    const link = await q('mutation($l: ID!) { generateTimeclockLink(location_id: $l) { link { token } } }', { l: s.X }, s.tokens.mgrX);
    const onB = await query(h, B)(SIGN, { t: link.data?.generateTimeclockLink.link.token, pin: s.pins.mgrX });
    expect(code(onB)).toBe('TIMECLOCK_LINK_INVALID');
    expect((await query(h, B)(TEAM, { a: 'check_in', l: s.X }, s.tokens.teacher)).statusCode).toBe(401);
  });
});
