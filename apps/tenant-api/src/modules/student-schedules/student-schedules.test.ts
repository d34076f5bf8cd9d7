import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localParts } from '@kv/shared';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';
import { BACKFILL_SQL } from '../../../../../migrations/tenant/20261129130000_create_student_schedules.ts';
import { expectedStudents } from './index.ts';

let h: Harness;
let w: World;
let b: World;
const db = () => w.c.db.db;

const SCHEDULE = `id student_id start_date end_date start_time end_time type days program dates { id date }`;
const CREATE = `mutation($student: ID!, $start: String!, $end: String, $st: String, $et: String, $type: String, $days: [String!], $program: ID) {
  createStudentSchedule(student: $student, start_date: $start, end_date: $end, start_time: $st, end_time: $et, type: $type, days: $days, program: $program) { status schedule { ${SCHEDULE} } }
}`;
const UPDATE = `mutation($id: ID!, $days: [String!], $end: String, $start: String) {
  updateStudentSchedule(id: $id, days: $days, end_date: $end, start_date: $start) { status schedule { ${SCHEDULE} } }
}`;
const REMOVE = `mutation($id: ID!) { removeStudentSchedule(id: $id) { status } }`;
const ADD_DATE = `mutation($s: ID!, $d: String!) { addScheduleDate(schedule: $s, date: $d) { status date { id date } } }`;
const REMOVE_DATE = `mutation($id: ID!) { removeScheduleDate(id: $id) { status } }`;
const VACATION = `id student_id start_date end_date reason note dates`;
const CREATE_VAC = `mutation($student: ID!, $start: String!, $end: String!, $reason: String) {
  createVacation(student: $student, start_date: $start, end_date: $end, reason: $reason) { status vacation { ${VACATION} } }
}`;
const EDIT_VAC = `mutation($id: ID!, $start: String, $end: String, $note: String) { editVacation(id: $id, start_date: $start, end_date: $end, note: $note) { vacation { ${VACATION} } } }`;
const REMOVE_VAC = `mutation($id: ID!, $dates: [String!]!) { removeVacation(id: $id, dates: $dates) { vacation { ${VACATION} } } }`;
const DELETE_VAC = `mutation($id: ID!) { deleteVacation(id: $id) { status } }`;
const MONTH = `query($loc: ID!, $program: ID, $month: String) {
  getMonthlyScheduleList(location: $loc, program: $program, month: $month) { month data { student_id full_name expected_dates absences { date vacation_id } schedules { id days } } paginatorInfo { total } }
}`;
const CHANGES = `query($loc: ID!, $from: String!, $to: String!) { filterUpdatedSchedules(location: $loc, from: $from, to: $to) { data { student_id action data } paginatorInfo { total } } }`;
const WEEK = `query($id: ID!) { student(id: $id) { id week_schedule } }`;
const RATIO = `query($l: ID!) { getRoomRatio(location_id: $l) { program_id expected_arrivals } }`;

async function schedule(vars: Record<string, unknown>, token = w.tokens.teacher) {
  const r = await w.q(CREATE, vars, token);
  expect(r.errors).toBeUndefined();
  return r.data!.createStudentSchedule.schedule as { id: string; days: string[] };
}
const absenceRows = (student: string) =>
  db()('attendance_absences')
    .where({ student_id: student })
    .orderBy('date')
    .select(db().raw(`to_char(date, 'YYYY-MM-DD') as date`), 'vacation_id');
/** Expected children of a location on a day, through the one fragment the forecast and reminders use. */
async function expectedAt(location: string, date: string): Promise<string[]> {
  const r = await db().raw(
    `with q as (select ?::date as d, ?::bigint as loc) select e.id from q cross join lateral (${expectedStudents({ date: 'q.d', location: 'q.loc' })}) e order by 1`,
    [date, location],
  );
  return r.rows.map((x: { id: string }) => String(x.id));
}

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
});

afterAll(async () => {
  await h?.close();
});

