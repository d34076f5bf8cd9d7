import type { Knex } from 'knex';
import { localParts } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import type { StudentScope } from '../../../core/access.ts';
import { locationInfo } from '../../locations/index.ts';
import { deleteVacationDays, vacationDaysOverlapping, writeVacationDays, type VacationDayRow } from '../../attendance/index.ts';
import * as repo from '../repo.ts';
import { studentNotFound } from '../errors.ts';

type Db = Knex | Knex.Transaction;

/** Today in a location's zone (YYYY-MM-DD). */
export async function todayAt(db: Db, locationId: string): Promise<string> {
  const loc = await locationInfo(db, locationId);
  return localParts(new Date(), loc?.timezone ?? 'UTC').date;
}

/** A child of the viewer's scope, else NOT_FOUND naming the field. */
export async function scopedStudent(ctx: RequestContext, db: Db, scope: StudentScope, studentId: string, field = 'student') {
  const s = await repo.studentOf(db, scope, studentId);
  if (!s) throw studentNotFound(field);
  return s;
}

/** Groups a child's vacation rows by vacation. */
export function byVacation(rows: readonly VacationDayRow[]): Map<string, VacationDayRow[]> {
  const out = new Map<string, VacationDayRow[]>();
  for (const r of rows) {
    if (!out.has(r.vacation_id)) out.set(r.vacation_id, []);
    out.get(r.vacation_id)!.push(r);
  }
  return out;
}

export interface VacationSnapshot {
  studentId: string;
  marked_by: string;
  items: { rows: VacationDayRow[]; from: string; to: string; before: Set<string> }[];
}

/**
 * Before a schedule change: the child's vacations still ahead (from today) and the days the
 * child was expected in them. `rederiveVacations` after the change adds the newly expected days
 * and removes the days no longer expected; days taken off a vacation by hand stay off.
 */
export async function snapshotVacations(
  trx: Knex.Transaction,
  studentId: string,
  today: string,
  markedBy: string,
): Promise<VacationSnapshot> {
  const rows = await vacationDaysOverlapping(trx, studentId, today, null);
  const items: VacationSnapshot['items'] = [];
  for (const vac of byVacation(rows).values()) {
    const first = vac[0]!;
    const from = first.vacation_start > today ? first.vacation_start : today;
    const to = first.vacation_end;
    if (from > to) continue;
    items.push({ rows: vac, from, to, before: new Set(await repo.expectedDays(trx, studentId, from, to)) });
  }
  return { studentId, marked_by: markedBy, items };
}

export async function rederiveVacations(trx: Knex.Transaction, snap: VacationSnapshot): Promise<void> {
  for (const it of snap.items) {
    const after = new Set(await repo.expectedDays(trx, snap.studentId, it.from, it.to));
    const v = it.rows[0]!;
    const current = new Set(it.rows.map((r) => r.date));
    const gone = [...current].filter((d) => d >= it.from && !after.has(d));
    const added = [...after].filter((d) => !it.before.has(d) && !current.has(d));
    if (gone.length) await deleteVacationDays(trx, v.vacation_id, gone);
    if (added.length)
      await writeVacationDays(
        trx,
        {
          vacation_id: v.vacation_id,
          student_id: v.student_id,
          location_id: v.location_id,
          vacation_start: v.vacation_start,
          vacation_end: v.vacation_end,
          reason: v.reason,
          note: v.note,
          marked_by: snap.marked_by,
        },
        added,
      );
  }
}
