import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

const COLUMNS = ['id', 'location_id', 'statement', 'pass_answer', 'position', 'created_at', 'updated_at'];

export interface QuestionRow {
  id: string;
  location_id: string;
  statement: string;
  pass_answer: boolean;
  position: number;
  [key: string]: unknown;
}

const live = (db: Db) => db('health_questions').whereNull('deleted_at');

/** A location's statements in order (index health_questions_location_idx). */
export async function questionsOf(db: Db, locationId: string): Promise<QuestionRow[]> {
  return live(db).where({ location_id: locationId }).orderBy(['position', 'id']).select(COLUMNS);
}

export async function findQuestion(db: Db, id: string): Promise<QuestionRow | undefined> {
  return live(db).where({ id }).first(COLUMNS);
}

export async function countQuestions(db: Db, locationId: string): Promise<number> {
  const [r] = await live(db).where({ location_id: locationId }).count({ n: '*' });
  return Number(r?.n ?? 0);
}

export async function nextPosition(db: Db, locationId: string): Promise<number> {
  const [r] = await live(db).where({ location_id: locationId }).max({ m: 'position' });
  return Number(r?.m ?? -1) + 1;
}

export async function insertQuestion(db: Db, row: Record<string, unknown>): Promise<QuestionRow> {
  const [created] = await db('health_questions').insert(row).returning(COLUMNS);
  return created;
}

export async function updateQuestion(db: Db, id: string, patch: Record<string, unknown>): Promise<QuestionRow> {
  const [row] = await db('health_questions')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning(COLUMNS);
  return row;
}

export async function softDeleteQuestion(db: Db, id: string): Promise<void> {
  await db('health_questions').where({ id }).update({ deleted_at: db.fn.now() });
}

export interface ScreenInput {
  student_id: string;
  location_id: string;
  date: string;
  answers: { question_id: string; statement: string; answer: boolean; passed: boolean }[];
  passed: boolean;
  screened_by: string | null;
  recorded_by: string | null;
  /** A health check entry (activities): the reading in °F, a note and the local time. */
  temperature?: number | null;
  note?: string | null;
  time?: string | null;
}

export interface ScreenRow {
  id: string;
  student_id: string;
  location_id: string;
  date: string;
  time: string | null;
  temperature: string | null;
  note: string | null;
  passed: boolean;
  screened_by: string | null;
  created_at: Date;
}

const SCREEN_COLUMNS = (db: Db) => [
  'id',
  'student_id',
  'location_id',
  db.raw(`to_char(date, 'YYYY-MM-DD') as date`),
  db.raw(`to_char(time, 'HH24:MI') as time`),
  'temperature',
  'note',
  'passed',
  'screened_by',
  'created_at',
];

export async function findScreens(db: Db, ids: readonly string[]): Promise<ScreenRow[]> {
  if (!ids.length) return [];
  return db('health_screens')
    .whereIn('id', ids as string[])
    .select(SCREEN_COLUMNS(db));
}

/** Changes a health check's reading, note, time or result. */
export async function updateScreen(
  trx: Knex.Transaction,
  id: string,
  patch: Partial<Pick<ScreenInput, 'temperature' | 'note' | 'time' | 'passed' | 'date'>>,
): Promise<ScreenRow | undefined> {
  const [row] = await trx('health_screens').where({ id }).update(patch).returning('id');
  return row ? (await findScreens(trx, [String(row.id)]))[0] : undefined;
}

export async function deleteScreen(trx: Knex.Transaction, id: string): Promise<number> {
  return trx('health_screens').where({ id }).del();
}

export async function insertScreen(trx: Knex.Transaction, row: ScreenInput): Promise<string> {
  const [created] = await trx('health_screens')
    .insert({ ...row, answers: JSON.stringify(row.answers) })
    .returning('id');
  return String(created.id);
}

/** Screens of a location on a day, newest first (index health_screens_location_date_idx). */
export async function screensOf(db: Db, locationId: string, date: string, passed: boolean | null, page: number, first: number) {
  const base = () => {
    const q = db('health_screens as h').where({ 'h.location_id': locationId, 'h.date': date });
    if (passed !== null) q.where('h.passed', passed);
    return q;
  };
  const [count] = await base().count({ n: '*' });
  const rows = await base()
    .join('students as s', 's.id', 'h.student_id')
    .orderBy([
      { column: 'h.created_at', order: 'desc' },
      { column: 'h.id', order: 'desc' },
    ])
    .limit(first)
    .offset((page - 1) * first)
    .select(
      'h.id',
      'h.student_id',
      'h.location_id',
      db.raw(`to_char(h.date, 'YYYY-MM-DD') as date`),
      'h.answers',
      'h.passed',
      'h.screened_by',
      'h.created_at',
      's.fname',
      's.lname',
    );
  return { rows, total: Number(count?.n ?? 0) };
}
