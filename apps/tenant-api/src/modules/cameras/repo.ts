import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export const CAMERA_COLUMNS = [
  'id',
  'location_id',
  'name',
  'code',
  'color_code',
  'camera_id',
  'status',
  'order',
  'program_id',
  'schedule_id',
  'created_at',
  'updated_at',
];

export interface CameraRow {
  id: string;
  location_id: string;
  name: string;
  code: string;
  color_code: string;
  camera_id: string | null;
  status: boolean;
  order: number;
  program_id: string | null;
  schedule_id: string | null;
  [key: string]: unknown;
}

const live = (db: Db) => db('cameras').whereNull('deleted_at');
const ordered = [{ column: 'order' }, { column: 'id' }];

/** The location of a camera, deleted or not (its history outlives it). */
export async function cameraLocationId(db: Db, id: string): Promise<string | null> {
  const row = await db('cameras').where({ id }).first('location_id');
  return row ? String(row.location_id) : null;
}

export async function findCameras(db: Db, ids: readonly string[]): Promise<CameraRow[]> {
  return live(db)
    .whereIn('id', ids as string[])
    .select(CAMERA_COLUMNS);
}

function filtered(db: Db, locationId: string, opts: { status?: boolean | null; program_id?: string | null }) {
  const q = live(db).where({ location_id: locationId });
  if (opts.status !== undefined && opts.status !== null) q.where('status', opts.status);
  if (opts.program_id) q.where('program_id', opts.program_id);
  return q;
}

