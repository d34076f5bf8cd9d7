import type { Knex } from 'knex';
import { likePattern } from '../../sql.ts';

type Db = Knex | Knex.Transaction;

export interface OperatorRow {
  id: string;
  fname: string;
  lname: string;
  username: string;
  email: string | null;
  role: 'admin' | 'kvsupport';
  status: boolean;
  last_login_time: Date | null;
  tokens_valid_after: Date;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = [
  'id',
  'fname',
  'lname',
  'username',
  'email',
  'role',
  'status',
  'last_login_time',
  'tokens_valid_after',
  'created_at',
  'updated_at',
];
const withId = <T>(row: any): T | undefined => (row ? { ...row, id: String(row.id) } : undefined);

export async function findOperatorForLogin(db: Db, login: string): Promise<(OperatorRow & { password_hash: string | null }) | undefined> {
  return withId<OperatorRow & { password_hash: string | null }>(
    await db('operators')
      .whereRaw('lower(username) = lower(?)', [login])
      .first([...COLUMNS, 'password_hash']),
  );
}

export async function findOperator(db: Db, id: string): Promise<OperatorRow | undefined> {
  return withId<OperatorRow>(await db('operators').where({ id }).first(COLUMNS));
}

/** The operator behind an access token, if its session is live: one query per request. */
export async function findSessionOperator(db: Db, operatorId: string, sessionId: string): Promise<OperatorRow | undefined> {
  return withId<OperatorRow>(
    await db('sessions as s')
      .join('operators as o', 'o.id', 's.user_id')
      .where({ 's.id': sessionId, 's.user_id': operatorId })
      .whereNull('s.revoked_at')
      .andWhere('s.expires_at', '>', db.fn.now())
      .first(COLUMNS.map((c) => `o.${c}`)),
  );
}

export async function listOperators(
  db: Db,
  { search, offset, limit }: { search: string | null; offset: number; limit: number },
): Promise<{ rows: OperatorRow[]; total: number }> {
  const base = db('operators').modify((q) => {
    if (search) {
      const like = likePattern(search);
      q.where((w) => w.whereILike('username', like).orWhereILike('fname', like).orWhereILike('lname', like).orWhereILike('email', like));
    }
  });
  const [{ count }] = await base.clone().count({ count: '*' });
  const rows = await base
    .clone()
    .select(COLUMNS)
    .orderBy([{ column: 'lname' }, { column: 'fname' }, { column: 'id' }])
    .offset(offset)
    .limit(limit);
  return { rows: (rows as unknown[]).map((r) => withId<OperatorRow>(r)!), total: Number(count) };
}

export async function usernameExists(db: Db, username: string): Promise<boolean> {
  return Boolean(await db('operators').whereRaw('lower(username) = lower(?)', [username]).first('id'));
}

export async function insertOperator(db: Db, row: Record<string, unknown>): Promise<OperatorRow> {
  const [created] = await db('operators').insert(row).returning(COLUMNS);
  return withId<OperatorRow>(created)!;
}

export async function updateOperatorRow(db: Db, id: string, patch: Record<string, unknown>): Promise<OperatorRow | undefined> {
  const [row] = await db('operators')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning(COLUMNS);
  return withId<OperatorRow>(row);
}

export async function recordLogin(
  db: Db,
  row: {
    userId: string | null;
    username: string;
    success: boolean;
    reason?: string;
    device?: string | null;
    ip: string | null;
    userAgent?: string | null;
  },
): Promise<void> {
  await db('login_history').insert({
    user_id: row.userId,
    username: row.username.slice(0, 100),
    success: row.success,
    reason: row.reason ?? null,
    device: row.device?.slice(0, 100) ?? null,
    ip: row.ip,
    user_agent: row.userAgent?.slice(0, 300) ?? null,
  });
}

export async function touchLastLogin(db: Db, id: string): Promise<void> {
  await db('operators').where({ id }).update({ last_login_time: db.fn.now() });
}
