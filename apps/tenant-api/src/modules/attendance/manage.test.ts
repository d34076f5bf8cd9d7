import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';
import { messages, q as query, setupAttendance, type AttendanceSetup } from './test-fixtures.ts';

let h: Harness;
let s: AttendanceSetup;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => query(h, A())(doc, vars, token);

const SAVE = `mutation($students: [ID!]!, $action: CheckInAction, $pin: String, $health_screen: [HealthScreenInput!], $date: String, $time: String) {
  saveStudentCheckInOut(students: $students, action: $action, pin: $pin, health_screen: $health_screen, date: $date, time: $time) {
    status type message results { student_id status type message attendance { id } } } }`;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

beforeAll(async () => {
  h = await createHarness();
  s = await setupAttendance(h, A());
});
afterAll(() => h?.close());

describe('health screen', () => {
  const SAVE_Q = `mutation($l: ID, $id: ID, $st: String!, $pass: Boolean) { saveHealthQuestionnaire(location_id: $l, id: $id, statement: $st, pass_answer: $pass) {
    status message question { id statement pass_answer position } } }`;
  const GET_Q = 'query($l: ID!) { getHealthQuestionnaire(location_id: $l) { id statement pass_answer position } }';
  let fever: string;
  let wellness: string;

  it('managers of the location keep its questionnaire; staff and its parents read it', async () => {
    const a = await q(SAVE_Q, { l: s.X, st: 'Fever in the last 24 hours' }, s.tokens.mgrX);
    fever = a.data?.saveHealthQuestionnaire.question.id;
    const b = await q(SAVE_Q, { l: s.X, st: 'My child is well enough to play', pass: true }, s.tokens.mgrX);
    wellness = b.data?.saveHealthQuestionnaire.question.id;
    expect(b.data?.saveHealthQuestionnaire.question).toMatchObject({ pass_answer: true, position: 1 });
    const edit = await q(SAVE_Q, { id: fever, st: 'Fever or cough in the last 24 hours' }, s.tokens.mgrX);
    expect(edit.data?.saveHealthQuestionnaire.question).toMatchObject({
      statement: 'Fever or cough in the last 24 hours',
      pass_answer: false,
      position: 0,
    });
    for (const t of [s.tokens.teacher, s.family.mumToken])
      expect((await q(GET_Q, { l: s.X }, t)).data?.getHealthQuestionnaire).toHaveLength(2);
    expect(code(await q(GET_Q, { l: s.X }, s.tokens.blog))).toBe('FORBIDDEN');
    expect(code(await q(GET_Q, { l: s.Y }, s.family.mumToken))).toBe('NOT_FOUND');
    expect(code(await q(SAVE_Q, { l: s.X, st: 'x' }, s.tokens.mgrX))).toBe('BAD_USER_INPUT');
    expect(code(await q(SAVE_Q, { l: s.X, st: 'Teacher edit' }, s.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await q(SAVE_Q, { id: fever, st: 'Other manager' }, s.tokens.mgrY))).toBe('NOT_FOUND');
    const tmp = await q(SAVE_Q, { l: s.X, st: 'To be deleted' }, s.tokens.mgrX);
    const del = await q(
      'mutation($id: ID!) { deleteHealthQuestionnaire(id: $id) { status id } }',
      { id: tmp.data?.saveHealthQuestionnaire.question.id },
      s.tokens.mgrX,
    );
    expect(del.data?.deleteHealthQuestionnaire.status).toBe(true);
    expect((await q(GET_Q, { l: s.X }, s.tokens.mgrX)).data?.getHealthQuestionnaire).toHaveLength(2);
  });

  it('when on, a check-in needs answers; a failed screen blocks that child and tells the managers', async () => {
    await q(
      'mutation($l: ID!) { saveCheckInSettings(location_id: $l, health_screen: true) { status setting { health_screen } } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    const fam = await q(
      'query($l: ID!, $pin: String!) { getCheckInByPin(location_id: $l, pin: $pin) { health_screen questions { id } } }',
      { l: s.X, pin: s.pins.mum },
      s.tokens.teacher,
    );
    expect(fam.data?.getCheckInByPin.questions).toHaveLength(2);
    const none = await q(SAVE, { students: [s.kids.ana, s.kids.ben], pin: s.pins.mum }, s.tokens.teacher);
    expect([code(none), field(none)]).toEqual(['ATTENDANCE_HEALTH_SCREEN_REQUIRED', 'health_screen']);
    const partial = await q(
      SAVE,
      {
        students: [s.kids.ana],
        pin: s.pins.mum,
        health_screen: [{ student_id: s.kids.ana, answers: [{ question_id: fever, answer: false }] }],
      },
      s.tokens.teacher,
    );
    expect(code(partial)).toBe('HEALTH_SCREEN_INCOMPLETE');
    const r = await q(
      SAVE,
      {
        students: [s.kids.ana, s.kids.ben],
        pin: s.pins.mum,
        health_screen: [
          {
            student_id: s.kids.ana,
            answers: [
              { question_id: fever, answer: false },
              { question_id: wellness, answer: true },
            ],
          },
          {
            student_id: s.kids.ben,
            answers: [
              { question_id: fever, answer: true },
              { question_id: wellness, answer: true },
            ],
          },
        ],
      },
      s.tokens.teacher,
    );
    const out = r.data?.saveStudentCheckInOut;
    expect(out).toMatchObject({ status: false, type: 'mixed' });
    expect(out.results.map((i: { type: string; status: boolean }) => [i.type, i.status])).toEqual([
      ['check_in', true],
      ['health_screen_failed', false],
    ]);
    expect(await A().db.db('attendances').where({ student_id: s.kids.ben }).count({ n: '*' })).toEqual([{ n: '0' }]);
    const alert = await messages(A(), 'health-screen-failed');
    expect(alert.map((m) => m.recipient)).toEqual(['mgrX@example.test']);
    expect(alert[0]!.subject).toBe('Ben Kid did not pass the health screen');
    expect(alert[0]!.body_text).toContain('Fever or cough in the last 24 hours (yes)');
    const screens = await q(
      'query($l: ID!) { getHealthScreens(location_id: $l, passed: false) { data { fname passed answers { statement answer passed } } paginatorInfo { total } } }',
      { l: s.X },
      s.tokens.teacher,
    );
    expect(screens.data?.getHealthScreens.paginatorInfo.total).toBe(1);
    expect(screens.data?.getHealthScreens.data[0]).toMatchObject({ fname: 'Ben', passed: false });
    // a check-out needs no screen
    await A().db.db.raw(`update attendances set start_time = start_time - interval '2 hours'`);
    expect((await q(SAVE, { students: [s.kids.ana], action: 'check_out' }, s.tokens.teacher)).data?.saveStudentCheckInOut.status).toBe(
      true,
    );
    await q('mutation($l: ID!) { saveCheckInSettings(location_id: $l, health_screen: false) { status } }', { l: s.X }, s.tokens.mgrX);
  });
});

describe('lists and absences', () => {
  const LIST = `query($l: ID!, $p: ID, $st: CheckInStatus, $search: String, $page: Int, $first: Int) {
    getStudentsAfterCheckInLocation(location_id: $l, program_id: $p, status: $st, search: $search, page: $page, first: $first) {
      date counts { checked_in checked_out absent not_arrived } paginatorInfo { total currentPage lastPage perPage }
      data { id fname checked_in_out absent absence_reason attendance { id end_time } } } }`;
  const ABSENT =
    'mutation($st: [ID!]!, $r: String, $d: String) { markStudentsAbsent(students: $st, reason: $r, date: $d) { status message date students } }';

  it('marks children absent (staff, or the parent), lists the day by state, and refuses a child who is in', async () => {
    await A().db.db('attendances').del();
    const mark = await q(ABSENT, { st: [s.kids.ben], r: 'sick' }, s.family.mumToken);
    expect(mark.data?.markStudentsAbsent).toMatchObject({ status: true, date: today(), students: [s.kids.ben] });
    expect(code(await q(ABSENT, { st: [s.kids.yKid] }, s.family.mumToken))).toBe('NOT_FOUND');
    expect(code(await q(ABSENT, { st: [s.kids.yKid] }, s.tokens.teacher))).toBe('NOT_FOUND');
    await q(SAVE, { students: [s.kids.ana] }, s.tokens.teacher);
    const busy = await q(ABSENT, { st: [s.kids.ana] }, s.tokens.teacher);
    expect([code(busy), field(busy)]).toEqual(['BAD_USER_INPUT', 'students']);
    expect(field(await q(ABSENT, { st: [s.kids.ben], d: '2001-01-01' }, s.tokens.teacher))).toBe('date');
    const list = await q(LIST, { l: s.X }, s.tokens.teacher);
    const l = list.data?.getStudentsAfterCheckInLocation;
    expect(l.counts).toEqual({ checked_in: 1, checked_out: 0, absent: 1, not_arrived: 1 });
    expect(l.data.map((c: { fname: string; checked_in_out: string }) => [c.fname, c.checked_in_out])).toEqual([
      ['Ana', 'checked_in'],
      ['Ben', 'absent'],
      ['Kid', 'not_arrived'],
    ]);
    expect(l.data[1]).toMatchObject({ absent: true, absence_reason: 'sick' });
    const ins = await q(LIST, { l: s.X, st: 'checked_in' }, s.tokens.teacher);
    expect(ins.data?.getStudentsAfterCheckInLocation.data.map((c: { fname: string }) => c.fname)).toEqual(['Ana']);
    const room = await q(LIST, { l: s.X, p: s.rooms.infants }, s.tokens.teacher);
    expect(room.data?.getStudentsAfterCheckInLocation.data.map((c: { fname: string }) => c.fname)).toEqual(['Kid']);
    const paged = await q(LIST, { l: s.X, first: 2, page: 2 }, s.tokens.teacher);
    expect(paged.data?.getStudentsAfterCheckInLocation.paginatorInfo).toEqual({ total: 3, currentPage: 2, lastPage: 2, perPage: 2 });
    expect((await q(LIST, { l: s.X, search: 'be' }, s.tokens.teacher)).data?.getStudentsAfterCheckInLocation.data).toHaveLength(1);
    expect(code(await q(LIST, { l: s.Y }, s.tokens.teacher))).toBe('NOT_FOUND');
    expect(code(await q(LIST, { l: s.X }, s.family.mumToken))).toBe('FORBIDDEN');
    expect(field(await q(LIST, { l: s.X, first: 1000 }, s.tokens.teacher))).toBe('first');
    const absences = await q(
      'query($l: ID!) { getStudentAbsences(location_id: $l) { data { fname reason marked_by { id } } paginatorInfo { total } } }',
      { l: s.X },
      s.tokens.teacher,
    );
    expect(absences.data?.getStudentAbsences.data).toEqual([{ fname: 'Ben', reason: 'sick', marked_by: { id: s.family.mum } }]);
    const undo = await q(
      'mutation($st: [ID!]!) { removeStudentAbsence(students: $st) { status message } }',
      { st: [s.kids.ben] },
      s.tokens.teacher,
    );
    expect(undo.data?.removeStudentAbsence.message).toBe('The absence is removed.');
  });

  it('Student.checked_in_out and Student.absent follow today’s state', async () => {
    const r = await q(
      'query($id: ID!) { student(id: $id) { fname checked_in_out absent attendance { id } } }',
      { id: s.kids.ana },
      s.tokens.teacher,
    );
    expect(r.data?.student).toMatchObject({ fname: 'Ana', checked_in_out: 'checked_in', absent: false });
    expect(r.data?.student.attendance.id).toBeTruthy();
  });
});

describe('corrections by managers, with an audit trail', () => {
  const UPDATE = `mutation($id: ID!, $st: String, $et: String, $p: ID, $r: String!) { updateStudentAttendance(id: $id, start_time: $st, end_time: $et, program_id: $p, reason: $r) {
    status attendance { id date start_time end_time program_id hours } } }`;
  const HISTORY =
    'query($id: ID!) { getAttendanceHistory(id: $id) { data { action summary actor_id reason changes { field old_value new_value } } paginatorInfo { total } } }';

  it('corrects times in the location’s zone, refuses overlaps, and keeps who, why and what', async () => {
    await A().db.db('attendances').del();
    const add = await q(
      'mutation($st: ID!, $s: String!, $e: String, $r: String!) { createStudentAttendance(student_id: $st, start_time: $s, end_time: $e, reason: $r) { status attendance { id date start_time end_time hours } } }',
      { st: s.kids.ben, s: '2026-03-02 08:00', e: '2026-03-02 16:30', r: 'Forgot to check in' },
      s.tokens.mgrX,
    );
    const rec = add.data?.createStudentAttendance.attendance;
    expect(rec).toMatchObject({
      date: '2026-03-02',
      start_time: '2026-03-02T14:00:00.000Z',
      end_time: '2026-03-02T22:30:00.000Z',
      hours: 8.5,
    });
    const fix = await q(UPDATE, { id: rec.id, et: '2026-03-02 17:15', p: s.rooms.infants, r: 'Picked up late' }, s.tokens.mgrX);
    expect(fix.data?.updateStudentAttendance.attendance).toMatchObject({
      end_time: '2026-03-02T23:15:00.000Z',
      program_id: s.rooms.infants,
      hours: 9.25,
    });
    const other = await q(
      'mutation($st: ID!, $s: String!, $e: String, $r: String!) { createStudentAttendance(student_id: $st, start_time: $s, end_time: $e, reason: $r) { status } }',
      { st: s.kids.ben, s: '2026-03-02 12:00', e: '2026-03-02 13:00', r: 'Duplicate' },
      s.tokens.mgrX,
    );
    expect(code(other)).toBe('ATTENDANCE_OVERLAP');
    const inverted = await q(UPDATE, { id: rec.id, st: '2026-03-02 18:00', r: 'Wrong' }, s.tokens.mgrX);
    expect([code(inverted), field(inverted)]).toEqual(['BAD_USER_INPUT', 'end_time']);
    expect(field(await q(UPDATE, { id: rec.id, st: '2026-02-30 08:00', r: 'Bad date' }, s.tokens.mgrX))).toBe('start_time');
    expect(field(await q(UPDATE, { id: rec.id, st: '2026-03-02 07:00', r: '' }, s.tokens.mgrX))).toBe('reason');
    expect(code(await q(UPDATE, { id: rec.id, st: '2026-03-02 07:00', r: 'Teacher' }, s.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await q(UPDATE, { id: rec.id, st: '2026-03-02 07:00', r: 'Other location' }, s.tokens.mgrY))).toBe('NOT_FOUND');
    const del = await q(
      'mutation($id: ID!) { deleteStudentAttendance(id: $id, reason: "Entered twice") { status } }',
      { id: rec.id },
      s.tokens.mgrX,
    );
    expect(del.data?.deleteStudentAttendance.status).toBe(true);
    const trail = (await q(HISTORY, { id: rec.id }, s.tokens.mgrX)).data?.getAttendanceHistory;
    expect(trail.data.map((e: { action: string }) => e.action)).toEqual(['attendance.delete', 'attendance.correct', 'attendance.create']);
    expect(trail.data[1]).toMatchObject({ summary: 'Record corrected', actor_id: s.ids.mgrX, reason: 'Picked up late' });
    expect(trail.data.map((e: { reason: string | null }) => e.reason)).toEqual(['Entered twice', 'Picked up late', 'Forgot to check in']);
    expect(trail.data[1].changes.map((c: { field: string }) => c.field).sort()).toEqual(['end_time', 'program_id']);
    const audit = await A()
      .db.db('audit_log')
      .where({ entity: 'attendance', entity_id: rec.id, action: 'attendance.correct' })
      .first('data');
    expect(audit.data.reason).toBe('Picked up late');
    expect(code(await q(HISTORY, { id: rec.id }, s.tokens.mgrY))).toBe('NOT_FOUND');
  });
});

describe('check-in PINs', () => {
  const GEN = 'mutation($u: ID) { generateCheckInPin(user_id: $u) { status user_id check_in_pin } }';

  it('people get a random unique PIN; staff who may edit them too; others see no PINs', async () => {
    const own = await q(GEN, {}, s.family.mumToken);
    expect(own.data?.generateCheckInPin.check_in_pin).toMatch(/^\d{6}$/);
    const byManager = await q(GEN, { u: s.family.dad }, s.tokens.mgrX);
    expect(byManager.data?.generateCheckInPin).toMatchObject({ status: true, user_id: s.family.dad });
    expect(code(await q(GEN, { u: s.family.dad }, s.family.mumToken))).toBe('FORBIDDEN');
    expect(code(await q(GEN, { u: s.family.dad }, s.tokens.mgrY))).toBe('NOT_FOUND');
    const pin = byManager.data?.generateCheckInPin.check_in_pin;
    expect(await A().db.db('users').where({ id: s.family.dad }).first('check_in_pin')).toEqual({ check_in_pin: pin });
    const me = await q('{ me { id check_in_pin } }', {}, s.family.mumToken);
    expect(me.data?.me.check_in_pin).toBe(own.data?.generateCheckInPin.check_in_pin);
  });
});

describe('check-in settings', () => {
  it('reads and saves them per location, for its managers', async () => {
    const SAVE_S = `mutation($l: ID!, $a: ParentAlertSettingInput) { saveCheckInSettings(location_id: $l, signature_required: true, check_in_parent_alert: $a) {
      status setting { signature_required check_in_parent_alert { email time } } } }`;
    const r = await q(SAVE_S, { l: s.X, a: { email: true, time: '09:30' } }, s.tokens.mgrX);
    expect(r.data?.saveCheckInSettings.setting).toEqual({
      signature_required: true,
      check_in_parent_alert: { email: true, time: '09:30' },
    });
    expect(await A().db.db('outbox').where({ name: 'attendance-tick' }).count({ n: '*' })).toEqual([{ n: '1' }]);
    expect(field(await q(SAVE_S, { l: s.X, a: { time: '9h' } }, s.tokens.mgrX))).toBe('check_in_parent_alert.time');
    expect(code(await q(SAVE_S, { l: s.X }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await q(SAVE_S, { l: s.X }, s.tokens.teacher))).toBe('FORBIDDEN');
    const get = await q(
      'query($l: ID!) { getCheckInSettings(location_id: $l) { signature_required check_in_qr check_in_parent_alert { time } } }',
      { l: s.X },
      s.tokens.teacher,
    );
    expect(get.data?.getCheckInSettings).toEqual({
      signature_required: true,
      check_in_qr: false,
      check_in_parent_alert: { time: '09:30' },
    });
  });
});