/** A location's cameras in display order (indexes cameras_location_order_idx, cameras_location_status_idx, cameras_program_idx). */
export async function pageCameras(
  db: Db,
  locationId: string,
  opts: { status?: boolean | null; program_id?: string | null; page: number; first: number },
) {
  const [count] = await filtered(db, locationId, opts).count({ n: '*' });
  const rows: CameraRow[] = await filtered(db, locationId, opts)
    .orderBy(ordered)
    .limit(opts.first)
    .offset((opts.page - 1) * opts.first)
    .select(CAMERA_COLUMNS);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function camerasOfLocation(db: Db, locationId: string): Promise<CameraRow[]> {
  return live(db).where({ location_id: locationId }).orderBy(ordered).select(CAMERA_COLUMNS);
}

export async function camerasByLocationIds(db: Db, ids: readonly string[]): Promise<Map<string, CameraRow[]>> {
  const rows: CameraRow[] = await live(db)
    .whereIn('location_id', ids as string[])
    .orderBy(['location_id', ...ordered])
    .select(CAMERA_COLUMNS);
  const map = new Map<string, CameraRow[]>();
  for (const r of rows) map.set(String(r.location_id), [...(map.get(String(r.location_id)) ?? []), r]);
  return map;
}

export async function camerasByScheduleIds(db: Db, ids: readonly string[]): Promise<Map<string, CameraRow[]>> {
  const rows: CameraRow[] = await live(db)
    .whereIn('schedule_id', ids as string[])
    .orderBy(['schedule_id', ...ordered])
    .select(CAMERA_COLUMNS);
  const map = new Map<string, CameraRow[]>();
  for (const r of rows) map.set(String(r.schedule_id), [...(map.get(String(r.schedule_id)) ?? []), r]);
  return map;
}

/** Cameras of a batch of camera groups (CameraGroup.cameras loader). */
export async function camerasByGroupIds(db: Db, groupIds: readonly string[]): Promise<Map<string, CameraRow[]>> {
  const rows = await db('camera_group_cameras as g')
    .join('cameras as c', 'c.id', 'g.camera_id')
    .whereIn('g.camera_group_id', groupIds as string[])
    .whereNull('c.deleted_at')
    .orderBy(['g.camera_group_id', 'c.order', 'c.id'])
    .select('g.camera_group_id', ...CAMERA_COLUMNS.map((c) => `c.${c}`));
  const map = new Map<string, CameraRow[]>();
  for (const { camera_group_id, ...r } of rows)
    map.set(String(camera_group_id), [...(map.get(String(camera_group_id)) ?? []), r as CameraRow]);
  return map;
}

/** Groups of a batch of cameras (Camera.groups loader). */
export async function groupsByCameraIds(db: Db, cameraIds: readonly string[]): Promise<Map<string, Record<string, unknown>[]>> {
  const rows = await db('camera_group_cameras as g')
    .join('camera_groups as cg', 'cg.id', 'g.camera_group_id')
    .whereIn('g.camera_id', cameraIds as string[])
    .orderByRaw('g.camera_id, lower(cg.name)')
    .select('g.camera_id', 'cg.id', 'cg.name', 'cg.location_id', 'cg.created_at', 'cg.updated_at');
  const map = new Map<string, Record<string, unknown>[]>();
  for (const { camera_id, ...r } of rows) map.set(String(camera_id), [...(map.get(String(camera_id)) ?? []), r]);
  return map;
}

export async function colorsInLocation(db: Db, locationId: string): Promise<string[]> {
  const rows = await live(db).where({ location_id: locationId }).select('color_code');
  return rows.map((r) => String(r.color_code).toLowerCase());
}

export async function colorTaken(db: Db, locationId: string, color: string, exceptId?: string | null): Promise<boolean> {
  const q = live(db).where({ location_id: locationId }).whereRaw('lower(color_code) = lower(?)', [color]);
  if (exceptId) q.whereNot('id', exceptId);
  return Boolean(await q.first('id'));
}

export async function nextOrder(db: Db, locationId: string): Promise<number> {
  const [r] = await live(db).where({ location_id: locationId }).max({ m: 'order' });
  return r?.m === null || r?.m === undefined ? 0 : Number(r.m) + 1;
}

export async function insertCameras(db: Db, rows: Record<string, unknown>[]): Promise<CameraRow[]> {
  return db('cameras').insert(rows).returning(CAMERA_COLUMNS);
}

export async function updateCamera(db: Db, id: string, patch: Record<string, unknown>): Promise<CameraRow> {
  const [row] = await db('cameras')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning(CAMERA_COLUMNS);
  return row;
}

export async function softDeleteCamera(db: Db, id: string): Promise<void> {
  await db('cameras').where({ id }).update({ deleted_at: db.fn.now() });
  await db('camera_group_cameras').where({ camera_id: id }).del();
}

/** Sets the display order of many cameras in one statement. */
export async function setOrder(db: Db, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const values = ids.map(() => '(?::bigint, ?::int)').join(', ');
  await db.raw(
    `update cameras c set "order" = v.ord, updated_at = now() from (values ${values}) as v(id, ord) where c.id = v.id`,
    ids.flatMap((id, i) => [id, i]),
  );
}

export async function setSchedule(db: Db, ids: readonly string[], scheduleId: string | null): Promise<void> {
  await db('cameras')
    .whereIn('id', ids as string[])
    .update({ schedule_id: scheduleId, updated_at: db.fn.now() });
}

/** A deleted room's cameras no longer belong to a room. */
export async function clearRoom(db: Db, programId: string): Promise<void> {
  await db('cameras').where({ program_id: programId }).update({ program_id: null });
}

/** A location's active cameras for a room: the common ones (no room) and the room's own. */
export async function defaultCameras(db: Db, locationId: string, programId: string | null): Promise<CameraRow[]> {
  const q = live(db).where({ location_id: locationId, status: true });
  q.where((w) => {
    w.whereNull('program_id');
    if (programId) w.orWhere('program_id', programId);
  });
  return q.orderBy(ordered).select(CAMERA_COLUMNS);
}

export async function setGroupsOfCamera(db: Db, cameraId: string, groupIds: readonly string[]): Promise<void> {
  await db('camera_group_cameras').where({ camera_id: cameraId }).del();
  if (groupIds.length)
    await db('camera_group_cameras').insert(groupIds.map((camera_group_id) => ({ camera_group_id, camera_id: cameraId })));
}

// ── per-location settings in the generic settings table (key, value, object_id = location id) ──

export async function readLocationSetting<T>(db: Db, key: string, locationId: string): Promise<{ id: string; value: T } | undefined> {
  return db('settings').where({ key }).whereRaw('coalesce(object_id, 0) = ?', [locationId]).first('id', 'value');
}

export async function writeLocationSetting(db: Db, key: string, locationId: string, value: unknown): Promise<void> {
  await db.raw(
    `insert into settings (key, value, object_id) values (?, ?::jsonb, ?)
     on conflict (key, coalesce(object_id, 0)) do update set value = excluded.value, updated_at = now()`,
    [key, JSON.stringify(value), locationId],
  );
}

export async function settingsByLocationIds(db: Db, key: string, ids: readonly string[]): Promise<Map<string, unknown>> {
  const rows = await db('settings')
    .where({ key })
    .whereRaw('coalesce(object_id, 0) = any(?::bigint[])', [ids as string[]])
    .select('object_id', 'value');
  return new Map(rows.map((r) => [String(r.object_id), r.value]));
}
