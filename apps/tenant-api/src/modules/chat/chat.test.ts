import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Harness } from '../../test/harness.ts';
import { testThrottles } from '../../test/harness.ts';
import { buildTenantApp } from '../../app.ts';
import { buildWorld, code, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';

let h: Harness;
let w: World;
let b: World;

const SEND = `mutation($msg: String, $s: ID, $p: ID, $a: ID) { sendChatMessage(msg: $msg, student_id: $s, program_id: $p, attachment: $a) {
  status chat { id message type category student_id program_id user_id parent_relation mine author { fname } } } }`;
const UPDATE = `mutation($id: ID!, $msg: String) { updateChatMessage(id: $id, msg: $msg) { status chat { id message edited } } }`;
const DELETE = `mutation($id: ID!) { deleteChatMessage(id: $id) { status } }`;
const DELETE_SEL = `mutation($ids: [ID!]!) { deleteChatSelectedMessage(ids: $ids) { status message } }`;
const READ = `mutation($s: ID, $p: ID) { markChatRead(student_id: $s, program_id: $p) { status } }`;
const STUDENT_CHAT = `query($s: ID!, $page: Int, $first: Int) { getStudentChat(student_id: $s, page: $page, first: $first) {
  data { id message mine } paginatorInfo { total lastPage } } }`;
const PROGRAM_CHAT = `query($p: ID!) { getProgramChat(program_id: $p) { data { id message } paginatorInfo { total } } }`;
const UNREAD = `{ getUnreadChatCounts { total students { id count } programs { id count } } }`;
const COUNTERS_S = `query($l: ID) { getChatCountersByStudent(location_id: $l) { id total unread } }`;
const COUNTERS_P = `query($l: ID) { getChatCountersByProgram(location_id: $l) { id total unread } }`;
const LAST_S = `query($l: ID, $q: String, $first: Int) { getLastMessagesByStudent(location_id: $l, search: $q, first: $first) {
  data { id name unread last_message { id message } } paginatorInfo { total } } }`;
const LAST_P = `query($l: ID) { getLastMessagesByProgram(location_id: $l) { data { id name unread last_message { id message } } } }`;
const RECIPIENTS = `query($s: ID, $p: ID) { getStaffRecipientForMsg(student_id: $s, program_id: $p) { id role } }`;

const db = () => w.c.db.db;
async function send(token: string, vars: Record<string, unknown>) {
  const r = await w.q(SEND, vars, token);
  expect(r.errors).toBeUndefined();
  return r.data!.sendChatMessage.chat as Record<string, any>;
}
const messageCount = async () => Number((await db()('chat_messages').count('* as n'))[0]!.n);

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
  await db()('student_users').where({ user_id: w.ids.parent }).update({ relation: 'Mother' });
});
afterAll(async () => {
  await h?.close();
});

