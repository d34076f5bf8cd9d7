import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';
import { q as query, setupAttendance, type AttendanceSetup } from '../attendance/test-fixtures.ts';
import { csvCell } from './service/export.ts';

let h: Harness;
let s: AttendanceSetup;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => query(h, A())(doc, vars, token);

const staff = (user: string, loc: string, date: string, start: string, end: string | null, breakMin = 0) => ({
  user_id: user,
  location_id: loc,
  date,
  start_time: start,
  end_time: end,
  break_time: breakMin,
  check_in_method: 'web',
  check_out_method: end ? 'web' : null,
  checkedin_by: user,
});
const child = (student: string, loc: string, program: string, date: string, start: string, end: string | null, by: string) => ({
  student_id: student,
  location_id: loc,
  program_id: program,
  date,
  start_time: start,
  end_time: end,
  check_in_method: 'kiosk',
  check_out_method: end ? 'kiosk' : null,
  checkedin_by: by,
  checkedin_recorded_by: by,
  checkedout_by: end ? by : null,
  checkedout_recorded_by: end ? by : null,
});

beforeAll(async () => {
  h = await createHarness();
  s = await setupAttendance(h, A());
  const db = A().db.db;
  // Location X is in America/Chicago (UTC−6 in winter, −5 from 8 March 2026); Y moves to Tokyo (UTC+9, no DST).
  await db('locations').where({ id: s.Y }).update({ timezone: 'Asia/Tokyo' });
  await db('staff_attendances').insert([
    // a night shift 22:00 → 06:00 local across midnight, 30 minutes of break
    staff(s.ids.teacher, s.X, '2026-03-02', '2026-03-03T04:00:00Z', '2026-03-03T12:00:00Z', 30),
    // the spring-forward night: 00:00 → 08:00 local is 7 real hours
    staff(s.ids.teacher, s.X, '2026-03-08', '2026-03-08T06:00:00Z', '2026-03-08T13:00:00Z'),
    // the autumn night: 00:00 → 08:00 local is 9 real hours
    staff(s.teacher2, s.X, '2026-11-01', '2026-11-01T05:00:00Z', '2026-11-01T14:00:00Z'),
    // a day shift
    staff(s.teacher2, s.X, '2026-03-03', '2026-03-03T14:00:00Z', '2026-03-03T18:00:00Z'),
  ]);
  await db('attendances').insert([
    // Ana 07:30 → 17:00 on 3 March; Ben overnight 20:00 → 08:00
    child(s.kids.ana, s.X, s.rooms.toddlers, '2026-03-03', '2026-03-03T13:30:00Z', '2026-03-03T23:00:00Z', s.family.mum),
    child(s.kids.ben, s.X, s.rooms.toddlers, '2026-03-03', '2026-03-04T02:00:00Z', '2026-03-04T14:00:00Z', s.family.mum),
    // Yara in Tokyo: 08:30 → 11:30 local on 3 March is 2 March 23:30 → 3 March 02:30 UTC
    child(s.kids.yKid, s.Y, s.rooms.yRoom, '2026-03-03', '2026-03-02T23:30:00Z', '2026-03-03T02:30:00Z', s.ids.mgrY),
  ]);
  await db('attendance_absences').insert({
    student_id: s.kids.parentKid,
    location_id: s.X,
    date: '2026-03-03',
    reason: 'sick',
    marked_by: s.ids.mgrX,
  });
  await db('users').where({ id: s.teacher2 }).update({ fname: '=HYPERLINK("x")' });
});
afterAll(() => h?.close());

