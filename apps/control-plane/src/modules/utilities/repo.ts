import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** The hosts a centre is served under: its subdomain and active custom domains (never previous names). */
export async function activeHostnames(db: Db, centreId: string): Promise<string[]> {
  const rows = await db('server_domains')
    .where({ center_id: centreId, status: 'active' })
    .whereIn('kind', ['subdomain', 'custom'])
    .orderByRaw("case kind when 'subdomain' then 0 else 1 end, domain")
    .select('domain');
  return rows.map((r: { domain: string }) => r.domain);
}

export interface LastBackup {
  status: string;
  at: Date;
}

/** The newest backup (any outcome but pruned) and the newest finished drill of the centre. */
export async function lastBackupAndDrill(db: Db, centreId: string): Promise<{ backup: LastBackup | null; drill: LastBackup | null }> {
  const [backup, drill] = await Promise.all([
    db('center_backups')
      .where('center_id', centreId)
      .whereNot('status', 'pruned')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first('status', db.raw('coalesce(finished_at, created_at) as at')),
    db('center_backup_drills')
      .where('center_id', centreId)
      .whereIn('status', ['passed', 'failed'])
      .orderBy([
        { column: 'finished_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first('status', 'finished_at as at'),
  ]);
  return { backup: backup ?? null, drill: drill ?? null };
}

/** The centre's row of the latest migration run that included it. */
export async function lastMigration(db: Db, centreId: string) {
  const row = await db('tenant_migrations as t')
    .join('migration_runs as r', 'r.id', 't.run_id')
    .where('t.center_id', centreId)
    .orderBy([
      { column: 'r.started_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .first(
      't.run_id',
      't.status',
      't.from_version',
      't.to_version',
      't.applied',
      't.error',
      'r.started_by',
      db.raw('coalesce(t.started_at, r.started_at) as started_at'),
      't.finished_at',
    );
  return row ?? null;
}

/** Read on the centre's own database: applied migrations and the outbox backlog, in one read-only transaction. */
export async function centreFigures(centreDb: Knex): Promise<{
  applied: string[];
  backlog: number;
  retrying: number;
  oldestDueAt: Date | null;
}> {
  return centreDb.transaction(
    async (trx) => {
      await trx.raw(`set local statement_timeout = '5s'`);
      const applied = (await trx('knex_migrations').orderBy('name').select('name')).map((r: { name: string }) => r.name);
      const [q] = (
        await trx.raw(
          `select count(*)::int as backlog,
                  count(*) filter (where attempts > 0)::int as retrying,
                  min(available_at) as oldest_due_at
             from outbox where dispatched_at is null and available_at <= now()`,
        )
      ).rows;
      return { applied, backlog: q.backlog, retrying: q.retrying, oldestDueAt: q.oldest_due_at };
    },
    { readOnly: true },
  );
}
