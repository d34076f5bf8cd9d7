import type { Knex } from 'knex';
import { raw, runSql, sql } from '@kv/db';
import { userColumnsSql, type UserRow } from '../access/index.ts';

type Db = Knex | Knex.Transaction;

export interface ViewerRow extends UserRow {
  id: string;
  status: boolean;
  tokens_valid_after: Date;
  roles: (string | null)[];
  /** Permission names through the user's roles (policies read them from the viewer, no query). */
  permissions: string[];
  /** Live locations the user manages, belongs to (staff), and of their children: the read scope without a query. */
  managed_location_ids: string[];
  member_location_ids: string[];
  child_location_ids: string[];
  support_session_id: string | null;
  support_operator: string | null;
  support_mode: string | null;
  expires_at: Date;
}

/**
 * The user behind an access token, with roles, permissions and location ids, if the session is
 * still live: one statement per request, prepared once per connection (planning it cost more than
 * running it).
 */
export async function findViewer(db: Db, userId: string, sessionId: string): Promise<ViewerRow | undefined> {
  return (await runSql<ViewerRow>(db, viewerSql(sessionId, userId)))[0];
}

const VIEWER_USER_COLUMNS = raw(userColumnsSql('u'));

/** The viewer's statement. The whole User row rides along: `me` answers from it instead of reading it again. */
const viewerSql = (sessionId: string, userId: string) => sql`
  select ${VIEWER_USER_COLUMNS}, u.tokens_valid_after, s.support_session_id, s.support_operator, s.support_mode, s.expires_at,
         array_agg(r.name) as roles,
         array(select distinct p.name from user_roles pur join role_permissions rp on rp.role_id = pur.role_id
                 join permissions p on p.id = rp.permission_id where pur.user_id = u.id) as permissions,
         array(select l.id from location_managers lm join locations l on l.id = lm.location_id
                 where lm.user_id = u.id and l.deleted_at is null) as managed_location_ids,
         array(select l.id from user_locations ul join locations l on l.id = ul.location_id
                 where ul.user_id = u.id and l.deleted_at is null) as member_location_ids,
         array(select distinct l.id from student_users su join students st on st.id = su.student_id
                 join locations l on l.id = st.location_id
                 where su.user_id = u.id and st.deleted_at is null and l.deleted_at is null) as child_location_ids
    from sessions s
    join users u on u.id = s.user_id
    left join user_roles ur on ur.user_id = u.id
    left join roles r on r.id = ur.role_id
   where s.id = ${sessionId} and s.user_id = ${userId} and s.revoked_at is null and s.expires_at > now()
     and u.deleted_at is null
   group by u.id, s.id
   limit 1`;

export interface UserAuthRow {
  id: string;
  fname: string;
  lname: string;
  username: string;
  email: string | null;
  password_hash: string | null;
  status: boolean;
  pending: boolean;
  invited: boolean;
  email_confirmed: boolean;
  locale: string;
}

const AUTH_COLUMNS = [
  'id',
  'fname',
  'lname',
  'username',
  'email',
  'password_hash',
  'status',
  'pending',
  'invited',
  'email_confirmed',
  'locale',
];

/** By username, else by an email that belongs to exactly one account. */
export async function findUserByLogin(db: Db, login: string): Promise<UserAuthRow | undefined> {
  const byName = await db('users').whereRaw('lower(username) = lower(?)', [login]).whereNull('deleted_at').first(AUTH_COLUMNS);
  if (byName) return byName;
  const byEmail = await db('users').whereRaw('lower(email) = lower(?)', [login]).whereNull('deleted_at').limit(2).select(AUTH_COLUMNS);
  return byEmail.length === 1 ? byEmail[0] : undefined;
}

export async function findUserById(db: Db, id: string): Promise<UserAuthRow | undefined> {
  return db('users').where({ id }).whereNull('deleted_at').first(AUTH_COLUMNS);
}

export async function findUsersByEmail(db: Db, email: string): Promise<UserAuthRow[]> {
  return db('users').whereRaw('lower(email) = lower(?)', [email]).whereNull('deleted_at').select(AUTH_COLUMNS);
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  return Boolean(await db('users').whereRaw('lower(username) = lower(?)', [username]).first('id'));
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  return Boolean(await db('users').whereRaw('lower(email) = lower(?)', [email]).whereNull('deleted_at').first('id'));
}

export async function insertUser(db: Db, row: Record<string, unknown>): Promise<string> {
  const [u] = await db('users').insert(row).returning('id');
  return String(u.id);
}

export async function assignRole(db: Db, userId: string, roleName: string): Promise<void> {
  await db.raw('insert into user_roles (user_id, role_id) select ?, id from roles where name = ? on conflict do nothing', [
    userId,
    roleName,
  ]);
}

