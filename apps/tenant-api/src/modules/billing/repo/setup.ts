import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

const day = (col: string, as = col) => `to_char(${col}, 'YYYY-MM-DD') as ${as}`;

// ── billing programs ─────────────────────────────────────────────────────────

export type BillingProgramRow = {
  id: string;
  location_id: string;
  name: string;
  color: string | null;
  start_date: string | null;
  end_date: string | null;
  rooms: string[];
  student_count: number;
};

const programSelect = (db: Db) => [
  'bp.id',
  'bp.location_id',
  'bp.name',
  'bp.color',
  db.raw(day('bp.start_date', 'start_date')),
  db.raw(day('bp.end_date', 'end_date')),
  db.raw(
    `coalesce((select array_agg(r.program_id::text order by r.program_id) from billing_program_rooms r where r.billing_program_id = bp.id), '{}') as rooms`,
  ),
  db.raw(`(select count(*)::int from student_billing_programs sb join students s on s.id = sb.student_id and s.deleted_at is null
           where sb.billing_program_id = bp.id) as student_count`),
];

export async function billingPrograms(db: Db, locations: string[] | null, ids?: string[]): Promise<BillingProgramRow[]> {
  const q = db('billing_programs as bp').whereNull('bp.deleted_at');
  if (locations) q.whereIn('bp.location_id', locations);
  if (ids) q.whereIn('bp.id', ids);
  return q.orderBy(['bp.location_id', 'bp.name', 'bp.id']).select(programSelect(db));
}

export async function findBillingProgram(db: Db, id: string): Promise<BillingProgramRow | undefined> {
  return (await billingPrograms(db, null, [id]))[0];
}

export async function insertBillingProgram(trx: Knex.Transaction, row: Record<string, unknown>): Promise<string> {
  const [r] = await trx('billing_programs').insert(row).returning('id');
  return String(r.id);
}

