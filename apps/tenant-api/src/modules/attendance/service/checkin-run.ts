import type { Knex } from 'knex';
import type { RequestContext } from '../../../types.ts';
import * as rows from '../repo/checkin.ts';
import { oneAction, type OneOutcome } from '../repo/checkin-one.ts';
import { readSql, type CheckInRead, type KnownRooms, type ReadRights } from '../repo/checkin-read.ts';
import type { CheckInSettingsRow } from '../repo/settings.ts';
import type { CheckInStudentRow } from '../repo/children.ts';
import { badTime } from '../errors.ts';
import { notifyFailedScreens } from './checkin-notify.ts';
import { envOf } from './notify.ts';
import { inTransaction } from '../../../core/tx.ts';
import { emitCheckIns } from './parent-alerts.ts';
import { recordScreen, type ScreenResult } from '../../health/index.ts';
import { liveRatios, refreshRoomRatios, type RatioStatus, type RoomRatio } from '../../ratios/index.ts';

/** A toggle arriving this close to the opposite action is a double tap, not a new action. */
export const DOUBLE_TAP_MS = 60_000;

/**
 * Either side of the other action: of two taps in flight at once, the one stamped earlier can
 * commit later and find the other's record starting after its own instant.
 */
export const isDoubleTap = (at: Date, other: Date) => Math.abs(at.getTime() - other.getTime()) < DOUBLE_TAP_MS;

type Action = 'check_in' | 'check_out';

export interface CheckInItem {
  student_id: string;
  student: CheckInStudentRow;
  status: boolean;
  type: string;
  program_status: RatioStatus;
  message: string;
  replayed: boolean;
  attendance: rows.AttendanceRow | null;
}

/** Everything saveStudentCheckInOut decided before its transaction. */
export interface Plan {
  ctx: RequestContext;
  args: { action?: Action | null; program_id?: string | null; signature?: string | null };
  students: CheckInStudentRow[];
  locationId: string;
  locationName: string;
  settings: CheckInSettingsRow;
  method: string;
  actionBy: string;
  at: Date;
  date: string;
  time: string;
  screens: Map<string, ScreenResult>;
  questions: boolean;
  /** The replay key's prefix, from the client's request_id; null without one. */
  keyBase: string | null;
  /** The location's rooms as far as ratios go, read before the transaction. */
  rooms: KnownRooms;
  /** The caller's rights, as the read checks them. */
  rights: ReadRights;
}

const RANK: Record<RatioStatus, number> = { not_set: 0, ok: 1, warning: 2, out_of_ratio: 3 };
const fullName = (s: { fname: string; lname: string }) => `${s.fname} ${s.lname}`.trim();

const item = (
  s: CheckInStudentRow,
  type: string,
  attendance: rows.AttendanceRow | null | undefined,
  status = true,
  replayed = false,
): CheckInItem => ({
  student_id: s.id,
  student: s,
  status,
  type,
  program_status: 'not_set',
  message: '',
  replayed,
  attendance: attendance ?? null,
});

/** Whether the request is one child's explicit action that `runOne` can do in one statement. */
export const oneStatement = (p: Plan) =>
  p.students.length === 1 && Boolean(p.args.action) && !p.args.signature && !(p.args.action === 'check_in' && p.questions);

/** One child's explicit action, for `runOne`. */
export interface OneRequest {
  ctx: RequestContext;
  type: Action;
  studentId: string;
  keyBase: string | null;
  rights: ReadRights;
  programId: string | null;
  /** null: today at the location. */
  date: string | null;
  at: Date;
  actionBy: string;
  method: string;
}

/**
 * The common request, one child's explicit check-in or check-out without a signature or health
 * screen, in one statement and no transaction (see ../repo/checkin-one.ts): the statement also
 * reads the child, the location and the caller's rights (`read`), and writes the domain event
 * whose handler tells the parents (parent-alerts.ts). `outcome` is null when the statement gave
 * way, having written nothing: the general path runs instead.
 */
export async function runOne(r: OneRequest): Promise<{ read: CheckInRead | null; outcome: OneOutcome | null }> {
  const viewer = r.ctx.viewer!;
  const done = await oneAction(r.ctx.db, {
    type: r.type,
    centreId: r.ctx.tenant.id,
    read: readSql([r.studentId], r.rights, r.programId),
    studentId: r.studentId,
    key: r.keyBase === null ? null : `${r.keyBase}:${r.studentId}`,
    programId: r.programId,
    date: r.date,
    at: r.at,
    by: r.actionBy,
    recordedBy: viewer.id,
    method: r.method,
    audit: {
      actorUserId: viewer.id,
      supportSessionId: viewer.support?.sessionId ?? null,
      actorLabel: viewer.support?.operator ?? null,
      ip: r.ctx.ip ?? null,
    },
  });
  if (done.outcome?.outcome === 'done') r.ctx.deps.events.kick(r.ctx.tenant.id, r.ctx.db);
  return done;
}

