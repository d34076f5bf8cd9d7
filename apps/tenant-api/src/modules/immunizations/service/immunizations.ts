import type { Knex } from 'knex';
import { z } from 'zod';
import { parseArgs } from '@kv/server';
import {
  evaluateSchedule,
  localParts,
  MAX_DOSES,
  maxDosesOf,
  versionOn,
  type ImmunizationEvaluation,
  type ScheduleVersion,
} from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { insertAudit } from '../../../core/audit.ts';
import { id, optionalText } from '../../../core/args.ts';
import { inTransaction } from '../../../core/tx.ts';
import { notice } from '../../../core/result.ts';
import { localDate } from '../../../core/time.ts';
import { studentsInScope } from '../../students/index.ts';
import { findFiles } from '../../files/index.ts';
import { DOCUMENT_PURPOSE, syncGaps } from '../../documents/index.ts';
import { scheduleVersions } from '../catalogue.ts';
import { badDose, exemptionDocument, noSchedule, unknownImmunization } from '../errors.ts';
import { readScope, writeScope } from '../policy.ts';
import * as repo from '../repo.ts';

type Db = Knex | Knex.Transaction;

/** The child's columns an evaluation needs. */
interface Child {
  id: string;
  location_id: string;
  dob: string | null;
  created_at?: Date | string | null;
}

/** One vaccine of a child's evaluation as stored: the evaluation and the doses it saw. */
export interface EvaluatedItem extends ImmunizationEvaluation {
  doses: string[];
}

/** Today in the child's location's zone. */
export async function todayOf(db: Db, locationId: string, now = new Date()): Promise<string> {
  const loc = await db('locations').where({ id: locationId }).first('timezone');
  return localParts(now, loc?.timezone || 'UTC').date;
}

/** Evaluates a child's records on a day under one version (pure, no writes). */
export function evaluateChild(
  version: ScheduleVersion,
  child: { dob: string | null; created_at?: Date | string | null },
  records: readonly repo.StudentImmunizationRow[],
  asOf: string,
): EvaluatedItem[] {
  const { doses, exempt } = repo.evaluationInput(records);
  // A child without a birth date is judged from the day they were added (no dose counts as early).
  const birth = child.dob ?? new Date(child.created_at ?? Date.now()).toISOString().slice(0, 10);
  return evaluateSchedule(version, { birth_date: birth, as_of: asOf, doses, exempt }).map((e) => ({
    ...e,
    doses: doses
      .filter((d) => d.code === e.code && d.given_on <= asOf)
      .map((d) => d.given_on)
      .sort(),
  }));
}

/** A required vaccine the child is behind on (the compliance gap): overdue or an expired booster. */
export const isGap = (e: ImmunizationEvaluation) => e.is_required && (e.status === 'overdue' || e.status === 'expired');

/**
 * The child's evaluation on a day: a past day that already has one answers it as it was stored
 * (never re-evaluated with today's doses or schedule); otherwise the version in effect that day
 * evaluates the doses given by then and the result is stored once (a change the same day is a new row).
 */
async function evaluationOn(ctx: RequestContext, versions: ScheduleVersion[], student: Child, asOf: string, today: string) {
  if (asOf < today) {
    const stored = await repo.latestEvaluationOn(ctx.db, String(student.id), asOf);
    if (stored) return stored;
  }
  const version = versionOn(versions, asOf);
  if (!version) throw noSchedule();
  const records = (await repo.recordsOf(ctx.db, [String(student.id)])).get(String(student.id)) ?? [];
  const result = evaluateChild(version, student, records, asOf);
  return repo.storeEvaluation(ctx.db, {
    student_id: String(student.id),
    evaluated_on: asOf,
    schedule_version: version.version,
    input_hash: repo.inputHash({ dob: student.dob, result }),
    result,
  });
}

const asOfArg = localDate.nullish();

function shownImmunization(i: ScheduleVersion['immunizations'][number], version: number) {
  return { ...i, id: `${version}:${i.code}`, schedule_version: version };
}