describe('staff hours across midnight and DST', () => {
  const TRACK = `query($l: ID!, $f: String!, $t: String!) { getStaffTimeTrackingReport(location_id: $l, from: $f, to: $t) {
    total_overall_hours total_employees paginatorInfo { total } result { user_id total_hours break_minutes days { date hours break_minutes first_in_local last_out_local open } } } }`;

  it('splits a night shift at local midnight and deducts the break on the day it started', async () => {
    const r = (await q(TRACK, { l: s.X, f: '2026-03-02', t: '2026-03-03' }, s.tokens.mgrX)).data?.getStaffTimeTrackingReport;
    const t = r.result.find((x: { user_id: string }) => x.user_id === s.ids.teacher);
    expect(t.days).toEqual([
      {
        date: '2026-03-02',
        hours: 1.5,
        break_minutes: 30,
        first_in_local: '2026-03-02 22:00',
        last_out_local: '2026-03-03 06:00',
        open: false,
      },
      {
        date: '2026-03-03',
        hours: 6,
        break_minutes: 0,
        first_in_local: '2026-03-02 22:00',
        last_out_local: '2026-03-03 06:00',
        open: false,
      },
    ]);
    expect(t.total_hours).toBe(7.5);
    expect(r.total_overall_hours).toBe(11.5);
    expect(r.total_employees).toBe(2);
    // only the first day: the part before midnight
    const one = (await q(TRACK, { l: s.X, f: '2026-03-02', t: '2026-03-02' }, s.tokens.mgrX)).data?.getStaffTimeTrackingReport;
    expect(one).toMatchObject({ total_overall_hours: 1.5, total_employees: 1 });
  });

  it('counts real hours on the days clocks change', async () => {
    const spring = (await q(TRACK, { l: s.X, f: '2026-03-08', t: '2026-03-08' }, s.tokens.mgrX)).data?.getStaffTimeTrackingReport;
    expect(spring.result[0].days[0]).toMatchObject({
      date: '2026-03-08',
      hours: 7,
      first_in_local: '2026-03-08 00:00',
      last_out_local: '2026-03-08 08:00',
    });
    const autumn = (await q(TRACK, { l: s.X, f: '2026-11-01', t: '2026-11-01' }, s.tokens.mgrX)).data?.getStaffTimeTrackingReport;
    expect(autumn.result[0].days[0]).toMatchObject({
      date: '2026-11-01',
      hours: 9,
      first_in_local: '2026-11-01 00:00',
      last_out_local: '2026-11-01 08:00',
    });
  });

  it('staff hours per person, with days worked and breaks', async () => {
    const r = (
      await q(
        'query($l: ID!) { getStaffHoursReport(location_id: $l, from: "2026-03-01", to: "2026-03-31") { total_hours data { user_id days_worked total_hours break_minutes average_hours } } }',
        { l: s.X },
        s.tokens.mgrX,
      )
    ).data?.getStaffHoursReport;
    expect(r.total_hours).toBe(18.5);
    expect(r.data.find((x: { user_id: string }) => x.user_id === s.ids.teacher)).toEqual({
      user_id: s.ids.teacher,
      days_worked: 3,
      total_hours: 14.5,
      break_minutes: 30,
      average_hours: 4.83,
    });
  });
});