describe('sending', () => {
  it('a parent writes in their child’s thread; staff of the child answer; the event is emitted in the same transaction', async () => {
    const m = await send(w.tokens.parent, { msg: '  Please bring diapers  ', s: w.kidX });
    expect(m).toMatchObject({ message: 'Please bring diapers', type: 'text', category: 'student', student_id: w.kidX, program_id: null, parent_relation: 'Mother', mine: true });
    const ev = await db()('domain_events').where({ name: 'chat.message_sent' }).orderBy('id', 'desc').first();
    expect(ev.payload).toMatchObject({ message_id: m.id, centreId: w.c.entry.id });
    const answer = await send(w.tokens.teacher, { msg: 'Will do!', s: w.kidX });
    expect(answer.parent_relation).toBeNull();
    const thread = await w.q(STUDENT_CHAT, { s: w.kidX }, w.tokens.parent);
    expect(thread.data!.getStudentChat.data.map((x: { message: string }) => x.message).slice(0, 2)).toEqual(['Will do!', 'Please bring diapers']);
  });

  it('bad input is a typed error naming the field, and nothing is written', async () => {
    const before = await messageCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ s: w.kidX }, 'BAD_USER_INPUT', 'msg'],
      [{ msg: '   ', s: w.kidX }, 'BAD_USER_INPUT', 'msg'],
      [{ msg: 'x'.repeat(5001), s: w.kidX }, 'BAD_USER_INPUT', 'msg'],
      [{ msg: 'hi' }, 'BAD_USER_INPUT', 'student_id'],
      [{ msg: 'hi', s: w.kidX, p: w.room1X }, 'BAD_USER_INPUT', 'student_id'],
      [{ msg: 'hi', s: 'abc' }, 'BAD_USER_INPUT', 'student_id'],
      [{ msg: 'hi', s: w.kidX, a: 'not-a-uuid' }, 'BAD_USER_INPUT', 'attachment'],
      [{ msg: 'hi', s: w.kidX, a: '9b2f7c1e-1111-4222-8333-444455556666' }, 'BAD_USER_INPUT', 'attachment'],
    ];
    for (const [vars, c, f] of cases) {
      const r = await w.q(SEND, vars, w.tokens.parent);
      expect([code(r), field(r)], JSON.stringify(vars)).toEqual([c, f]);
    }
    for (const [doc, vars, f] of [
      [UPDATE, { id: '0' }, 'id'],
      [DELETE, { id: 'x' }, 'id'],
      [DELETE_SEL, { ids: [] }, 'ids'],
      [READ, {}, 'student_id'],
      [RECIPIENTS, { s: w.kidX, p: w.room1X }, 'student_id'],
      [STUDENT_CHAT, { s: w.kidX, first: 0 }, 'first'],
      [LAST_S, { q: 'x'.repeat(101) }, 'search'],
      [COUNTERS_S, { l: 'nope' }, 'location_id'],
    ] as const) {
      const r = await w.q(doc, vars, w.tokens.parent);
      expect([code(r), field(r)], doc).toEqual(['BAD_USER_INPUT', f]);
    }
    expect(await messageCount()).toBe(before);
  });

  it('own / other family / other location / other centre / blog', async () => {
    const before = await messageCount();
    // Another family's child, a child of another location, a room of another family: NOT_FOUND naming the field.
    for (const [token, vars, f] of [
      [w.tokens.parent, { msg: 'hi', s: w.kidX2 }, 'student_id'],
      [w.tokens.parent, { msg: 'hi', p: w.room2X }, 'program_id'],
      [w.tokens.teacher, { msg: 'hi', s: w.kidY }, 'student_id'],
      [w.tokens.teacher, { msg: 'hi', p: w.roomY }, 'program_id'],
      [w.tokens.mgrY, { msg: 'hi', s: w.kidX }, 'student_id'],
      [w.tokens.parent, { msg: 'hi', s: '999999' }, 'student_id'],
    ] as const) {
      const r = await w.q(SEND, vars, token);
      expect([code(r), field(r)], JSON.stringify(vars)).toEqual(['NOT_FOUND', f]);
      const read = await w.q(vars.s ? STUDENT_CHAT : PROGRAM_CHAT, vars.s ? { s: vars.s } : { p: vars.p }, token);
      expect(code(read)).toBe('NOT_FOUND');
    }
    expect(code(await w.q(SEND, { msg: 'hi', s: w.kidX }, w.tokens.blog))).toBe('FORBIDDEN');
    expect(code(await w.q(UNREAD, {}, w.tokens.blog))).toBe('FORBIDDEN');
    // Centre B's token means nothing on centre A.
    expect(code(await w.q(SEND, { msg: 'hi', s: w.kidX }, b.tokens.parent))).toBe('UNAUTHENTICATED');
    expect(await messageCount()).toBe(before);
    // The room's educator (no location membership) answers in the family's thread.
    const rt = await b.q(SEND, { msg: 'from the room', s: b.kidY }, b.roomTeacher.token);
    expect(rt.errors).toBeUndefined();
    // Sending needs messages.send for staff.
    await db()('role_permissions')
      .whereIn('permission_id', db()('permissions').where({ name: 'messages.send' }).select('id'))
      .whereIn('role_id', db()('roles').where({ name: 'teacher' }).select('id'))
      .delete();
    const { signIn } = await import('../../test/harness.ts');
    const fresh = (await signIn(h.app, w.c.host, 'teacher')).token;
    expect(code(await w.q(SEND, { msg: 'hi', s: w.kidX }, fresh))).toBe('FORBIDDEN');
    expect(code(await w.q(STUDENT_CHAT, { s: w.kidX }, fresh))).toBe('FORBIDDEN');
    await db()('role_permissions').insert(
      db()
        .select('r.id as role_id', 'p.id as permission_id')
        .from('roles as r')
        .crossJoin(db().raw('permissions as p'))
        .where('r.name', 'teacher')
        .where('p.name', 'messages.send'),
    );
  });

  it('room threads: the parent of a child of the room and the room’s staff; recipients are the room’s educators and the managers', async () => {
    const m = await send(w.tokens.teacher, { msg: 'Field trip Friday', p: w.room1X });
    expect(m.category).toBe('program');
    const seen = await w.q(PROGRAM_CHAT, { p: w.room1X }, w.tokens.parent);
    expect(seen.data!.getProgramChat.data[0].message).toBe('Field trip Friday');
    expect(code(await w.q(PROGRAM_CHAT, { p: w.room1X }, w.parent2.token))).toBe('NOT_FOUND');
    await db()('user_programs').insert({ user_id: w.ids.teacher, program_id: w.room1X });
    const r = await w.q(RECIPIENTS, { s: w.kidX }, w.tokens.parent);
    expect(r.data!.getStaffRecipientForMsg).toEqual(
      expect.arrayContaining([
        { id: w.ids.teacher, role: 'teacher' },
        { id: w.ids.mgrX, role: 'manager' },
      ]),
    );
    expect(r.data!.getStaffRecipientForMsg.map((x: { id: string }) => x.id)).not.toContain(w.ids.mgrY);
    expect(code(await w.q(RECIPIENTS, { s: w.kidX2 }, w.tokens.parent))).toBe('NOT_FOUND');
  });
});

