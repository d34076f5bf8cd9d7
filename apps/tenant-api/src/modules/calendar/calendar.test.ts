import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, countQueries, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';
import { birthdayIn, occurrences } from './index.ts';

let h: Harness;
let w: World;
let b: World;
const db = () => w.c.db.db;

const EVENT = `id name date start_time end_time full_day recursing recursive_id days until location calendar { id is_public } programs { id } starts_at ends_at`;
const CREATE_CAL = `mutation($name: String, $loc: ID, $pub: Boolean) { createCalendar(name: $name, location: $loc, is_public: $pub) { status calendar { id name location is_public } } }`;
const DELETE_CAL = `mutation($id: ID!) { deleteCalendar(id: $id) { status message } }`;
const CALS = `query($loc: ID) { getCalendars(location: $loc) { id name is_public } }`;
const CREATE = `mutation($name: String, $cal: ID, $date: String!, $start: String, $end: String, $full: Boolean, $rec: Boolean, $days: [String!], $until: String, $programs: [ID!]) {
  createEvent(name: $name, calendar: $cal, date: $date, start_time: $start, end_time: $end, full_day: $full, recursing: $rec, days: $days, until: $until, programs: $programs) {
    status message count event { ${EVENT} }
  }
}`;
const UPDATE = `mutation($id: ID!, $scope: String, $name: String, $start: String, $end: String, $days: [String!], $until: String) {
  updateEvent(id: $id, scope: $scope, name: $name, start_time: $start, end_time: $end, days: $days, until: $until) { status count event { ${EVENT} } }
}`;
const DELETE = `mutation($id: ID!, $scope: String) { deleteEvent(id: $id, scope: $scope) { status count } }`;
const FILTER = `query($loc: ID, $programs: [ID!], $date: String!, $to: String) { filterEvents(location: $loc, program_ids: $programs, date: $date, to: $to) { ${EVENT} } }`;
const TEAM = `query($loc: ID, $from: String!, $to: String) { getTeamCalendar(location: $loc, from: $from, to: $to) { events { id name } shifts { id user { id } date start end } } }`;
const BIRTHDAYS = `query($from: String!, $to: String) { getBirthdayEvents(from: $from, to: $to) { student_id name date age full_day } }`;

let publicX: string;
let staffX: string;
let publicY: string;

async function calendar(world: World, token: string, loc: string, name: string, pub = true) {
  const r = await world.q(CREATE_CAL, { name, loc, pub }, token);
  expect(r.errors).toBeUndefined();
  return r.data!.createCalendar.calendar.id as string;
}

async function event(vars: Record<string, unknown>, token = w.tokens.teacher) {
  const r = await w.q(CREATE, { start: '09:00', end: '10:00', ...vars }, token);
  expect(r.errors).toBeUndefined();
  return r.data!.createEvent as { count: number; event: Record<string, any> & { id: string } };
}

const seen = async (token: string, vars: Record<string, unknown>) => {
  const r = await w.q(FILTER, vars, token);
  expect(r.errors).toBeUndefined();
  return r.data!.filterEvents as { id: string; name: string; date: string; start_time: string; starts_at: string }[];
};
const names = async (token: string, vars: Record<string, unknown>) => (await seen(token, vars)).map((e) => e.name);

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
  publicX = await calendar(w, w.tokens.mgrX, w.X, 'School events');
  staffX = await calendar(w, w.tokens.mgrX, w.X, 'Staff', false);
  publicY = await calendar(w, w.tokens.mgrY, w.Y, 'Y events');
});

afterAll(async () => {
  await h?.close();
});

