import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

const PROGRAM_COLUMNS = ['id', 'name', 'color_code', 'location_id', 'camera_group_id', 'created_at', 'updated_at'];
const GROUP_COLUMNS = ['id', 'name', 'location_id', 'created_at', 'updated_at'];

export interface ProgramRow {
  id: string;
  name: string;
  color_code: string | null;
  location_id: string;
  camera_group_id: string | null;
  [key: string]: unknown;
}

export interface GroupRow {
  id: string;
  name: string;
  location_id: string;
  [key: string]: unknown;
}

const livePrograms = (db: Db) => db('programs').whereNull('deleted_at');

// ── programs (rooms) ─────────────────────────────────────────────────────────

export async function findPrograms(db: Db, ids: readonly string[]): Promise<ProgramRow[]> {
  return livePrograms(db)
    .whereIn('id', ids as string[])
    .select(PROGRAM_COLUMNS);
}

/** Rooms of a batch of locations, by name (index programs_location_idx). */
export async function programsByLocationIds(db: Db, ids: readonly string[]): Promise<Map<string, ProgramRow[]>> {
  const rows: ProgramRow[] = await livePrograms(db)
    .whereIn('location_id', ids as string[])
    .orderByRaw('location_id, lower(name), id')
    .select(PROGRAM_COLUMNS);
  const map = new Map<string, ProgramRow[]>();
  for (const r of rows) map.set(String(r.location_id), [...(map.get(String(r.location_id)) ?? []), r]);
  return map;
}

export async function programNameTaken(db: Db, locationId: string, name: string, exceptId?: string | null): Promise<boolean> {
  const q = livePrograms(db).where({ location_id: locationId }).whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) q.whereNot('id', exceptId);
  return Boolean(await q.first('id'));
}

export async function insertProgram(db: Db, row: Record<string, unknown>): Promise<ProgramRow> {
  const [created] = await db('programs').insert(row).returning(PROGRAM_COLUMNS);
  return created;
}

export async function updateProgram(db: Db, id: string, patch: Record<string, unknown>): Promise<ProgramRow> {
  const [row] = await db('programs')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning(PROGRAM_COLUMNS);
  return row;
}

export async function softDeleteProgram(db: Db, id: string): Promise<void> {
  await db('programs').where({ id }).update({ deleted_at: db.fn.now() });
}

/** Students per room (not deleted), for a batch of rooms (Program.student_count loader). */
export async function studentCounts(db: Db, programIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await db('students')
    .whereIn('program_id', programIds as string[])
    .whereNull('deleted_at')
    .groupBy('program_id')
    .select('program_id', db.raw('count(*)::int as n'));
  return new Map(rows.map((r) => [String(r.program_id), Number(r.n)]));
}

export async function activeStudentsInProgram(db: Db, programId: string): Promise<number> {
  const [r] = await db('students').where({ program_id: programId, status: true }).whereNull('deleted_at').count({ n: '*' });
  return Number(r?.n ?? 0);
}

// ── camera groups ────────────────────────────────────────────────────────────

export async function findGroups(db: Db, ids: readonly string[]): Promise<GroupRow[]> {
  return db('camera_groups')
    .whereIn('id', ids as string[])
    .select(GROUP_COLUMNS);
}

export async function groupsByLocationIds(db: Db, ids: readonly string[]): Promise<Map<string, GroupRow[]>> {
  const rows: GroupRow[] = await db('camera_groups')
    .whereIn('location_id', ids as string[])
    .orderByRaw('location_id, lower(name), id')
    .select(GROUP_COLUMNS);
  const map = new Map<string, GroupRow[]>();
  for (const r of rows) map.set(String(r.location_id), [...(map.get(String(r.location_id)) ?? []), r]);
  return map;
}

export async function groupNameTaken(db: Db, locationId: string, name: string, exceptId?: string | null): Promise<boolean> {
  const q = db('camera_groups').where({ location_id: locationId }).whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) q.whereNot('id', exceptId);
  return Boolean(await q.first('id'));
}

export async function insertGroup(db: Db, row: { location_id: string; name: string }): Promise<GroupRow> {
  const [created] = await db('camera_groups').insert(row).returning(GROUP_COLUMNS);
  return created;
}

export async function renameGroup(db: Db, id: string, name: string): Promise<GroupRow> {
  const [row] = await db('camera_groups').where({ id }).update({ name, updated_at: db.fn.now() }).returning(GROUP_COLUMNS);
  return row;
}

export async function touchGroup(db: Db, id: string): Promise<GroupRow> {
  const [row] = await db('camera_groups').where({ id }).update({ updated_at: db.fn.now() }).returning(GROUP_COLUMNS);
  return row;
}

export async function deleteGroup(db: Db, id: string): Promise<void> {
  await db('camera_groups').where({ id }).del();
}

export async function groupCameraIds(db: Db, groupId: string): Promise<string[]> {
  const rows = await db('camera_group_cameras').where({ camera_group_id: groupId }).orderBy('camera_id').select('camera_id');
  return rows.map((r) => String(r.camera_id));
}

export async function setGroupCameras(db: Db, groupId: string, cameraIds: readonly string[]): Promise<void> {
  await db('camera_group_cameras').where({ camera_group_id: groupId }).del();
  if (cameraIds.length) await db('camera_group_cameras').insert(cameraIds.map((camera_id) => ({ camera_group_id: groupId, camera_id })));
}