describe('attachments', () => {
  it('a checked chat_attachment upload of the viewer at the thread’s location, used once; its URL only for readers of the thread', async () => {
    const file = async (owner: string, by: string, type = 'image/webp') => {
      const id = crypto.randomUUID();
      await db()('files').insert({
        id, purpose: 'chat_attachment', owner_id: owner, status: 'ready', key: `centre/x/files/${id}`, original_name: 'a.webp',
        declared_type: type, declared_size: 10, content_type: type, uploaded_by: by, upload_expires_at: new Date(),
        variants: JSON.stringify({ main: { type, size: 10 } }),
      });
      return id;
    };
    const mine = await file(w.X, w.ids.parent);
    const m = await send(w.tokens.parent, { s: w.kidX, a: mine });
    expect(m).toMatchObject({ type: 'image', message: null });
    const pdf = await file(w.X, w.ids.parent, 'application/pdf');
    expect((await send(w.tokens.parent, { msg: 'the form', s: w.kidX, a: pdf })).type).toBe('pdf');
    const before = await messageCount();
    for (const a of [mine, await file(w.Y, w.ids.parent), await file(w.X, w.parent2.id)]) {
      const r = await w.q(SEND, { msg: 'again', s: w.kidX, a }, w.tokens.parent);
      expect([code(r), field(r)]).toEqual(['BAD_USER_INPUT', 'attachment']);
    }
    expect(await messageCount()).toBe(before);
    const ATT = `query($s: ID!) { getStudentChat(student_id: $s) { data { id attachment { id purpose } } } }`;
    const got = (await w.q(ATT, { s: w.kidX }, w.tokens.teacher)).data!.getStudentChat.data.find((x: any) => x.id === m.id);
    expect(got.attachment).toEqual({ id: mine, purpose: 'chat_attachment' });
    expect(code(await w.q(ATT, { s: w.kidX }, w.parent2.token))).toBe('NOT_FOUND');
  });
});

