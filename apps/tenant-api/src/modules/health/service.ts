import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import { localParts } from '@kv/shared';
import type { RequestContext } from '../../types.ts';
import * as repo from './repo.ts';
import { questionnaireManageScope, questionnaireReadScope } from './policy.ts';
import { questionNotFound, screenIncomplete, tooManyQuestions, unknownQuestion } from './errors.ts';
import { assertLocations, staffScope } from '../../core/access.ts';
import { audit } from '../../core/audit.ts';
import { id, pageArgs, paginated } from '../../core/args.ts';
import { notice } from '../../core/result.ts';
import { inTransaction } from '../../core/tx.ts';
import { localDate } from '../../core/time.ts';
import { locationInfo } from '../locations/index.ts';

export const MAX_QUESTIONS = 30;

const statement = z
  .string()
  .trim()
  .min(3, 'Write the statement (at least 3 characters).')
  .max(300, 'A statement has at most 300 characters.');

/** The location's statements, in order. */
export async function getHealthQuestionnaire(ctx: RequestContext, raw: unknown) {
  const scope = await questionnaireReadScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return repo.questionsOf(ctx.db, args.location_id);
}

/** Adds a statement to a location's questionnaire, or changes one (with `id`). */
export async function saveHealthQuestionnaire(ctx: RequestContext, raw: unknown) {
  const scope = await questionnaireManageScope(ctx);
  const args = parseArgs(
    z.object({
      id: id.nullish(),
      location_id: id.nullish(),
      statement,
      pass_answer: z.boolean().nullish(),
      position: z.number().int().min(0, 'The position starts at 0.').max(1000).nullish(),
    }),
    raw,
  );
  const before = args.id ? await repo.findQuestion(ctx.db, args.id) : undefined;
  if (args.id && !before) throw questionNotFound();
  const locationId = before ? String(before.location_id) : args.location_id;
  if (!locationId) throw badInput('location_id', 'Choose the location of the questionnaire.');
  if (before && args.location_id && String(args.location_id) !== locationId)
    throw badInput('location_id', 'A statement cannot move to another location.');
  await assertLocations(ctx, scope, [locationId]).catch((e) => {
    throw before ? questionNotFound() : e;
  });
  const question = await inTransaction(ctx, async (trx) => {
    let row: repo.QuestionRow;
    if (before) {
      const patch: Record<string, unknown> = { statement: args.statement };
      if (args.pass_answer !== undefined && args.pass_answer !== null) patch.pass_answer = args.pass_answer;
      if (args.position !== undefined && args.position !== null) patch.position = args.position;
      row = await repo.updateQuestion(trx, before.id, patch);
    } else {
      if ((await repo.countQuestions(trx, locationId)) >= MAX_QUESTIONS) throw tooManyQuestions(MAX_QUESTIONS);
      row = await repo.insertQuestion(trx, {
        location_id: locationId,
        statement: args.statement,
        pass_answer: args.pass_answer ?? false,
        position: args.position ?? (await repo.nextPosition(trx, locationId)),
        created_by: ctx.viewer!.id,
      });
    }
    await audit(ctx, trx, {
      action: before ? 'health_question.update' : 'health_question.create',
      entity: 'health_question',
      entity_id: row.id,
      location_id: locationId,
      data: before
        ? { changes: { statement: [before.statement, row.statement], pass_answer: [before.pass_answer, row.pass_answer] } }
        : { statement: row.statement },
    });
    return row;
  });
  return { ...notice(before ? 'Health statement saved.' : 'Health statement added.'), question };
}

export async function deleteHealthQuestionnaire(ctx: RequestContext, raw: unknown) {
  const scope = await questionnaireManageScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const q = await repo.findQuestion(ctx.db, args.id);
  if (!q) throw questionNotFound();
  await assertLocations(ctx, scope, [q.location_id]).catch(() => {
    throw questionNotFound();
  });
  await inTransaction(ctx, async (trx) => {
    await repo.softDeleteQuestion(trx, args.id);
    await audit(ctx, trx, {
      action: 'health_question.delete',
      entity: 'health_question',
      entity_id: args.id,
      location_id: q.location_id,
      data: { statement: q.statement },
    });
  });
  return { ...notice('Health statement deleted.'), id: args.id };
}

/** Answered screens of a location on a day (default today), failed ones first when filtered. */
export async function getHealthScreens(ctx: RequestContext, raw: unknown) {
  const scope = await staffScope(ctx, 'attendance.manage');
  const args = parseArgs(z.object({ location_id: id, date: localDate.nullish(), passed: z.boolean().nullish(), ...pageArgs }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const loc = await locationInfo(ctx.db, args.location_id);
  const date = args.date ?? localParts(new Date(), loc!.timezone).date;
  const { rows, total } = await repo.screensOf(ctx.db, args.location_id, date, args.passed ?? null, args.page, args.first);
  return paginated(rows, total, args.page, args.first);
}

export interface ScreenResult {
  passed: boolean;
  answers: { question_id: string; statement: string; answer: boolean; passed: boolean }[];
}

/**
 * Scores one child's answers against the location's statements: every statement must be
 * answered; the screen passes when every answer is the statement's passing answer.
 */
export function evaluateScreen(
  studentId: string,
  questions: repo.QuestionRow[],
  answers: { question_id: string; answer: boolean }[],
): ScreenResult {
  const byId = new Map(answers.map((a) => [String(a.question_id), a.answer]));
  const known = new Set(questions.map((q) => String(q.id)));
  if ([...byId.keys()].some((k) => !known.has(k))) throw unknownQuestion();
  if (questions.some((q) => !byId.has(String(q.id)))) throw screenIncomplete(studentId);
  const scored = questions.map((q) => {
    const answer = byId.get(String(q.id))!;
    return { question_id: String(q.id), statement: q.statement, answer, passed: answer === q.pass_answer };
  });
  return { passed: scored.every((a) => a.passed), answers: scored };
}

export const questionsForLocation = (ctx: RequestContext, locationId: string) => repo.questionsOf(ctx.db, locationId);
export const recordScreen = repo.insertScreen;
export const findScreens = repo.findScreens;
export const updateScreen = repo.updateScreen;
export const deleteScreen = repo.deleteScreen;