describe('student schedules: scope', () => {
  it('staff of the child’s location write schedules; another location’s manager, a parent and another centre cannot', async () => {
    const vars = { student: w.kidX2, start: '2030-01-01', end: '2030-01-31', days: ['mon'] };
    expect(code(await w.q(CREATE, vars, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(CREATE, vars, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await w.q(CREATE, vars, w.parent2.token))).toBe('FORBIDDEN');
    expect(code(await w.q(CREATE, vars, w.tokens.blog))).toBe('FORBIDDEN');
    // a token of centre B is not valid on centre A
    expect(code(await w.q(CREATE, vars, b.tokens.mgrX))).toBe('UNAUTHENTICATED');
    const s = await schedule(vars, w.tokens.mgrX);
    expect(code(await w.q(REMOVE, { id: s.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await b.q(REMOVE, { id: s.id }, b.tokens.owner))).toBe('NOT_FOUND');
    expect((await w.q(REMOVE, { id: s.id }, w.tokens.teacher)).data!.removeStudentSchedule.status).toBe(true);
  });

  it('parents read and take vacations for their own children only', async () => {
    const own = await w.q(CREATE_VAC, { student: w.kidX, start: '2031-02-03', end: '2031-02-04' }, w.tokens.parent);
    expect(own.errors).toBeUndefined();
    const other = await w.q(CREATE_VAC, { student: w.kidX2, start: '2031-02-03', end: '2031-02-04' }, w.tokens.parent);
    expect([code(other), field(other)]).toEqual(['NOT_FOUND', 'student']);
    const vid = own.data!.createVacation.vacation.id;
    expect(code(await w.q(DELETE_VAC, { id: vid }, w.parent2.token))).toBe('NOT_FOUND');
    expect(code(await w.q(DELETE_VAC, { id: vid }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await b.q(DELETE_VAC, { id: vid }, b.tokens.owner))).toBe('NOT_FOUND');
    const list = await w.q(MONTH, { loc: w.X, month: '2031-02' }, w.tokens.parent);
    expect(list.errors).toBeUndefined();
    expect(list.data!.getMonthlyScheduleList.data.map((r: { student_id: string }) => r.student_id)).toEqual([w.kidX]);
    expect(code(await w.q(MONTH, { loc: w.Y, month: '2031-02' }, w.tokens.parent))).toBe('NOT_FOUND');
    expect(code(await w.q(MONTH, { loc: w.X }, w.tokens.blog))).toBe('FORBIDDEN');
    expect((await w.q(DELETE_VAC, { id: vid }, w.tokens.parent)).data!.deleteVacation.status).toBe(true);
    expect(await absenceRows(w.kidX)).toEqual([]);
  });
});

describe('student schedules: bad input', () => {
  it('overlapping schedules, end before start and a backwards vacation are typed errors naming the field', async () => {
    const first = await schedule({ student: w.kidY, start: '2030-03-01', end: '2030-06-30', days: ['tue'] }, w.tokens.mgrY);
    const overlap = await w.q(CREATE, { student: w.kidY, start: '2030-06-01', days: ['wed'] }, w.tokens.mgrY);
    expect([code(overlap), field(overlap)]).toEqual(['SCHEDULE_OVERLAP', 'start_date']);
    const moved = await w.q(UPDATE, { id: first.id, end: '2030-02-01' }, w.tokens.mgrY);
    expect([code(moved), field(moved)]).toEqual(['BAD_USER_INPUT', 'end_date']);
    const backwards = await w.q(CREATE, { student: w.kidY, start: '2031-03-01', end: '2031-02-01', days: ['mon'] }, w.tokens.mgrY);
    expect([code(backwards), field(backwards)]).toEqual(['BAD_USER_INPUT', 'end_date']);
    const noDays = await w.q(CREATE, { student: w.kidY, start: '2031-03-01', days: [] }, w.tokens.mgrY);
    expect([code(noDays), field(noDays)]).toEqual(['BAD_USER_INPUT', 'days']);
    const badDay = await w.q(CREATE, { student: w.kidY, start: '2031-03-01', days: ['funday'] }, w.tokens.mgrY);
    expect([code(badDay), field(badDay)]).toEqual(['BAD_USER_INPUT', 'days.0']);
    const vac = await w.q(CREATE_VAC, { student: w.kidY, start: '2030-05-10', end: '2030-05-01' }, w.tokens.mgrY);
    expect([code(vac), field(vac)]).toEqual(['BAD_USER_INPUT', 'end_date']);
    const none = await w.q(CREATE_VAC, { student: w.kidY, start: '2030-05-01', end: '2030-05-06' }, w.tokens.mgrY);
    expect([code(none), field(none)]).toEqual(['NO_EXPECTED_DAY', 'end_date']);
    const outside = await w.q(ADD_DATE, { s: first.id, d: '2030-07-15' }, w.tokens.mgrY);
    expect([code(outside), field(outside)]).toEqual(['BAD_USER_INPUT', 'date']);
    expect((await db()('student_schedules').where({ student_id: w.kidY })).length).toBe(1);
  });
});

describe('vacations are absence rows of expected days', () => {
  it('a 5-day vacation of a Mon/Wed/Fri child is 3 absence rows and nothing else; adding Tuesday makes 4', async () => {
    const kid = w.kidX2;
    await db()('student_schedules').where({ student_id: kid }).del();
    const s = await schedule({ student: kid, start: '2026-01-01', days: ['mon', 'wed', 'fri'], type: 'part_time' });
    const before = await db()('attendance_absences').count<{ count: string }[]>('* as count');
    // Monday 2 Aug 2032 to Friday 6 Aug 2032
    const r = await w.q(CREATE_VAC, { student: kid, start: '2032-08-02', end: '2032-08-06', reason: 'Beach' }, w.tokens.teacher);
    expect(r.errors).toBeUndefined();
    const vac = r.data!.createVacation.vacation;
    expect(vac.dates).toEqual(['2032-08-02', '2032-08-04', '2032-08-06']);
    expect(await absenceRows(kid)).toEqual(vac.dates.map((date: string) => ({ date, vacation_id: vac.id })));
    const after = await db()('attendance_absences').count<{ count: string }[]>('* as count');
    expect(Number(after[0]!.count) - Number(before[0]!.count)).toBe(3);

    // The schedule gains Tuesday: the vacation's future days are derived again in that transaction.
    const u = await w.q(UPDATE, { id: s.id, days: ['mon', 'tue', 'wed', 'fri'] }, w.tokens.teacher);
    expect(u.errors).toBeUndefined();
    expect((await absenceRows(kid)).map((x) => x.date)).toEqual(['2032-08-02', '2032-08-03', '2032-08-04', '2032-08-06']);

    // A day taken off by hand stays off when the schedule changes again; dropping Monday drops its row.
    await w.q(REMOVE_VAC, { id: vac.id, dates: ['2032-08-04'] }, w.tokens.teacher);
    await w.q(UPDATE, { id: s.id, days: ['tue', 'wed', 'fri'] }, w.tokens.teacher);
    expect((await absenceRows(kid)).map((x) => x.date)).toEqual(['2032-08-03', '2032-08-06']);

    // An extra day inside the vacation joins it; removing the extra day takes it back off.
    const extra = await w.q(ADD_DATE, { s: s.id, d: '2032-08-05' }, w.tokens.teacher);
    expect(extra.errors).toBeUndefined();
    expect((await absenceRows(kid)).map((x) => x.date)).toEqual(['2032-08-03', '2032-08-05', '2032-08-06']);
    await w.q(REMOVE_DATE, { id: extra.data!.addScheduleDate.date.id }, w.tokens.teacher);
    expect((await absenceRows(kid)).map((x) => x.date)).toEqual(['2032-08-03', '2032-08-06']);

    // Editing the range follows the schedule; deleting takes every day.
    const e = await w.q(EDIT_VAC, { id: vac.id, end: '2032-08-10', note: 'longer' }, w.tokens.teacher);
    expect(e.data!.editVacation.vacation).toMatchObject({ end_date: '2032-08-10', note: 'longer' });
    expect(e.data!.editVacation.vacation.dates).toEqual(['2032-08-03', '2032-08-06', '2032-08-10']);
    await w.q(DELETE_VAC, { id: vac.id }, w.tokens.teacher);
    expect(await absenceRows(kid)).toEqual([]);

    // The change log records each step, in the viewer's scope.
    const log = await w.q(
      CHANGES,
      { loc: w.X, from: addDays(new Date().toISOString().slice(0, 10), -1), to: addDays(new Date().toISOString().slice(0, 10), 1) },
      w.tokens.mgrX,
    );
    expect(log.errors).toBeUndefined();
    const actions = log
      .data!.filterUpdatedSchedules.data.filter((c: { student_id: string }) => c.student_id === kid)
      .map((c: { action: string }) => c.action);
    expect(actions).toEqual(expect.arrayContaining(['created', 'updated', 'date_added', 'date_removed']));
    expect((await w.q(CHANGES, { loc: w.X, from: '2026-01-01', to: '2026-01-02' }, w.tokens.mgrY)).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
  });

  it('ratios and reminders skip a child on vacation; without any schedule a child is expected Monday to Friday', async () => {
    const kid = w.kidX;
    const loc = await db()('locations').where({ id: w.X }).first('timezone');
    const today = localParts(new Date(), loc.timezone).date;
    await db()('student_schedules').where({ student_id: kid }).del();
    await db()('attendance_absences').where({ student_id: kid }).del();
    await db()('attendances').where({ student_id: kid }).del();
    await schedule({ student: kid, start: addDays(today, -30), days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] });
    const room1 = async () =>
      ((await w.q(RATIO, { l: w.X }, w.tokens.mgrX)).data!.getRoomRatio as { program_id: string; expected_arrivals: number }[]).find(
        (r) => r.program_id === w.room1X,
      )!.expected_arrivals;
    expect(await expectedAt(w.X, today)).toContain(kid);
    expect(await room1()).toBe(1);
    const v = await w.q(CREATE_VAC, { student: kid, start: today, end: addDays(today, 2) }, w.tokens.parent);
    expect(v.errors).toBeUndefined();
    expect(await expectedAt(w.X, today)).not.toContain(kid);
    expect(await room1()).toBe(0);
    await w.q(DELETE_VAC, { id: v.data!.createVacation.vacation.id }, w.tokens.parent);

    // No schedule at all: Monday to Friday (2033-01-03 is a Monday, 2033-01-08 a Saturday).
    await db()('student_schedules').where({ student_id: kid }).del();
    expect(await expectedAt(w.X, '2033-01-03')).toContain(kid);
    expect(await expectedAt(w.X, '2033-01-08')).not.toContain(kid);
    expect((await w.q(WEEK, { id: kid }, w.tokens.mgrX)).data!.student.week_schedule).toEqual(['mon', 'tue', 'wed', 'thu', 'fri']);
  });

  it('Student.week_schedule is today’s schedule, and createNewStudent / updateNewStudent write one from today', async () => {
    const kid = w.kidX;
    await db()('student_schedules').where({ student_id: kid }).del();
    const up = await w.q(
      `mutation($id: ID!, $w: [String!]) { updateNewStudent(id: $id, week_schedule: $w) { status student { week_schedule } } }`,
      { id: kid, w: ['wed', 'mon'] },
      w.tokens.mgrX,
    );
    expect(up.errors).toBeUndefined();
    expect(up.data!.updateNewStudent.student.week_schedule).toEqual(['mon', 'wed']);
    const loc = await db()('locations').where({ id: w.X }).first('timezone');
    const today = localParts(new Date(), loc.timezone).date;
    expect(
      await db()('student_schedules')
        .where({ student_id: kid })
        .select(db().raw(`to_char(start_date, 'YYYY-MM-DD') as start_date`), 'end_date', 'days'),
    ).toEqual([{ start_date: today, end_date: null, days: ['mon', 'wed'] }]);
    expect('week_schedule' in (await db()('students').where({ id: kid }).first())).toBe(false);
  });
});

describe('the week_schedule backfill', () => {
  it('keeps every expected day of every child', async () => {
    const kids = [w.kidX, w.kidX2, w.kidY];
    const old: Record<string, string[]> = { [w.kidX]: [], [w.kidX2]: ['mon', 'wed', 'fri'], [w.kidY]: ['sat', 'xxx'] };
    const days = Array.from({ length: 14 }, (_, i) => addDays('2031-05-05', i));
    await db()
      .transaction(async (trx) => {
        await trx.raw(`alter table students add column week_schedule text[] not null default '{}'`);
        await trx('student_schedules').whereIn('student_id', kids).del();
        await trx('attendance_absences').whereIn('student_id', kids).del();
        for (const k of kids) await trx('students').where({ id: k }).update({ week_schedule: old[k], created_at: '2031-01-01T12:00:00Z' });
        const wanted = new Map<string, string[]>();
        for (const d of days) {
          const r = await trx.raw(
            `select s.id from students s where s.id = any(?::bigint[])
                and (lower(to_char(?::date, 'dy')) = any(s.week_schedule) or (cardinality(s.week_schedule) = 0 and extract(isodow from ?::date) < 6))`,
            [kids, d, d],
          );
          wanted.set(d, r.rows.map((x: { id: string }) => String(x.id)).sort());
        }
        await trx.raw(BACKFILL_SQL);
        for (const d of days) {
          const r = await trx.raw(
            `with q as (select ?::date as d) select e.id from q cross join lateral (${expectedStudents({ date: 'q.d' })}) e where e.id = any(?::bigint[])`,
            [d, kids],
          );
          expect([d, r.rows.map((x: { id: string }) => String(x.id)).sort()]).toEqual([d, wanted.get(d)]);
        }
        expect((await trx('student_schedules').whereIn('student_id', kids)).length).toBe(3);
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
  });
});