describe('editing, deleting, reading', () => {
  it('only the author edits; deleted messages are invisible everywhere; soft with deleted_by', async () => {
    const m = await send(w.tokens.parent, { msg: 'typo', s: w.kidX });
    expect(code(await w.q(UPDATE, { id: m.id, msg: 'x' }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(UPDATE, { id: m.id, msg: '' }, w.tokens.parent))).toBe('BAD_USER_INPUT');
    expect(code(await w.q(UPDATE, { id: m.id, msg: 'x' }, w.parent2.token))).toBe('NOT_FOUND');
    const up = await w.q(UPDATE, { id: m.id, msg: 'fixed' }, w.tokens.parent);
    expect(up.data!.updateChatMessage.chat.message).toBe('fixed');

    const t = await send(w.tokens.teacher, { msg: 'teacher note', s: w.kidX });
    // A parent may not delete staff's message; another family cannot see it at all.
    expect(code(await w.q(DELETE, { id: t.id }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await w.q(DELETE, { id: t.id }, w.parent2.token))).toBe('NOT_FOUND');
    expect((await w.q(DELETE, { id: m.id }, w.tokens.parent)).data!.deleteChatMessage.status).toBe(true);
    expect(code(await w.q(DELETE, { id: m.id }, w.tokens.parent))).toBe('NOT_FOUND');
    const row = await db()('chat_messages').where({ id: m.id }).first();
    expect(row.deleted_by).toBe(w.ids.parent);
    expect(row.deleted_at).not.toBeNull();

    // Selected: all or none (one id of another location → nothing deleted).
    const y = await send(w.tokens.mgrY, { msg: 'at Y', s: w.kidY });
    const bad = await w.q(DELETE_SEL, { ids: [t.id, y.id] }, w.tokens.teacher);
    expect([code(bad), field(bad)]).toEqual(['NOT_FOUND', 'ids.1']);
    expect((await db()('chat_messages').where({ id: t.id }).first()).deleted_at).toBeNull();
    const ok = await w.q(DELETE_SEL, { ids: [t.id] }, w.tokens.teacher);
    expect(ok.data!.deleteChatSelectedMessage.status).toBe(true);

    for (const token of [w.tokens.parent, w.tokens.teacher]) {
      const ids = (await w.q(STUDENT_CHAT, { s: w.kidX, first: 100 }, token)).data!.getStudentChat.data.map((x: { id: string }) => x.id);
      expect(ids).not.toContain(m.id);
      expect(ids).not.toContain(t.id);
      const last = (await w.q(LAST_S, { l: w.X }, token)).data!.getLastMessagesByStudent.data;
      expect(last.map((x: any) => x.last_message?.id)).not.toContain(t.id);
    }
  });

  it('unread counts, counters and last messages follow reads; one statement each', async () => {
    await w.q(READ, { s: w.kidX }, w.tokens.parent);
    await w.q(READ, { p: w.room1X }, w.tokens.parent);
    expect((await w.q(UNREAD, {}, w.tokens.parent)).data!.getUnreadChatCounts).toEqual({ total: 0, students: [], programs: [] });
    await send(w.tokens.teacher, { msg: 'one', s: w.kidX });
    await send(w.tokens.teacher, { msg: 'two', s: w.kidX });
    await send(w.tokens.mgrX, { msg: 'room news', p: w.room1X });
    const u = (await w.q(UNREAD, {}, w.tokens.parent)).data!.getUnreadChatCounts;
    expect(u).toEqual({ total: 3, students: [{ id: w.kidX, count: 2 }], programs: [{ id: w.room1X, count: 1 }] });
    // The other family sees nothing of this.
    expect((await w.q(UNREAD, {}, w.parent2.token)).data!.getUnreadChatCounts.total).toBe(0);
    const c = (await w.q(COUNTERS_S, {}, w.tokens.parent)).data!.getChatCountersByStudent;
    expect(c).toEqual([{ id: w.kidX, total: expect.any(Number), unread: 2 }]);
    const cp = (await w.q(COUNTERS_P, {}, w.tokens.parent)).data!.getChatCountersByProgram;
    expect(cp).toEqual([{ id: w.room1X, total: expect.any(Number), unread: 1 }]);
    const last = (await w.q(LAST_S, {}, w.tokens.parent)).data!.getLastMessagesByStudent;
    expect(last.data).toEqual([{ id: w.kidX, name: 'Ava Parent', unread: 2, last_message: { id: expect.any(String), message: 'two' } }]);
    const lp = (await w.q(LAST_P, {}, w.tokens.parent)).data!.getLastMessagesByProgram.data;
    expect(lp).toEqual([{ id: w.room1X, name: 'Toddlers', unread: 1, last_message: { id: expect.any(String), message: 'room news' } }]);
    // Staff: the teacher of X sees X's children, not Y's; search narrows.
    const staff = (await w.q(LAST_S, { first: 50 }, w.tokens.teacher)).data!.getLastMessagesByStudent.data.map((x: any) => x.id);
    expect(staff).toEqual(expect.arrayContaining([w.kidX, w.kidX2]));
    expect(staff).not.toContain(w.kidY);
    expect((await w.q(LAST_S, { q: 'Ben' }, w.tokens.teacher)).data!.getLastMessagesByStudent.data.map((x: any) => x.id)).toEqual([w.kidX2]);
    // A read mark clears them.
    await w.q(READ, { s: w.kidX }, w.tokens.parent);
    expect((await w.q(UNREAD, {}, w.tokens.parent)).data!.getUnreadChatCounts.total).toBe(1);
    // One SQL statement per list (plus none for the scope: the session carries it).
    const { countQueries } = await import('../students/test-fixtures.ts');
    for (const [doc, vars] of [[LAST_S, {}], [LAST_P, {}], [COUNTERS_S, {}], [COUNTERS_P, {}], [UNREAD, {}]] as const) {
      const n = await countQueries(h, w.c, () => w.q(doc, vars, w.tokens.teacher));
      expect(n, doc).toBeLessThanOrEqual(3);
    }
  });

  it('a black-listed or removed guardian loses the thread at once', async () => {
    await db()('student_users').where({ user_id: w.ids.parent, student_id: w.kidX }).update({ black_list: true });
    expect(code(await w.q(STUDENT_CHAT, { s: w.kidX }, w.tokens.parent))).toBe('NOT_FOUND');
    expect(code(await w.q(PROGRAM_CHAT, { p: w.room1X }, w.tokens.parent))).toBe('NOT_FOUND');
    expect((await w.q(UNREAD, {}, w.tokens.parent)).data!.getUnreadChatCounts.total).toBe(0);
    await db()('student_users').where({ user_id: w.ids.parent, student_id: w.kidX }).update({ black_list: false });
    expect((await w.q(STUDENT_CHAT, { s: w.kidX }, w.tokens.parent)).errors).toBeUndefined();
  });
});

// ── live ─────────────────────────────────────────────────────────────────────

const requireFromMercurius = createRequire(createRequire(import.meta.url).resolve('mercurius'));
const WebSocket = requireFromMercurius('ws') as new (url: string, protocol: string, opts: { headers: Record<string, string> }) => {
  on(event: string, fn: (raw?: unknown) => void): void;
  send(data: string): void;
  close(): void;
};

function live(app: FastifyInstance, host: string, token: string, query: string, variables: Record<string, unknown>) {
  const { port } = app.server.address() as { port: number };
  const ws = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws', { headers: { host } });
  const events: Record<string, any>[] = [];
  const errors: any[] = [];
  let ack!: () => void;
  const ready = new Promise<void>((r) => (ack = r));
  ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    if (m.type === 'connection_ack') {
      ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables } }));
      setTimeout(() => ack(), 200);
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
    wait: async (n: number, ms = 3000) => {
      const until = Date.now() + ms;
      while (events.length + errors.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      return events;
    },
  };
}

