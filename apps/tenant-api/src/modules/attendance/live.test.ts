import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createHarness, type Harness } from '../../test/harness.ts';
import { setupAttendance, type AttendanceSetup } from './test-fixtures.ts';
import { buildLiveApp, subscribe, type Sub } from './live-client.ts';

let h: Harness;
let s: AttendanceSetup;
let app: FastifyInstance;
const HOST = 'a.test.localhost';
const ATT =
  'subscription($l: ID!) { attendanceChanged(location_id: $l) { location_id kind type student_id user_id program_id record_id } }';
const RATIO =
  'subscription($l: ID!) { roomRatioChanged(location_id: $l) { location_id rooms { program_id children_present staff_present status } } }';
const SAVE = 'mutation($st: [ID!]!, $a: CheckInAction) { saveStudentCheckInOut(students: $st, action: $a) { status } }';

async function post(query: string, variables: Record<string, unknown>, token: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { host: HOST, 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: { query, variables },
  });
  return JSON.parse(res.body);
}

beforeAll(async () => {
  h = await createHarness();
  s = await setupAttendance(h, h.centres[0]!);
  app = await buildLiveApp(h.deps);
});
afterAll(async () => {
  await app?.close();
  await h?.close();
});

describe('live updates (GraphQL subscriptions)', () => {
  it('staff of the location see every check-in; a parent only their own children’s', async () => {
    const staff = subscribe(app, HOST, s.tokens.teacher, ATT, { l: s.X });
    const mum = subscribe(app, HOST, s.family.mumToken, ATT, { l: s.X });
    await Promise.all([staff.ready, mum.ready]);
    expect((await post(SAVE, { st: [s.kids.parentKid] }, s.tokens.teacher)).data.saveStudentCheckInOut.status).toBe(true);
    expect((await post(SAVE, { st: [s.kids.ana] }, s.tokens.teacher)).data.saveStudentCheckInOut.status).toBe(true);
    const seen = await staff.next(2);
    expect(seen.map((e) => e.attendanceChanged.student_id)).toEqual([s.kids.parentKid, s.kids.ana]);
    expect(seen[1]!.attendanceChanged).toMatchObject({
      location_id: s.X,
      kind: 'student',
      type: 'check_in',
      user_id: s.ids.teacher,
      program_id: s.rooms.toddlers,
    });
    const hers = await mum.next(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(hers.map((e) => e.attendanceChanged.student_id)).toEqual([s.kids.ana]);
    staff.close();
    mum.close();
  });

  it('the room ratio page updates when staff clock in', async () => {
    await post('mutation($p: ID!) { saveRoomRatio(program_id: $p, children: 4) { status } }', { p: s.rooms.toddlers }, s.tokens.mgrX);
    const page = subscribe(app, HOST, s.tokens.mgrX, RATIO, { l: s.X });
    await page.ready;
    // First the rooms as they are (so a page misses nothing between its load and its subscription).
    const [first] = await page.next(1);
    const toddlersBefore = first!.roomRatioChanged.rooms.find((r: { program_id: string }) => r.program_id === s.rooms.toddlers);
    expect(first!.roomRatioChanged.location_id).toBe(s.X);
    expect(toddlersBefore).toEqual({ program_id: s.rooms.toddlers, children_present: 1, staff_present: 0, status: 'out_of_ratio' });
    await post(
      'mutation($p: ID) { saveTeamAttendance(program_id: $p, action: check_in) { status } }',
      { p: s.rooms.toddlers },
      s.tokens.teacher,
    );
    const [, e] = await page.next(2);
    expect(e!.roomRatioChanged).toEqual({
      location_id: s.X,
      rooms: [{ program_id: s.rooms.toddlers, children_present: 1, staff_present: 1, status: 'ok' }],
    });
    page.close();
  });

  it('refuses blog editors, guests and other locations', async () => {
    const blog = subscribe(app, HOST, s.tokens.blog, ATT, { l: s.X });
    const guest = subscribe(app, HOST, null, ATT, { l: s.X });
    const other = subscribe(app, HOST, s.tokens.mgrY, RATIO, { l: s.X });
    const parent = subscribe(app, HOST, s.family.mumToken, RATIO, { l: s.X });
    await Promise.all([blog.ready, guest.ready, other.ready, parent.ready]);
    await new Promise((r) => setTimeout(r, 300));
    const codes = (x: Sub) => (x.errors as { extensions?: { code?: string } }[]).map((e) => e.extensions?.code);
    expect(codes(blog)).toEqual(['FORBIDDEN']);
    expect(codes(guest)).toEqual(['UNAUTHENTICATED']);
    expect(codes(other)).toEqual(['NOT_FOUND']);
    expect(codes(parent)).toEqual(['FORBIDDEN']);
    for (const x of [blog, guest, other, parent]) x.close();
  });

  it('topics carry the centre: centre B’s subscribers hear nothing of centre A', async () => {
    const B = h.centres[1]!;
    const b = await setupAttendance(h, B, 'b');
    const onB = subscribe(app, 'b.test.localhost', b.tokens.owner, ATT, { l: s.X });
    await onB.ready;
    await post(SAVE, { st: [s.kids.ben] }, s.tokens.teacher);
    await new Promise((r) => setTimeout(r, 300));
    expect(onB.events).toEqual([]);
    onB.close();
  });
});