/** Spec getImmunizations(as_of): the vaccines of the schedule in effect on that day (default today, UTC). */
export async function getImmunizations(ctx: RequestContext, raw: unknown) {
  await readScope(ctx);
  const a = parseArgs(z.object({ as_of: asOfArg }), raw);
  const day = a.as_of ?? new Date().toISOString().slice(0, 10);
  const version = versionOn(await scheduleVersions(ctx), day);
  if (!version) throw noSchedule();
  return version.immunizations.map((i) => shownImmunization(i, version.version));
}

/** The schedule versions the centre knows, newest first (staff and parents alike). */
export async function getImmunizationSchedules(ctx: RequestContext) {
  await readScope(ctx);
  const versions = await scheduleVersions(ctx);
  return [...versions].reverse().map((v) => ({ ...v, immunizations: v.immunizations.map((i) => shownImmunization(i, v.version)) }));
}

/**
 * Spec getStudentImmunizations: a child's doses and their evaluation on a day (default today in
 * the child's location), with the stored history; every read is audited.
 */
export async function getStudentImmunizations(ctx: RequestContext, raw: unknown) {
  const scope = await readScope(ctx);
  const a = parseArgs(z.object({ student_id: id, as_of: asOfArg }), raw);
  const [student] = await studentsInScope(ctx, scope, [a.student_id]);
  const today = await todayOf(ctx.db, student!.location_id);
  const asOf = a.as_of ?? today;
  if (asOf > today) throw badDose('as_of', 'as_of must be today or earlier.');
  const versions = await scheduleVersions(ctx);
  return studentImmunizations(ctx, versions, student!, asOf, today);
}

async function studentImmunizations(ctx: RequestContext, versions: ScheduleVersion[], student: Child, asOf: string, today: string) {
  const evaluation = await evaluationOn(ctx, versions, student, asOf, today);
  const [records, history] = await Promise.all([
    repo.recordsOf(ctx.db, [String(student.id)]),
    repo.evaluationHistory(ctx.db, String(student.id), 20),
  ]);
  const byCode = new Map((records.get(String(student.id)) ?? []).map((r) => [r.code, r]));
  const version = versions.find((v) => v.version === Number(evaluation.schedule_version));
  const rules = new Map((version?.immunizations ?? []).map((i) => [i.code, i]));
  await insertAudit(ctx.db, {
    actor_user_id: ctx.viewer!.id,
    support_session_id: ctx.viewer!.support?.sessionId ?? null,
    actor_label: ctx.viewer!.support?.operator ?? null,
    ip: ctx.ip,
    action: 'immunizations.read',
    entity: 'student',
    entity_id: String(student.id),
    location_id: student.location_id,
    data: { as_of: asOf, evaluation: String(evaluation.id) },
  });
  const items = (evaluation.result as EvaluatedItem[]).map((e) => {
    const r = byCode.get(e.code);
    const rule = rules.get(e.code);
    return {
      ...e,
      immunization: rule ? shownImmunization(rule, Number(evaluation.schedule_version)) : null,
      exemption_reason: r?.exempt ? r.exemption_reason : null,
      exemption_file_id: r?.exempt ? r.exemption_file_id : null,
      note: r?.note ?? null,
    };
  });
  return {
    student_id: String(student.id),
    as_of: asOf,
    evaluation_id: String(evaluation.id),
    evaluated_on: evaluation.evaluated_on,
    schedule_version: Number(evaluation.schedule_version),
    effective_from: version?.effective_from ?? null,
    gaps: (evaluation.result as EvaluatedItem[]).filter(isGap).length,
    items,
    history: history.map((h) => ({
      id: String(h.id),
      evaluated_on: h.evaluated_on,
      schedule_version: Number(h.schedule_version),
      gaps: (h.result as EvaluatedItem[]).filter(isGap).length,
      created_at: h.created_at,
    })),
  };
}