describe('children’s hours, by the location’s zone', () => {
  it('student daily hours split at midnight; a Tokyo morning is the Tokyo date', async () => {
    const DAILY = `query($l: ID!, $f: String!, $t: String!, $p: ID) { getStudentDailyHoursReport(location_id: $l, from: $f, to: $t, program_id: $p) {
      total_hours data { fname date hours first_in_local last_out_local } } }`;
    const x = (await q(DAILY, { l: s.X, f: '2026-03-03', t: '2026-03-04' }, s.tokens.mgrX)).data?.getStudentDailyHoursReport;
    expect(x.data).toEqual([
      { fname: 'Ana', date: '2026-03-03', hours: 9.5, first_in_local: '2026-03-03 07:30', last_out_local: '2026-03-03 17:00' },
      { fname: 'Ben', date: '2026-03-03', hours: 4, first_in_local: '2026-03-03 20:00', last_out_local: '2026-03-04 08:00' },
      { fname: 'Ben', date: '2026-03-04', hours: 8, first_in_local: '2026-03-03 20:00', last_out_local: '2026-03-04 08:00' },
    ]);
    expect(x.total_hours).toBe(21.5);
    const y = (await q(DAILY, { l: s.Y, f: '2026-03-03', t: '2026-03-03' }, s.tokens.mgrY)).data?.getStudentDailyHoursReport;
    expect(y.data).toEqual([
      { fname: 'Yara', date: '2026-03-03', hours: 3, first_in_local: '2026-03-03 08:30', last_out_local: '2026-03-03 11:30' },
    ]);
    expect((await q(DAILY, { l: s.Y, f: '2026-03-02', t: '2026-03-02' }, s.tokens.mgrY)).data?.getStudentDailyHoursReport.data).toEqual([]);
  });

  it('student hours, the attendance summary and the attendance report', async () => {
    const hours = (
      await q(
        'query($l: ID!) { getStudentHoursReport(location_id: $l, from: "2026-03-01", to: "2026-03-31") { data { fname days_attended total_hours average_hours } } }',
        { l: s.X },
        s.tokens.mgrX,
      )
    ).data?.getStudentHoursReport;
    expect(hours.data).toEqual([
      { fname: 'Ana', days_attended: 1, total_hours: 9.5, average_hours: 9.5 },
      { fname: 'Ben', days_attended: 2, total_hours: 12, average_hours: 6 },
    ]);
    const sum = (
      await q(
        'query($l: ID!) { getAttendanceSummary(location_id: $l, from: "2026-03-03", to: "2026-03-04") { days { date children_present child_hours absences staff_present staff_hours } totals { children_present child_hours absences staff_hours } } }',
        { l: s.X },
        s.tokens.mgrX,
      )
    ).data?.getAttendanceSummary;
    expect(sum.days).toEqual([
      { date: '2026-03-03', children_present: 2, child_hours: 13.5, absences: 1, staff_present: 2, staff_hours: 10 },
      { date: '2026-03-04', children_present: 1, child_hours: 8, absences: 0, staff_present: 0, staff_hours: 0 },
    ]);
    expect(sum.totals).toEqual({ children_present: 2, child_hours: 21.5, absences: 1, staff_hours: 10 });
    const rep = (
      await q(
        'query($l: ID!) { getStudentAttendanceReport(location_id: $l, from: "2026-03-03", to: "2026-03-03", first: 1) { paginatorInfo { total lastPage } data { fname room check_in_local check_out_local hours checked_in_by check_in_method signed_in } } }',
        { l: s.X },
        s.tokens.mgrX,
      )
    ).data?.getStudentAttendanceReport;
    expect(rep.paginatorInfo).toEqual({ total: 2, lastPage: 2 });
    expect(rep.data[0]).toEqual({
      fname: 'Ana',
      room: 'Toddlers',
      check_in_local: '2026-03-03 07:30',
      check_out_local: '2026-03-03 17:00',
      hours: 9.5,
      checked_in_by: 'mum Tester',
      check_in_method: 'kiosk',
      signed_in: false,
    });
  });

  it('staff activity lists punches and the check-ins staff recorded (not parents’)', async () => {
    const r = (
      await q(
        'query($l: ID!) { getStaffActivityReport(location_id: $l, from: "2026-03-03", to: "2026-03-03") { paginatorInfo { total } data { at_local kind detail user { id } } } }',
        { l: s.X },
        s.tokens.mgrX,
      )
    ).data?.getStaffActivityReport;
    expect(r.data.map((e: { at_local: string; kind: string }) => [e.at_local, e.kind])).toEqual([
      ['2026-03-03 12:00', 'clock_out'],
      ['2026-03-03 08:00', 'clock_in'],
      ['2026-03-03 06:00', 'clock_out'],
    ]);
  });
});