export async function updateBillingProgram(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<void> {
  if (Object.keys(patch).length)
    await trx('billing_programs')
      .where({ id })
      .update({ ...patch, updated_at: trx.fn.now() });
}

export async function setProgramRooms(trx: Knex.Transaction, id: string, rooms: string[]): Promise<void> {
  await trx('billing_program_rooms').where({ billing_program_id: id }).del();
  if (rooms.length) await trx('billing_program_rooms').insert(rooms.map((program_id) => ({ billing_program_id: id, program_id })));
}

export async function deleteBillingProgram(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('student_billing_programs').where({ billing_program_id: id }).del();
  await trx('billing_program_rooms').where({ billing_program_id: id }).del();
  await trx('billing_programs').where({ id }).update({ deleted_at: trx.fn.now() });
}

/** Rooms (spec programs) of a location among `ids`. */
export async function roomsAt(db: Db, locationId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  return (await db('programs').where({ location_id: locationId }).whereNull('deleted_at').whereIn('id', ids).select('id')).map((r) =>
    String(r.id),
  );
}

export async function setStudentsProgram(trx: Knex.Transaction, studentIds: string[], programId: string | null): Promise<void> {
  if (!programId) {
    await trx('student_billing_programs').whereIn('student_id', studentIds).del();
    return;
  }
  await trx('student_billing_programs')
    .insert(studentIds.map((student_id) => ({ student_id, billing_program_id: programId })))
    .onConflict('student_id')
    .merge({ billing_program_id: programId, updated_at: trx.fn.now() });
}

/** Each child's billing program (loader). */
export async function programsOfStudents(db: Db, studentIds: string[]): Promise<Map<string, BillingProgramRow>> {
  if (!studentIds.length) return new Map();
  const links = await db('student_billing_programs').whereIn('student_id', studentIds).select('student_id', 'billing_program_id');
  const programs = await billingPrograms(db, null, [...new Set(links.map((l) => String(l.billing_program_id)))]);
  const byId = new Map(programs.map((p) => [String(p.id), p]));
  const out = new Map<string, BillingProgramRow>();
  for (const l of links) {
    const p = byId.get(String(l.billing_program_id));
    if (p) out.set(String(l.student_id), p);
  }
  return out;
}

/** The billing programs of rooms (loader for Program.billing_programs). */
export async function programsOfRooms(db: Db, roomIds: string[]): Promise<Map<string, BillingProgramRow[]>> {
  if (!roomIds.length) return new Map();
  const links = await db('billing_program_rooms').whereIn('program_id', roomIds).select('program_id', 'billing_program_id');
  const programs = await billingPrograms(db, null, [...new Set(links.map((l) => String(l.billing_program_id)))]);
  const byId = new Map(programs.map((p) => [String(p.id), p]));
  const out = new Map<string, BillingProgramRow[]>();
  for (const l of links) {
    const p = byId.get(String(l.billing_program_id));
    if (!p) continue;
    const list = out.get(String(l.program_id)) ?? [];
    list.push(p);
    out.set(String(l.program_id), list);
  }
  return out;
}

// ── charge categories ───────────────────────────────────────────────────────

export type CategoryRow = { id: string; location_id: string; name: string; archived: boolean };
const CATEGORY = ['id', 'location_id', 'name', 'archived'];

export async function categories(db: Db, locationId: string, archived: boolean | null): Promise<CategoryRow[]> {
  const q = db('charge_categories').where({ location_id: locationId });
  if (archived !== null) q.where({ archived });
  return q.orderBy(['name', 'id']).select(CATEGORY);
}

export async function findCategory(db: Db, id: string): Promise<CategoryRow | undefined> {
  return db('charge_categories').where({ id }).first(CATEGORY);
}

export async function categoriesByIds(db: Db, ids: string[]): Promise<Map<string, CategoryRow>> {
  if (!ids.length) return new Map();
  const rows: CategoryRow[] = await db('charge_categories').whereIn('id', ids).select(CATEGORY);
  return new Map(rows.map((r) => [String(r.id), r]));
}

export async function insertCategory(trx: Knex.Transaction, row: Record<string, unknown>): Promise<CategoryRow> {
  const [r] = await trx('charge_categories').insert(row).returning(CATEGORY);
  return r;
}

export async function updateCategory(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<CategoryRow> {
  const [r] = await trx('charge_categories')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() })
    .returning(CATEGORY);
  return r;
}

/** Whether an item, a preset or a variable charge uses the category. */
export async function categoryInUse(db: Db, id: string): Promise<boolean> {
  const r = await db.raw(
    `select exists(select 1 from invoice_items where category_id = ?)
         or exists(select 1 from billing_presets where category_id = ? and deleted_at is null)
         or exists(select 1 from variable_charges where category_id = ? and deleted_at is null) as used`,
    [id, id, id],
  );
  return Boolean(r.rows[0]?.used);
}

export async function deleteCategory(trx: Knex.Transaction, id: string): Promise<void> {
  // Soft-deleted presets and variable charges may still point at it.
  await trx('billing_presets').where({ category_id: id }).update({ category_id: null });
  await trx('variable_charges').where({ category_id: id }).update({ category_id: null });
  await trx('charge_categories').where({ id }).del();
}

// ── presets ────────────────────────────────────────────────────────────────

export type PresetRow = {
  id: string;
  location_id: string;
  name: string;
  amount: string;
  detail: string | null;
  category_id: string | null;
};
const PRESET = ['id', 'location_id', 'name', 'amount', 'detail', 'category_id'];

export async function presets(db: Db, locationId: string): Promise<PresetRow[]> {
  return db('billing_presets').where({ location_id: locationId }).whereNull('deleted_at').orderBy(['name', 'id']).select(PRESET);
}

export async function findPreset(db: Db, id: string): Promise<PresetRow | undefined> {
  return db('billing_presets').where({ id }).whereNull('deleted_at').first(PRESET);
}

export async function insertPreset(trx: Knex.Transaction, row: Record<string, unknown>): Promise<PresetRow> {
  const [r] = await trx('billing_presets').insert(row).returning(PRESET);
  return r;
}

