import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createHarness, type Harness } from '../../test/harness.ts';
import { countQueries } from '../students/test-fixtures.ts';
import { saveStudentCheckInOut } from './service/checkin.ts';
import { contextFor, poolFor, q as query, setupAttendance, type AttendanceSetup } from './test-fixtures.ts';

/**
 * The common request — one child, an explicit action, a client request id — runs as one statement
 * (service/checkin-run.ts `runOne`); these tests hold its statement count and its guarantees.
 */
let h: Harness;
let s: AttendanceSetup;
let pool: Knex;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => query(h, A())(doc, vars, token);

const SAVE = `mutation($students: [ID!]!, $action: CheckInAction, $request_id: String, $program_id: ID) {
  saveStudentCheckInOut(students: $students, action: $action, request_id: $request_id, program_id: $program_id) {
    status type program_status results { student_id type replayed status attendance { id end_time program_id } }
  }
}`;

const records = (studentId: string) => A().db.db('attendances').where({ student_id: studentId }).whereNull('deleted_at').orderBy('id');
const request = (key: string) => A().db.db('attendance_requests').where({ key }).first('record_id', 'type');
const audits = (recordId: string) => A().db.db('audit_log').where({ entity: 'attendance', entity_id: recordId }).orderBy('id');
const auditCount = async () => Number((await A().db.db('audit_log').count({ n: '*' }))[0]!.n);
const reset = async () => {
  await A().db.db('attendances').del();
  await A().db.db('attendance_requests').del();
  await A().db.db('room_ratios').del();
  await A().db.db('room_ratio_states').del();
  await A().db.db('domain_events').del();
};
const save = (vars: Record<string, unknown>, token = s.tokens.mgrX) =>
  q(SAVE, vars, token).then((r) => r.data?.saveStudentCheckInOut.results[0] as Record<string, unknown> & { attendance: { id: string } });

