import type { Knex } from 'knex';
import { badInput } from '@kv/server';
import * as repo from '../repo/records.ts';
import { badTime, clockedInElsewhere, notClockedIn, notOnBreak, onBreak, staffRecordNotFound } from '../errors.ts';
import { claimRequest, completeRequest, findRequest, isDoubleTap } from '../../attendance/index.ts';

export const TEAM_ACTIONS = ['check_in', 'check_out', 'break_start', 'break_end', 'move'] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

export interface Punch {
  member: { id: string; fname: string; lname: string };
  locationId: string;
  /** The room to clock into (check_in) or move to (move). */
  programId: string | null;
  /** null: toggle in ↔ out. */
  action: TeamAction | null;
  at: Date;
  date: string;
  /** The account that records the punch (the member on the time clock page). */
  by: string;
  /** web, kiosk or timeclock */
  method: string;
  /** Idempotency key of this punch (from the client's request_id); null without one. */
  key: string | null;
  /** Minutes of break to add at check-out (entered by hand). */
  breakMinutes: number | null;
  /** Act on this record instead of the member's open one (managers). */
  recordId?: string | null;
}

export interface PunchOutcome {
  user_id: string;
  member: Punch['member'];
  status: boolean;
  type: string;
  replayed: boolean;
  message: string;
  record: repo.StaffRecordRow | null;
  /** Rooms whose staff count changed. */
  programs: string[];
}

const done = (
  p: Punch,
  type: string,
  record: repo.StaffRecordRow | null | undefined,
  message: string,
  extra: Partial<PunchOutcome> = {},
): PunchOutcome => ({
  user_id: p.member.id,
  member: p.member,
  status: true,
  type,
  replayed: false,
  message,
  record: record ?? null,
  programs: [],
  ...extra,
});

/**
 * One punch of one person, inside the caller's transaction. The same guarantees as a child's
 * check-in: a claimed idempotency key (a repeat answers the first result), the open segment
 * locked, and a unique "one open segment per person" index under the insert, so a double tap or
 * two devices leave one record. A room move closes the segment and opens the next at the same
 * instant; a check-out ends an open break first.
 */
export async function punch(trx: Knex.Transaction, p: Punch): Promise<PunchOutcome> {
  const name = p.member.fname;
  if (p.key !== null && !(await claimRequest(trx, p.key, 'staff'))) {
    const req = await findRequest(trx, p.key);
    const [rec] = req?.record_id ? await repo.findStaffRecords(trx, [req.record_id]) : [];
    return done(p, req?.type ?? 'check_in', rec, 'Already saved.', { replayed: true, status: !String(req?.type).startsWith('not_') });
  }
  let open: repo.StaffRecordRow | undefined;
  if (p.recordId) {
    open = await repo.lockStaffRecord(trx, p.recordId);
    if (!open || String(open.user_id) !== p.member.id) throw staffRecordNotFound();
    if (open.end_time) open = undefined;
  } else open = await repo.openStaffRecord(trx, p.member.id, true);

  let action: TeamAction = p.action ?? (open ? 'check_out' : 'check_in');
  if (!p.action && open && isDoubleTap(p.at, open.start_time)) action = 'check_in';
  if (!p.action && !open) {
    const last = await repo.latestStaffRecord(trx, p.member.id);
    if (last?.end_time && isDoubleTap(p.at, last.end_time)) {
      await completeRequest(trx, p.key, last.id, 'check_out');
      return done(p, 'check_out', last, `${name} is already clocked out.`, { replayed: true });
    }
  }
  const finish = async (o: PunchOutcome) => {
    await completeRequest(trx, p.key, o.record?.id ?? null, o.type);
    return o;
  };

  switch (action) {
    case 'check_in': {
      if (open) {
        if (String(open.location_id) !== p.locationId) throw clockedInElsewhere(name);
        return finish(done(p, 'check_in', open, `${name} is already clocked in.`, { replayed: true }));
      }
      const row = await repo.insertStaffRecord(trx, {
        user_id: p.member.id,
        location_id: p.locationId,
        program_id: p.programId,
        date: p.date,
        start_time: p.at,
        checkedin_by: p.by,
        check_in_method: p.method,
      });
      if (!row) {
        const current = await repo.openStaffRecord(trx, p.member.id);
        return finish(done(p, 'check_in', current, `${name} is already clocked in.`, { replayed: true }));
      }
      return finish(done(p, 'check_in', row, `${name} is clocked in.`, { programs: row.program_id ? [String(row.program_id)] : [] }));
    }
    case 'check_out': {
      if (!open) {
        const last = await repo.latestStaffRecord(trx, p.member.id);
        if (last?.end_time) return finish(done(p, 'check_out', last, `${name} is already clocked out.`, { replayed: true }));
        return finish(done(p, 'not_clocked_in', null, `${name} is not clocked in.`, { status: false }));
      }
      if (p.at < open.start_time) throw badTime('time', 'The clock-out is before the clock-in.');
      await repo.endBreak(trx, open.id, p.at);
      if (p.breakMinutes) await repo.addBreakMinutes(trx, open.id, p.breakMinutes);
      const closed = await repo.closeStaffRecord(trx, open.id, { end_time: p.at, checkedout_by: p.by, check_out_method: p.method });
      if (!closed)
        return finish(
          done(p, 'check_out', await repo.latestStaffRecord(trx, p.member.id), `${name} is already clocked out.`, { replayed: true }),
        );
      return finish(
        done(p, 'check_out', closed, `${name} is clocked out.`, { programs: closed.program_id ? [String(closed.program_id)] : [] }),
      );
    }
    case 'break_start': {
      if (!open) throw notClockedIn(name);
      const started = await repo.startBreak(trx, open.id, p.at);
      return finish(
        done(p, 'break_start', open, started ? `${name} is on a break.` : `${name} is already on a break.`, {
          replayed: !started,
          programs: started && open.program_id ? [String(open.program_id)] : [],
        }),
      );
    }
    case 'break_end': {
      if (!open) throw notClockedIn(name);
      const minutes = await repo.endBreak(trx, open.id, p.at);
      if (minutes === null) throw notOnBreak(name);
      const [row] = await repo.findStaffRecords(trx, [open.id]);
      return finish(
        done(p, 'break_end', row, `${name} is back from a ${minutes}-minute break.`, {
          programs: open.program_id ? [String(open.program_id)] : [],
        }),
      );
    }
    case 'move': {
      if (!open) throw notClockedIn(name);
      if (!p.programId) throw badInput('program_id', 'Choose the room to move to.');
      if (await repo.openBreak(trx, open.id)) throw onBreak(name);
      // Already there (a double tap, or a second device): the answer is the segment as it stands.
      if (String(open.program_id ?? '') === p.programId)
        return finish(done(p, 'move', open, `${name} is already in that room.`, { replayed: true }));
      if (p.at < open.start_time) throw badTime('time', 'The move is before the clock-in.');
      await repo.closeStaffRecord(trx, open.id, { end_time: p.at, checkedout_by: p.by, check_out_method: 'move' });
      const row = await repo.insertStaffRecord(trx, {
        user_id: p.member.id,
        location_id: open.location_id,
        program_id: p.programId,
        date: p.date,
        start_time: p.at,
        checkedin_by: p.by,
        check_in_method: 'move',
      });
      return finish(done(p, 'move', row, `${name} moved rooms.`, { programs: [open.program_id, p.programId].filter(Boolean).map(String) }));
    }
  }
}