export async function updatePreset(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<PresetRow> {
  const [r] = await trx('billing_presets')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() })
    .returning(PRESET);
  return r;
}

export async function deletePreset(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('billing_presets').where({ id }).update({ deleted_at: trx.fn.now() });
}

// ── variable charges ───────────────────────────────────────────────────────

export type VariableChargeRow = {
  id: string;
  location_id: string;
  category_id: string | null;
  details: string;
  start_time: string | null;
  end_time: string | null;
  amount: string;
  max_amount: string | null;
  interval: number;
  days: number[];
  programs: string[];
};

const vcSelect = (db: Db) => [
  'v.id',
  'v.location_id',
  'v.category_id',
  'v.details',
  db.raw(`to_char(v.start_time, 'HH24:MI') as start_time`),
  db.raw(`to_char(v.end_time, 'HH24:MI') as end_time`),
  'v.amount',
  'v.max_amount',
  'v.interval',
  'v.days',
  db.raw(
    `coalesce((select array_agg(p.program_id::text order by p.program_id) from variable_charge_programs p where p.variable_charge_id = v.id), '{}') as programs`,
  ),
];

export async function variableCharges(db: Db, locationId: string | null, ids?: string[]): Promise<VariableChargeRow[]> {
  const q = db('variable_charges as v').whereNull('v.deleted_at');
  if (locationId) q.where('v.location_id', locationId);
  if (ids) q.whereIn('v.id', ids);
  return q.orderBy(['v.details', 'v.id']).select(vcSelect(db));
}

export async function findVariableCharge(db: Db, id: string): Promise<VariableChargeRow | undefined> {
  return (await variableCharges(db, null, [id]))[0];
}

export async function insertVariableCharge(trx: Knex.Transaction, row: Record<string, unknown>): Promise<string> {
  const [r] = await trx('variable_charges').insert(row).returning('id');
  return String(r.id);
}

export async function updateVariableCharge(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<void> {
  await trx('variable_charges')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() });
}

export async function setVariableChargePrograms(trx: Knex.Transaction, id: string, rooms: string[]): Promise<void> {
  await trx('variable_charge_programs').where({ variable_charge_id: id }).del();
  if (rooms.length) await trx('variable_charge_programs').insert(rooms.map((program_id) => ({ variable_charge_id: id, program_id })));
}

export async function deleteVariableCharge(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('variable_charges').where({ id }).update({ deleted_at: trx.fn.now() });
}

// ── plan templates ─────────────────────────────────────────────────────────

export type TemplateRow = {
  id: string;
  location_id: string;
  name: string;
  amount: string;
  period: string;
  days: number[];
  date: string | null;
  invoice_without_payer: boolean;
  invoice_with_payer: boolean;
  students: string[];
};

const templateSelect = (db: Db) => [
  't.id',
  't.location_id',
  't.name',
  't.amount',
  't.period',
  't.days',
  db.raw(day('t.date', 'date')),
  't.invoice_without_payer',
  't.invoice_with_payer',
  db.raw(`coalesce((select array_agg(distinct p.student_id::text) from billing_plans p where p.template_id = t.id
           and (p.end_date is null or p.end_date >= current_date)), '{}') as students`),
];

export async function templates(db: Db, locationId: string | null, ids?: string[]): Promise<TemplateRow[]> {
  const q = db('plan_templates as t').whereNull('t.deleted_at');
  if (locationId) q.where('t.location_id', locationId);
  if (ids) q.whereIn('t.id', ids);
  return q.orderBy(['t.name', 't.id']).select(templateSelect(db));
}

export async function findTemplate(db: Db, id: string): Promise<TemplateRow | undefined> {
  return (await templates(db, null, [id]))[0];
}

export async function insertTemplate(trx: Knex.Transaction, row: Record<string, unknown>): Promise<string> {
  const [r] = await trx('plan_templates').insert(row).returning('id');
  return String(r.id);
}

export async function updateTemplate(trx: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<void> {
  await trx('plan_templates')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() });
}

export async function deleteTemplate(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('plan_templates').where({ id }).update({ deleted_at: trx.fn.now() });
}
