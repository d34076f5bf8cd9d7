import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** Tags, allergies and medications share one shape (spec §3: id, name, student_count, user_count). */
export const LABELS = {
  tag: { table: 'tags', fk: 'tag_id', student: 'student_tags', user: 'user_tags' },
  allergy: { table: 'allergies', fk: 'allergy_id', student: 'student_allergies', user: 'user_allergies' },
  medication: { table: 'medications', fk: 'medication_id', student: 'student_medications', user: 'user_medications' },
} as const;
export type LabelKind = keyof typeof LABELS;

export interface LabelRow {
  id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = ['id', 'name', 'created_at', 'updated_at'];

function escapeLike(v: string) {
  return v.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function pageLabels(db: Db, kind: LabelKind, search: string | null | undefined, page: number, first: number) {
  const t = LABELS[kind].table;
  const base = () => {
    const q = db(t);
    if (search) q.whereRaw('lower(name) like ?', [`%${escapeLike(search)}%`]);
    return q;
  };
  const [count] = await base().count({ n: '*' });
  const rows: LabelRow[] = await base()
    .orderByRaw('lower(name), id')
    .limit(first)
    .offset((page - 1) * first)
    .select(COLUMNS);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findLabels(db: Db, kind: LabelKind, ids: readonly string[]): Promise<LabelRow[]> {
  if (!ids.length) return [];
  return db(LABELS[kind].table)
    .whereIn('id', ids as string[])
    .select(COLUMNS);
}

export async function labelsByNames(db: Db, kind: LabelKind, names: readonly string[]): Promise<LabelRow[]> {
  if (!names.length) return [];
  return db(LABELS[kind].table)
    .whereRaw('lower(name) = any(?)', [names.map((n) => n.toLowerCase())])
    .select(COLUMNS);
}

export async function labelNameTaken(db: Db, kind: LabelKind, name: string, exceptId?: string | null): Promise<boolean> {
  const q = db(LABELS[kind].table).whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) q.whereNot('id', exceptId);
  return Boolean(await q.first('id'));
}

export async function insertLabels(db: Db, kind: LabelKind, names: readonly string[]): Promise<LabelRow[]> {
  if (!names.length) return [];
  return db(LABELS[kind].table)
    .insert(names.map((name) => ({ name })))
    .returning(COLUMNS);
}

export async function renameLabel(db: Db, kind: LabelKind, id: string, name: string): Promise<LabelRow> {
  const [row] = await db(LABELS[kind].table).where({ id }).update({ name, updated_at: db.fn.now() }).returning(COLUMNS);
  return row;
}

export async function deleteLabel(db: Db, kind: LabelKind, id: string): Promise<number> {
  return db(LABELS[kind].table).where({ id }).del();
}

export async function labelCounts(
  db: Db,
  kind: LabelKind,
  ids: readonly string[],
  owner: 'student' | 'user',
): Promise<Map<string, number>> {
  const l = LABELS[kind];
  const pivot = owner === 'student' ? l.student : l.user;
  const ownerTable = owner === 'student' ? 'students' : 'users';
  const rows = await db(`${pivot} as p`)
    .join(`${ownerTable} as o`, 'o.id', `p.${owner}_id`)
    .whereIn(`p.${l.fk}`, ids as string[])
    .whereNull('o.deleted_at')
    .groupBy(`p.${l.fk}`)
    .select(`p.${l.fk} as id`, db.raw('count(*)::int as n'));
  return new Map(rows.map((r) => [String(r.id), Number(r.n)]));
}

// ── assignment ───────────────────────────────────────────────────────────────

export async function setLabelsOf(
  db: Db,
  kind: LabelKind,
  owner: 'student' | 'user',
  ownerId: string,
  ids: readonly string[],
): Promise<void> {
  const l = LABELS[kind];
  const pivot = owner === 'student' ? l.student : l.user;
  await db(pivot)
    .where({ [`${owner}_id`]: ownerId })
    .del();
  if (ids.length) await db(pivot).insert(ids.map((id) => ({ [`${owner}_id`]: ownerId, [l.fk]: id })));
}

export async function addLabelsTo(
  db: Db,
  kind: LabelKind,
  owner: 'student' | 'user',
  ownerIds: readonly string[],
  ids: readonly string[],
): Promise<void> {
  const l = LABELS[kind];
  const pivot = owner === 'student' ? l.student : l.user;
  const rows = ownerIds.flatMap((o) => ids.map((id) => ({ [`${owner}_id`]: o, [l.fk]: id })));
  if (rows.length)
    await db(pivot)
      .insert(rows)
      .onConflict([`${owner}_id`, l.fk])
      .ignore();
}

export async function removeLabelsFrom(
  db: Db,
  kind: LabelKind,
  owner: 'student' | 'user',
  ownerIds: readonly string[],
  ids: readonly string[],
): Promise<number> {
  const l = LABELS[kind];
  const pivot = owner === 'student' ? l.student : l.user;
  return db(pivot)
    .whereIn(`${owner}_id`, ownerIds as string[])
    .whereIn(l.fk, ids as string[])
    .del();
}

/** Labels of a batch of students or users (Student.tags, User.tags … loaders). */
export async function labelsOf(
  db: Db,
  kind: LabelKind,
  owner: 'student' | 'user',
  ownerIds: readonly string[],
): Promise<Map<string, LabelRow[]>> {
  const l = LABELS[kind];
  const pivot = owner === 'student' ? l.student : l.user;
  const rows = await db(`${pivot} as p`)
    .join(`${l.table} as t`, 't.id', `p.${l.fk}`)
    .whereIn(`p.${owner}_id`, ownerIds as string[])
    .orderByRaw('lower(t.name), t.id')
    .select(`p.${owner}_id as owner_id`, 't.id', 't.name', 't.created_at', 't.updated_at');
  const map = new Map<string, LabelRow[]>();
  for (const { owner_id, ...r } of rows) map.set(String(owner_id), [...(map.get(String(owner_id)) ?? []), r as LabelRow]);
  return map;
}

// ── relationships ────────────────────────────────────────────────────────────

export interface RelationshipRow {
  id: string;
  name: string;
  is_default: boolean;
  legal_guardian: boolean;
  relationship_type: string | null;
  created_at: Date;
  updated_at: Date;
}

const REL_COLUMNS = ['id', 'name', 'is_default', 'legal_guardian', 'relationship_type', 'created_at', 'updated_at'];

export async function pageRelationships(db: Db, search: string | null | undefined, page: number, first: number) {
  const base = () => {
    const q = db('relationships');
    if (search) q.whereRaw('lower(name) like ?', [`%${escapeLike(search)}%`]);
    return q;
  };
  const [count] = await base().count({ n: '*' });
  const rows: RelationshipRow[] = await base()
    .orderByRaw('is_default desc, lower(name), id')
    .limit(first)
    .offset((page - 1) * first)
    .select(REL_COLUMNS);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findRelationship(db: Db, id: string): Promise<RelationshipRow | undefined> {
  return db('relationships').where({ id }).first(REL_COLUMNS);
}

export async function relationshipNameTaken(db: Db, name: string, exceptId?: string | null): Promise<boolean> {
  const q = db('relationships').whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) q.whereNot('id', exceptId);
  return Boolean(await q.first('id'));
}

export async function clearDefaultRelationship(db: Db): Promise<void> {
  await db('relationships').where({ is_default: true }).update({ is_default: false, updated_at: db.fn.now() });
}

export async function insertRelationship(db: Db, row: Record<string, unknown>): Promise<RelationshipRow> {
  const [r] = await db('relationships').insert(row).returning(REL_COLUMNS);
  return r;
}

export async function updateRelationship(db: Db, id: string, patch: Record<string, unknown>): Promise<RelationshipRow | undefined> {
  const [r] = await db('relationships')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning(REL_COLUMNS);
  return r;
}

export async function deleteRelationship(db: Db, id: string): Promise<number> {
  return db('relationships').where({ id }).del();
}

/** How many contacts use each relationship name (pivot relation). */
export async function relationUseCounts(db: Db, names: readonly string[]): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  const rows = await db('student_users')
    .whereRaw('lower(relation) = any(?)', [names.map((n) => n.toLowerCase())])
    .groupByRaw('lower(relation)')
    .select(db.raw('lower(relation) as name'), db.raw('count(*)::int as n'));
  return new Map(rows.map((r) => [r.name as string, Number(r.n)]));
}
