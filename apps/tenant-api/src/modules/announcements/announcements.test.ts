import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, localParts } from '@kv/shared';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';

let h: Harness;
let w: World;
let b: World;
const db = () => w.c.db.db;
/** Locations of the fixtures are in America/Chicago. */
const today = () => localParts(new Date(), 'America/Chicago').date;

const FIELDS = `id message status expiry_date is_public color_code is_notification roles action_needed due_date
  locations { id name role } programs { id role location_id } action_summary { total acknowledged }`;
const CREATE = `mutation($message: String!, $roles: [String!]!, $locations: [ID!]!, $programs: [ID!], $expiry: String, $status: Boolean,
  $notify: Boolean, $action: Boolean, $due: String, $public: Boolean) {
  createAnnouncement(message: $message, roles: $roles, locations: $locations, programs: $programs, expiry_date: $expiry, status: $status,
    is_notification: $notify, action_needed: $action, due_date: $due, is_public: $public, color_code: "#7367F0") {
    status message announcement { ${FIELDS} }
  }
}`;
const UPDATE = `mutation($id: ID!, $message: String, $programs: [ID!], $expiry: String) {
  updateAnnouncement(id: $id, message: $message, programs: $programs, expiry_date: $expiry) { announcement { ${FIELDS} } }
}`;
const STATUS = `mutation($id: ID!, $status: Boolean!) { updateAnnouncementStatus(id: $id, status: $status) { announcement { id status } } }`;
const DUPLICATE = `mutation($id: ID!) { duplicateAnnouncement(id: $id) { announcement { ${FIELDS} } } }`;
const DELETE = `mutation($id: ID!) { deleteAnnouncement(id: $id) { status id } }`;
const LIST = `query($search: String, $status: Boolean) { getAnnouncements(search: $search, status: $status, first: 100) { data { id message } paginatorInfo { total } } }`;
const TOP = `query { topAnnouncements(first: 50) { id message } }`;
const ITEMS = `query { getActionItems { id source_kind source_id title due_date overdue color_code } }`;
const ACK = `mutation($id: ID!) { acknowledgeActionItem(id: $id) { status item { id acknowledged_at } } }`;
const ACKS = `query($id: ID!, $ack: Boolean) { getAnnouncementAcknowledgements(id: $id, acknowledged: $ack) { data { user_id acknowledged_at } paginatorInfo { total } } }`;
const ALERT = `mutation($m: String!, $u: [ID!], $s: [ID!], $p: [ID!]) {
  sendAlert(message: $m, alert_user: $u, alert_student: $s, alert_program: $p) { status recipients queued skipped alert { id sender alert_student } }
}`;
const SMS = `mutation($m: String!, $u: [ID!], $s: [ID!], $p: [ID!], $t: [ID!]) {
  sendInstantSms(message: $m, users: $u, students: $s, programs: $p, tags: $t) { status message recipients queued skipped }
}`;

const counts = async () => ({
  announcements: Number((await db()('announcements').count({ n: '*' }))[0]!.n),
  pivots: Number((await db()('announcement_locations').count({ n: '*' }))[0]!.n),
  items: Number((await db()('action_items').count({ n: '*' }))[0]!.n),
  events: Number((await db()('domain_events').where({ name: 'announcement.published' }).count({ n: '*' }))[0]!.n),
  messages: Number((await db()('outbound_messages').count({ n: '*' }))[0]!.n),
  alerts: Number((await db()('alerts').count({ n: '*' }))[0]!.n),
});

async function create(vars: Record<string, unknown>, token = w.tokens.mgrX) {
  const r = await w.q(CREATE, { message: 'Picture day on Friday', roles: ['user'], locations: [w.X], ...vars }, token);
  expect(r.errors).toBeUndefined();
  return r.data!.createAnnouncement.announcement as { id: string; [k: string]: any };
}

const top = async (token: string) => ((await w.q(TOP, {}, token)).data?.topAnnouncements ?? []).map((a: { id: string }) => a.id) as string[];
const items = async (token: string, q = w.q) => ((await q(ITEMS, {}, token)).data?.getActionItems ?? []) as { id: string; [k: string]: any }[];

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
  // Centre B's teachers lose the (default) permission to manage announcements.
  await b.c.db.db.raw(
    `delete from role_permissions where role_id = (select id from roles where name = 'teacher')
       and permission_id = (select id from permissions where name = 'announcements.manage')`,
  );
  await db()('users').where({ id: w.ids.parent }).update({ phone: '(555) 201-0001' });
  await db()('users').where({ id: w.parent2.id }).update({ phone: '+15552010002' });
  await db()('push_tokens').insert({ user_id: w.ids.parent, token: 'fcm-token-parent-1', device: 'phone' });
});

