import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';
import { shiftsOf } from './index.ts';

let h: Harness;
let w: World;
let b: World;

const CREATE = `mutation($user: ID!, $loc: ID!, $start: String!, $end: String, $st: String!, $et: String!, $days: [String!], $repeat: String, $note: String) {
  createStaffSchedule(user: $user, location: $loc, start_date: $start, end_date: $end, start_time: $st, end_time: $et, days: $days, repeat: $repeat, note: $note) {
    status schedule { id user_id location_id start_date end_date start_time end_time days repeat note }
  }
}`;
const UPDATE = `mutation($id: ID!, $et: String, $days: [String!]) { updateStaffSchedule(id: $id, end_time: $et, days: $days) { schedule { id end_time days } } }`;
const REMOVE = `mutation($id: ID!) { removeStaffSchedule(id: $id) { status } }`;
const FILTER = `query($user: ID, $loc: ID, $from: String!, $to: String!) {
  filterStaffSchedules(user: $user, location: $loc, from: $from, to: $to) {
    schedules { id user_id } shifts { user_id date start_time } ptos { id user_id status hours } absences { id user_id date }
  }
}`;
const PTO = `mutation($user: ID, $loc: ID!, $start: String!, $end: String!, $hours: Float!, $type: String!) {
  createStaffPto(user: $user, location: $loc, start_date: $start, end_date: $end, hours: $hours, type: $type) { pto { id status approved_by } }
}`;
const APPROVE = `mutation($id: ID!) { approveStaffPto(id: $id) { pto { id status approved_by } } }`;
const ABSENT = `mutation($user: ID!, $loc: ID!, $date: String!) { createStaffAbsence(user: $user, location: $loc, date: $date) { absence { id date } } }`;
const TEAM = `query($loc: ID, $from: String!, $to: String) { getTeamCalendar(location: $loc, from: $from, to: $to) { schedules { user_id date } ptos { id status } absences { id date } } }`;

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
});

afterAll(async () => {
  await h?.close();
});

const base = { start: '2031-03-03', end: '2031-03-30', st: '08:00', et: '16:00', days: ['mon', 'wed'] };

