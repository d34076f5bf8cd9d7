import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { createHarness, testThrottles, type Harness } from '../../test/harness.ts';
import { buildTenantApp } from '../../app.ts';
import { setupAttendance, type AttendanceSetup } from './test-fixtures.ts';

// `ws` comes with Mercurius (through @fastify/websocket); the test borrows it from there.
const requireFromMercurius = createRequire(createRequire(import.meta.url).resolve('mercurius'));
interface WsClient {
  on(event: 'open', fn: () => void): void;
  on(event: 'message', fn: (raw: unknown) => void): void;
  send(data: string): void;
  close(): void;
}
const WebSocket = requireFromMercurius('ws') as new (url: string, protocol: string, opts: { headers: Record<string, string> }) => WsClient;

/** The real tenant app, listening, so WebSocket clients can connect. */
async function buildLiveApp(h: Harness): Promise<FastifyInstance> {
  const app = await buildTenantApp(h.deps, { throttles: testThrottles(), rateLimitMax: 1_000_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

interface Sub {
  events: Record<string, any>[];
  errors: unknown[];
  ready: Promise<void>;
  close(): void;
  next(count: number, ms?: number): Promise<Record<string, any>[]>;
}

/** A graphql-transport-ws client for one subscription. */
function subscribe(app: FastifyInstance, host: string, token: string | null, query: string, variables: Record<string, unknown>): Sub {
  const { port } = app.server.address() as { port: number };
  const ws = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws', { headers: { host } });
  const events: Record<string, any>[] = [];
  const errors: unknown[] = [];
  let ack: () => void;
  const ready = new Promise<void>((r) => (ack = r));
  ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} })));
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    if (m.type === 'connection_ack') {
      ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables } }));
      // Give the server a moment to run the subscribe resolver before anything is published.
      setTimeout(() => ack(), 150);
    } else if (m.type === 'next') {
      if (m.payload.errors) errors.push(...m.payload.errors);
      else events.push(m.payload.data);
    } else if (m.type === 'error') errors.push(...m.payload);
  });
  return {
    events,
    errors,
    ready,
    close: () => ws.close(),
    next: async (count, ms = 3000) => {
      const until = Date.now() + ms;
      while (events.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      return events;
    },
  };
}

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
  app = await buildLiveApp(h);
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
