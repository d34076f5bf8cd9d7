import { ROLE_LADDER } from '@kv/shared';
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface SupportSessionRow {
  id: string;
  operator_id: string;
  center_id: string;
  target_user_id: string;
  reason: string;
  expires_at: Date;
  created_at: Date;
  ended_at: Date | null;
  ticket_id: string | null;
  mode: 'read' | 'write';
  write_reason: string | null;
  minutes: number | null;
}

export async function insertSupportSession(
  db: Db,
  row: {
    id: string;
    operator_id: string | null;
    center_id: string;
    target_user_id: string;
    reason: string;
    expires_at: Date;
    ticket_id: string;
    mode: 'read' | 'write';
    write_reason: string | null;
    minutes: number;
  },
): Promise<void> {
  await db('support_sessions').insert(row);
}

export interface SupportSessionListRow extends SupportSessionRow {
  operator: string | null;
  status: 'active' | 'ended' | 'expired';
}

/** A centre's support sessions, newest first, with the operator's name (index `support_sessions_center_idx`). */
export async function listSupportSessions(
  db: Db,
  centreId: string,
  opts: { offset: number; limit: number },
): Promise<{ rows: SupportSessionListRow[]; total: number }> {
  const counted = await db('support_sessions').where({ center_id: centreId }).count({ count: '*' });
  const rows = await db('support_sessions as s')
    .leftJoin('operators as o', 'o.id', 's.operator_id')
    .where('s.center_id', centreId)
    .orderBy([
      { column: 's.created_at', order: 'desc' },
      { column: 's.id', order: 'desc' },
    ])
    .offset(opts.offset)
    .limit(opts.limit)
    .select(
      's.*',
      db.raw("case when o.id is not null then concat(o.fname, ' ', o.lname, ' (', o.username, ')') end as operator"),
      db.raw("case when s.ended_at is not null then 'ended' when s.expires_at <= now() then 'expired' else 'active' end as status"),
    );
  return {
    rows: rows.map((r) => ({
      ...r,
      operator_id: String(r.operator_id),
      center_id: String(r.center_id),
      target_user_id: String(r.target_user_id),
    })),
    total: Number(counted[0]?.count ?? 0),
  };
}

export async function findSupportSession(db: Db, id: string): Promise<SupportSessionRow | undefined> {
  const row = await db('support_sessions').where({ id }).first();
  return (
    row && { ...row, operator_id: String(row.operator_id), center_id: String(row.center_id), target_user_id: String(row.target_user_id) }
  );
}

export async function endSupportSessionRow(db: Db, id: string): Promise<void> {
  await db('support_sessions').where({ id }).whereNull('ended_at').update({ ended_at: db.fn.now() });
}

// ---- in the centre's own database ----

export async function findActiveCentreUser(db: Db, userId: string): Promise<{ id: string; username: string } | undefined> {
  return db('users').where({ id: userId, status: true }).whereNull('deleted_at').first(db.raw('id::text as id'), 'username');
}

export interface CentreUserRow {
  id: string;
  name: string;
  username: string | null;
  email: string | null;
  role: string | null;
}

/** Active users of a centre by name, each with their highest role on the ladder. */
export async function listActiveCentreUsers(
  db: Db,
  opts: { search: string | null; offset: number; limit: number },
): Promise<{ rows: CentreUserRow[]; total: number }> {
  const base = db('users as u').where('u.status', true).whereNull('u.deleted_at');
  if (opts.search) {
    const like = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base.where((q) =>
      q.whereRaw("u.fname || ' ' || u.lname ilike ?", [like]).orWhereILike('u.username', like).orWhereILike('u.email', like),
    );
  }
  const counted = await base.clone().count<{ count: string }[]>({ count: '*' });
  const rows = await base
    .clone()
    .select(
      db.raw('u.id::text as id'),
      db.raw("trim(u.fname || ' ' || u.lname) as name"),
      'u.username',
      'u.email',
      db.raw(
        '(select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id order by array_position(?::text[], r.name::text) desc nulls last limit 1) as role',
        [[...ROLE_LADDER]],
      ),
    )
    .orderBy([{ column: 'u.fname' }, { column: 'u.lname' }, { column: 'u.id' }])
    .offset(opts.offset)
    .limit(opts.limit);
  return { rows, total: Number(counted[0]?.count ?? 0) };
}

/** The centre sees every support entry in its own audit log. */
export async function insertCentreAudit(
  db: Db,
  row: { actor_label: string; support_session_id: string; action: string; entity_id: string; data: Record<string, unknown> },
): Promise<void> {
  await db('audit_log').insert({ ...row, entity: 'user', data: JSON.stringify(row.data) });
}

export async function revokeCentreSupportSessions(db: Db, supportSessionId: string): Promise<number> {
  return db('sessions')
    .where({ support_session_id: supportSessionId })
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now(), revoked_reason: 'support_ended' });
}

export interface CustomEmailUserRow {
  user_id: string;
  name: string;
  email: string;
  role: string;
}

/** Active users holding one of the roles, with an address, each once with their highest such role. */
export async function usersWithRoles(db: Db, roles: readonly string[], limit: number): Promise<CustomEmailUserRow[]> {
  const r = await db.raw(
    `select distinct on (u.id) u.id::text as user_id, trim(u.fname || ' ' || u.lname) as name, u.email, r.name as role
       from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
      where u.status and u.deleted_at is null and u.email is not null and u.email <> '' and r.name = any(?::text[])
      order by u.id, array_position(?::text[], r.name::text) desc nulls last
      limit ?`,
    [[...roles], [...ROLE_LADDER], limit],
  );
  return r.rows;
}
