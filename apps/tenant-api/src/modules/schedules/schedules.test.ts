import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, gql, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, field, setupCentre, type Setup } from '../locations/test-fixtures.ts';

let h: Harness;
let s: Setup;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => gql(h.app, A().host, doc, vars, token);

const CREATE =
  'mutation($l: ID!, $n: String!, $d: [ScheduleDateInput!]!, $st: Boolean) { createSchedule(location_id: $l, name: $n, scheduledates: $d, status: $st) { status message schedule { id name status location_id scheduledates { id day start_time end_time } } } }';
const LIST =
  'query($st: Boolean, $l: ID, $first: Int) { schedules(status: $st, location_id: $l, first: $first) { data { id name status scheduledates { day start_time end_time } cameras { id } } paginatorInfo { total perPage } } }';
const WEEK = [
  { day: 'monday', start_time: '08:00', end_time: '17:00' },
  { day: 'friday', start_time: '08:00', end_time: '12:30' },
];

beforeAll(async () => {
  h = await createHarness();
  s = await setupCentre(h, A());
});
afterAll(() => h.close());

describe('schedules', () => {
  it('creates schedules, lists them by status with their dates and cameras', async () => {
    const r = await q(CREATE, { l: s.X, n: 'Open hours', d: WEEK }, s.tokens.mgrX);
    expect(r.data?.createSchedule.schedule).toMatchObject({
      name: 'Open hours',
      status: true,
      location_id: s.X,
      scheduledates: [
        { day: 'monday', start_time: '08:00', end_time: '17:00' },
        { day: 'friday', start_time: '08:00', end_time: '12:30' },
      ],
    });
    await q(CREATE, { l: s.X, n: 'Holidays', d: [], st: false }, s.tokens.mgrX);
    await q(CREATE, { l: s.Y, n: 'Y hours', d: WEEK }, s.tokens.mgrY);
    const id = r.data?.createSchedule.schedule.id;
    await A().db.db('cameras').insert({ location_id: s.X, name: 'C', code: 'c', color_code: '#123', schedule_id: id });
    const active = await q(LIST, { st: true }, s.tokens.mgrX);
    expect(active.data?.schedules.data).toEqual([
      { id, name: 'Open hours', status: true, scheduledates: WEEK, cameras: [{ id: expect.any(String) }] },
    ]);
    expect(active.data?.schedules.paginatorInfo).toEqual({ total: 1, perPage: 25 });
    const all = await q(LIST, {}, s.tokens.owner);
    expect(all.data?.schedules.paginatorInfo.total).toBe(3);
    expect((await q(LIST, { st: false }, s.tokens.mgrX)).data?.schedules.data.map((x: { name: string }) => x.name)).toEqual(['Holidays']);
  });

  it('rejects bad input naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ l: s.X, n: '', d: WEEK }, 'name'],
      [{ l: s.X, n: 'open HOURS', d: WEEK }, 'name'],
      [{ l: s.X, n: 'Bad time', d: [{ day: 'monday', start_time: '8am', end_time: '17:00' }] }, 'scheduledates.0.start_time'],
      [{ l: s.X, n: 'Backwards', d: [{ day: 'monday', start_time: '17:00', end_time: '08:00' }] }, 'scheduledates.0.end_time'],
      [{ l: s.X, n: 'Overlap', d: [...WEEK, { day: 'monday', start_time: '16:00', end_time: '18:00' }] }, 'scheduledates.2.start_time'],
    ];
    for (const [vars, f] of cases) {
      const r = await q(CREATE, vars, s.tokens.mgrX);
      expect(code(r), JSON.stringify(vars)).toBe('BAD_USER_INPUT');
      expect(field(r), JSON.stringify(vars)).toBe(f);
    }
    expect(await A().db.db('schedules').whereIn('name', ['Bad time', 'Backwards', 'Overlap']).first()).toBeUndefined();
  });

  it('updates name, status and dates; records the change; deleting leaves cameras without a schedule', async () => {
    const [sch] = await A().db.db('schedules').where({ name: 'Open hours' });
    const id = String(sch.id);
    const u = await q(
      'mutation($id: ID!, $d: [ScheduleDateInput!]) { updateSchedule(id: $id, name: "Weekdays", status: false, scheduledates: $d) { schedule { name status scheduledates { day start_time end_time } } } }',
      { id, d: [{ day: 'tuesday', start_time: '09:00', end_time: '10:00' }] },
      s.tokens.mgrX,
    );
    expect(u.data?.updateSchedule.schedule).toEqual({
      name: 'Weekdays',
      status: false,
      scheduledates: [{ day: 'tuesday', start_time: '09:00', end_time: '10:00' }],
    });
    const audit = await A().db.db('audit_log').where({ action: 'schedule.update', entity_id: id }).first();
    expect(audit.data.changes).toMatchObject({
      name: ['Open hours', 'Weekdays'],
      status: [true, false],
      scheduledates: [['monday 08:00-17:00', 'friday 08:00-12:30'], ['tuesday 09:00-10:00']],
    });
    const d = await q('mutation($id: ID!) { deleteSchedule(id: $id) { status message id } }', { id }, s.tokens.mgrX);
    expect(d.data?.deleteSchedule).toMatchObject({ status: true, id, message: 'Schedule deleted. 1 camera now has no schedule.' });
    expect(await A().db.db('cameras').where({ schedule_id: id }).first()).toBeUndefined();
    expect(code(await q('mutation($id: ID!) { deleteSchedule(id: $id) { status } }', { id }, s.tokens.mgrX))).toBe('NOT_FOUND');
  });

  it('scope: a manager of X cannot see or change the schedules of Y; teachers read their own; parents and blog are refused', async () => {
    const [y] = await A().db.db('schedules').where({ name: 'Y hours' });
    expect((await q(LIST, {}, s.tokens.mgrX)).data?.schedules.data.map((x: { name: string }) => x.name)).not.toContain('Y hours');
    expect(code(await q(LIST, { l: s.Y }, s.tokens.mgrX))).toBe('NOT_FOUND');
    expect(
      code(await q('mutation($id: ID!) { updateSchedule(id: $id, name: "Mine") { status } }', { id: String(y.id) }, s.tokens.mgrX)),
    ).toBe('NOT_FOUND');
    expect(code(await q('mutation($id: ID!) { deleteSchedule(id: $id) { status } }', { id: String(y.id) }, s.tokens.mgrX))).toBe(
      'NOT_FOUND',
    );
    expect(code(await q(CREATE, { l: s.Y, n: 'Sneaky', d: WEEK }, s.tokens.mgrX))).toBe('NOT_FOUND');
    const own = (await q(CREATE, { l: s.X, n: 'Nap room hours', d: WEEK }, s.tokens.mgrX)).data?.createSchedule.schedule.id;
    const [cam] = await A()
      .db.db('cameras')
      .insert({ location_id: s.X, name: 'Nap', code: 'nap', color_code: '#321', schedule_id: own })
      .returning('id');
    const teacher = await q(LIST, {}, s.tokens.teacher);
    expect(teacher.data?.schedules.data.map((x: { name: string }) => x.name).sort()).toEqual(['Holidays', 'Nap room hours']);
    expect(teacher.data?.schedules.data.find((x: { id: string }) => x.id === own)).toMatchObject({
      scheduledates: WEEK,
      cameras: [{ id: String(cam.id) }],
    });
    expect(code(await q(LIST, { l: s.Y }, s.tokens.teacher))).toBe('NOT_FOUND');
    expect(code(await q(CREATE, { l: s.X, n: 'Teacher hours', d: WEEK }, s.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await q(LIST, {}, s.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await q(LIST, {}, s.tokens.blog))).toBe('FORBIDDEN');
    // a manager whose role lost cameras.manage still reads, but may not change schedules
    await A().db.db.raw(
      `delete from role_permissions where role_id = (select id from roles where name = 'manager') and permission_id = (select id from permissions where name = 'cameras.manage')`,
    );
    expect((await q(LIST, {}, s.tokens.mgrX)).data?.schedules.paginatorInfo.total).toBe(2);
    await A().db.db('cameras').where({ id: cam.id }).del();
    expect(code(await q(CREATE, { l: s.X, n: 'No right', d: WEEK }, s.tokens.mgrX))).toBe('FORBIDDEN');
    expect((await q(LIST, {}, s.tokens.owner)).data?.schedules.paginatorInfo.total).toBeGreaterThan(0);
    await A().db.db.raw(
      `insert into role_permissions (role_id, permission_id) select r.id, p.id from roles r, permissions p where r.name = 'manager' and p.name = 'cameras.manage'`,
    );
  });

  it("across centres: A's schedules are NOT_FOUND on B; A's token → 401 on B", async () => {
    const B = h.centres[1]!;
    await seedUser(B, { username: 'bowner', role: 'center' });
    const tb = (await signIn(h.app, B.host, 'bowner')).token;
    const [y] = await A().db.db('schedules').where({ name: 'Y hours' });
    expect(code(await gql(h.app, B.host, 'mutation($id: ID!) { deleteSchedule(id: $id) { status } }', { id: String(y.id) }, tb))).toBe(
      'NOT_FOUND',
    );
    expect((await gql(h.app, B.host, LIST, {}, tb)).data?.schedules.data).toEqual([]);
    expect((await gql(h.app, B.host, LIST, {}, s.tokens.mgrX)).statusCode).toBe(401);
  });
});
