import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface MigrationRunRow {
  id: string;
  dry_run: boolean;
  status: 'running' | 'done' | 'failed';
  total: number;
  succeeded: number;
  failed: number;
  started_by: string | null;
  started_at: Date;
  finished_at: Date | null;
  center_id: string | null;
  error: string | null;
}

export interface TenantMigrationRow {
  run_id: string;
  center_id: string;
  center_name: string;
  slug: string;
  status: 'pending' | 'running' | 'done' | 'failed' | 'skipped';
  from_version: string | null;
  to_version: string | null;
  applied: string[];
  error: string | null;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface MigrationTarget {
  id: string;
  slug: string;
  database_server_id: string;
  database_name: string;
}

const RUN_COLUMNS = [
  'id',
  'dry_run',
  'status',
  'total',
  'succeeded',
  'failed',
  'started_by',
  'started_at',
  'finished_at',
  'center_id',
  'error',
];
const run = (r: MigrationRunRow | undefined) => r && { ...r, center_id: r.center_id && String(r.center_id) };

/** Centres whose database exists and is in service: active or suspended. */
export async function findTargets(db: Db, filter: { centreId?: string | null; slug?: string | null }): Promise<MigrationTarget[]> {
  return db('centers')
    .whereIn('status', ['active', 'suspended'])
    .whereNotNull('database_server_id')
    .whereNotNull('database_name')
    .modify((q) => {
      if (filter.centreId) q.where('id', filter.centreId);
      if (filter.slug) q.where('slug', filter.slug);
    })
    .orderBy('id')
    .select(db.raw('id::text as id'), 'slug', db.raw('database_server_id::text as database_server_id'), 'database_name');
}

export async function findTarget(db: Db, centreId: string): Promise<MigrationTarget | undefined> {
  return db('centers')
    .where({ id: centreId })
    .first(db.raw('id::text as id'), 'slug', db.raw('database_server_id::text as database_server_id'), 'database_name');
}

export async function insertRun(
  db: Db,
  row: { id: string; dry_run: boolean; total: number; started_by: string | null; center_id: string | null },
): Promise<void> {
  const finished = row.total === 0;
  await db('migration_runs').insert({ ...row, status: finished ? 'done' : 'running', finished_at: finished ? db.fn.now() : null });
}

export async function insertTenantMigrations(db: Db, runId: string, centreIds: string[]): Promise<void> {
  if (centreIds.length) await db('tenant_migrations').insert(centreIds.map((center_id) => ({ run_id: runId, center_id })));
}

export async function findRun(db: Db, id: string): Promise<MigrationRunRow | undefined> {
  return run(await db('migration_runs').where({ id }).first(RUN_COLUMNS));
}

export async function listRuns(
  db: Db,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: MigrationRunRow[]; total: number }> {
  const [counted] = await db('migration_runs').count({ count: '*' });
  const rows = await db('migration_runs')
    .select(RUN_COLUMNS)
    .orderBy([{ column: 'started_at', order: 'desc' }, { column: 'id' }])
    .offset(offset)
    .limit(limit);
  return { rows: rows.map((r) => run(r)!), total: Number(counted?.count ?? 0) };
}

export async function listTenantMigrations(db: Db, runIds: string[]): Promise<TenantMigrationRow[]> {
  return db('tenant_migrations as t')
    .join('centers as c', 'c.id', 't.center_id')
    .whereIn('t.run_id', runIds)
    .orderBy('t.center_id')
    .select(
      't.run_id',
      db.raw('t.center_id::text as center_id'),
      'c.name as center_name',
      'c.slug',
      't.status',
      't.from_version',
      't.to_version',
      't.applied',
      't.error',
      't.started_at',
      't.finished_at',
    );
}

/** Takes the centre's row of the run; false when another delivery of the job already took it. */
export async function claimTenantMigration(db: Db, runId: string, centreId: string): Promise<boolean> {
  const n = await db('tenant_migrations')
    .where({ run_id: runId, center_id: centreId, status: 'pending' })
    .update({ status: 'running', started_at: db.fn.now() });
  return n > 0;
}

export async function finishTenantMigration(
  db: Db,
  runId: string,
  centreId: string,
  r: { status: 'done' | 'failed'; from_version: string | null; to_version: string | null; applied: string[]; error: string | null },
): Promise<void> {
  await db('tenant_migrations')
    .where({ run_id: runId, center_id: centreId })
    .update({ ...r, finished_at: db.fn.now() });
}

export async function setCentreMigration(
  db: Db,
  centreId: string,
  patch: { migration_status: string; migration_error?: string | null; schema_version?: string | null },
): Promise<void> {
  await db('centers')
    .where({ id: centreId })
    .update({ ...patch, updated_at: db.fn.now() });
}

/** Counts one finished centre; the last one closes the run (`failed` if any centre failed). */
export async function countResult(db: Db, runId: string, ok: boolean): Promise<MigrationRunRow> {
  const s = ok ? 1 : 0;
  const f = ok ? 0 : 1;
  const [row] = await db('migration_runs')
    .where({ id: runId })
    .update({
      succeeded: db.raw('succeeded + ?', [s]),
      failed: db.raw('failed + ?', [f]),
      status: db.raw(
        "case when succeeded + failed + 1 >= total then (case when failed + ? > 0 then 'failed' else 'done' end) else status end",
        [f],
      ),
      finished_at: db.raw('case when succeeded + failed + 1 >= total then now() else finished_at end'),
    })
    .returning(RUN_COLUMNS);
  return run(row)!;
}

export async function appendRunError(db: Db, runId: string, message: string): Promise<void> {
  await db('migration_runs')
    .where({ id: runId })
    .update({ error: db.raw("left(coalesce(error || E'\\n', '') || ?, 4000)", [message]) });
}
