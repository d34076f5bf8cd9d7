import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localParts, zonedInstant } from '@kv/shared';
import { createHarness, type Harness } from '../../test/harness.ts';
import { code } from '../locations/test-fixtures.ts';
import { messages, q as query, setupAttendance, type AttendanceSetup } from '../attendance/test-fixtures.ts';
import { ratioOf, staffRequired } from './service.ts';
import { runAttendanceTick, sendDueReminders } from '../attendance/index.ts';

let h: Harness;
let s: AttendanceSetup;
let kids: string[] = [];
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => query(h, A())(doc, vars, token);
const ALL_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** Gives children one open-ended schedule of these weekdays (none: expected on no day). */
async function scheduleDays(db: ReturnType<typeof A>['db']['db'], ids: readonly string[], days: string[], notIn = false) {
  const targets = notIn
    ? (
        await db('students')
          .whereNotIn('id', ids as string[])
          .select('id', 'location_id')
      ).map((r) => r)
    : await db('students')
        .whereIn('id', ids as string[])
        .select('id', 'location_id');
  await db('student_schedules')
    .whereIn(
      'student_id',
      targets.map((t) => t.id),
    )
    .del();
  if (targets.length)
    await db('student_schedules').insert(
      targets.map((t) => ({
        student_id: t.id,
        location_id: t.location_id,
        start_date: '2000-01-01',
        type: days.length ? 'full_time' : 'drop_in',
        days,
      })),
    );
}

const RATIO = `query($l: ID!) { getRoomRatio(location_id: $l) { program_id name ratio children_present staff_present staff_required status
  expected_arrivals projected_children projected_status spare_places } }`;
const SAVE = `mutation($students: [ID!]!, $action: CheckInAction, $r: String) { saveStudentCheckInOut(students: $students, action: $action, request_id: $r) {
  status type program_status results { program_status } } }`;
const TEAM =
  'mutation($a: TeamAttendanceAction, $p: ID, $l: ID, $r: String) { saveTeamAttendance(action: $a, program_id: $p, location_id: $l, request_id: $r) { status type } }';
const toddlers = async () =>
  ((await q(RATIO, { l: s.X }, s.tokens.mgrX)).data?.getRoomRatio as { program_id: string }[]).find(
    (r) => r.program_id === s.rooms.toddlers,
  ) as Record<string, unknown>;

beforeAll(async () => {
  h = await createHarness();
  s = await setupAttendance(h, A());
  const db = A().db.db;
  // Ana and Ben are toddlers; four more, none expected today unless said so
  for (const n of ['Cleo', 'Dan', 'Eva', 'Finn']) {
    const [r] = await db('students').insert({ fname: n, lname: 'Kid', location_id: s.X, program_id: s.rooms.toddlers }).returning('id');
    kids.push(String(r.id));
  }
  kids = [s.kids.ana, s.kids.ben, ...kids];
  // Nobody is expected today (a schedule of no weekday never matches), so projections start at zero.
  await scheduleDays(db, kids, []);
});
afterAll(() => h?.close());

describe('ratio maths', () => {
  const row = (children: number, staff: number, expected = 0, c: number | null = 4, st: number | null = 1) =>
    ratioOf({
      program_id: '1',
      name: 'R',
      color_code: null,
      location_id: '1',
      ratio_children: c,
      ratio_staff: st,
      children_present: children,
      staff_present: staff,
      expected_arrivals: expected,
      recorded_status: null,
    });

  it('needs ⌈children × staff / children-per-ratio⌉ staff', () => {
    expect(staffRequired(0, 4, 1)).toBe(0);
    expect(staffRequired(1, 4, 1)).toBe(1);
    expect(staffRequired(4, 4, 1)).toBe(1);
    expect(staffRequired(5, 4, 1)).toBe(2);
    expect(staffRequired(7, 7, 2)).toBe(2);
    expect(staffRequired(8, 7, 2)).toBe(3);
  });

  it('classifies a room: ok, warning (out within 30 minutes), out_of_ratio, not_set', () => {
    expect(row(4, 1)).toMatchObject({ status: 'ok', staff_required: 1, spare_places: 0, ratio: '4:1' });
    expect(row(3, 1, 2)).toMatchObject({
      status: 'warning',
      projected_children: 5,
      projected_staff_required: 2,
      projected_status: 'out_of_ratio',
    });
    expect(row(5, 1)).toMatchObject({ status: 'out_of_ratio', staff_required: 2 });
    expect(row(5, 1, 3)).toMatchObject({ status: 'out_of_ratio' });
    expect(row(0, 0)).toMatchObject({ status: 'ok', spare_places: 0 });
    expect(row(1, 0)).toMatchObject({ status: 'out_of_ratio' });
    expect(row(6, 2, 1)).toMatchObject({ status: 'ok', spare_places: 2 });
    expect(row(3, 1, 0, null, null)).toMatchObject({ status: 'not_set', ratio: null, spare_places: null });
  });
});