describe('calendar: calendars', () => {
  it('managers set up calendars of their own locations only; parents see only public ones of their children’s locations', async () => {
    expect(code(await w.q(CREATE_CAL, { name: 'Mine', loc: w.X }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(CREATE_CAL, { name: 'Mine', loc: w.X }, w.tokens.parent))).toBe('FORBIDDEN');
    const foreign = await w.q(CREATE_CAL, { name: 'Theirs', loc: w.X }, w.tokens.mgrY);
    expect([code(foreign), field(foreign)]).toEqual(['NOT_FOUND', 'location']);
    const noName = await w.q(CREATE_CAL, { loc: w.X }, w.tokens.mgrX);
    expect([code(noName), field(noName)]).toEqual(['BAD_USER_INPUT', 'name']);

    const staffView = (await w.q(CALS, { loc: w.X }, w.tokens.teacher)).data!.getCalendars.map((c: { id: string }) => c.id);
    expect(staffView).toEqual(expect.arrayContaining([publicX, staffX]));
    const parentView = (await w.q(CALS, {}, w.tokens.parent)).data!.getCalendars.map((c: { id: string }) => c.id);
    expect(parentView).toContain(publicX);
    expect(parentView).not.toContain(staffX);
    expect(parentView).not.toContain(publicY);
    expect(code(await w.q(CALS, { loc: w.Y }, w.tokens.parent))).toBe('NOT_FOUND');
    expect(code(await w.q(CALS, {}, w.tokens.blog))).toBe('FORBIDDEN');
  });

  it('a calendar with events cannot be deleted (typed error); an empty one can, by its location’s manager', async () => {
    const cal = await calendar(w, w.tokens.mgrX, w.X, 'Short-lived');
    const e = await event({ name: 'Only one', cal, date: '2027-01-05' });
    expect(code(await w.q(DELETE_CAL, { id: cal }, w.tokens.mgrY))).toBe('NOT_FOUND');
    const busy = await w.q(DELETE_CAL, { id: cal }, w.tokens.mgrX);
    expect([code(busy), field(busy)]).toEqual(['CALENDAR_HAS_EVENTS', 'id']);
    expect((await w.q(DELETE, { id: e.event.id }, w.tokens.teacher)).data!.deleteEvent.count).toBe(1);
    expect((await w.q(DELETE_CAL, { id: cal }, w.tokens.mgrX)).data!.deleteCalendar.status).toBe(true);
    expect(await db()('calendars').where({ id: cal }).first()).toBeUndefined();
    const audits = await db()('audit_log').where({ entity: 'calendar', entity_id: cal }).orderBy('id').pluck('action');
    expect(audits).toEqual(['calendar.create', 'calendar.delete']);
  });
});

describe('calendar: events', () => {
  it('refuses bad input with a field error: no name, no calendar, end before start, a series without days', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ cal: publicX, date: '2027-01-04' }, 'name'],
      [{ name: 'No calendar', date: '2027-01-04' }, 'calendar'],
      [{ name: 'Backwards', cal: publicX, date: '2027-01-04', start: '10:00', end: '09:00' }, 'end_time'],
      [{ name: 'No days', cal: publicX, date: '2027-01-04', rec: true, until: '2027-02-01' }, 'days'],
      [{ name: 'Empty days', cal: publicX, date: '2027-01-04', rec: true, days: [], until: '2027-02-01' }, 'days'],
      [{ name: 'Too long', cal: publicX, date: '2027-01-04', rec: true, days: ['mon'], until: '2028-02-01' }, 'until'],
      [{ name: 'Odd day', cal: publicX, date: '2027-01-04', rec: true, days: ['funday'], until: '2027-02-01' }, 'days.0'],
      [{ name: 'Bad room', cal: publicX, date: '2027-01-04', programs: [w.roomY] }, 'programs'],
    ];
    const before = Number((await db()('calendar_events').count({ n: '*' }))[0]!.n);
    for (const [vars, f] of cases) {
      const r = await w.q(CREATE, { start: '09:00', end: '10:00', ...vars }, w.tokens.teacher);
      expect([vars.name, code(r), field(r)]).toEqual([vars.name, 'BAD_USER_INPUT', f]);
    }
    expect(Number((await db()('calendar_events').count({ n: '*' }))[0]!.n)).toBe(before);
  });

  it('own / other family / other centre: staff of another location, parents and another centre are refused or see nothing', async () => {
    const own = await event({ name: 'Picnic', cal: publicX, date: '2027-01-06' });
    expect(
      code(await w.q(CREATE, { name: 'Parent', cal: publicX, date: '2027-01-06', start: '09:00', end: '10:00' }, w.tokens.parent)),
    ).toBe('FORBIDDEN');
    const foreign = await w.q(CREATE, { name: 'Y on X', cal: publicX, date: '2027-01-06', start: '09:00', end: '10:00' }, w.tokens.mgrY);
    expect([code(foreign), field(foreign)]).toEqual(['NOT_FOUND', 'calendar']);
    expect(code(await w.q(DELETE, { id: own.event.id }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(UPDATE, { id: own.event.id, name: 'Hijack' }, w.tokens.parent))).toBe('FORBIDDEN');
    // The other centre: the same ids name nothing there.
    expect(code(await b.q(DELETE, { id: own.event.id }, b.tokens.owner))).toBe('NOT_FOUND');
    const there = await b.q(FILTER, { date: '2027-01-01', to: '2027-01-31' }, b.tokens.owner);
    expect(there.errors).toBeUndefined();
    expect(there.data!.filterEvents.map((e: { name: string }) => e.name)).not.toContain('Picnic');
    // A token of centre A means nothing on centre B.
    expect(code(await b.q(FILTER, { date: '2027-01-01' }, w.tokens.parent))).toBe('UNAUTHENTICATED');
    expect(await names(w.tokens.parent, { date: '2027-01-01', to: '2027-01-31' })).toContain('Picnic');
    expect(await names(w.tokens.mgrY, { date: '2027-01-01', to: '2027-01-31' })).not.toContain('Picnic');
    expect(code(await w.q(FILTER, { date: '2027-01-01' }, w.tokens.blog))).toBe('FORBIDDEN');
  });

  it('parents never see staff calendars or other rooms’ events; staff see them all', async () => {
    await event({ name: 'Staff meeting', cal: staffX, date: '2027-02-03' });
    await event({ name: 'Toddler show', cal: publicX, date: '2027-02-04', programs: [w.room1X] });
    await event({ name: 'Infant music', cal: publicX, date: '2027-02-05', programs: [w.room2X] });
    await event({ name: 'Closure', cal: publicX, date: '2027-02-08', full: true });
    await event({ name: 'Y fair', cal: publicY, date: '2027-02-09' }, w.tokens.mgrY);
    const range = { date: '2027-02-01', to: '2027-02-28' };
    // parent: child in room1X at X; parent2: child in room2X at X.
    expect((await names(w.tokens.parent, range)).sort()).toEqual(['Closure', 'Toddler show']);
    expect((await names(w.parent2.token, range)).sort()).toEqual(['Closure', 'Infant music']);
    expect((await names(w.tokens.teacher, range)).sort()).toEqual(['Closure', 'Infant music', 'Staff meeting', 'Toddler show']);
    expect((await names(w.tokens.owner, range)).sort()).toEqual(['Closure', 'Infant music', 'Staff meeting', 'Toddler show', 'Y fair']);
    // Narrowed to a room: its events and the location-wide ones.
    expect((await names(w.tokens.teacher, { ...range, loc: w.X, programs: [w.room2X] })).sort()).toEqual([
      'Closure',
      'Infant music',
      'Staff meeting',
    ]);
    // A parent asking for another room's events still gets only their own.
    expect(await names(w.tokens.parent, { ...range, programs: [w.room2X] })).toEqual(['Closure']);
    // The team calendar: staff-only events, for staff only.
    const team = await w.q(TEAM, { from: '2027-02-01', to: '2027-02-28' }, w.tokens.teacher);
    expect(team.data!.getTeamCalendar.events.map((e: { name: string }) => e.name)).toEqual(['Staff meeting']);
    expect(code(await w.q(TEAM, { from: '2027-02-01' }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await w.q(TEAM, { from: '2027-02-01', loc: w.Y }, w.tokens.teacher))).toBe('NOT_FOUND');
  });

  it('the team calendar shows time-clock shifts: everyone’s to a manager, one’s own to a teacher', async () => {
    await db()('staff_attendances').insert([
      {
        user_id: w.ids.teacher,
        location_id: w.X,
        date: '2027-02-10',
        start_time: '2027-02-10T14:00:00Z',
        end_time: '2027-02-10T22:00:00Z',
        check_in_method: 'web',
      },
      {
        user_id: w.ids.mgrX,
        location_id: w.X,
        date: '2027-02-10',
        start_time: '2027-02-10T13:00:00Z',
        end_time: '2027-02-10T21:00:00Z',
        check_in_method: 'web',
      },
    ]);
    const shifts = async (token: string) =>
      (
        (await w.q(TEAM, { from: '2027-02-01', to: '2027-02-28', loc: w.X }, token)).data!.getTeamCalendar.shifts as {
          user: { id: string };
        }[]
      ).map((s) => s.user.id);
    expect((await shifts(w.tokens.mgrX)).sort()).toEqual([w.ids.teacher, w.ids.mgrX].sort());
    expect(await shifts(w.tokens.teacher)).toEqual([w.ids.teacher]);
  });

  it('a weekly series keeps 9:00 across the March DST change, one row per occurrence', async () => {
    const s = await event({ name: 'Circle time', cal: publicX, date: '2027-03-01', rec: true, days: ['mon', 'wed'], until: '2027-03-31' });
    expect(s.count).toBe(occurrences('2027-03-01', '2027-03-31', ['mon', 'wed']).length);
    expect(s.count).toBe(10);
    const rows = (await seen(w.tokens.teacher, { date: '2027-03-01', to: '2027-03-31' })).filter((e) => e.name === 'Circle time');
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.start_time))).toEqual(new Set(['09:00']));
    // America/Chicago: CST (UTC−6) before 14 March 2027, CDT (UTC−5) after.
    expect(rows.find((r) => r.date === '2027-03-10')!.starts_at).toBe('2027-03-10T15:00:00.000Z');
    expect(rows.find((r) => r.date === '2027-03-15')!.starts_at).toBe('2027-03-15T14:00:00.000Z');
    const ids = await db()('calendar_events').where({ recursive_id: s.event.recursive_id }).pluck('id');
    expect(ids).toHaveLength(10);
  });

  it('"this and following" and "all": edits and deletes follow the scope', async () => {
    const s = await event({ name: 'Swim', cal: publicX, date: '2027-04-05', rec: true, days: ['mon'], until: '2027-05-31' });
    expect(s.count).toBe(9);
    const list = async () =>
      (await seen(w.tokens.teacher, { date: '2027-04-01', to: '2027-05-31' })).filter((e) => e.name.startsWith('Swim'));
    const third = (await list())[2]!;
    // Rename this and following: the first two keep their name.
    const upd = await w.q(
      UPDATE,
      { id: third.id, scope: 'following', name: 'Swim (pool B)', start: '10:00', end: '11:00' },
      w.tokens.teacher,
    );
    expect(upd.data!.updateEvent.count).toBe(7);
    expect((await list()).map((e) => [e.name, e.start_time])).toEqual([
      ['Swim', '09:00'],
      ['Swim', '09:00'],
      ...Array(7).fill(['Swim (pool B)', '10:00']),
    ]);
    const badUpd = await w.q(UPDATE, { id: third.id, scope: 'all', start: '12:00', end: '11:00' }, w.tokens.teacher);
    expect([code(badUpd), field(badUpd)]).toEqual(['BAD_USER_INPUT', 'end_time']);
    // New days for all: the series is re-created from its first day.
    const redays = await w.q(UPDATE, { id: third.id, scope: 'all', days: ['mon', 'fri'] }, w.tokens.teacher);
    expect(redays.errors).toBeUndefined();
    expect(redays.data!.updateEvent.count).toBe(17);
    const all = await list();
    expect(all).toHaveLength(17);
    // Delete this and the following from the fifth: four remain.
    const del = await w.q(DELETE, { id: all[4]!.id, scope: 'following' }, w.tokens.teacher);
    expect(del.data!.deleteEvent.count).toBe(13);
    expect(await list()).toHaveLength(4);
    // Delete one occurrence, then all.
    expect((await w.q(DELETE, { id: (await list())[1]!.id }, w.tokens.teacher)).data!.deleteEvent.count).toBe(1);
    expect((await w.q(DELETE, { id: (await list())[0]!.id, scope: 'all' }, w.tokens.teacher)).data!.deleteEvent.count).toBe(3);
    expect(await list()).toHaveLength(0);
    const audits = await db()('audit_log')
      .where({ entity: 'calendar_event' })
      .whereRaw("data->>'recursive_id' = ?", [s.event.recursive_id])
      .pluck('action');
    expect(audits).toEqual(expect.arrayContaining(['calendar_event.create', 'calendar_event.update', 'calendar_event.delete']));
  });

  it('reads every occurrence’s rooms and calendar in a fixed number of statements', async () => {
    const range = { date: '2027-03-01', to: '2027-03-31' };
    const small = await countQueries(h, w.c, () => w.q(FILTER, range, w.tokens.teacher));
    await event({
      name: 'More',
      cal: publicX,
      date: '2027-03-02',
      rec: true,
      days: ['tue', 'thu'],
      until: '2027-03-31',
      programs: [w.room1X],
    });
    const big = await countQueries(h, w.c, () => w.q(FILTER, range, w.tokens.teacher));
    expect(big).toBe(small);
  });
});