describe('staff schedules', () => {
  it('managers of the location write them; other locations, staff, parents and other centres cannot', async () => {
    const vars = { ...base, user: w.ids.teacher, loc: w.X };
    expect(code(await w.q(CREATE, vars, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(CREATE, vars, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(CREATE, vars, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await w.q(CREATE, vars, b.tokens.mgrX))).toBe('UNAUTHENTICATED');
    // a person who does not work at the location
    const stranger = await w.q(CREATE, { ...vars, user: w.ids.parent }, w.tokens.mgrX);
    expect([code(stranger), field(stranger)]).toEqual(['NOT_FOUND', 'user']);
    const r = await w.q(CREATE, { ...vars, note: 'Opening' }, w.tokens.mgrX);
    expect(r.errors).toBeUndefined();
    const s = r.data!.createStaffSchedule.schedule;
    expect(s).toMatchObject({ start_date: '2031-03-03', end_date: '2031-03-30', days: ['mon', 'wed'], repeat: 'weekly', note: 'Opening' });
    expect(code(await w.q(REMOVE, { id: s.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await b.q(REMOVE, { id: s.id }, b.tokens.owner))).toBe('NOT_FOUND');
    const u = await w.q(UPDATE, { id: s.id, et: '15:00', days: ['fri', 'mon'] }, w.tokens.mgrX);
    expect(u.data!.updateStaffSchedule.schedule).toMatchObject({ end_time: '15:00', days: ['mon', 'fri'] });
    expect((await w.q(REMOVE, { id: s.id }, w.tokens.mgrX)).data!.removeStaffSchedule.status).toBe(true);
  });

  it('bad input names the field: end before start, times backwards, no days', async () => {
    const vars = { ...base, user: w.ids.teacher, loc: w.X };
    const e1 = await w.q(CREATE, { ...vars, end: '2031-03-01' }, w.tokens.mgrX);
    expect([code(e1), field(e1)]).toEqual(['BAD_USER_INPUT', 'end_date']);
    const e2 = await w.q(CREATE, { ...vars, et: '07:00' }, w.tokens.mgrX);
    expect([code(e2), field(e2)]).toEqual(['BAD_USER_INPUT', 'end_time']);
    const e3 = await w.q(CREATE, { ...vars, days: [] }, w.tokens.mgrX);
    expect([code(e3), field(e3)]).toEqual(['BAD_USER_INPUT', 'days']);
    const e4 = await w.q(CREATE, { ...vars, repeat: 'daily' }, w.tokens.mgrX);
    expect([code(e4), field(e4)]).toEqual(['BAD_USER_INPUT', 'repeat']);
  });

  it('time off waits for a manager; approved time off and absences take working days off; the team calendar shows them', async () => {
    await w.q(CREATE, { ...base, user: w.ids.teacher, loc: w.X }, w.tokens.mgrX);
    const asked = await w.q(PTO, { loc: w.X, start: '2031-03-10', end: '2031-03-10', hours: 8, type: 'vacation' }, w.tokens.teacher);
    expect(asked.errors).toBeUndefined();
    const pto = asked.data!.createStaffPto.pto;
    expect(pto).toMatchObject({ status: 'pending', approved_by: null });
    // a teacher cannot enter someone else's, nor approve
    expect(
      code(
        await w.q(PTO, { user: w.ids.mgrX, loc: w.X, start: '2031-03-10', end: '2031-03-10', hours: 8, type: 'sick' }, w.tokens.teacher),
      ),
    ).toBe('FORBIDDEN');
    expect(code(await w.q(APPROVE, { id: pto.id }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(APPROVE, { id: pto.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    const shiftsBefore = (await w.q(FILTER, { loc: w.X, from: '2031-03-09', to: '2031-03-15' }, w.tokens.mgrX)).data!.filterStaffSchedules
      .shifts;
    expect(shiftsBefore.map((x: { date: string }) => x.date)).toEqual(['2031-03-10', '2031-03-12']);
    const ok = await w.q(APPROVE, { id: pto.id }, w.tokens.mgrX);
    expect(ok.data!.approveStaffPto.pto).toMatchObject({ status: 'approved', approved_by: w.ids.mgrX });
    await w.q(ABSENT, { user: w.ids.teacher, loc: w.X, date: '2031-03-12' }, w.tokens.mgrX);
    const list = (await w.q(FILTER, { loc: w.X, from: '2031-03-09', to: '2031-03-15' }, w.tokens.teacher)).data!.filterStaffSchedules;
    expect(list.shifts).toEqual([]);
    expect(list.ptos).toEqual([{ id: pto.id, user_id: w.ids.teacher, status: 'approved', hours: 8 }]);
    expect(list.absences.map((a: { date: string }) => a.date)).toEqual(['2031-03-12']);
    const team = (await w.q(TEAM, { loc: w.X, from: '2031-03-16', to: '2031-03-22' }, w.tokens.mgrX)).data!.getTeamCalendar;
    expect(team.schedules.map((x: { date: string }) => x.date)).toEqual(['2031-03-17', '2031-03-19']);
    // parents and other locations' managers see nothing of it
    expect(code(await w.q(FILTER, { from: '2031-03-09', to: '2031-03-15' }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await w.q(FILTER, { loc: w.X, from: '2031-03-09', to: '2031-03-15' }, w.tokens.mgrY))).toBe('NOT_FOUND');
  });

  it('every other week counts from the first week; a one-off is its first day', () => {
    const s = {
      id: '1',
      user_id: '2',
      location_id: '3',
      program_id: null,
      start_date: '2031-03-05',
      end_date: null,
      start_time: '08:00',
      end_time: '12:00',
      days: ['mon', 'wed'],
      repeat: 'biweekly',
      note: null,
      fname: 'A',
      lname: 'B',
    };
    expect(shiftsOf(s, '2031-03-01', '2031-03-31').map((x) => x.date)).toEqual(['2031-03-05', '2031-03-17', '2031-03-19', '2031-03-31']);
    expect(shiftsOf({ ...s, repeat: 'none' }, '2031-03-01', '2031-03-31').map((x) => x.date)).toEqual(['2031-03-05']);
  });
});
