import type { Knex } from 'knex';
import { isUniqueViolation } from '../../sql.ts';
import type { ApiRestartState, RestartLog } from './processes.ts';

type Db = Knex | Knex.Transaction;

const COLUMNS = [
  'id',
  'group',
  'mode',
  'status',
  'started_by',
  'started_at',
  'finished_at',
  'replaced',
  'total',
  'error',
  'deployment',
] as const;

interface RestartRow extends Omit<ApiRestartState, 'id'> {
  id: string | number;
}

const toState = (r: RestartRow): ApiRestartState => ({ ...r, id: String(r.id) });

/** The columns a change sets (those left undefined keep their value). */
const defined = (change: object) => Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));

/** The latest restart of each group, running or finished (`api_group_restarts_group_idx`). */
export async function latestRestarts(db: Db, groups: string[]): Promise<Map<string, ApiRestartState>> {
  const out = new Map<string, ApiRestartState>();
  if (!groups.length) return out;
  const rows: RestartRow[] = await db('api_group_restarts')
    .distinctOn('group')
    .whereIn('group', groups)
    .orderBy([{ column: 'group' }, { column: 'started_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .select(COLUMNS);
  for (const r of rows) out.set(r.group, toState(r));
  return out;
}

/** A group's restarts, newest first. */
export async function listRestarts(
  db: Db,
  f: { group: string; offset: number; limit: number },
): Promise<{ rows: ApiRestartState[]; total: number }> {
  const base = db('api_group_restarts').where({ group: f.group });
  const counted = await base.clone().count({ count: '*' }).first();
  const rows: RestartRow[] = await base
    .clone()
    .orderBy([
      { column: 'started_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset(f.offset)
    .limit(f.limit)
    .select(COLUMNS);
  return { rows: rows.map(toState), total: Number(counted?.count ?? 0) };
}

/** The `RestartLog` on the control DB: what a cluster primary or an ECS task writes as its restart runs. */
export function createRestartLog(db: Knex): RestartLog {
  const running = (id: string) => db('api_group_restarts').where({ id, status: 'running' });
  return {
    async begin({ group, mode, startedBy, total }) {
      try {
        const [row] = await db('api_group_restarts')
          .insert({ group, mode, status: 'running', started_by: startedBy, total })
          .returning(COLUMNS as unknown as string[]);
        return toState(row as RestartRow);
      } catch (err) {
        // api_group_restarts_running_idx: another process recorded a running restart of the group first.
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },
    async update(id, change) {
      const set = defined(change);
      if (Object.keys(set).length) await running(id).update(set);
    },
    async finish(id, end) {
      await running(id).update({ ...defined(end), finished_at: db.fn.now() });
    },
    async running(group) {
      const row: RestartRow | undefined = await db('api_group_restarts').where({ group, status: 'running' }).first(COLUMNS);
      return row ? toState(row) : null;
    },
    async abandon(group, mode, reason) {
      return db('api_group_restarts')
        .where({ group, mode, status: 'running' })
        .update({ status: 'failed', error: reason, finished_at: db.fn.now() });
    },
  };
}