const EXEMPTION_REASONS = ['medical', 'religious', 'personal'] as const;

/**
 * Spec saveStudentImmunization: a child's dose dates of one vaccine (oldest first, each after the
 * one before, none before birth or after today, at most the series' doses), or an exemption with
 * its document. Syncs the child's compliance gaps (doses feed them) and answers today's evaluation.
 */
export async function saveStudentImmunization(ctx: RequestContext, raw: unknown) {
  const scope = await writeScope(ctx);
  const a = parseArgs(
    z.object({
      student_id: id,
      code: z.string().trim().min(1, 'code is required.').max(40, 'code is too long.'),
      doses: z.array(localDate).max(MAX_DOSES, `At most ${MAX_DOSES} doses.`),
      exempt: z.boolean().nullish(),
      exemption_reason: z.enum(EXEMPTION_REASONS, 'exemption_reason is medical, religious or personal.').nullish(),
      exemption_file_id: z.string().trim().uuid('Upload the exemption document first.').nullish(),
      note: optionalText(500, 'The note'),
    }),
    raw,
  );
  const [student] = await studentsInScope(ctx, scope, [a.student_id]);
  const s = student!;
  const today = await todayOf(ctx.db, s.location_id);
  const versions = await scheduleVersions(ctx);
  const version = versionOn(versions, today);
  if (!version) throw noSchedule();
  const rule = version.immunizations.find((i) => i.code === a.code);
  if (!rule) throw unknownImmunization();
  if (a.doses.length > maxDosesOf(rule)) throw badDose('doses', `${rule.name} has ${maxDosesOf(rule)} doses.`);
  a.doses.forEach((d, i) => {
    if (d > today) throw badDose(`doses.${i}`, `Dose ${i + 1} is in the future.`);
    if (s.dob && d < s.dob) throw badDose(`doses.${i}`, `Dose ${i + 1} is before the date of birth.`);
    if (i > 0 && d <= a.doses[i - 1]!) throw badDose(`doses.${i}`, `Dose ${i + 1} must be after dose ${i} (${a.doses[i - 1]}).`);
  });
  const exempt = a.exempt ?? false;
  if (exempt) {
    if (!a.exemption_reason) throw badDose('exemption_reason', 'Choose why the child is exempt: medical, religious or personal.');
    if (!a.exemption_file_id) throw exemptionDocument();
    const [file] = await findFiles(ctx.db, [a.exemption_file_id]);
    if (
      !file ||
      file.status !== 'ready' ||
      file.purpose !== DOCUMENT_PURPOSE ||
      String(file.owner_id) !== String(s.location_id) ||
      String(file.uploaded_by) !== String(ctx.viewer!.id)
    )
      throw exemptionDocument();
  }
  await inTransaction(ctx, async (trx) => {
    await trx.raw('select 1 from students where id = ? for update', [s.id]);
    await repo.upsertRecord(trx, {
      student_id: String(s.id),
      code: rule.code,
      doses: a.doses,
      exempt,
      exemption_reason: exempt ? a.exemption_reason! : null,
      exemption_file_id: exempt ? a.exemption_file_id! : null,
      note: a.note ?? null,
      updated_by: ctx.viewer!.id,
    });
    await insertAudit(trx, {
      actor_user_id: ctx.viewer!.id,
      support_session_id: ctx.viewer!.support?.sessionId ?? null,
      actor_label: ctx.viewer!.support?.operator ?? null,
      ip: ctx.ip,
      action: 'immunizations.save',
      entity: 'student',
      entity_id: String(s.id),
      location_id: s.location_id,
      data: { code: rule.code, doses: a.doses, exempt },
    });
    await syncGaps(trx, ctx.tenant.id, { students: [String(s.id)] }, today);
  });
  const result = await studentImmunizations(ctx, versions, s, today, today);
  return { ...notice(exempt ? `${rule.name}: exemption saved.` : `${rule.name}: doses saved.`), immunizations: result };
}
