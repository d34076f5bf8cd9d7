import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export type AgencyRow = {
  id: string;
  location_id: string;
  name: string;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  note: string | null;
  students_count: number;
  balance: string;
  created_at: string;
};

export type AgencyStudentRow = {
  id: string;
  agency_id: string;
  student_id: string;
  student_name: string;
  location_id: string;
  authorization_number: string;
  start_date: string;
  end_date: string;
  days_per_week: number;
  rate: string;
  copay: string;
  absence_allowance: number;
  status: string;
};

/** Agencies with their children counted and what they owe summed from the ledger (one statement). */
function agencyBase(db: Db) {
  return db.from('agencies as a').select(
    'a.id',
    'a.location_id',
    'a.name',
    'a.contact_name',
    'a.email',
    'a.phone',
    'a.address',
    'a.note',
    db.raw(`to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`),
    db.raw('(select count(*)::int from agency_students x where x.agency_id = a.id) as students_count'),
    // What the agency owes: its open invoices' running balances (never a family's balance).
    db.raw(`(select coalesce(sum(i.balance), 0) from invoices i where i.agency_id = a.id and i.status = 'open') as balance`),
  );
}

export async function agencies(db: Db, locations: string[] | null): Promise<AgencyRow[]> {
  const q = agencyBase(db);
  if (locations) q.whereIn('a.location_id', locations);
  return q.orderBy([{ column: 'a.name' }, { column: 'a.id' }]);
}

export async function findAgency(db: Db, id: string): Promise<AgencyRow | undefined> {
  return agencyBase(db).where('a.id', id).first();
}

export async function insertAgency(trx: Knex.Transaction, row: Record<string, unknown>): Promise<string> {
  const [r] = await trx('agencies').insert(row).returning('id');
  return String(r.id);
}

export async function updateAgency(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<void> {
  await trx('agencies')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() });
}

export async function deleteAgency(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('agencies').where({ id }).delete();
}

/** Authorisations, with their status on `today` (ending: within 30 days). */
export async function agencyStudents(
  db: Db,
  f: { agencies?: string[]; locations?: string[] | null },
  today: string,
): Promise<AgencyStudentRow[]> {
  const q = db('agency_students as x')
    .join('agencies as a', 'a.id', 'x.agency_id')
    .join('students as s', 's.id', 'x.student_id')
    .whereNull('s.deleted_at')
    .select(
      'x.id',
      'x.agency_id',
      'x.student_id',
      db.raw(`trim(concat_ws(' ', s.fname, s.lname)) as student_name`),
      'a.location_id',
      'x.authorization_number',
      db.raw(`to_char(x.start_date, 'YYYY-MM-DD') as start_date`),
      db.raw(`to_char(x.end_date, 'YYYY-MM-DD') as end_date`),
      'x.days_per_week',
      'x.rate',
      'x.copay',
      'x.absence_allowance',
      db.raw(
        `case when x.start_date > ?::date then 'upcoming' when x.end_date < ?::date then 'expired'
              when x.end_date <= ?::date + 30 then 'ending' else 'active' end as status`,
        [today, today, today],
      ),
    );
  if (f.agencies) q.whereIn('x.agency_id', f.agencies);
  if (f.locations) q.whereIn('a.location_id', f.locations);
  return q.orderBy([{ column: 's.lname' }, { column: 's.fname' }, { column: 'x.id' }]);
}

export async function upsertAgencyStudents(trx: Knex.Transaction, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  await trx('agency_students')
    .insert(rows)
    .onConflict(['agency_id', 'student_id'])
    .merge(['authorization_number', 'start_date', 'end_date', 'days_per_week', 'rate', 'copay', 'absence_allowance', 'updated_at']);
}

export async function removeAgencyStudent(trx: Knex.Transaction, agencyId: string, studentId: string): Promise<number> {
  return trx('agency_students').where({ agency_id: agencyId, student_id: studentId }).delete();
}

/** Open family plan invoices of these children with no agency invoice for their period yet. */
export async function familyPlanInvoicesToSplit(db: Db, agencyId: string, studentIds: string[]) {
  if (!studentIds.length) return [];
  return db('invoices as i')
    .join('invoice_items as it', 'it.invoice_id', 'i.id')
    .whereIn('i.student_id', studentIds)
    .whereNull('i.agency_id')
    .whereNotNull('i.plan_id')
    .where('i.status', 'open')
    .whereRaw(`it.source->>'kind' = 'plan'`)
    .whereNotExists(
      db('invoices as ai')
        .where('ai.agency_id', agencyId)
        .whereRaw('ai.student_id = i.student_id and ai.period_start = i.period_start')
        .select(db.raw('1')),
    )
    .select(
      'i.id',
      'i.student_id',
      'i.location_id',
      'i.plan_id',
      'it.amount as plan_amount',
      db.raw(`to_char(i.date, 'YYYY-MM-DD') as date`),
      db.raw(`to_char(i.due_date, 'YYYY-MM-DD') as due_date`),
      db.raw(`to_char(i.period_start, 'YYYY-MM-DD') as period_start`),
      db.raw(`to_char(i.period_end, 'YYYY-MM-DD') as period_end`),
      'i.balance',
    )
    .orderBy([{ column: 'i.period_start' }, { column: 'i.id' }]);
}

/** An agency's open invoices with something owed, oldest first (the order its payments fill them). */
export async function openAgencyInvoices(db: Db, agencyId: string, ids?: string[] | null) {
  const q = db('invoices as i')
    .where('i.agency_id', agencyId)
    .where('i.status', 'open')
    .select(
      'i.id',
      'i.student_id',
      'i.location_id',
      'i.balance',
    )
    .where('i.balance', '>', 0)
    .orderBy([{ column: 'i.due_date' }, { column: 'i.id' }]);
  if (ids) q.whereIn('i.id', ids);
  return q as Promise<{ id: string; student_id: string; location_id: string; balance: string }[]>;
}

/** Invoices of these children in a date range with their totals and balances (for reconciliation). */
export async function invoicesOfStudents(db: Db, studentIds: string[], from: string, to: string) {
  if (!studentIds.length) return [];
  return db('invoices as i')
    .whereIn('i.student_id', studentIds)
    .whereNot('i.status', 'void')
    .where('i.period_end', '>=', from)
    .where('i.period_start', '<=', to)
    .select(
      'i.id',
      'i.student_id',
      'i.agency_id',
      db.raw(`to_char(i.date, 'YYYY-MM-DD') as date`),
      db.raw(`to_char(i.due_date, 'YYYY-MM-DD') as due_date`),
      db.raw(`to_char(i.period_start, 'YYYY-MM-DD') as period_start`),
      db.raw(`to_char(i.period_end, 'YYYY-MM-DD') as period_end`),
      db.raw('(select coalesce(sum(it.amount), 0) from invoice_items it where it.invoice_id = i.id) as total'),
      db.raw('(select coalesce(sum(g.amount), 0) from billing_ledger g where g.invoice_id = i.id) as balance'),
      db.raw('(select coalesce(-sum(g.amount), 0) from billing_ledger g where g.invoice_id = i.id and g.payment_id is not null) as paid'),
    ) as Promise<
    {
      id: string;
      student_id: string;
      agency_id: string | null;
      date: string;
      due_date: string;
      period_start: string | null;
      period_end: string | null;
      total: string;
      balance: string;
      paid: string;
    }[]
  >;
}
