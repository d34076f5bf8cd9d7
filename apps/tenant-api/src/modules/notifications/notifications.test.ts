import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SendError, sendQueuedMessage, type MessageSender } from '@kv/messaging';
import { addDays, zonedInstant, localParts } from '@kv/shared';
import { createHarness, type Harness } from '../../test/harness.ts';
import { field } from '../locations/test-fixtures.ts';
import { buildLiveApp, messages, q as query, setupAttendance, subscribe, type AttendanceSetup } from '../attendance/test-fixtures.ts';
import { notifyUsers, publishNotifications, sendDueDigests } from './index.ts';

let h: Harness;
let s: AttendanceSetup;
let b: AttendanceSetup;
const A = () => h.centres[0]!;
const B = () => h.centres[1]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => query(h, A())(doc, vars, token);
const qB = (doc: string, vars: Record<string, unknown> = {}, token?: string) => query(h, B())(doc, vars, token);

const SAVE = 'mutation($st: [ID!]!, $a: CheckInAction) { saveStudentCheckInOut(students: $st, action: $a) { status } }';
const LIST =
  'query($p: Int, $f: Int) { getNotifications(page: $p, first: $f) { unseen data { id kind title body seen held student_id } paginatorInfo { total } } }';
const SETTINGS = `mutation($checks: Boolean, $digest: Boolean, $push: Boolean) {
  saveUserNotificationSettings(checks: $checks, digest: $digest, push: $push) { status settings { push checks digest food } } }`;
const dadToken = async () => (await import('../../test/harness.ts')).signIn(h.app, A().host, 'dad').then((r) => r.token);

const alerts = (email: boolean, sms: boolean, app: boolean) =>
  q(
    'mutation($l: ID!, $a: ParentAlertSettingInput) { saveCheckInSettings(location_id: $l, check_in_parent_alert: $a) { status } }',
    { l: s.X, a: { email, sms, app } },
    s.tokens.mgrX,
  );
const notices = (userId: string) => A().db.db('notifications').where({ user_id: userId }).orderBy('id').select('kind', 'event_key', 'held');

beforeAll(async () => {
  h = await createHarness();
  s = await setupAttendance(h, A());
  b = await setupAttendance(h, B(), 'b');
  await A()
    .db.db('push_tokens')
    .insert([
      { user_id: s.family.mum, token: 'mums-phone', device: 'ios' },
      { user_id: s.family.dad, token: 'dads-phone', device: 'android' },
      { user_id: s.family.dad, token: 'dads-tablet', device: 'android' },
    ]);
});
afterAll(async () => h?.close());

