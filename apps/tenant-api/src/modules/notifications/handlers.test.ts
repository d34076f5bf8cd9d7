import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, localParts, zonedInstant } from '@kv/shared';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, createPeopleHarness, type World } from '../students/test-fixtures.ts';
import { remindOpenActionItems, runNotificationTick } from './index.ts';

let h: Harness;
let w: World;
let b: World;
const db = () => w.c.db.db;
/** Locations of the fixtures are in America/Chicago. */
const ZONE = 'America/Chicago';
const today = () => localParts(new Date(), ZONE).date;

const SEND = `mutation($msg: String, $s: ID, $p: ID) { sendChatMessage(msg: $msg, student_id: $s, program_id: $p) { status chat { id } } }`;
const CREATE = `mutation($message: String!, $roles: [String!]!, $locations: [ID!]!, $programs: [ID!], $notify: Boolean, $action: Boolean, $due: String, $status: Boolean) {
  createAnnouncement(message: $message, roles: $roles, locations: $locations, programs: $programs, is_notification: $notify, action_needed: $action, due_date: $due, status: $status) {
    status announcement { id } } }`;
const ACK = `mutation($id: ID!) { acknowledgeActionItem(id: $id) { status } }`;
const ITEMS = `query { getActionItems { id } }`;

const notices = (eventKey: string) =>
  db()('notifications')
    .where('event_key', 'like', eventKey)
    .orderBy('user_id')
    .select('user_id', 'kind', 'title', 'held')
    .then((rows) => rows.map((r) => ({ ...r, user_id: String(r.user_id) })));
/** Replays a centre's last event of a name as a new row (a redelivery). */
async function redeliver(name: string) {
  const ev = await db()('domain_events').where({ name }).orderBy('id', 'desc').first('name', 'payload');
  await db()('domain_events').insert({ name: ev.name, payload: JSON.stringify(ev.payload) });
  await h.deliverEvents();
}

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
  // A room teacher of the parent's child's room (Toddlers at X).
  await db()('user_programs').insert({ user_id: w.ids.teacher, program_id: w.room1X });
  await db()('push_tokens').insert({ user_id: w.ids.parent, token: 'fcm-parent', device: 'phone' });
});
afterAll(async () => h?.close());
beforeEach(async () => {
  await h.deliverEvents();
  await db()('notifications').delete();
  await db()('outbound_messages').delete();
});

