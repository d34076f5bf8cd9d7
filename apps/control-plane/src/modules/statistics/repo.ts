import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface StatisticsRow {
  center_id: string;
  children: number;
  staff: number;
  families: number;
  locations: number;
  files: number;
  storage_bytes: number;
  database_bytes: number;
  last_activity_at: Date | null;
  error: string | null;
}

export async function activeCentres(db: Db) {
  const rows = await db('centers')
    .where({ status: 'active' })
    .whereNotNull('database_name')
    .orderBy('id')
    .select(db.raw('id::text as id'), db.raw('database_server_id::text as database_server_id'), 'database_name');
  return rows as { id: string; database_server_id: string | null; database_name: string | null }[];
}

export async function saveFigures(db: Db, row: StatisticsRow): Promise<void> {
  await db('center_statistics')
    .insert({ ...row, collected_at: db.fn.now() })
    .onConflict('center_id')
    .merge();
}

/** Keeps the last good figures; notes the error and when. */
export async function saveError(db: Db, centreId: string, error: string): Promise<void> {
  await db('center_statistics')
    .insert({ center_id: centreId, error, collected_at: db.fn.now() })
    .onConflict('center_id')
    .merge(['error', 'collected_at']);
}

export interface CentreStatisticsRow extends StatisticsRow {
  name: string;
  slug: string;
  status: string;
  collected_at: Date;
}

const FIGURES = ['children', 'staff', 'families', 'locations', 'files', 'storage_bytes', 'database_bytes'] as const;

/** Stored figures of centres that are not deleted, largest first; `centreId` narrows to one. */
export async function listStatistics(
  db: Db,
  f: { centreId: string | null; offset: number; limit: number },
): Promise<{ rows: CentreStatisticsRow[]; total: number }> {
  const base = () =>
    db('center_statistics as s')
      .join('centers as c', 'c.id', 's.center_id')
      .whereNot('c.status', 'deleted')
      .modify((q) => {
        if (f.centreId) q.where('s.center_id', f.centreId);
      });
  const counted = await base().count({ count: '*' });
  const rows: CentreStatisticsRow[] = await base()
    .orderBy([
      { column: 's.children', order: 'desc' },
      { column: 'c.id', order: 'asc' },
    ])
    .offset(f.offset)
    .limit(f.limit)
    .select('s.*', db.raw('s.center_id::text as center_id'), 'c.name', 'c.slug', 'c.status');
  return {
    rows: rows.map((r) => ({ ...r, storage_bytes: Number(r.storage_bytes), database_bytes: Number(r.database_bytes) })),
    total: Number(counted[0]?.count ?? 0),
  };
}

/** Sums over every centre that is not deleted, and when the oldest figures were read. */
export async function totals(db: Db) {
  const row = await db('center_statistics as s')
    .join('centers as c', 'c.id', 's.center_id')
    .whereNot('c.status', 'deleted')
    .first(
      db.raw('count(*)::int as centers'),
      ...FIGURES.map((f) => db.raw(`coalesce(sum(s.${f}), 0)::bigint as ${f}`)),
      db.raw('max(s.last_activity_at) as last_activity_at'),
      db.raw('min(s.collected_at) as collected_at'),
    );
  return {
    centers: Number(row?.centers ?? 0),
    ...Object.fromEntries(FIGURES.map((f) => [f, Number(row?.[f] ?? 0)])),
    last_activity_at: row?.last_activity_at ?? null,
    collected_at: row?.collected_at ?? null,
  } as { centers: number; last_activity_at: Date | null; collected_at: Date | null } & Record<(typeof FIGURES)[number], number>;
}