describe('attendance events → the notification centre', () => {
  it('a check-in with email, SMS and app on: one notice per contact and one message per channel and device, also when the event arrives twice', async () => {
    await alerts(true, true, true);
    expect((await q(SAVE, { st: [s.kids.ana] }, s.tokens.teacher)).data?.saveStudentCheckInOut.status).toBe(true);
    expect(await h.deliverEvents()).toBe(1);
    // The same event again (a redelivery: a second row with the same payload).
    const ev = await A().db.db('domain_events').where({ name: 'attendance.checked_in' }).orderBy('id', 'desc').first('name', 'payload');
    await A()
      .db.db('domain_events')
      .insert({ name: ev.name, payload: JSON.stringify(ev.payload) });
    expect(await h.deliverEvents()).toBe(1);
    expect(await notices(s.family.mum)).toEqual([{ kind: 'checks', event_key: expect.stringMatching(/^check_in:\d+$/), held: false }]);
    expect(await notices(s.family.dad)).toHaveLength(1);
    const sent = await messages(A(), 'attendance-check-in');
    expect(sent.map((m) => [m.channel, m.recipient]).sort()).toEqual(
      [
        ['email', 'mum@example.test'],
        ['sms', '+15551234567'],
        ['push', 'mums-phone'],
        ['email', 'dad@example.test'],
        ['push', 'dads-phone'],
        ['push', 'dads-tablet'],
      ].sort(),
    );
    expect(sent.find((m) => m.channel === 'email' && m.recipient === 'mum@example.test')!.subject).toBe('Checked in: Ana');
    // The live publish of the new notices is queued with them.
    expect(await A().db.db('outbox').where({ queue: 'notifications', name: 'notification-live' }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('never mails a placeholder address; the location’s channels decide (email off: no mail)', async () => {
    await A().db.db('users').where({ id: s.family.dad }).update({ email: 'temp123456@kv.invalid' });
    await alerts(false, true, true);
    await A().db.db('outbound_messages').del();
    await q(SAVE, { st: [s.kids.ben] }, s.tokens.teacher);
    await h.deliverEvents();
    const sent = await messages(A(), 'attendance-check-in');
    expect(sent.map((m) => m.channel).sort()).toEqual(['push', 'push', 'push', 'sms']);
    await A().db.db('users').where({ id: s.family.dad }).update({ email: 'dad@example.test' });
  });

  it('`checks` off → no notice and no message for that user; every channel off at the location → none at all', async () => {
    await alerts(true, true, true);
    const dad = await dadToken();
    const saved = await q(SETTINGS, { checks: false }, dad);
    expect(saved.data?.saveUserNotificationSettings.settings).toEqual({ push: true, checks: false, digest: false, food: true });
    await A().db.db('outbound_messages').del();
    const before = (await notices(s.family.dad)).length;
    await q(SAVE, { st: [s.kids.ana], a: 'check_out' }, s.tokens.teacher);
    await h.deliverEvents();
    expect(await notices(s.family.dad)).toHaveLength(before);
    const sent = await messages(A(), 'attendance-check-out');
    expect(sent.every((m) => String(m.user_id) === String(s.family.mum))).toBe(true);
    expect(sent).toHaveLength(3);
    await q(SETTINGS, { checks: true }, dad);

    await alerts(false, false, false);
    await A().db.db('outbound_messages').del();
    const mum = (await notices(s.family.mum)).length;
    await q(SAVE, { st: [s.kids.ben], a: 'check_out' }, s.tokens.teacher);
    await h.deliverEvents();
    expect(await notices(s.family.mum)).toHaveLength(mum);
    expect(await A().db.db('outbound_messages').count({ n: '*' })).toEqual([{ n: '0' }]);
  });
});

describe('activity.saved and photo.approved → the notification centre', () => {
  const MEAL = `mutation($st: [ID!]!, $so: Boolean) { saveMealActivity(students: $st, type: "lunch", portion: "all", staffOnly: $so) { status activity { id } } }`;

  it('an entry guardians see tells each guardian once (by the kind’s setting); a staff-only one tells nobody', async () => {
    const dad = await dadToken();
    await q('mutation { saveUserNotificationSettings(food: false) { status } }', {}, dad);
    const r = await q(MEAL, { st: [s.kids.ana] }, s.tokens.teacher);
    const id = r.data?.saveMealActivity.activity.id;
    expect(id).toBeTruthy();
    const hidden = (await q(MEAL, { st: [s.kids.ana], so: true }, s.tokens.teacher)).data?.saveMealActivity.activity.id;
    await h.deliverEvents();
    await h.deliverEvents();
    const rows = await A()
      .db.db('notifications')
      .whereIn('event_key', [`activity:${id}`, `activity:${hidden}`])
      .select('user_id', 'kind', 'title');
    expect(rows.map((x) => [String(x.user_id), x.kind, x.title])).toEqual([[String(s.family.mum), 'food', 'Ana had something to eat']]);
    await q('mutation { saveUserNotificationSettings(food: true) { status } }', {}, dad);
  });

  it('an approved photo tells the guardians who may see it, once, however it arrives', async () => {
    const db = A().db.db;
    const [file] = await db('files')
      .insert({
        id: randomUUID(),
        purpose: 'album_photo',
        owner_id: s.X,
        status: 'ready',
        original_name: 'sandpit.jpg',
        declared_type: 'image/jpeg',
        declared_size: 100,
        upload_expires_at: new Date(),
      })
      .returning('id');
    const [photo] = await db('photos')
      .insert({
        album: 'students',
        file_id: file.id,
        location_id: s.X,
        status: 'pending',
        taken_at: new Date(),
        uploaded_by: s.ids.teacher,
      })
      .returning('id');
    const p = String(photo.id);
    await db('photo_students').insert([{ photo_id: p, student_id: s.kids.ana }]);
    expect((await q('mutation($id: ID!) { approvePhoto(id: $id) { status } }', { id: p }, s.tokens.mgrX)).data?.approvePhoto.status).toBe(
      true,
    );
    await h.deliverEvents();
    await h.deliverEvents();
    const rows = await db('notifications')
      .where({ event_key: `media:${p}` })
      .orderBy('user_id')
      .select('user_id', 'kind');
    expect(rows.map((x) => String(x.user_id)).sort()).toEqual([s.family.mum, s.family.dad].map(String).sort());
    expect(new Set(rows.map((x) => x.kind))).toEqual(new Set(['media']));
  });
});

describe('the daily digest', () => {
  it('holds routine notices of a user with digest on and sums them in one push at the location’s time; incidents stay instant', async () => {
    await q(SETTINGS, { digest: true }, s.family.mumToken);
    await A().db.db('outbound_messages').del();
    await A().db.db('location_settings').where({ location_id: s.X }).update({ send_parent_activity_report_time: '17:00' });
    const tz = (await A().db.db('locations').where({ id: s.X }).first('timezone')).timezone as string;
    const note = (key: string, kind: string) =>
      A().db.db.transaction((trx) =>
        notifyUsers(trx, {
          centre_id: A().entry.id,
          event_key: key,
          user_ids: [s.family.mum, s.family.dad],
          kind,
          title: `${kind} for Ana`,
          body: 'Open the day to see it.',
          student_id: s.kids.ana,
        }),
      );
    await note('day:9001', 'food');
    await note('day:9002', 'food');
    await note('day:9003', 'nap');
    await note('day:9004', 'incident');
    await note('day:9001', 'food'); // the same event again: nothing more
    const mine = await notices(s.family.mum);
    expect(mine.filter((n) => n.event_key.startsWith('day:'))).toEqual([
      { kind: 'food', event_key: 'day:9001', held: true },
      { kind: 'food', event_key: 'day:9002', held: true },
      { kind: 'nap', event_key: 'day:9003', held: true },
      { kind: 'incident', event_key: 'day:9004', held: false },
    ]);
    // Dad (no digest) got a push per device for each; mum only the incident's, until the digest.
    const generic = await messages(A(), 'notification');
    expect(generic.filter((m) => m.recipient === 'mums-phone').map((m) => m.subject)).toEqual(['Update: incident for Ana']);
    expect(generic.filter((m) => m.recipient === 'dads-phone')).toHaveLength(4);

    const created = await A().db.db('notifications').where({ user_id: s.family.mum, held: true }).max({ at: 'created_at' }).first();
    // The first digest after the notices: that day's 17:00 when they came before it, else the next day's
    // (a notice held after the digest time waits for the next one, whatever hour the suite runs at).
    const held = localParts(new Date(created!.at as Date), tz);
    const day = held.time < '17:00' ? held.date : addDays(held.date, 1);
    // Before the time: nothing. At it: one summary per device; again: nothing.
    expect(await sendDueDigests(A().db.db, A().entry.id, zonedInstant(day, '16:45', tz))).toBe(0);
    const later = zonedInstant(day, '17:05', tz);
    expect(await sendDueDigests(A().db.db, A().entry.id, later)).toBe(1);
    const digest = await messages(A(), 'notification-digest');
    expect(digest.map((m) => [m.channel, m.recipient, m.subject])).toEqual([['push', 'mums-phone', 'Your day in one note: 3 updates']]);
    expect(digest[0]!.body_text).toContain('Today, 3 updates: 2 meals, 1 nap.');
    expect(await sendDueDigests(A().db.db, A().entry.id, later)).toBe(0);
    expect(
      await A().db.db('notifications').where({ user_id: s.family.mum, held: true }).whereNull('digested_at').count({ n: '*' }),
    ).toEqual([{ n: '0' }]);
    await q(SETTINGS, { digest: false }, s.family.mumToken);
  });
});

describe('reading and marking: own notices only', () => {
  it('a parent sees their own notices with the unseen count; another family’s and another centre’s are not found', async () => {
    const r = await q(LIST, { p: 1, f: 2 }, s.family.mumToken);
    const page = r.data?.getNotifications;
    const total = (await notices(s.family.mum)).length;
    expect(page.paginatorInfo.total).toBe(total);
    expect(page.unseen).toBe(total);
    expect(page.data).toHaveLength(2);
    const dadsId = String((await A().db.db('notifications').where({ user_id: s.family.dad }).first('id')).id);
    const other = await q('mutation($id: ID!) { markNotificationSeen(id: $id) { status } }', { id: dadsId }, s.family.mumToken);
    expect(other.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await A().db.db('notifications').where({ id: dadsId }).first('seen_at')).toEqual({ seen_at: null });
    const own = await q(
      'mutation($id: ID!) { markNotificationSeen(id: $id) { status unseen notification { seen } } }',
      { id: page.data[0].id },
      s.family.mumToken,
    );
    expect(own.data?.markNotificationSeen).toEqual({ status: true, unseen: total - 1, notification: { seen: true } });
    // Another centre: A's token is refused there, and B's parent sees none of A's notices.
    expect((await qB(LIST, {}, s.family.mumToken)).statusCode).toBe(401);
    expect((await qB(LIST, {}, b.family.mumToken)).data?.getNotifications).toMatchObject({ unseen: 0, data: [] });
    const theirs = await qB('mutation($id: ID!) { markNotificationSeen(id: $id) { status } }', { id: page.data[1].id }, b.family.mumToken);
    expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const all = await q('mutation { markAllNotificationsSeen { status count unseen } }', {}, s.family.mumToken);
    expect(all.data?.markAllNotificationsSeen).toEqual({ status: true, count: total - 1, unseen: 0 });
    expect((await q(LIST, {}, s.family.mumToken)).data?.getNotifications.unseen).toBe(0);
    // Guests are refused.
    expect((await q(LIST, {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('bad input is a typed error naming the field, and writes nothing', async () => {
    const first = await q(LIST, { p: 1, f: 0 }, s.family.mumToken);
    expect(first.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(field(first)).toBe('first');
    expect(field(await q(LIST, { p: 0 }, s.family.mumToken))).toBe('page');
    const bad = await q('mutation { markNotificationSeen(id: "abc") { status } }', {}, s.family.mumToken);
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(field(bad)).toBe('id');
    const settings = await q('{ getUserNotificationSettings { push checks digest custom } }', {}, s.family.mumToken);
    expect(settings.data?.getUserNotificationSettings).toEqual({ push: true, checks: true, digest: false, custom: true });
  });
});

describe('notificationAdded (live)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildLiveApp(h.deps);
  });
  afterAll(async () => app?.close());

  it('reaches its own user only: not another family, not the same user id at another centre', async () => {
    const SUB = 'subscription { notificationAdded { id kind title } }';
    const mum = subscribe(app, A().host, s.family.mumToken, SUB, {});
    const dad = subscribe(app, A().host, await dadToken(), SUB, {});
    const otherCentre = subscribe(app, B().host, b.family.mumToken, SUB, {});
    const crossToken = subscribe(app, B().host, s.family.mumToken, SUB, {});
    await Promise.all([mum.ready, dad.ready, otherCentre.ready]);
    // Same numeric user id at both centres: the topic carries the centre.
    expect(String(b.family.mum)).toBe(String(s.family.mum));
    const rows = await A().db.db.transaction((trx) =>
      notifyUsers(trx, {
        centre_id: A().entry.id,
        event_key: 'live:1',
        user_ids: [s.family.mum],
        kind: 'msgs',
        title: 'A message from the team',
        body: 'Please bring diapers tomorrow.',
      }),
    );
    expect(
      await publishNotifications(
        A().db.db,
        A().entry.id,
        rows.map((r) => r.id),
      ),
    ).toBe(1);
    const got = await mum.next(1);
    expect(got.map((e) => e.notificationAdded.title)).toEqual(['A message from the team']);
    await new Promise((r) => setTimeout(r, 300));
    expect(dad.events).toEqual([]);
    expect(otherCentre.events).toEqual([]);
    expect(crossToken.events).toEqual([]);
    expect(crossToken.errors.length).toBeGreaterThan(0);
    for (const x of [mum, dad, otherCentre, crossToken]) x.close();
  });
});

describe('push tokens FCM reports UNREGISTERED', () => {
  it('are deleted when their message fails so; others stay', async () => {
    await A().db.db('outbound_messages').del();
    await A().db.db.transaction((trx) =>
      notifyUsers(trx, { centre_id: A().entry.id, event_key: 'fcm:1', user_ids: [s.family.dad], kind: 'msgs', title: 'Hi', body: 'There' }),
    );
    const pushes = await A().db.db('outbound_messages').where({ channel: 'push' }).orderBy('id').select('id', 'recipient');
    expect(pushes.map((p) => p.recipient)).toEqual(['dads-phone', 'dads-tablet']);
    const sender: MessageSender = {
      mode: 'live',
      send: async (m) => {
        if (m.to === 'dads-tablet') throw new SendError('FCM 404: gone (NOT_FOUND)', true, 'UNREGISTERED');
        return { status: 'sent', providerId: 'x' };
      },
      close: async () => undefined,
    };
    const job = (id: string) => ({
      id: 'j',
      queue: 'messages',
      name: 'send-message',
      data: { centreId: A().entry.id, messageId: String(id) },
      attempt: 1,
      progress: async () => undefined,
      log: () => undefined,
    });
    const deps = { dbFor: async () => A().db.db, sender };
    await sendQueuedMessage(job(pushes[0]!.id), deps);
    await expect(sendQueuedMessage(job(pushes[1]!.id), deps)).rejects.toThrow(/NOT_FOUND/);
    expect(await A().db.db('push_tokens').where({ user_id: s.family.dad }).pluck('token')).toEqual(['dads-phone']);
  });
});