/** The answer of `runOne`, as the general path gives it. */
export function oneItems(
  s: CheckInStudentRow,
  type: Action,
  done: OneOutcome,
): { items: CheckInItem[]; changed: { row: rows.AttendanceRow; type: Action }[] } {
  if (done.outcome === 'done') return { items: [item(s, type, done.row)], changed: [{ row: done.row, type }] };
  if (done.outcome === 'already') return { items: [item(s, type, done.row, true, true)], changed: [] };
  return { items: [item(s, 'not_checked_in', null, false)], changed: [] };
}

/** The transaction of a check-in request (see saveStudentCheckInOut). */
export async function run(trx: Knex.Transaction, p: Plan) {
  const viewerId = p.ctx.viewer!.id;
  const signatureId = p.args.signature ? await rows.insertSignature(trx, p.args.signature, p.actionBy) : null;
  const items: CheckInItem[] = [];
  const changed: { row: rows.AttendanceRow; type: Action }[] = [];
  const failed: { student: CheckInStudentRow; screen: ScreenResult }[] = [];
  for (const s of p.students) {
    const key = p.keyBase === null ? null : `${p.keyBase}:${s.id}`;
    if (key !== null && !(await rows.claimRequest(trx, key, 'child'))) {
      const req = await rows.findRequest(trx, key);
      const [rec] =
        req?.record_id && (req.type === 'check_in' || req.type === 'check_out') ? await rows.findAttendances(trx, [req.record_id]) : [];
      items.push(item(s, req?.type ?? 'check_in', rec, req?.type === 'check_in' || req?.type === 'check_out', true));
      continue;
    }
    // An explicit check-in needs no look first: the insert on the one-open-record index answers
    // whether the child is in already (a health screen, though, is recorded before the insert).
    const insertFirst = p.args.action === 'check_in' && !p.questions;
    const open = insertFirst ? undefined : await rows.openAttendance(trx, s.id, true);
    let action: Action = p.args.action ?? (open ? 'check_out' : 'check_in');
    if (!p.args.action) {
      if (open && isDoubleTap(p.at, open.start_time)) action = 'check_in';
      if (!open) {
        const last = await rows.latestAttendance(trx, s.id);
        if (last?.end_time && isDoubleTap(p.at, last.end_time)) {
          await rows.completeRequest(trx, key, last.id, 'check_out');
          items.push(item(s, 'check_out', last, true, true));
          continue;
        }
      }
    }

    if (action === 'check_in') {
      if (open) {
        await rows.completeRequest(trx, key, open.id, 'check_in');
        items.push(item(s, 'check_in', open, true, true));
        continue;
      }
      let screenId: string | null = null;
      if (p.questions) {
        const screen = p.screens.get(s.id);
        if (!screen) {
          await rows.completeRequest(trx, key, null, 'health_screen_required');
          items.push(item(s, 'health_screen_required', null, false));
          continue;
        }
        screenId = await recordScreen(trx, {
          student_id: s.id,
          location_id: p.locationId,
          date: p.date,
          answers: screen.answers,
          passed: screen.passed,
          screened_by: p.actionBy,
          recorded_by: viewerId,
        });
        if (!screen.passed) {
          await rows.completeRequest(trx, key, screenId, 'health_screen_failed');
          failed.push({ student: s, screen });
          items.push(item(s, 'health_screen_failed', null, false));
          continue;
        }
      }
      const created = await rows.insertAttendance(trx, {
        student_id: s.id,
        location_id: p.locationId,
        program_id: p.args.program_id ?? s.program_id,
        date: p.date,
        start_time: p.at,
        checkedin_by: p.actionBy,
        checkedin_recorded_by: viewerId,
        checkedin_signature_id: signatureId,
        check_in_method: p.method,
        health_screen_id: screenId,
      });
      if (!created) {
        // Another device checked the child in meanwhile: one record, and this request reports it.
        const current = await rows.openAttendance(trx, s.id);
        await rows.completeRequest(trx, key, current?.id ?? null, 'check_in');
        items.push(item(s, 'check_in', current, true, true));
        continue;
      }
      await rows.completeRequest(trx, key, created.id, 'check_in');
      changed.push({ row: created, type: 'check_in' });
      items.push(item(s, 'check_in', created));
    } else {
      if (!open) {
        const last = await rows.latestAttendance(trx, s.id);
        await rows.completeRequest(trx, key, last?.id ?? null, last?.end_time ? 'check_out' : 'not_checked_in');
        items.push(last?.end_time ? item(s, 'check_out', last, true, true) : item(s, 'not_checked_in', null, false));
        continue;
      }
      if (p.at < open.start_time) throw badTime('time', 'The check-out time is before the check-in time.');
      const closed = await rows.closeAttendance(trx, open.id, {
        end_time: p.at,
        checkedout_by: p.actionBy,
        checkedout_recorded_by: viewerId,
        checkedout_signature_id: signatureId,
        check_out_method: p.method,
      });
      if (!closed) {
        const last = await rows.latestAttendance(trx, s.id);
        await rows.completeRequest(trx, key, last?.id ?? null, 'check_out');
        items.push(item(s, 'check_out', last, true, true));
        continue;
      }
      await rows.completeRequest(trx, key, closed.id, 'check_out');
      changed.push({ row: closed, type: 'check_out' });
      items.push(item(s, 'check_out', closed));
    }
  }

  await emitCheckIns(trx, p.ctx.tenant.id, changed);
  await notifyFailedScreens(trx, envOf(p.ctx), p, failed);
  await rows.insertAuditRows(
    trx,
    [
      ...changed.map((c) => ({
        action: `attendance.${c.type}`,
        entity: 'attendance',
        entity_id: String(c.row.id),
        location_id: p.locationId,
        data: { name: fullName(p.students.find((s) => s.id === String(c.row.student_id))!), method: p.method, by: p.actionBy },
      })),
      ...failed.map((f) => ({
        action: 'attendance.health_screen_failed',
        entity: 'student',
        entity_id: f.student.id,
        location_id: p.locationId,
        data: { name: fullName(f.student) },
      })),
    ].map((r) => ({
      ...r,
      actor_user_id: viewerId,
      support_session_id: p.ctx.viewer!.support?.sessionId ?? null,
      actor_label: p.ctx.viewer!.support?.operator ?? null,
      ip: p.ctx.ip,
    })),
  );
  return { items, changed };
}

