import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export type PlanRow = {
  id: string;
  student_id: string;
  location_id: string;
  template_id: string | null;
  name: string;
  amount: string;
  period: string;
  days: number[];
  note: string | null;
  start_date: string;
  paused_from: string | null;
  end_date: string | null;
  status: 'active' | 'paused' | 'ended';
};

/** A plan's status on its location's today: ended after end_date, paused from paused_from. */
const STATUS = `case when p.end_date is not null and p.end_date < (now() at time zone l.timezone)::date then 'ended'
  when p.paused_from is not null and p.paused_from <= (now() at time zone l.timezone)::date then 'paused'
  else 'active' end`;

const planSelect = (db: Db) => [
  'p.id',
  'p.student_id',
  'p.location_id',
  'p.template_id',
  'p.name',
  'p.amount',
  'p.period',
  'p.days',
  'p.note',
  db.raw(`to_char(p.start_date, 'YYYY-MM-DD') as start_date`),
  db.raw(`to_char(p.paused_from, 'YYYY-MM-DD') as paused_from`),
  db.raw(`to_char(p.end_date, 'YYYY-MM-DD') as end_date`),
  db.raw(`${STATUS} as status`),
];

export async function plans(
  db: Db,
  f: { students?: string[]; locations?: string[] | null; ids?: string[]; status?: string | null },
): Promise<PlanRow[]> {
  const q = db('billing_plans as p').join('locations as l', 'l.id', 'p.location_id');
  if (f.students) q.whereIn('p.student_id', f.students);
  if (f.locations) q.whereIn('p.location_id', f.locations);
  if (f.ids) q.whereIn('p.id', f.ids);
  if (f.status) q.whereRaw(`${STATUS} = ?`, [f.status]);
  return q.orderBy(['p.student_id', 'p.start_date', 'p.id']).select(planSelect(db));
}

export async function findPlan(db: Db, id: string): Promise<PlanRow | undefined> {
  return (await plans(db, { ids: [id] }))[0];
}

export async function insertPlan(trx: Knex.Transaction, row: Record<string, unknown>): Promise<string> {
  const [r] = await trx('billing_plans').insert(row).returning('id');
  return String(r.id);
}

export async function updatePlan(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<void> {
  await trx('billing_plans')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() });
}

/** The per-period total of a child's plans that are not ended (what fixed payer shares add up to). */
export async function recurringTotal(db: Db, studentId: string): Promise<number> {
  const r = await db('billing_plans as p')
    .join('locations as l', 'l.id', 'p.location_id')
    .where('p.student_id', studentId)
    .whereRaw(`${STATUS} <> 'ended'`)
    .sum({ t: 'p.amount' })
    .first();
  return Number(r?.t ?? 0);
}
