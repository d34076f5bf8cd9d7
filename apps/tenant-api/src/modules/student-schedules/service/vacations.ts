import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Knex } from 'knex';
import { badInput, parseArgs } from '@kv/server';
import { addDays, daysBetween } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { audit } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { localDate } from '../../../core/time.ts';
import { inTransaction } from '../../../core/tx.ts';
import { deleteVacationDays, updateVacationFields, vacationDays, writeVacationDays, type VacationDayRow } from '../../attendance/index.ts';
import * as repo from '../repo.ts';
import { vacationWriteScope } from '../policy.ts';
import { datesNotInVacation, endBeforeStart, noExpectedDay, pastVacation, vacationNotFound, vacationTooLong } from '../errors.ts';
import { scopedStudent, todayAt } from './common.ts';

const uuid = z.string().trim().uuid('Choose a vacation.');
const reason = z.string().trim().max(60, 'The reason has at most 60 characters.').nullish();
const note = z.string().trim().max(500, 'The note has at most 500 characters.').nullish();

/** A vacation as the API shows it: its range and the days it takes (one absence row each). */
export interface Vacation {
  id: string;
  student_id: string;
  location_id: string;
  start_date: string;
  end_date: string;
  reason: string | null;
  note: string | null;
  dates: string[];
}

export function toVacation(rows: readonly VacationDayRow[]): Vacation {
  const f = rows[0]!;
  return {
    id: f.vacation_id,
    student_id: f.student_id,
    location_id: f.location_id,
    start_date: f.vacation_start,
    end_date: f.vacation_end,
    reason: f.reason,
    note: f.note,
    dates: rows.map((r) => r.date),
  };
}

async function checkRange(trx: Knex.Transaction, locationId: string, start: string, end: string) {
  if (end < start) throw endBeforeStart();
  if (daysBetween(start, end) > 365) throw vacationTooLong();
  if (start < addDays(await todayAt(trx, locationId), -7)) throw pastVacation();
}

async function auditVacation(ctx: RequestContext, trx: Knex.Transaction, v: Vacation, action: string, data: object) {
  await audit(ctx, trx, {
    action: `vacation.${action}`,
    entity: 'student',
    entity_id: v.student_id,
    location_id: v.location_id,
    data: { vacation: v.id, ...data },
  });
}

/**
 * Spec createVacation(student, start_date, end_date, reason, note): one absence row per day of the
 * range the child is expected (a day already marked absent keeps its absence). Staff of the
 * child's scope, or the child's parent.
 */
export async function createVacation(ctx: RequestContext, raw: unknown) {
  const scope = await vacationWriteScope(ctx);
  const a = parseArgs(z.object({ student: id, start_date: localDate, end_date: localDate, reason, note }), raw);
  const vacation = await inTransaction(ctx, async (trx) => {
    const st = await scopedStudent(ctx, trx, scope, a.student);
    await checkRange(trx, st.location_id, a.start_date, a.end_date);
    const days = await repo.expectedDays(trx, st.id, a.start_date, a.end_date);
    const vid = randomUUID();
    const written = await writeVacationDays(
      trx,
      {
        vacation_id: vid,
        student_id: st.id,
        location_id: st.location_id,
        vacation_start: a.start_date,
        vacation_end: a.end_date,
        reason: a.reason ?? null,
        note: a.note ?? null,
        marked_by: ctx.viewer!.id,
      },
      days,
    );
    if (!written.length) throw noExpectedDay();
    const v = toVacation(await vacationDays(trx, vid));
    await auditVacation(ctx, trx, v, 'create', { start_date: v.start_date, end_date: v.end_date, days: v.dates.length });
    return v;
  });
  return { ...notice('Vacation saved.'), vacation };
}

/** A vacation of a child in the writer's scope, else NOT_FOUND. */
async function writableVacation(ctx: RequestContext, trx: Knex.Transaction, vacationId: string, field = 'id') {
  const scope = await vacationWriteScope(ctx);
  const rows = await vacationDays(trx, vacationId);
  if (!rows.length || !(await repo.studentOf(trx, scope, rows[0]!.student_id))) throw vacationNotFound(field);
  return rows;
}

/** Spec editVacation: new range, reason or note; the days follow the range. */
export async function editVacation(ctx: RequestContext, raw: unknown) {
  await vacationWriteScope(ctx);
  const a = parseArgs(z.object({ id: uuid, start_date: localDate.nullish(), end_date: localDate.nullish(), reason, note }), raw);
  const vacation = await inTransaction(ctx, async (trx) => {
    const rows = await writableVacation(ctx, trx, a.id);
    const before = toVacation(rows);
    const start = a.start_date ?? before.start_date;
    const end = a.end_date ?? before.end_date;
    if (start !== before.start_date || end !== before.end_date) await checkRange(trx, before.location_id, start, end);
    const patch = {
      vacation_start: start,
      vacation_end: end,
      reason: a.reason !== undefined ? (a.reason ?? null) : before.reason,
      note: a.note !== undefined ? (a.note ?? null) : before.note,
    };
    await deleteVacationDays(
      trx,
      a.id,
      before.dates.filter((d) => d < start || d > end),
    );
    await updateVacationFields(trx, a.id, patch);
    const grown = (await repo.expectedDays(trx, before.student_id, start, end)).filter(
      (d) => (d < before.start_date || d > before.end_date) && !before.dates.includes(d),
    );
    await writeVacationDays(
      trx,
      { vacation_id: a.id, student_id: before.student_id, location_id: before.location_id, ...patch, marked_by: ctx.viewer!.id },
      grown,
    );
    const after = await vacationDays(trx, a.id);
    if (!after.length) throw noExpectedDay();
    const v = toVacation(after);
    await auditVacation(ctx, trx, v, 'edit', { start_date: [before.start_date, v.start_date], end_date: [before.end_date, v.end_date] });
    return v;
  });
  return { ...notice('Vacation saved.'), vacation };
}

/** Spec removeVacation: takes days off a vacation (the child is expected again those days). */
export async function removeVacation(ctx: RequestContext, raw: unknown) {
  await vacationWriteScope(ctx);
  const a = parseArgs(z.object({ id: uuid, dates: z.array(localDate).min(1, 'Choose at least one day.').max(366) }), raw);
  const vacation = await inTransaction(ctx, async (trx) => {
    const rows = await writableVacation(ctx, trx, a.id);
    const have = new Set(rows.map((r) => r.date));
    if (a.dates.some((d) => !have.has(d))) throw datesNotInVacation();
    if (a.dates.length >= rows.length) throw badInput('dates', 'To take every day off, delete the vacation.');
    await deleteVacationDays(trx, a.id, a.dates);
    const v = toVacation(await vacationDays(trx, a.id));
    await auditVacation(ctx, trx, v, 'remove_days', { dates: a.dates });
    return v;
  });
  return { ...notice('Days removed from the vacation.'), vacation };
}

/** Spec deleteVacation: every day of it. */
export async function deleteVacation(ctx: RequestContext, raw: unknown) {
  await vacationWriteScope(ctx);
  const a = parseArgs(z.object({ id: uuid }), raw);
  await inTransaction(ctx, async (trx) => {
    const v = toVacation(await writableVacation(ctx, trx, a.id));
    await deleteVacationDays(trx, a.id, null);
    await auditVacation(ctx, trx, v, 'delete', { start_date: v.start_date, end_date: v.end_date });
  });
  return notice('Vacation deleted.');
}