describe('calendar: birthdays', () => {
  it('shows children’s birthdays in scope as all-day events; 29 February on 28 February in a common year', async () => {
    expect(birthdayIn('2020-02-29', 2027)).toBe('2027-02-28');
    expect(birthdayIn('2020-02-29', 2028)).toBe('2028-02-29');
    await db()('students').where({ id: w.kidX }).update({ dob: '2024-02-29' });
    const got = async (token: string, from: string, to: string) =>
      (await w.q(BIRTHDAYS, { from, to }, token)).data!.getBirthdayEvents as {
        student_id: string;
        date: string;
        age: number;
        full_day: boolean;
      }[];
    expect(await got(w.tokens.parent, '2027-02-01', '2027-02-28')).toEqual([
      expect.objectContaining({ student_id: w.kidX, date: '2027-02-28', age: 3, full_day: true }),
    ]);
    expect(await got(w.tokens.parent, '2028-02-01', '2028-03-01')).toEqual([
      expect.objectContaining({ student_id: w.kidX, date: '2028-02-29' }),
    ]);
    // Another family's child (kidX2, 9 July) is not the parent's; staff of X see it.
    expect((await got(w.tokens.parent, '2027-07-01', '2027-07-31')).map((e) => e.student_id)).toEqual([]);
    expect((await got(w.tokens.teacher, '2027-07-01', '2027-07-31')).map((e) => e.student_id)).toEqual([w.kidX2]);
    expect((await got(w.tokens.mgrY, '2027-07-01', '2027-07-31')).map((e) => e.student_id)).toEqual([]);
    expect(code(await w.q(BIRTHDAYS, { from: '2027-01-01', to: '2027-12-31' }, w.tokens.teacher))).toBe('BAD_USER_INPUT');
  });
});
