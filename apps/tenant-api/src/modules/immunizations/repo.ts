import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { GivenDose, ImmunizationEvaluation } from '@kv/shared';

type Db = Knex | Knex.Transaction;

export interface StudentImmunizationRow {
  id: string;
  student_id: string;
  code: string;
  doses: string[];
  exempt: boolean;
  exemption_reason: string | null;
  exemption_file_id: string | null;
  note: string | null;
  updated_at: Date;
}

export interface EvaluationRow {
  id: string;
  student_id: string;
  evaluated_on: string;
  schedule_version: number;
  result: ImmunizationEvaluation[];
  created_at: Date;
}

const ROW = (db: Db) => [
  'id',
  'student_id',
  'code',
  db.raw("coalesce((select array_agg(to_char(d, 'YYYY-MM-DD') order by d) from unnest(doses) d), '{}') as doses"),
  'exempt',
  'exemption_reason',
  'exemption_file_id',
  'note',
  'updated_at',
];

/** Every child's records, by child (one statement for a page of children). */
export async function recordsOf(db: Db, studentIds: readonly string[]): Promise<Map<string, StudentImmunizationRow[]>> {
  const out = new Map<string, StudentImmunizationRow[]>();
  if (!studentIds.length) return out;
  const rows: StudentImmunizationRow[] = await db('student_immunizations')
    .whereIn('student_id', studentIds as string[])
    .orderBy(['student_id', 'code'])
    .select(ROW(db));
  for (const r of rows) {
    const k = String(r.student_id);
    if (!out.has(k)) out.set(k, []);
    out.get(k)!.push(r);
  }
  return out;
}

export async function upsertRecord(
  trx: Knex.Transaction,
  row: {
    student_id: string;
    code: string;
    doses: string[];
    exempt: boolean;
    exemption_reason: string | null;
    exemption_file_id: string | null;
    note: string | null;
    updated_by: string;
  },
): Promise<void> {
  await trx('student_immunizations')
    .insert({ ...row, doses: trx.raw('?::date[]', [row.doses]) })
    .onConflict(['student_id', 'code'])
    .merge({
      doses: trx.raw('excluded.doses'),
      exempt: trx.raw('excluded.exempt'),
      exemption_reason: trx.raw('excluded.exemption_reason'),
      exemption_file_id: trx.raw('excluded.exemption_file_id'),
      note: trx.raw('excluded.note'),
      updated_by: trx.raw('excluded.updated_by'),
      updated_at: trx.fn.now(),
    });
}

/** What an evaluation is computed from, flattened. */
export function evaluationInput(records: readonly StudentImmunizationRow[]): { doses: GivenDose[]; exempt: string[] } {
  return {
    doses: records.flatMap((r) => r.doses.map((given_on) => ({ code: r.code, given_on }))),
    exempt: records.filter((r) => r.exempt).map((r) => r.code),
  };
}

export function inputHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

const EVAL_COLUMNS = (db: Db) => [
  'id',
  'student_id',
  db.raw("to_char(evaluated_on, 'YYYY-MM-DD') as evaluated_on"),
  'schedule_version',
  'result',
  'created_at',
];

/** The latest stored evaluation of a child on a day (null: none). */
export const latestEvaluationOn = (db: Db, studentId: string, day: string): Promise<EvaluationRow | undefined> =>
  db('immunization_evaluations').where({ student_id: studentId, evaluated_on: day }).orderBy('id', 'desc').first(EVAL_COLUMNS(db));

/** Stores an evaluation once (the same input on the same day and version is the same row); never updates one. */
export async function storeEvaluation(
  db: Db,
  row: { student_id: string; evaluated_on: string; schedule_version: number; input_hash: string; result: ImmunizationEvaluation[] },
): Promise<EvaluationRow> {
  await db('immunization_evaluations')
    .insert({ ...row, result: JSON.stringify(row.result) })
    .onConflict(['student_id', 'evaluated_on', 'schedule_version', 'input_hash'])
    .ignore();
  return db('immunization_evaluations')
    .where({
      student_id: row.student_id,
      evaluated_on: row.evaluated_on,
      schedule_version: row.schedule_version,
      input_hash: row.input_hash,
    })
    .first(EVAL_COLUMNS(db));
}

/** The most recent evaluations of a child (history), newest first. */
export const evaluationHistory = (db: Db, studentId: string, limit: number): Promise<EvaluationRow[]> =>
  db('immunization_evaluations')
    .where({ student_id: studentId })
    .orderBy([
      { column: 'evaluated_on', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select(EVAL_COLUMNS(db));

/** Vaccine ids by code (the gaps' source ids). */
export async function vaccineIds(db: Db): Promise<Map<string, string>> {
  const rows = await db('immunization_vaccines').select('id', 'code');
  return new Map(rows.map((r) => [r.code, String(r.id)]));
}