afterAll(async () => {
  await h?.close();
});

beforeEach(async () => {
  await db()('action_items').delete();
  await db()('announcements').delete();
  await db()('outbound_messages').delete();
  await db()('alerts').delete();
  await db()('sms_unsubscribes').delete();
});

describe('announcements: bad input writes nothing', () => {
  it('a past expiry_date, a room of another location, no role, a location out of scope → a typed error naming the field', async () => {
    const before = await counts();
    const past = await w.q(CREATE, { message: 'Old news', roles: ['user'], locations: [w.X], expiry: addDays(today(), -1) }, w.tokens.mgrX);
    expect([code(past), field(past)]).toEqual(['BAD_USER_INPUT', 'expiry_date']);
    const room = await w.q(CREATE, { message: 'Wrong room', roles: ['user'], locations: [w.X], programs: [w.roomY] }, w.tokens.mgrX);
    expect([code(room), field(room)]).toEqual(['BAD_USER_INPUT', 'programs']);
    const noRole = await w.q(CREATE, { message: 'Nobody', roles: [], locations: [w.X] }, w.tokens.mgrX);
    expect([code(noRole), field(noRole)]).toEqual(['BAD_USER_INPUT', 'roles']);
    const badRole = await w.q(CREATE, { message: 'Nobody', roles: ['admin'], locations: [w.X] }, w.tokens.mgrX);
    expect([code(badRole), field(badRole)]).toEqual(['BAD_USER_INPUT', 'roles.0']);
    const empty = await w.q(CREATE, { message: '  ', roles: ['user'], locations: [w.X] }, w.tokens.mgrX);
    expect([code(empty), field(empty)]).toEqual(['BAD_USER_INPUT', 'message']);
    const noDue = await w.q(CREATE, { message: 'Sign the form', roles: ['user'], locations: [w.X], action: true }, w.tokens.mgrX);
    expect([code(noDue), field(noDue)]).toEqual(['BAD_USER_INPUT', 'due_date']);
    const foreign = await w.q(CREATE, { message: 'Not mine', roles: ['user'], locations: [w.Y] }, w.tokens.mgrX);
    expect([code(foreign), field(foreign)]).toEqual(['NOT_FOUND', 'locations']);
    // Centre B's owner is nobody on centre A.
    const otherCentre = await w.q(CREATE, { message: 'Not mine', roles: ['user'], locations: [w.X] }, b.tokens.owner);
    expect(code(otherCentre)).toBe('UNAUTHENTICATED');
    expect(await counts()).toEqual(before);

    const a = await create({});
    const later = await counts();
    const upd = await w.q(UPDATE, { id: a.id, programs: [w.roomY], message: 'Changed' }, w.tokens.mgrX);
    expect([code(upd), field(upd)]).toEqual(['BAD_USER_INPUT', 'programs']);
    const updPast = await w.q(UPDATE, { id: a.id, expiry: '2020-01-01' }, w.tokens.mgrX);
    expect([code(updPast), field(updPast)]).toEqual(['BAD_USER_INPUT', 'expiry_date']);
    expect(await counts()).toEqual(later);
    expect((await db()('announcements').where({ id: a.id }).first()).message).toBe('Picture day on Friday');
  });

  it('parents and blog editors write nothing; teachers without announcements.manage neither (centre B)', async () => {
    expect(code(await w.q(CREATE, { message: 'x', roles: ['user'], locations: [w.X] }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await w.q(CREATE, { message: 'x', roles: ['user'], locations: [w.X] }, w.tokens.blog))).toBe('FORBIDDEN');
    expect(code(await b.q(CREATE, { message: 'x', roles: ['user'], locations: [b.X] }, b.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(TOP, {}, w.tokens.blog))).toBe('FORBIDDEN');
  });
});

describe('announcements: audience and scope', () => {
  it('topAnnouncements: active, unexpired, for the viewer’s role, locations and rooms; never another family’s room or another centre', async () => {
    const all = await create({ message: 'Closed Monday', expiry: today() });
    const room1 = await create({ message: 'Toddlers: bring boots', programs: [w.room1X] });
    const staff = await create({ message: 'Staff meeting', roles: ['teacher', 'manager'] });
    const byOwner = await create({ message: 'From the owner' }, w.tokens.owner);
    const inactive = await create({ message: 'Draft', status: false });
    const expired = await create({ message: 'Last week' });
    await db()('announcements').where({ id: expired.id }).update({ expiry_date: addDays(today(), -2) });
    const yOnly = (await w.q(CREATE, { message: 'At Y', roles: ['user', 'teacher'], locations: [w.Y] }, w.tokens.mgrY)).data!
      .createAnnouncement.announcement.id as string;

    expect(all.locations).toEqual([{ id: w.X, name: 'Location X', role: 'user' }]);
    expect(room1.programs).toEqual([{ id: w.room1X, role: 'user', location_id: w.X }]);
    expect(staff.roles).toEqual(['teacher', 'manager']);

    const parent = await top(w.tokens.parent);
    expect(parent).toEqual(expect.arrayContaining([all.id, room1.id, byOwner.id]));
    expect(parent).not.toContain(staff.id);
    expect(parent).not.toContain(inactive.id);
    expect(parent).not.toContain(expired.id);
    expect(parent).not.toContain(yOnly);
    // The other family at X is in another room: the Toddlers announcement is not theirs.
    const other = await top(w.parent2.token);
    expect(other).toContain(all.id);
    expect(other).not.toContain(room1.id);
    expect(await top(w.tokens.teacher)).toEqual([staff.id]);
    expect(await top(w.roomTeacher.token)).toEqual([yOnly]);
    expect(await top(w.tokens.mgrX)).toEqual([staff.id]);
    // Another centre's parent sees nothing of centre A.
    expect(await top(b.tokens.parent)).toEqual([]);

    // The staff list: X's announcements for X's manager, not Y's; Y's manager none of X's.
    const listX = (await w.q(LIST, {}, w.tokens.mgrX)).data!.getAnnouncements;
    expect(listX.data.map((a: { id: string }) => a.id)).not.toContain(yOnly);
    expect(listX.paginatorInfo.total).toBe(6);
    const listY = (await w.q(LIST, {}, w.tokens.mgrY)).data!.getAnnouncements.data.map((a: { id: string }) => a.id);
    expect(listY).toEqual([yOnly]);
    expect((await w.q(LIST, { search: 'boots' }, w.tokens.teacher)).data!.getAnnouncements.data).toEqual([{ id: room1.id, message: 'Toddlers: bring boots' }]);
    // One reaching X and Y is listed for X's manager too, but only the owner (both locations) changes it.
    const both = (await w.q(CREATE, { message: 'Both sites', roles: ['user'], locations: [w.X, w.Y] }, w.tokens.owner)).data!.createAnnouncement
      .announcement.id as string;
    expect((await w.q(LIST, { search: 'Both sites' }, w.tokens.mgrX)).data!.getAnnouncements.data).toEqual([{ id: both, message: 'Both sites' }]);
    expect(code(await w.q(STATUS, { id: both, status: false }, w.tokens.mgrX))).toBe('NOT_FOUND');
    expect((await w.q(STATUS, { id: both, status: false }, w.tokens.owner)).data?.updateAnnouncementStatus.announcement.status).toBe(false);
    expect(code(await w.q(LIST, {}, w.tokens.parent))).toBe('FORBIDDEN');
    expect((await b.q(LIST, {}, b.tokens.owner)).data!.getAnnouncements.data).toEqual([]);
  });

  it('writes reach only announcements whose every location is in scope', async () => {
    const a = await create({});
    for (const [doc, vars] of [
      [STATUS, { id: a.id, status: false }],
      [DUPLICATE, { id: a.id }],
      [DELETE, { id: a.id }],
      [UPDATE, { id: a.id, message: 'Hijack' }],
    ] as const) {
      const r = await w.q(doc, vars, w.tokens.mgrY);
      expect([code(r), field(r)]).toEqual(['NOT_FOUND', 'id']);
      expect(code(await b.q(doc, vars, b.tokens.owner))).toBe('NOT_FOUND');
    }
    expect((await db()('announcements').where({ id: a.id }).first()).status).toBe(true);
  });

  it('status, duplicate and delete; is_notification emits announcement.published once published', async () => {
    const a = await create({ notify: true });
    const events = await db()('domain_events').where({ name: 'announcement.published' }).whereRaw("payload->>'announcement_id' = ?", [a.id]);
    expect(events.map((e) => e.payload)).toEqual([{ centreId: w.c.entry.id, announcement_id: a.id }]);
    const copy = (await w.q(DUPLICATE, { id: a.id }, w.tokens.teacher)).data!.duplicateAnnouncement.announcement;
    expect(copy).toMatchObject({ message: a.message, status: false, roles: ['user'], locations: a.locations, is_notification: true });
    expect(await top(w.tokens.parent)).not.toContain(copy.id);
    const on = await w.q(STATUS, { id: copy.id, status: true }, w.tokens.teacher);
    expect(on.data?.updateAnnouncementStatus.announcement).toEqual({ id: copy.id, status: true });
    expect(await top(w.tokens.parent)).toContain(copy.id);
    const copyEvents = await db()('domain_events').where({ name: 'announcement.published' }).whereRaw("payload->>'announcement_id' = ?", [copy.id]);
    expect(copyEvents).toHaveLength(1);
    expect((await w.q(DELETE, { id: copy.id }, w.tokens.mgrX)).data?.deleteAnnouncement).toEqual({ status: true, id: copy.id });
    expect(await top(w.tokens.parent)).not.toContain(copy.id);
    expect(code(await w.q(STATUS, { id: copy.id, status: false }, w.tokens.mgrX))).toBe('NOT_FOUND');
    const audit = await db()('audit_log').where({ entity: 'announcement', entity_id: copy.id }).orderBy('id').pluck('action');
    expect(audit).toEqual(['announcement.duplicate', 'announcement.status', 'announcement.delete']);
  });
});

describe('pinned action items', () => {
  it('pinned for the audience until each acknowledges; only the recipient acknowledges; staff see who has not', async () => {
    const due = addDays(today(), 1);
    const a = await create({ message: 'Sign the field-trip form', action: true, due });
    expect(a).toMatchObject({ action_needed: true, due_date: due, action_summary: { total: 2, acknowledged: 0 } });
    const mine = await items(w.tokens.parent);
    expect(mine).toEqual([
      { id: expect.any(String), source_kind: 'announcement', source_id: a.id, title: 'Sign the field-trip form', due_date: due, overdue: false, color_code: '#7367F0' },
    ]);
    const theirs = await items(w.parent2.token);
    expect(theirs).toHaveLength(1);
    expect(await items(w.tokens.teacher)).toEqual([]);
    expect(await items(b.tokens.parent, b.q)).toEqual([]);

    // Another family, another centre, staff: the item is not theirs to acknowledge.
    const before = await counts();
    for (const [q, token] of [
      [w.q, w.parent2.token],
      [w.q, w.tokens.mgrX],
      [b.q, b.tokens.parent],
    ] as const) {
      const r = await q(ACK, { id: mine[0]!.id }, token);
      expect([code(r), field(r)]).toEqual(['NOT_FOUND', 'id']);
    }
    expect(code(await w.q(ACK, { id: mine[0]!.id }, w.tokens.blog))).toBe('FORBIDDEN');
    expect(await counts()).toEqual(before);
    expect(await items(w.tokens.parent)).toHaveLength(1);

    const pending = async (ack?: boolean) =>
      ((await w.q(ACKS, { id: a.id, ack }, w.tokens.mgrX)).data!.getAnnouncementAcknowledgements.data as { user_id: string }[]).map((r) => r.user_id);
    expect((await pending(false)).sort()).toEqual([w.ids.parent, w.parent2.id].sort());

    const ok = await w.q(ACK, { id: mine[0]!.id }, w.tokens.parent);
    expect(ok.data?.acknowledgeActionItem.item.acknowledged_at).toEqual(expect.any(String));
    expect(await items(w.tokens.parent)).toEqual([]);
    expect(await items(w.parent2.token)).toHaveLength(1);
    expect(await pending(false)).toEqual([w.parent2.id]);
    expect(await pending(true)).toEqual([w.ids.parent]);
    const summary = (await w.q(`query($id: ID!) { getAnnouncement(id: $id) { action_summary { total acknowledged } } }`, { id: a.id }, w.tokens.mgrX))
      .data!.getAnnouncement.action_summary;
    expect(summary).toEqual({ total: 2, acknowledged: 1 });
    expect(code(await w.q(ACKS, { id: a.id }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await w.q(ACKS, { id: a.id }, w.tokens.mgrY))).toBe('NOT_FOUND');

    // Narrowing the audience to the Toddlers room closes the other family's item; turning it off closes all.
    await w.q(UPDATE, { id: a.id, programs: [w.room1X] }, w.tokens.mgrX);
    expect(await items(w.parent2.token)).toEqual([]);
    await w.q(STATUS, { id: a.id, status: false }, w.tokens.mgrX);
    expect(await db()('action_items').whereNull('closed_at').count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('an overdue item stays pinned and says so', async () => {
    const a = await create({ message: 'Bring diapers', action: true, due: today() });
    await db()('action_items').where({ source_id: a.id }).update({ due_date: addDays(today(), -1) });
    expect((await items(w.tokens.parent)).map((i) => [i.title, i.overdue])).toEqual([['Bring diapers', true]]);
  });
});

describe('alerts and instant SMS', () => {
  it('an alert goes by push, SMS and email to the guardians in the sender’s scope, audited', async () => {
    const r = await w.q(ALERT, { m: 'Early closing at 3 pm (storm).', s: [w.kidX] }, w.tokens.teacher);
    expect(r.errors).toBeUndefined();
    expect(r.data!.sendAlert).toMatchObject({ status: true, recipients: 1, queued: 3, skipped: 0, alert: { sender: w.ids.teacher, alert_student: [w.kidX] } });
    const sent = await db()('outbound_messages').orderBy('channel').select('channel', 'recipient', 'template', 'user_id', 'body_text');
    expect(sent.map((m) => [m.channel, m.recipient, m.template, String(m.user_id)])).toEqual([
      ['email', 'parent@example.test', 'alert', w.ids.parent],
      ['push', 'fcm-token-parent-1', 'alert', w.ids.parent],
      ['sms', '+15552010001', 'alert', w.ids.parent],
    ]);
    expect(sent[0]!.body_text).toContain('Early closing at 3 pm (storm).');
    expect(await db()('audit_log').where({ action: 'alert.send' }).count({ n: '*' })).toEqual([{ n: '1' }]);

    // A room's children's guardians; a person by id.
    const room = await w.q(ALERT, { m: 'Room 2 alert', p: [w.room2X], u: [w.ids.mgrX] }, w.tokens.mgrX);
    expect(room.data!.sendAlert.recipients).toBe(2);
  });

  it('out of scope children, rooms and people → NOT_FOUND naming the field, nothing sent; parents refused', async () => {
    const before = await counts();
    for (const [vars, f] of [
      [{ s: [w.kidY] }, 'alert_student'],
      [{ p: [w.roomY] }, 'alert_program'],
      [{ u: [w.ids.mgrY] }, 'alert_user'],
    ] as const) {
      const r = await w.q(ALERT, { m: 'Hello', ...vars }, w.tokens.teacher);
      expect([code(r), field(r)]).toEqual(['NOT_FOUND', f]);
    }
    // Centre B's staff are nobody on centre A.
    expect(code(await w.q(ALERT, { m: 'Hello', s: [w.kidX] }, b.tokens.mgrX))).toBe('UNAUTHENTICATED');
    const none = await w.q(ALERT, { m: 'Hello' }, w.tokens.teacher);
    expect([code(none), field(none)]).toEqual(['BAD_USER_INPUT', 'alert_user']);
    expect(code(await w.q(ALERT, { m: 'Hello', s: [w.kidX] }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await w.q(SMS, { m: 'Hello', s: [w.kidX] }, w.tokens.parent))).toBe('FORBIDDEN');
    const smsOut = await w.q(SMS, { m: 'Hello', p: [w.roomY] }, w.tokens.teacher);
    expect([code(smsOut), field(smsOut)]).toEqual(['NOT_FOUND', 'programs']);
    expect(await counts()).toEqual(before);
  });

  it('instant SMS to rooms and tags skips unsubscribed numbers', async () => {
    await db()('sms_unsubscribes').insert({ phone: '+15552010002' });
    const [tag] = await db()('tags').insert({ name: 'Field trip' }).returning('id');
    await db()('student_tags').insert({ student_id: w.kidX, tag_id: tag.id });
    const r = await w.q(SMS, { m: 'Bus leaves at 9.', t: [String(tag.id)], p: [w.room2X] }, w.tokens.teacher);
    expect(r.data!.sendInstantSms).toMatchObject({ status: true, recipients: 2, queued: 1, skipped: 1 });
    const sent = await db()('outbound_messages').select('channel', 'recipient', 'body_text');
    expect(sent.map((m) => [m.channel, m.recipient])).toEqual([['sms', '+15552010001']]);
    expect(sent[0]!.body_text).toContain('Bus leaves at 9.');
    const badTag = await w.q(SMS, { m: 'x', t: ['999999'] }, w.tokens.teacher);
    expect([code(badTag), field(badTag)]).toEqual(['NOT_FOUND', 'tags']);
  });
});
