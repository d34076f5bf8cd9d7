import type { Knex } from 'knex';
import type { UserScope } from '../policy.ts';
import { applyUserScope } from '../repo.ts';

type Db = Knex | Knex.Transaction;

/** Sign-ins, the system log and the invitations log (paged). Rows as pg returns them: bigint ids as text, timestamptz as Date. */

/** A sign-in attempt with the person's names. */
export type LoginHistoryRow = {
  id: string;
  user_id: string | null;
  username: string | null;
  success: boolean;
  reason: string | null;
  device: string | null;
  ip: string | null;
  created_at: Date;
  fname: string;
  lname: string;
};

/** An audit row with its actor's names (none for a system action or a removed person). */
export type AuditLogRow = {
  id: string;
  action: string;
  entity: string | null;
  entity_id: string | null;
  location_id: string | null;
  actor_user_id: string | null;
  actor_label: string | null;
  support_session_id: string | null;
  /** From the support session's start row: the operator's ticket and the session's mode. */
  support_ticket: string | null;
  support_mode: string | null;
  created_at: Date;
  fname: string | null;
  lname: string | null;
  username: string | null;
};

/** An invitation message with its person. */
export type InvitationRow = {
  id: string;
  channel: string;
  recipient: string;
  status: string;
  created_at: Date;
  sent_at: Date | null;
  user_id: string;
  fname: string;
  lname: string;
  username: string;
  invited: boolean;
};

type Page<T> = { rows: T[]; total: number };

// ── logs and reports ─────────────────────────────────────────────────────────

export async function pageLoginHistory(
  db: Db,
  scope: UserScope | null,
  userId: string | null,
  page: number,
  first: number,
): Promise<Page<LoginHistoryRow>> {
  const base = () => {
    const q = db('login_history as h').join('users as u', 'u.id', 'h.user_id').whereNull('u.deleted_at');
    if (userId) q.where('h.user_id', userId);
    if (scope) applyUserScope(db, q, scope);
    return q;
  };
  const [count] = await base().count({ n: '*' });
  const rows = await base()
    .orderBy([
      { column: 'h.created_at', order: 'desc' },
      { column: 'h.id', order: 'desc' },
    ])
    .limit(first)
    .offset((page - 1) * first)
    .select('h.id', 'h.user_id', 'h.username', 'h.success', 'h.reason', 'h.device', 'h.ip', 'h.created_at', 'u.fname', 'u.lname');
  return { rows, total: Number(count?.n ?? 0) };
}

/** The system log: audit rows, all (null) or of some locations, newest first. */
export async function pageAuditLog(
  db: Db,
  locationIds: string[] | null,
  f: { action?: string | null; user_id?: string | null },
  page: number,
  first: number,
): Promise<Page<AuditLogRow>> {
  const base = () => {
    const q = db('audit_log as a');
    if (locationIds) q.whereIn('a.location_id', locationIds);
    if (f.action) q.where('a.action', 'like', `${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (f.user_id) q.where('a.actor_user_id', f.user_id);
    return q;
  };
  const [count] = await base().count({ n: '*' });
  const rows = await base()
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .leftJoin('audit_log as s', (j) =>
      j.on('s.support_session_id', 'a.support_session_id').andOnVal('s.action', 'support.session_started'),
    )
    .orderBy([
      { column: 'a.created_at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ])
    .limit(first)
    .offset((page - 1) * first)
    .select(
      'a.id',
      'a.action',
      'a.entity',
      'a.entity_id',
      'a.location_id',
      'a.actor_user_id',
      'a.actor_label',
      'a.support_session_id',
      db.raw("s.data->>'ticket_id' as support_ticket"),
      db.raw("s.data->>'mode' as support_mode"),
      'a.created_at',
      'u.fname',
      'u.lname',
      'u.username',
    );
  return { rows, total: Number(count?.n ?? 0) };
}

/** Invitations sent (email or SMS) to people in the scope, newest first. */
export async function pageInvitations(db: Db, scope: UserScope, page: number, first: number): Promise<Page<InvitationRow>> {
  const base = () => {
    const q = db('outbound_messages as m').join('users as u', 'u.id', 'm.user_id').where('m.template', 'invite').whereNull('u.deleted_at');
    return applyUserScope(db, q, scope);
  };
  const [count] = await base().count({ n: '*' });
  const rows = await base()
    .orderBy([
      { column: 'm.created_at', order: 'desc' },
      { column: 'm.id', order: 'desc' },
    ])
    .limit(first)
    .offset((page - 1) * first)
    .select(
      'm.id',
      'm.channel',
      'm.recipient',
      'm.status',
      'm.created_at',
      'm.sent_at',
      'u.id as user_id',
      'u.fname',
      'u.lname',
      'u.username',
      'u.invited',
    );
  return { rows, total: Number(count?.n ?? 0) };
}