export async function rolesOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db('user_roles as ur').join('roles as r', 'r.id', 'ur.role_id').where('ur.user_id', userId).select('r.name');
  return rows.map((r) => r.name);
}

export async function updateUser(db: Db, id: string, patch: Record<string, unknown>): Promise<void> {
  await db('users')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() });
}

export interface AuthTokenRow {
  id: string;
  user_id: string;
  purpose: string;
  pin_hash: string | null;
  attempts: number;
  payload: Record<string, unknown>;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertAuthToken(
  db: Db,
  row: { user_id: string; purpose: string; token_hash: string; pin_hash?: string | null; payload?: object; expires_at: Date },
): Promise<void> {
  await db('auth_tokens').insert({ ...row, payload: JSON.stringify(row.payload ?? {}) });
}

/** Older unused tokens of the same purpose die when a new one is issued. */
export async function expireAuthTokens(db: Db, userId: string, purpose: string): Promise<void> {
  await db('auth_tokens').where({ user_id: userId, purpose }).whereNull('used_at').update({ used_at: db.fn.now() });
}

export async function findAuthToken(db: Db, purpose: string, tokenHash: string, forUpdate = false): Promise<AuthTokenRow | undefined> {
  const q = db('auth_tokens').where({ purpose, token_hash: tokenHash }).first();
  return forUpdate ? q.forUpdate() : q;
}

export async function markAuthTokenUsed(db: Db, id: string): Promise<void> {
  await db('auth_tokens').where({ id }).update({ used_at: db.fn.now() });
}

export async function countAuthTokenAttempt(db: Db, id: string): Promise<void> {
  await db('auth_tokens').where({ id }).increment('attempts', 1);
}

export async function recordLogin(
  db: Db,
  row: {
    user_id: string | null;
    username: string;
    success: boolean;
    reason?: string;
    device?: string | null;
    ip?: string;
    user_agent?: string | null;
  },
): Promise<void> {
  await db('login_history').insert({
    ...row,
    username: row.username.slice(0, 100),
    device: row.device?.slice(0, 100) ?? null,
    user_agent: row.user_agent?.slice(0, 300) ?? null,
  });
}

export async function audit(
  db: Db,
  row: {
    actor_user_id?: string | null;
    actor_label?: string | null;
    support_session_id?: string | null;
    action: string;
    entity?: string;
    entity_id?: string;
    data?: object;
    ip?: string;
  },
): Promise<void> {
  await db('audit_log').insert({ ...row, data: JSON.stringify(row.data ?? {}) });
}

export interface SignupLocation {
  id: string;
  name: string;
  signup_code_set_at: Date | null;
  /** Hours the code works after it was set (null: no limit). */
  expiry_time: number | null;
  /** Minutes the emailed PIN is valid (null: the client's choice). */
  signup_pin_code_expiry: number | null;
  signup_success_text: string | null;
  signup_fail_text: string | null;
}

/** The location a signup code opens, with its signup settings. */
export async function signupLocation(db: Db, code: string): Promise<SignupLocation | undefined> {
  return db('locations as l')
    .leftJoin('location_settings as s', 's.location_id', 'l.id')
    .whereRaw('lower(l.signup_code) = lower(?)', [code])
    .where({ 'l.is_signup': true, 'l.active': true })
    .whereNull('l.deleted_at')
    .first(
      'l.id',
      'l.name',
      'l.signup_code_set_at',
      's.expiry_time',
      's.signup_pin_code_expiry',
      's.signup_success_text',
      's.signup_fail_text',
    );
}

export async function addUserLocation(db: Db, userId: string, locationId: string): Promise<void> {
  await db('user_locations').insert({ user_id: userId, location_id: locationId }).onConflict(['user_id', 'location_id']).ignore();
}

/** Managers (and owners) of a location, or of the whole centre when no location is given. */
export async function approversFor(
  db: Db,
  locationId: string | null,
): Promise<{ id: string; fname: string; email: string | null; locale: string }[]> {
  const q = db('users as u')
    .join('user_roles as ur', 'ur.user_id', 'u.id')
    .join('roles as r', 'r.id', 'ur.role_id')
    .whereIn('r.name', ['manager', 'center'])
    .where('u.status', true)
    .whereNull('u.deleted_at')
    .whereNotNull('u.email')
    .distinct('u.id', 'u.fname', 'u.email', 'u.locale');
  if (locationId) {
    q.where((w) =>
      w
        .where('r.name', 'center')
        .orWhereExists((e) =>
          e.select(db.raw('1')).from('location_managers as lm').whereRaw('lm.user_id = u.id').andWhere('lm.location_id', locationId),
        ),
    );
  }
  return q;
}

export async function getSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const row = await db('settings').where({ key }).whereNull('object_id').first('value');
  return row?.value as T | undefined;
}
