import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { code } from '../locations/test-fixtures.ts';
import { q as query, setupAttendance, type AttendanceSetup } from '../attendance/test-fixtures.ts';
import { evaluateScreen, MAX_QUESTIONS } from './service.ts';
import type { QuestionRow } from './repo.ts';

let h: Harness;
let s: AttendanceSetup;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => query(h, A())(doc, vars, token);
const SAVE =
  'mutation($l: ID, $id: ID, $st: String!) { saveHealthQuestionnaire(location_id: $l, id: $id, statement: $st) { status question { id } } }';

beforeAll(async () => {
  h = await createHarness();
  s = await setupAttendance(h, A());
});
afterAll(() => h?.close());

describe('scoring a health screen', () => {
  const qs = [
    { id: '1', statement: 'Fever', pass_answer: false },
    { id: '2', statement: 'Feels well', pass_answer: true },
  ] as QuestionRow[];

  it('passes only when every statement has its passing answer', () => {
    expect(
      evaluateScreen('9', qs, [
        { question_id: '1', answer: false },
        { question_id: '2', answer: true },
      ]).passed,
    ).toBe(true);
    const failed = evaluateScreen('9', qs, [
      { question_id: '1', answer: true },
      { question_id: '2', answer: true },
    ]);
    expect(failed.passed).toBe(false);
    expect(failed.answers.filter((a) => !a.passed).map((a) => a.statement)).toEqual(['Fever']);
  });

  it('needs every statement answered, and only the location’s statements', () => {
    expect(() => evaluateScreen('9', qs, [{ question_id: '1', answer: false }])).toThrow(/Answer every health question/);
    expect(() =>
      evaluateScreen('9', qs, [
        { question_id: '1', answer: false },
        { question_id: '2', answer: true },
        { question_id: '3', answer: true },
      ]),
    ).toThrow(/another location/);
  });
});

describe('the questionnaire', () => {
  it('has at most 30 statements per location', async () => {
    const rows = Array.from({ length: MAX_QUESTIONS }, (_, i) => ({ location_id: s.Y, statement: `Statement ${i}`, position: i }));
    await A().db.db('health_questions').insert(rows);
    expect(code(await q(SAVE, { l: s.Y, st: 'One too many' }, s.tokens.mgrY))).toBe('BAD_USER_INPUT');
  });

  it('cross-centre: centre B’s questionnaire is its own', async () => {
    const a = await q(SAVE, { l: s.X, st: 'Centre A statement' }, s.tokens.mgrX);
    const id = a.data?.saveHealthQuestionnaire.question.id;
    const B = h.centres[1]!;
    const b = await setupAttendance(h, B, 'b');
    const list = await query(h, B)('query($l: ID!) { getHealthQuestionnaire(location_id: $l) { statement } }', { l: b.X }, b.tokens.mgrX);
    expect(list.data?.getHealthQuestionnaire).toEqual([]);
    expect(code(await query(h, B)('mutation($id: ID!) { deleteHealthQuestionnaire(id: $id) { status } }', { id }, b.tokens.mgrX))).toBe(
      'NOT_FOUND',
    );
    expect((await query(h, B)(SAVE, { id, st: 'From B' }, s.tokens.mgrX)).statusCode).toBe(401);
  });
});
