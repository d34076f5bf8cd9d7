import type { Knex } from 'knex';
import type { DoseRule, ImmunizationKind, ScheduleImmunization } from '@kv/shared';

export const CATALOGUE = 'immunizations';

export interface ImmunizationRow {
  id: string;
  name: string;
  code: string;
  kind: ImmunizationKind;
  is_required: boolean;
  doses: DoseRule[];
  position: number;
  updated_at: Date;
}

export interface ScheduleRow {
  id: string;
  version: number;
  effective_from: string;
  source_url: string | null;
  note: string | null;
  data: ScheduleImmunization[];
  published_by: string | null;
  created_at: Date;
}

type Db = Knex | Knex.Transaction;
const COLUMNS = ['id', 'name', 'code', 'kind', 'is_required', 'doses', 'position', 'updated_at'];

export function list(db: Db, kind: string | null): Promise<ImmunizationRow[]> {
  const q = db('immunizations')
    .select(COLUMNS)
    .orderBy([{ column: 'kind' }, { column: 'position' }, { column: 'id' }]);
  if (kind) q.where({ kind });
  return q;
}

export const byId = (db: Db, id: string): Promise<ImmunizationRow | undefined> => db('immunizations').where({ id }).first(COLUMNS);

export async function codeUsed(db: Db, code: string, except?: string): Promise<boolean> {
  const q = db('immunizations').whereRaw('lower(code) = lower(?)', [code]);
  if (except) q.whereNot({ id: except });
  return Boolean(await q.first('id'));
}

export async function insert(db: Knex.Transaction, row: Omit<ImmunizationRow, 'id' | 'updated_at' | 'position'>): Promise<ImmunizationRow> {
  const [r] = await db('immunizations')
    .insert({
      ...row,
      doses: JSON.stringify(row.doses),
      position: db.raw('(select coalesce(max(position), 0) + 1 from immunizations)'),
    })
    .returning(COLUMNS);
  return r;
}

export async function update(db: Knex.Transaction, id: string, patch: Partial<ImmunizationRow>): Promise<ImmunizationRow> {
  const p: Record<string, unknown> = { ...patch, updated_at: db.fn.now() };
  if (patch.doses) p.doses = JSON.stringify(patch.doses);
  const [r] = await db('immunizations').where({ id }).update(p).returning(COLUMNS);
  return r;
}

export const remove = (db: Knex.Transaction, id: string) => db('immunizations').where({ id }).del();

const SCHEDULE_COLUMNS = (db: Db) => [
  'id',
  'version',
  db.raw("to_char(effective_from, 'YYYY-MM-DD') as effective_from"),
  'source_url',
  'note',
  'data',
  'published_by',
  'created_at',
];

export const schedules = (db: Db): Promise<ScheduleRow[]> =>
  db('immunization_schedules').select(SCHEDULE_COLUMNS(db)).orderBy('version', 'desc');

export const latestSchedule = (db: Db): Promise<ScheduleRow | undefined> =>
  db('immunization_schedules').select(SCHEDULE_COLUMNS(db)).orderBy('version', 'desc').first();

/**
 * Freezes a version and serves it to centres as `schedule-<version>` in the same transaction.
 * Versions are numbered under a lock, so two publishes never take the same number.
 */
export async function publish(
  db: Knex.Transaction,
  s: {
    effective_from: string;
    source_url: string | null;
    note: string | null;
    published_by: string;
    immunizations: ScheduleImmunization[];
  },
): Promise<ScheduleRow> {
  await db.raw('lock table immunization_schedules in exclusive mode');
  const version = Number((await db('immunization_schedules').max({ v: 'version' }).first())?.v ?? 0) + 1;
  const [row] = await db('immunization_schedules')
    .insert({
      version,
      effective_from: s.effective_from,
      source_url: s.source_url,
      note: s.note,
      data: JSON.stringify(s.immunizations),
      published_by: s.published_by,
    })
    .returning(SCHEDULE_COLUMNS(db));
  const data = { version, effective_from: s.effective_from, source_url: s.source_url, note: s.note, immunizations: s.immunizations };
  await db('platform_catalogue_items').insert({
    catalogue: CATALOGUE,
    key: `schedule-${version}`,
    position: version,
    data: JSON.stringify(data),
  });
  await db('platform_catalogues').where({ name: CATALOGUE }).update({ updated_at: db.fn.now() });
  return row;
}