/** Waits until a statement of the centre's database waits on a lock (the request under test). */
async function untilBlocked() {
  for (let i = 0; i < 200; i++) {
    const { rows } = await A().db.db.raw(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0].n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the request never waited on the lock');
}

beforeAll(async () => {
  h = await createHarness();
  s = await setupAttendance(h, A());
  pool = poolFor(A(), 5);
});
afterAll(async () => {
  await pool?.destroy();
  await h?.close();
});

describe('one child, explicit action, request id: one statement', () => {
  it('a manager’s check-in and check-out each cost 2 statements (the viewer, then one statement that reads and writes) in a room without a ratio', async () => {
    await reset();
    const key = 'count-in-0001';
    let r: Awaited<ReturnType<typeof save>> | undefined;
    const checkIn = await countQueries(h, A(), async () => {
      r = await save({ students: [s.kids.ana], action: 'check_in', request_id: key });
    });
    expect(r).toMatchObject({ type: 'check_in', status: true, replayed: false });
    expect(checkIn).toBeLessThanOrEqual(2);
    const id = r!.attendance.id;
    // the guarantees of the transaction: the key's answer and the audit row, with the record
    expect(await request(`r:${s.ids.mgrX}:${key}:${s.kids.ana}`)).toEqual({ record_id: id, type: 'check_in' });
    expect((await audits(id)).map((a) => a.action)).toEqual(['attendance.check_in']);

    const checkOut = await countQueries(h, A(), async () => {
      r = await save({ students: [s.kids.ana], action: 'check_out', request_id: 'count-out-0001' });
    });
    expect(r).toMatchObject({ type: 'check_out', status: true, replayed: false });
    expect(r!.attendance.id).toBe(id);
    expect(checkOut).toBeLessThanOrEqual(2);
    expect((await audits(id)).map((a) => a.action)).toEqual(['attendance.check_in', 'attendance.check_out']);
    // and each statement wrote its domain event
    expect(await A().db.db('domain_events').orderBy('id').select('name', 'payload')).toEqual([
      { name: 'attendance.checked_in', payload: { centreId: A().entry.id, attendanceIds: [String(id)] } },
      { name: 'attendance.checked_out', payload: { centreId: A().entry.id, attendanceIds: [String(id)] } },
    ]);
  });

  it('a room with a ratio is re-counted after the commit (one more read) and answers its status', async () => {
    await reset();
    await q('mutation($p: ID!) { saveRoomRatio(program_id: $p, children: 1) { status } }', { p: s.rooms.toddlers }, s.tokens.mgrX);
    let body: { program_status?: string } | undefined;
    const n = await countQueries(h, A(), async () => {
      body = (await q(SAVE, { students: [s.kids.ana], action: 'check_in', request_id: 'ratio-in-0001' }, s.tokens.mgrX)).data
        ?.saveStudentCheckInOut;
    });
    // no staff clocked in: one child is out of ratio, recorded and alerted in its own transaction
    expect(body?.program_status).toBe('out_of_ratio');
    expect(n).toBeGreaterThan(2);
    expect((await A().db.db('room_ratio_states').where({ program_id: s.rooms.toddlers }).first('status'))?.status).toBe('out_of_ratio');
  });

  it('answers from the records: already in, already out, never in; a repeated key replays, even after a check-out', async () => {
    await reset();
    const first = await save({ students: [s.kids.ben], action: 'check_in', request_id: 'tap-in-0001' });
    expect(first).toMatchObject({ type: 'check_in', replayed: false });
    // another device: already in, its key records the open record
    expect(await save({ students: [s.kids.ben], action: 'check_in', request_id: 'tap-in-0002' })).toMatchObject({
      type: 'check_in',
      replayed: true,
      attendance: { id: first.attendance.id },
    });
    expect(await request(`r:${s.ids.mgrX}:tap-in-0002:${s.kids.ben}`)).toEqual({ record_id: first.attendance.id, type: 'check_in' });
    expect(await save({ students: [s.kids.ben], action: 'check_out', request_id: 'tap-out-0001' })).toMatchObject({
      type: 'check_out',
      replayed: false,
    });
    expect(await save({ students: [s.kids.ben], action: 'check_out', request_id: 'tap-out-0002' })).toMatchObject({
      type: 'check_out',
      replayed: true,
      attendance: { id: first.attendance.id },
    });
    // the network retries the first tap after the check-out: same answer, no new record
    expect(await save({ students: [s.kids.ben], action: 'check_in', request_id: 'tap-in-0001' })).toMatchObject({
      type: 'check_in',
      replayed: true,
      attendance: { id: first.attendance.id },
    });
    expect(await records(s.kids.ben)).toHaveLength(1);
    expect(await save({ students: [s.kids.ana], action: 'check_out', request_id: 'never-out-0001' })).toMatchObject({
      type: 'not_checked_in',
      status: false,
    });
    expect(await request(`r:${s.ids.mgrX}:never-out-0001:${s.kids.ana}`)).toEqual({ record_id: null, type: 'not_checked_in' });
    // one audit row per recorded change, none for the answers from the records
    expect((await audits(first.attendance.id)).map((a) => a.action)).toEqual(['attendance.check_in', 'attendance.check_out']);
  });

  it('20 concurrent identical requests (one key) leave one record, and every answer names it', async () => {
    await reset();
    const ctx = () => contextFor(h, A(), pool, s.ids.mgrX, ['manager']);
    const rs = await Promise.all(
      Array.from({ length: 20 }, () =>
        saveStudentCheckInOut(ctx(), { students: [s.kids.ana], action: 'check_in', request_id: 'same-key-0001' }),
      ),
    );
    const [rec] = await records(s.kids.ana);
    expect(await records(s.kids.ana)).toHaveLength(1);
    expect(rs.filter((r) => !r.results[0]!.replayed)).toHaveLength(1);
    expect(new Set(rs.map((r) => String(r.results[0]!.attendance?.id)))).toEqual(new Set([String(rec.id)]));
    expect(await audits(String(rec.id))).toHaveLength(1);
  });

  it('a check-in racing another device’s gives way: nothing of its own is kept, and its key names the other record', async () => {
    await reset();
    const audited = await auditCount();
    const trx = await A().db.db.transaction();
    const [other] = await trx('attendances')
      .insert({
        student_id: s.kids.ana,
        location_id: s.X,
        program_id: s.rooms.toddlers,
        date: new Date().toISOString().slice(0, 10),
        start_time: new Date(),
        check_in_method: 'staff',
      })
      .returning('id');
    const pending = saveStudentCheckInOut(contextFor(h, A(), pool, s.ids.mgrX, ['manager']), {
      students: [s.kids.ana],
      action: 'check_in',
      request_id: 'race-in-0001',
    });
    await untilBlocked();
    await trx.commit();
    const r = await pending;
    expect(r.results[0]).toMatchObject({ type: 'check_in', replayed: true, status: true });
    expect(String(r.results[0]!.attendance?.id)).toBe(String(other.id));
    expect(await records(s.kids.ana)).toHaveLength(1);
    expect(await request(`r:${s.ids.mgrX}:race-in-0001:${s.kids.ana}`)).toEqual({ record_id: String(other.id), type: 'check_in' });
    expect(await auditCount()).toBe(audited);
  });

  it('a check-out racing another device’s gives way and answers with the record the other closed', async () => {
    await reset();
    const open = await save({ students: [s.kids.ben], action: 'check_in', request_id: 'race-in-0002' });
    const trx = await A().db.db.transaction();
    await trx('attendances').where({ id: open.attendance.id }).update({ end_time: new Date(), check_out_method: 'staff' });
    const pending = saveStudentCheckInOut(contextFor(h, A(), pool, s.ids.mgrX, ['manager']), {
      students: [s.kids.ben],
      action: 'check_out',
      request_id: 'race-out-0001',
    });
    await untilBlocked();
    await trx.commit();
    const r = await pending;
    expect(r.results[0]).toMatchObject({ type: 'check_out', replayed: true, status: true });
    expect(String(r.results[0]!.attendance?.id)).toBe(open.attendance.id);
    expect(await request(`r:${s.ids.mgrX}:race-out-0001:${s.kids.ben}`)).toEqual({ record_id: open.attendance.id, type: 'check_out' });
    expect((await audits(open.attendance.id)).map((a) => a.action)).toEqual(['attendance.check_in']);
  });

  it('with parents’ messages on, the statement still answers alone: its event’s handler queues them', async () => {
    await reset();
    await A().db.db('outbound_messages').del();
    await q(
      'mutation($l: ID!) { saveCheckInSettings(location_id: $l, check_in_parent_alert: { email: true, sms: false, app: false }) { status } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    try {
      const kicks = h.eventKicks.length;
      let r: Awaited<ReturnType<typeof save>> | undefined;
      const n = await countQueries(h, A(), async () => {
        r = await save({ students: [s.kids.ana], action: 'check_in', request_id: 'alerts-0001' });
      });
      expect(r).toMatchObject({ type: 'check_in', replayed: false });
      expect(n).toBeLessThanOrEqual(2);
      expect(h.eventKicks.length).toBe(kicks + 1);
      expect(await A().db.db('domain_events').pluck('name')).toEqual(['attendance.checked_in']);
      expect(await h.deliverEvents()).toBe(1);
      const sent = await A().db.db('outbound_messages').where({ template: 'attendance-check-in' }).pluck('recipient');
      expect(sent.sort()).toEqual(['dad@example.test', 'mum@example.test']);
      expect(await request(`r:${s.ids.mgrX}:alerts-0001:${s.kids.ana}`)).toMatchObject({ type: 'check_in' });
      // A replay writes no second event, and no second message.
      expect(await save({ students: [s.kids.ana], action: 'check_in', request_id: 'alerts-0001' })).toMatchObject({ replayed: true });
      expect(await h.deliverEvents()).toBe(0);
      expect(await A().db.db('outbound_messages').where({ template: 'attendance-check-in' }).count({ n: '*' })).toEqual([{ n: '2' }]);
    } finally {
      await q(
        'mutation($l: ID!) { saveCheckInSettings(location_id: $l, check_in_parent_alert: { email: false, sms: false, app: false }) { status } }',
        { l: s.X },
        s.tokens.mgrX,
      );
    }
  });

  it('a parent’s explicit action is checked first (one read), then written by the one statement', async () => {
    await reset();
    let r: Awaited<ReturnType<typeof save>> | undefined;
    const n = await countQueries(h, A(), async () => {
      r = await save({ students: [s.kids.ben], action: 'check_in', request_id: 'parent-in-0001' }, s.family.mumToken);
    });
    expect(r).toMatchObject({ type: 'check_in', replayed: false });
    expect(n).toBeLessThanOrEqual(3);
    const [rec] = await records(s.kids.ben);
    expect(rec).toMatchObject({ check_in_method: 'phone', checkedin_by: s.family.mum, checkedin_recorded_by: s.family.mum });
    expect((await audits(String(rec.id))).map((a) => a.data)).toEqual([{ name: 'Ben Kid', method: 'phone', by: s.family.mum }]);
  });

  it('a migration that changes what the statement returns leaves check-ins working (its prepared statement is renewed)', async () => {
    await reset();
    const tap = (i: number) => save({ students: [s.kids.ana], action: i % 2 ? 'check_out' : 'check_in', request_id: `migrate-${i}-0001` });
    for (let i = 0; i < 6; i++) expect(await tap(i)).toMatchObject({ replayed: false });
    const { rows } = await A().db.db.raw(
      `select format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = 'locations'::regclass and attname = 'timezone'`,
    );
    await A().db.db.raw(`alter table locations alter column timezone type text`);
    try {
      for (let i = 6; i < 12; i++) expect(await tap(i)).toMatchObject({ replayed: false });
    } finally {
      await A().db.db.raw(`alter table locations alter column timezone type ${rows[0].type as string}`);
    }
  });

  it('keeps the rights: another location’s manager, a teacher elsewhere and a room of another location are refused', async () => {
    await reset();
    const codeOf = (r: { body: string }) =>
      (JSON.parse(r.body) as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code;
    expect(codeOf(await q(SAVE, { students: [s.kids.ana], action: 'check_in', request_id: 'rights-0001' }, s.tokens.mgrY))).toBe(
      'NOT_FOUND',
    );
    expect(codeOf(await q(SAVE, { students: [s.kids.yKid], action: 'check_in', request_id: 'rights-0002' }, s.tokens.teacher))).toBe(
      'NOT_FOUND',
    );
    const room = await q(
      SAVE,
      { students: [s.kids.ana], action: 'check_in', request_id: 'rights-0003', program_id: s.rooms.yRoom },
      s.tokens.mgrX,
    );
    expect(codeOf(room)).toBe('NOT_FOUND');
    const moved = await save({ students: [s.kids.ana], action: 'check_in', request_id: 'rights-0004', program_id: s.rooms.infants });
    expect(moved).toMatchObject({ type: 'check_in', replayed: false, attendance: { program_id: s.rooms.infants } });
    const keys = await A().db.db('attendance_requests').where('key', 'like', '%:rights-%').pluck('key');
    expect(keys).toEqual([`r:${s.ids.mgrX}:rights-0004:${s.kids.ana}`]);
  });
});