describe('chat.message_sent → the notification centre', () => {
  it('a parent’s message tells the thread’s staff, a staff answer the family; never the author; once per recipient even delivered twice', async () => {
    const m = (await w.q(SEND, { msg: 'Please bring diapers', s: w.kidX }, w.tokens.parent)).data!.sendChatMessage.chat.id;
    await h.deliverEvents();
    await redeliver('chat.message_sent');
    const toStaff = await notices(`message:${m}`);
    // The room's educator and the location's manager; not the parent who wrote, not another location's manager.
    expect(toStaff.map((n) => n.user_id).sort()).toEqual([w.ids.teacher, w.ids.mgrX].sort());
    expect(toStaff.every((n) => n.kind === 'msgs' && n.held === false && n.title.startsWith('New message from'))).toBe(true);

    const r = (await w.q(SEND, { msg: 'Will do!', s: w.kidX }, w.tokens.teacher)).data!.sendChatMessage.chat.id;
    await h.deliverEvents();
    await redeliver('chat.message_sent');
    expect((await notices(`message:${r}`)).map((n) => n.user_id)).toEqual([w.ids.parent]);
    // Push to the parent's device, once.
    const push = await db()('outbound_messages').where({ channel: 'push', recipient: 'fcm-parent' }).count({ n: '*' });
    expect(push).toEqual([{ n: '1' }]);
    // Nobody of another family or another centre hears of it.
    expect(await db()('notifications').where({ user_id: w.parent2.id }).count({ n: '*' })).toEqual([{ n: '0' }]);
    expect(await b.c.db.db('notifications').count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('never held for the digest, and `msgs` off mutes it for that user alone', async () => {
    await db()('user_notification_settings')
      .insert({ user_id: w.ids.parent, digest: true, msgs: true })
      .onConflict('user_id')
      .merge();
    const r = (await w.q(SEND, { msg: 'Nap went well', s: w.kidX }, w.tokens.teacher)).data!.sendChatMessage.chat.id;
    await h.deliverEvents();
    expect(await notices(`message:${r}`)).toEqual([expect.objectContaining({ user_id: w.ids.parent, held: false })]);
    await db()('user_notification_settings').where({ user_id: w.ids.parent }).update({ msgs: false, digest: false });
    const muted = (await w.q(SEND, { msg: 'Another one', s: w.kidX }, w.tokens.teacher)).data!.sendChatMessage.chat.id;
    await h.deliverEvents();
    expect(await notices(`message:${muted}`)).toEqual([]);
    await db()('user_notification_settings').where({ user_id: w.ids.parent }).update({ msgs: true });
  });
});

describe('announcement.published → the notification centre', () => {
  it('is_notification tells its audience once (parents of the room; not another room’s, not staff it does not reach)', async () => {
    const a = (await w.q(CREATE, { message: 'Picture day', roles: ['user'], locations: [w.X], programs: [w.room1X], notify: true }, w.tokens.mgrX)).data!
      .createAnnouncement.announcement.id;
    await h.deliverEvents();
    await redeliver('announcement.published');
    expect(await notices(`announcement:${a}`)).toEqual([{ user_id: w.ids.parent, kind: 'announcement', title: 'New announcement', held: false }]);

    const staff = (await w.q(CREATE, { message: 'Staff meeting', roles: ['teacher', 'manager'], locations: [w.X], notify: true }, w.tokens.mgrX)).data!
      .createAnnouncement.announcement.id;
    const silent = (await w.q(CREATE, { message: 'No ping', roles: ['user'], locations: [w.X], notify: false }, w.tokens.mgrX)).data!
      .createAnnouncement.announcement.id;
    await h.deliverEvents();
    expect((await notices(`announcement:${staff}`)).map((n) => n.user_id).sort()).toEqual([w.ids.teacher, w.ids.mgrX].sort());
    expect(await notices(`announcement:${silent}`)).toEqual([]);
  });
});

describe('open action items re-notify daily until acknowledged', () => {
  it('once per item, person and day; an acknowledged item stops', async () => {
    const due = addDays(today(), 3);
    const a = (await w.q(CREATE, { message: 'Sign the trip form', roles: ['user'], locations: [w.X], action: true, due }, w.tokens.mgrX)).data!
      .createAnnouncement.announcement.id;
    await h.deliverEvents();
    const noon = (d: string) => zonedInstant(d, '12:00', ZONE);
    // Raised today: nothing yet.
    expect(await remindOpenActionItems(db(), w.c.entry.id, noon(today()))).toBe(0);
    await db()('action_items').where({ source_id: a }).update({ created_at: noon(addDays(today(), -1)) });
    // Today: one notice each for the two parents, however many ticks run.
    expect(await remindOpenActionItems(db(), w.c.entry.id, noon(today()))).toBe(2);
    expect(await remindOpenActionItems(db(), w.c.entry.id, noon(today()))).toBe(0);
    await runNotificationTick({ data: { centreId: w.c.entry.id }, log: () => {} }, { dbFor: async () => db() }, noon(today()));
    const mine = await notices('action_item:%');
    expect(mine.map((n) => n.user_id).sort()).toEqual([w.ids.parent, w.parent2.id].sort());
    expect(mine[0]!.title).toBe('Reminder: Sign the trip form');
    // The parent acknowledges; tomorrow only the other family hears again.
    const [item] = (await w.q(ITEMS, {}, w.tokens.parent)).data!.getActionItems;
    expect((await w.q(ACK, { id: item.id }, w.tokens.parent)).data?.acknowledgeActionItem.status).toBe(true);
    expect(await remindOpenActionItems(db(), w.c.entry.id, noon(addDays(today(), 1)))).toBe(1);
    const tomorrow = await notices(`action_item:%:${addDays(today(), 1)}`);
    expect(tomorrow.map((n) => n.user_id)).toEqual([w.parent2.id]);
    // Centre B has nothing of it.
    expect(await b.c.db.db('notifications').count({ n: '*' })).toEqual([{ n: '0' }]);
  });
});