describe('live ratios from check-ins and clock-ins', () => {
  it('managers set a room’s ratio; staff read the rooms; others cannot', async () => {
    const set = await q(
      'mutation($p: ID!) { saveRoomRatio(program_id: $p, children: 4) { status room_ratio { ratio status } } }',
      { p: s.rooms.toddlers },
      s.tokens.mgrX,
    );
    expect(set.data?.saveRoomRatio.room_ratio).toEqual({ ratio: '4:1', status: 'ok' });
    expect(
      code(await q('mutation($p: ID!) { saveRoomRatio(program_id: $p, children: 0) { status } }', { p: s.rooms.toddlers }, s.tokens.mgrX)),
    ).toBe('BAD_USER_INPUT');
    expect(
      code(await q('mutation($p: ID!) { saveRoomRatio(program_id: $p, children: 4) { status } }', { p: s.rooms.toddlers }, s.tokens.mgrY)),
    ).toBe('NOT_FOUND');
    expect(
      code(
        await q('mutation($p: ID!) { saveRoomRatio(program_id: $p, children: 4) { status } }', { p: s.rooms.toddlers }, s.tokens.teacher),
      ),
    ).toBe('FORBIDDEN');
    const rooms = (await q(RATIO, { l: s.X }, s.tokens.teacher)).data?.getRoomRatio;
    expect(rooms.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([
      ['Infants', 'not_set'],
      ['Toddlers', 'ok'],
    ]);
    expect(code(await q(RATIO, { l: s.X }, s.family.mumToken))).toBe('FORBIDDEN');
    expect(code(await q(RATIO, { l: s.Y }, s.tokens.teacher))).toBe('NOT_FOUND');
  });

  it('goes out of ratio on the fifth child with one teacher, tells the managers once, and recovers with a second teacher', async () => {
    await q(TEAM, { a: 'check_in', p: s.rooms.toddlers }, s.tokens.teacher);
    const four = await q(SAVE, { students: kids.slice(0, 4) }, s.tokens.teacher);
    expect(four.data?.saveStudentCheckInOut).toMatchObject({ status: true, program_status: 'ok' });
    expect(await toddlers()).toMatchObject({ children_present: 4, staff_present: 1, staff_required: 1, status: 'ok', spare_places: 0 });
    const fifth = await q(SAVE, { students: [kids[4]] }, s.tokens.teacher);
    expect(fifth.data?.saveStudentCheckInOut.program_status).toBe('out_of_ratio');
    let alerts = await messages(A(), 'ratio-alert');
    expect(alerts.map((m) => m.recipient)).toEqual(['mgrX@example.test']);
    expect(alerts[0]!.subject).toBe('Toddlers is out of ratio');
    expect(alerts[0]!.body_text).toContain('has 5 children and 1 staff present; its ratio of 4:1 needs 2 staff');
    await q(SAVE, { students: [kids[5]] }, s.tokens.teacher);
    expect(await messages(A(), 'ratio-alert')).toHaveLength(1);
    await q(TEAM, { a: 'check_in', p: s.rooms.toddlers }, s.teacher2Token);
    expect(await toddlers()).toMatchObject({ children_present: 6, staff_present: 2, staff_required: 2, status: 'ok', spare_places: 2 });
    // a break takes the teacher out of the count
    await q(TEAM, { a: 'break_start', l: s.X }, s.teacher2Token);
    expect(await toddlers()).toMatchObject({ staff_present: 1, status: 'out_of_ratio' });
    alerts = await messages(A(), 'ratio-alert');
    expect(alerts).toHaveLength(2);
    await q(TEAM, { a: 'break_end', l: s.X }, s.teacher2Token);
    // two children go home: back in ratio with one teacher once the other moves rooms
    await A().db.db.raw(`update attendances set start_time = start_time - interval '1 hour'`);
    await q(SAVE, { students: kids.slice(4, 6), action: 'check_out' }, s.tokens.teacher);
    await q(TEAM, { a: 'move', p: s.rooms.infants }, s.teacher2Token);
    expect(await toddlers()).toMatchObject({ children_present: 4, staff_present: 1, status: 'ok' });
  });

  it('warns before a breach when expected children will push the room out in the next 30 minutes', async () => {
    const db = A().db.db;
    const tz = 'America/Chicago';
    // one child has left: 3 present with one teacher (4:1)
    await db.raw(`update attendances set start_time = start_time - interval '1 hour' where end_time is null`);
    await q(SAVE, { students: [kids[3]], action: 'check_out' }, s.tokens.teacher);
    expect(await toddlers()).toMatchObject({ children_present: 3, status: 'ok', expected_arrivals: 0 });
    // Eva and Finn are expected today: Eva usually comes at this hour, Finn has no history (may come any time)
    await scheduleDays(db, [kids[4]!, kids[5]!], ALL_DAYS);
    await db('attendances').whereIn('student_id', [kids[4]!, kids[5]!]).del();
    const now = localParts(new Date(), tz);
    const [y, mo, d] = now.date.split('-').map(Number) as [number, number, number];
    const pastDay = (n: number) => new Date(Date.UTC(y, mo - 1, d - n)).toISOString().slice(0, 10);
    for (const n of [7, 14]) {
      const start = zonedInstant(pastDay(n), now.time, tz);
      await db('attendances').insert({
        student_id: kids[4],
        location_id: s.X,
        program_id: s.rooms.toddlers,
        date: pastDay(n),
        start_time: start,
        end_time: new Date(start.getTime() + 3_600_000),
        check_in_method: 'staff',
      });
    }
    const r = await toddlers();
    expect(r).toMatchObject({
      children_present: 3,
      expected_arrivals: 2,
      projected_children: 5,
      status: 'warning',
      projected_status: 'out_of_ratio',
    });
    // the tick re-checks every room with a ratio and warns the managers once
    const tick = await runAttendanceTick(
      { data: { centreId: A().entry.id, centre: 'Centre a' }, log: () => undefined },
      { dbFor: async () => A().db.db },
    );
    expect(tick.rooms).toBe(1);
    const warnings = await messages(A(), 'ratio-warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.body_text).toContain('With 2 more children expected in the next 30 minutes');
    const kicked: string[] = [];
    await runAttendanceTick(
      { data: { centreId: A().entry.id }, log: () => undefined },
      { dbFor: async () => A().db.db, entryFor: async () => ({ name: 'Centre a' }), kick: (id) => void kicked.push(id) },
    );
    expect(await messages(A(), 'ratio-warning')).toHaveLength(1);
    expect(kicked).toEqual([A().entry.id]);
    // the next run is in the outbox, once per 5-minute slot
    const ticks = await db('outbox').where({ name: 'attendance-tick' }).select('dedupe_key');
    expect(new Set(ticks.map((t) => t.dedupe_key)).size).toBe(ticks.length);
    // Finn is absent today: one fewer expected, no more warning
    await q('mutation($st: [ID!]!) { markStudentsAbsent(students: $st) { status } }', { st: [kids[5]] }, s.tokens.teacher);
    expect(await toddlers()).toMatchObject({ expected_arrivals: 1, status: 'ok' });
  });
});

describe('the not-checked-in reminder', () => {
  it('goes once to the contacts of each expected child who is neither in nor absent, at the location’s time', async () => {
    const db = A().db.db;
    const tz = 'America/Chicago';
    const date = localParts(new Date(), tz).date;
    const at = zonedInstant(date, '10:00', tz);
    await db('attendances').whereIn('student_id', [s.kids.ana, s.kids.ben]).del();
    await db('attendance_absences').whereIn('student_id', [s.kids.ana, s.kids.ben]).del();
    await scheduleDays(db, [s.kids.ana, s.kids.ben], ALL_DAYS);
    await scheduleDays(db, [s.kids.ana, s.kids.ben], [], true);
    await q(
      'mutation($l: ID!) { saveCheckInSettings(location_id: $l, check_in_parent_alert: { email: true, time: "09:30" }) { status } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    const env = { centreId: A().entry.id, centre: 'Centre a' };
    expect(await sendDueReminders(db, env, zonedInstant(date, '09:00', tz))).toBe(0);
    expect(await sendDueReminders(db, env, zonedInstant(date, '13:00', tz))).toBe(0);
    await q(
      'mutation($st: [ID!]!, $d: String) { markStudentsAbsent(students: $st, date: $d) { status } }',
      { st: [s.kids.ben], d: date },
      s.family.mumToken,
    );
    expect(await sendDueReminders(db, env, at)).toBe(1);
    // The tick raised attendance.reminder_due; the notification centre's handler tells the parents.
    expect(await messages(A(), 'attendance-reminder')).toEqual([]);
    expect(await h.deliverEvents()).toBeGreaterThanOrEqual(1);
    const sent = await messages(A(), 'attendance-reminder');
    expect(
      (await db('notifications').where({ kind: 'checks' }).where('event_key', 'like', 'reminder:%').select('user_id'))
        .map((r) => String(r.user_id))
        .sort(),
    ).toEqual([s.family.dad, s.family.mum].map(String).sort());
    expect(sent.map((m) => m.recipient).sort()).toEqual(['dad@example.test', 'mum@example.test']);
    expect(sent[0]!.subject).toBe('Not checked in yet: Ana');
    expect(sent[0]!.body_text).toContain('by 9:30 AM');
    expect(await sendDueReminders(db, env, at)).toBe(0);
    await h.deliverEvents();
    expect(await messages(A(), 'attendance-reminder')).toHaveLength(2);
  });
});

describe('cross-centre', () => {
  it('centre B’s manager cannot read or set centre A’s rooms', async () => {
    const B = h.centres[1]!;
    const b = await setupAttendance(h, B, 'b');
    const r = await query(h, B)(RATIO, { l: s.X }, b.tokens.mgrX);
    // location ids are per database: A's X is B's bX (same id), B's manager sees B's rooms only
    expect((r.data?.getRoomRatio ?? []).every((x: { name: string }) => x.name.startsWith('b'))).toBe(true);
    expect(
      code(
        await query(h, B)('mutation($p: ID!) { saveRoomRatio(program_id: $p, children: 4) { status } }', { p: '999999' }, b.tokens.mgrX),
      ),
    ).toBe('NOT_FOUND');
    expect((await query(h, B)(RATIO, { l: s.X }, s.tokens.mgrX)).statusCode).toBe(401);
  });
});