describe('CSV export and access', () => {
  it('exports every report with the same filters; cells cannot start a formula', async () => {
    const EXPORT =
      'query($r: AttendanceReportKind!, $l: ID!) { exportAttendanceReport(report: $r, location_id: $l, from: "2026-03-01", to: "2026-03-08") { filename content_type content rows } }';
    const csv = (await q(EXPORT, { r: 'staff_time_tracking', l: s.X }, s.tokens.mgrX)).data?.exportAttendanceReport;
    expect(csv.filename).toBe('staff-time-tracking_2026-03-01_2026-03-08.csv');
    expect(csv.content_type).toBe('text/csv; charset=utf-8');
    const lines = csv.content.trim().split('\r\n');
    expect(lines[0]).toBe('Staff,Date,First in,Last out,Break minutes,Hours');
    expect(lines).toContain('teacher Tester,2026-03-02,2026-03-02 22:00,2026-03-03 06:00,30,1.5');
    expect(lines.find((l: string) => l.includes('HYPERLINK'))).toBe(
      `"'=HYPERLINK(""x"") Tester",2026-03-03,2026-03-03 08:00,2026-03-03 12:00,0,4`,
    );
    for (const r of [
      'staff_hours',
      'timeclock',
      'student_daily_hours',
      'student_hours',
      'staff_activity',
      'attendance_summary',
      'student_attendance',
    ]) {
      const e = await q(EXPORT, { r, l: s.X }, s.tokens.mgrX);
      expect(e.data?.exportAttendanceReport.rows, r).toBeGreaterThan(0);
    }
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell('a,b')).toBe('"a,b"');
  });

  it('managers of the location only, with valid ranges', async () => {
    const R = 'query($l: ID!, $f: String!, $t: String!) { getStudentHoursReport(location_id: $l, from: $f, to: $t) { total_hours } }';
    expect(code(await q(R, { l: s.X, f: '2026-03-01', t: '2026-03-02' }, s.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await q(R, { l: s.X, f: '2026-03-01', t: '2026-03-02' }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(field(await q(R, { l: s.X, f: '2026-03-01', t: '2027-03-02' }, s.tokens.mgrX))).toBe('to');
    expect(field(await q(R, { l: s.X, f: '2026-3-1', t: '2026-03-02' }, s.tokens.mgrX))).toBe('from');
    expect(field(await q(R, { l: s.X, f: '2026-03-05', t: '2026-03-02' }, s.tokens.mgrX))).toBe('to');
    expect((await q(R, { l: s.X, f: '2026-03-01', t: '2026-03-02' }, s.tokens.owner)).data?.getStudentHoursReport.total_hours).toBe(0);
  });

  it('teachers read the children’s attendance reports of their own locations only', async () => {
    const SUM =
      'query($l: ID!, $f: String!, $t: String!) { getAttendanceSummary(location_id: $l, from: $f, to: $t) { totals { children_present } } }';
    const REP =
      'query($l: ID!, $f: String!, $t: String!) { getStudentAttendanceReport(location_id: $l, from: $f, to: $t) { paginatorInfo { total } } }';
    const EXP =
      'query($r: AttendanceReportKind!, $l: ID!) { exportAttendanceReport(report: $r, location_id: $l, from: "2026-03-01", to: "2026-03-09") { rows } }';
    const range = { l: s.X, f: '2026-03-01', t: '2026-03-09' };
    expect((await q(SUM, range, s.tokens.teacher)).errors).toBeUndefined();
    expect((await q(REP, range, s.tokens.teacher)).data?.getStudentAttendanceReport.paginatorInfo.total).toBeGreaterThan(0);
    expect((await q(EXP, { r: 'student_attendance', l: s.X }, s.tokens.teacher)).errors).toBeUndefined();
    expect(code(await q(EXP, { r: 'staff_hours', l: s.X }, s.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await q(SUM, { ...range, l: s.Y }, s.tokens.teacher))).toBe('NOT_FOUND');
    expect(code(await q(REP, range, s.family.mumToken))).toBe('FORBIDDEN');
  });

  it('cross-centre: centre B’s data is its own', async () => {
    const B = h.centres[1]!;
    const b = await setupAttendance(h, B, 'b');
    const r = await query(h, B)(
      'query($l: ID!) { getStudentHoursReport(location_id: $l, from: "2026-03-01", to: "2026-03-31") { total_hours data { fname } } }',
      { l: b.X },
      b.tokens.mgrX,
    );
    expect(r.data?.getStudentHoursReport).toEqual({ total_hours: 0, data: [] });
    expect(
      (
        await query(h, B)(
          'query($l: ID!) { getStaffHoursReport(location_id: $l, from: "2026-03-01", to: "2026-03-31") { total_hours } }',
          { l: s.X },
          s.tokens.mgrX,
        )
      ).statusCode,
    ).toBe(401);
  });
});
