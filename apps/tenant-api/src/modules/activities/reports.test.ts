import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { localParts, zonedInstant } from '@kv/shared';
import { createHarness, seedUser, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';
import { q as query, setupAttendance, type AttendanceSetup } from '../attendance/test-fixtures.ts';
import { runActivityTick, sendDueReports } from './index.ts';

let h: Harness;
let s: AttendanceSetup;
let db: Knex;
let yMum: string;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => query(h, A())(doc, vars, token);
const MEAL = `mutation($st: [ID!]!, $t: String, $so: Boolean) { saveMealActivity(students: $st, type: $t, portion: "all", staffOnly: $so) { activity { id } } }`;
const SEND = `mutation($st: ID!, $to: [ID!]!, $m: String) { sendDailyReport(student: $st, receivers: $to, emailData: $m) { status message } }`;
const mails = (to?: string) => {
  const base = db('outbound_messages').whereIn('template', ['activity-report', 'activity-report-note']);
  if (to) base.where({ recipient: to });
  return base.orderBy('id').select('recipient', 'subject', 'body_text');
};

beforeAll(async () => {
  h = await createHarness();
  s = await setupAttendance(h, A());
  db = A().db.db;
  // Y is in another time zone; both locations mail parents at 17:00 local.
  await db('locations').where({ id: s.Y }).update({ timezone: 'Asia/Tokyo' });
  for (const [l, token] of [
    [s.X, s.tokens.mgrX],
    [s.Y, s.tokens.mgrY],
  ] as const) {
    const r = await q(
      'mutation($l: ID!) { saveLocationNotificationSettings(location_id: $l, send_parent_activity_report: true, send_parent_activity_report_time: "17:00") { status } }',
      { l },
      token,
    );
    expect(r.body).not.toContain('"errors"');
  }
  yMum = await seedUser(A(), { username: 'ymum', role: 'user', email: 'ymum@example.test' });
  await db('student_users').insert({ student_id: s.kids.yKid, user_id: yMum, relation: 'mother' });
  await q(MEAL, { st: [s.kids.ana, s.kids.ben], t: 'lunch' }, s.tokens.teacher);
  await q(MEAL, { st: [s.kids.ana], t: 'supper', so: true }, s.tokens.teacher);
  await q(MEAL, { st: [s.kids.yKid], t: 'lunch' }, s.tokens.mgrY);
});
afterAll(() => h?.close());

describe('sendDailyReport', () => {
  it('mails the child’s day to its guardians and staff only, without staff-only entries', async () => {
    const before = (await mails()).length;
    const other = await q(SEND, { st: s.kids.ana, to: [s.family.mum, s.ids.parent] }, s.tokens.teacher);
    expect([code(other), field(other), other.errors?.[0]?.extensions?.user_id]).toEqual(['BAD_USER_INPUT', 'receivers', s.ids.parent]);
    expect(code(await q(SEND, { st: s.kids.ana, to: [yMum] }, s.tokens.teacher))).toBe('BAD_USER_INPUT');
    expect(code(await q(SEND, { st: s.kids.yKid, to: [yMum] }, s.tokens.teacher))).toBe('NOT_FOUND');
    expect(code(await q(SEND, { st: s.kids.ana, to: [s.family.mum] }, s.family.mumToken))).toBe('FORBIDDEN');
    expect((await mails()).length).toBe(before);
    const ok = await q(SEND, { st: s.kids.ana, to: [s.family.mum], m: 'A lovely day.' }, s.tokens.teacher);
    expect(ok.data?.sendDailyReport.status).toBe(true);
    const [mail] = await mails('mum@example.test');
    expect(mail!.body_text).toContain('Lunch');
    expect(mail!.body_text).toContain('A lovely day.');
    expect(mail!.body_text).not.toContain('Supper');
    await db('outbound_messages').whereIn('template', ['activity-report', 'activity-report-note']).del();
  });
});

describe('the scheduled report', () => {
  it('goes once per guardian and day, at 17:00 in each location’s zone; a rerun sends none', async () => {
    const centreId = A().entry.id;
    const xDay = localParts(new Date(), 'America/Chicago').date;
    const yDay = localParts(new Date(), 'Asia/Tokyo').date;
    const xAt = (t: string) => zonedInstant(xDay, t, 'America/Chicago');
    const yAt = (t: string) => zonedInstant(yDay, t, 'Asia/Tokyo');

    expect(await sendDueReports(db, centreId, xAt('16:55'))).toBe(0);
    // 17:05 in Chicago: X's guardians (mum and dad, one mail each for Ana and Ben); Tokyo is the next morning.
    expect(await sendDueReports(db, centreId, xAt('17:05'))).toBe(2);
    const mum = await mails('mum@example.test');
    expect(mum).toHaveLength(1);
    expect(mum[0]!.subject).toContain('Ana and Ben');
    expect(mum[0]!.body_text).not.toContain('Supper');
    expect(await mails('dad@example.test')).toHaveLength(1);
    expect(await mails('ymum@example.test')).toHaveLength(0);
    expect(await sendDueReports(db, centreId, xAt('17:20'))).toBe(0);
    // The tick runs it too (and schedules its next run): nothing more to send.
    const tick = await runActivityTick({ data: { centreId }, log: () => undefined }, { dbFor: async () => db }, xAt('18:00'));
    expect(tick.reports).toBe(0);
    expect(await db('outbox').where('dedupe_key', 'like', `activity-tick:${centreId}:%`)).not.toHaveLength(0);

    // 17:05 in Tokyo: Y's guardian only.
    expect(await sendDueReports(db, centreId, yAt('17:05'))).toBe(1);
    expect(await mails('ymum@example.test')).toHaveLength(1);
    expect(await sendDueReports(db, centreId, yAt('19:00'))).toBe(0);
    expect((await mails()).length).toBe(3);
    expect(await db('activity_report_sends').where({ kind: 'scheduled' })).toHaveLength(3);
  });
});