describe('live (subscriptions)', () => {
  let app: FastifyInstance;
  const ADDED = 'subscription($l: ID!) { chatMessageAdded(location_id: $l) { kind id category student_id program_id message } }';
  const COUNTS = 'subscription($l: ID!) { unreadCountsChanged(location_id: $l) { total students { id count } } }';
  beforeAll(async () => {
    app = await buildTenantApp(h.deps, { throttles: testThrottles(), rateLimitMax: 1_000_000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  // Writes go through the listening app: its pubsub is the one the subscribers listen on.
  async function liveSend(token: string, vars: Record<string, unknown>) {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { host: w.c.host, 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: { query: SEND, variables: vars },
    });
    const body = JSON.parse(res.body);
    expect(body.errors).toBeUndefined();
    return body.data.sendChatMessage.chat as Record<string, any>;
  }

  it('scope on subscribe and on every event: own thread only; black-listing stops delivery at once', async () => {
    const host = w.c.host;
    const mine = live(app, host, w.tokens.parent, ADDED, { l: w.X });
    const other = live(app, host, w.parent2.token, ADDED, { l: w.X });
    const staff = live(app, host, w.tokens.teacher, ADDED, { l: w.X });
    const counts = live(app, host, w.tokens.parent, COUNTS, { l: w.X });
    const refusedY = live(app, host, w.tokens.parent, ADDED, { l: w.Y });
    const blog = live(app, host, w.tokens.blog, ADDED, { l: w.X });
    await Promise.all([mine.ready, other.ready, staff.ready, counts.ready, refusedY.ready, blog.ready]);
    await counts.wait(1);
    const first = counts.events.length;
    const m = await liveSend(w.tokens.teacher, { msg: 'live hello', s: w.kidX });
    await mine.wait(1);
    await staff.wait(1);
    await counts.wait(first + 1);
    expect(mine.events.map((e) => e.chatMessageAdded)).toEqual([
      { kind: 'added', id: m.id, category: 'student', student_id: w.kidX, program_id: null, message: 'live hello' },
    ]);
    expect(staff.events.map((e) => e.chatMessageAdded.id)).toEqual([m.id]);
    expect(counts.events.at(-1)!.unreadCountsChanged.students).toEqual([{ id: w.kidX, count: expect.any(Number) }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(other.events).toEqual([]);
    expect(refusedY.events).toEqual([]);
    expect(refusedY.errors.length).toBeGreaterThan(0);
    expect(blog.errors.length).toBeGreaterThan(0);

    await db()('student_users').where({ user_id: w.ids.parent, student_id: w.kidX }).update({ black_list: true });
    await liveSend(w.tokens.teacher, { msg: 'after black-list', s: w.kidX });
    await staff.wait(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(staff.events.length).toBe(2);
    expect(mine.events.length).toBe(1);
    await db()('student_users').where({ user_id: w.ids.parent, student_id: w.kidX }).update({ black_list: false });
    for (const s of [mine, other, staff, counts, refusedY, blog]) s.close();
  });
});