/**
 * After the check-in committed: every room of the request is counted once, without a lock, and
 * each item gets its room's status and its message. Only a room the check-in changed whose status
 * is no longer the recorded one is re-counted under its ratio lock, which records it and tells the
 * team once through that short transaction's outbox. Kept out of the check-in's own transaction,
 * so check-ins of one room never queue behind each other's recount. Should this step fail (or the
 * process die here), the check-in stands and the five-minute attendance tick re-checks every room
 * with a ratio (see ../jobs.ts).
 */
export async function rateRooms(
  p: Plan,
  items: CheckInItem[],
  changed: { row: rows.AttendanceRow; type: Action }[],
  log: (err: unknown) => void,
): Promise<Map<string, RoomRatio>> {
  const programOf = (i: CheckInItem) => i.attendance?.program_id ?? i.student.program_id;
  // A room of the location known to have no ratio (and none recorded) is `not_set`: nothing to read.
  const unrated = (id: string) => p.rooms.all.has(id) && !p.rooms.rated.has(id);
  const programs = [...new Set([...changed.map((c) => c.row.program_id), ...items.map(programOf)].filter(Boolean).map(String))].filter(
    (id) => !unrated(id),
  );
  const { ratios, moved } = await liveRatios(p.ctx.db, programs);
  const changedPrograms = new Set(changed.map((c) => String(c.row.program_id)));
  const recount = moved.filter((id) => changedPrograms.has(id));
  if (recount.length) {
    try {
      const fresh = await inTransaction(p.ctx, (trx) => refreshRoomRatios(trx, envOf(p.ctx), recount));
      for (const [id, room] of fresh) ratios.set(id, room);
    } catch (err) {
      log(err);
    }
  }
  for (const i of items) {
    const prog = programOf(i);
    i.program_status = (prog && ratios.get(String(prog))?.status) || 'not_set';
    i.message = messageOf(i);
  }
  return ratios;
}

function messageOf(i: CheckInItem): string {
  const name = i.student.fname;
  switch (i.type) {
    case 'check_in':
      return i.replayed ? `${name} is already checked in.` : `${name} is checked in.`;
    case 'check_out':
      return i.replayed ? `${name} is already checked out.` : `${name} is checked out.`;
    case 'health_screen_failed':
      return `${name} did not pass the health screen and cannot be checked in. A manager has been told.`;
    case 'health_screen_required':
      return `Answer the health questions for ${name} first.`;
    default:
      return `${name} is not checked in.`;
  }
}

/** The request's answer: `status`, `type` and `program_status` (spec §4) plus one entry per child. */
export function summarise(items: CheckInItem[]) {
  const ok = items.every((i) => i.status);
  const anyOk = items.some((i) => i.status);
  const types = new Set(items.map((i) => i.type));
  const worst = items.reduce<RatioStatus>((w, i) => (RANK[i.program_status] > RANK[w] ? i.program_status : w), 'not_set');
  return {
    status: ok,
    message: items.map((i) => i.message).join(' '),
    color: ok ? 'success' : anyOk ? 'warning' : 'danger',
    type: types.size === 1 ? [...types][0]! : 'mixed',
    program_status: worst,
    results: items,
  };
}
