import type { Knex } from 'knex';
import { pageWithTotal } from '@kv/db';
import type { UserScope } from './policy.ts';
import { applyScope } from '../students/index.ts';
import { userColumns as accessUserColumns } from '../access/index.ts';

export * from './repo/reports.ts';

type Db = Knex | Knex.Transaction;

/** What the people screens show beyond the access module's User columns. */
const PEOPLE_COLUMNS = ['details', 'created_at', 'updated_at', 'updated_by', 'deleted_at'];

/**
 * A person as the people screens read them (userColumns: the access area's User columns and
 * PEOPLE_COLUMNS), as pg returns them: bigint ids as text, timestamptz as Date, jsonb parsed.
 */
export type PersonRow = {
  id: string;
  fname: string;
  middle_name: string | null;
  lname: string;
  nick_name: string | null;
  username: string;
  email: string | null;
  phone: string | null;
  phone2: string | null;
  phone_type: string | null;
  phone2_type: string | null;
  avatar: string | null;
  job_title: string | null;
  email_confirmed: boolean;
  phone_verified: boolean;
  status: boolean;
  pending: boolean;
  invited: boolean;
  emergency_contact: boolean;
  last_login_time: Date | null;
  locale: string;
  has_password: boolean;
  details: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  updated_by: string | null;
  deleted_at: Date | null;
};

export const userColumns = (db: Db, alias = 'u') => accessUserColumns(db, alias, PEOPLE_COLUMNS);

/** Restricts a query on `users as <alias>` to a scope (see policy.ts). */
export function applyUserScope(db: Db, q: Knex.QueryBuilder, scope: UserScope, alias = 'u'): Knex.QueryBuilder {
  if (scope.kind === 'all') return q;
  return q.where((w) => {
    w.where(`${alias}.id`, scope.selfId);
    if (scope.kind === 'staff') {
      w.orWhereExists((e) =>
        e
          .select(db.raw('1'))
          .from('user_locations as ul_s')
          .whereRaw(`ul_s.user_id = ${alias}.id`)
          .whereIn('ul_s.location_id', scope.locations),
      );
      w.orWhereExists((e) =>
        e
          .select(db.raw('1'))
          .from('location_managers as lm_s')
          .whereRaw(`lm_s.user_id = ${alias}.id`)
          .whereIn('lm_s.location_id', scope.locations),
      );
      w.orWhereExists((e) => {
        e.select(db.raw('1'))
          .from('student_users as su_s')
          .join('students as s_s', 's_s.id', 'su_s.student_id')
          .whereRaw(`su_s.user_id = ${alias}.id`)
          .whereNull('s_s.deleted_at');
        applyScope(db, e, scope.students, 's_s');
      });
    } else if (scope.kind === 'own') {
      w.orWhereExists((e) =>
        e
          .select(db.raw('1'))
          .from('student_users as su_o')
          .join('student_users as mine', 'mine.student_id', 'su_o.student_id')
          .join('students as s_o', 's_o.id', 'su_o.student_id')
          .whereRaw(`su_o.user_id = ${alias}.id`)
          .where('mine.user_id', scope.selfId)
          .where('mine.black_list', false)
          .where('su_o.black_list', false)
          .whereNull('s_o.deleted_at'),
      );
    }
  });
}

export async function findPeople(
  db: Db,
  ids: readonly string[],
  opts: { scope?: UserScope; archived?: boolean } = {},
): Promise<PersonRow[]> {
  if (!ids.length) return [];
  const q = db('users as u').whereIn('u.id', ids as string[]);
  if (opts.archived) q.whereNotNull('u.deleted_at');
  else q.whereNull('u.deleted_at');
  if (opts.scope) applyUserScope(db, q, opts.scope);
  return q.select(userColumns(db));
}

export async function findPersonBy(db: Db, column: 'username' | 'email', value: string, scope: UserScope): Promise<PersonRow | undefined> {
  const q = db('users as u').whereRaw(`lower(u.${column}) = lower(?)`, [value]).whereNull('u.deleted_at');
  return applyUserScope(db, q, scope).orderBy('u.id').first(userColumns(db));
}

export async function usernameTaken(db: Db, username: string, exceptId?: string | null): Promise<boolean> {
  const q = db('users').whereRaw('lower(username) = lower(?)', [username]);
  if (exceptId) q.whereNot('id', exceptId);
  return Boolean(await q.first('id'));
}

export async function emailTaken(db: Db, email: string, exceptId?: string | null): Promise<boolean> {
  const q = db('users').whereRaw('lower(email) = lower(?)', [email]).whereNull('deleted_at');
  if (exceptId) q.whereNot('id', exceptId);
  return Boolean(await q.first('id'));
}

export interface PeopleFilter {
  roles?: string[] | null;
  location_id?: string | null;
  status?: boolean | null;
  pending?: boolean | null;
  invited?: boolean | null;
  search?: string | null;
  archived?: boolean;
  /** Only people with at least one alert pivot. */
  alert?: boolean;
}

function filtered(db: Db, scope: UserScope, f: PeopleFilter): Knex.QueryBuilder {
  const q = db('users as u');
  if (f.archived) q.whereNotNull('u.deleted_at');
  else q.whereNull('u.deleted_at');
  applyUserScope(db, q, scope);
  if (f.roles)
    q.whereExists((e) =>
      e
        .select(db.raw('1'))
        .from('user_roles as fr')
        .join('roles as r', 'r.id', 'fr.role_id')
        .whereRaw('fr.user_id = u.id')
        .whereIn('r.name', f.roles!),
    );
  if (f.location_id) {
    const loc = f.location_id;
    q.where((w) =>
      w
        .whereExists((e) => e.select(db.raw('1')).from('user_locations as fl').whereRaw('fl.user_id = u.id').where('fl.location_id', loc))
        .orWhereExists((e) =>
          e.select(db.raw('1')).from('location_managers as fm').whereRaw('fm.user_id = u.id').where('fm.location_id', loc),
        )
        .orWhereExists((e) =>
          e
            .select(db.raw('1'))
            .from('student_users as fsu')
            .join('students as fs', 'fs.id', 'fsu.student_id')
            .whereRaw('fsu.user_id = u.id')
            .where('fs.location_id', loc)
            .whereNull('fs.deleted_at'),
        ),
    );
  }
  if (f.status !== undefined && f.status !== null) q.where('u.status', f.status);
  if (f.pending !== undefined && f.pending !== null) q.where('u.pending', f.pending);
  if (f.invited !== undefined && f.invited !== null) q.where('u.invited', f.invited);
  if (f.alert)
    q.whereExists((e) => e.select(db.raw('1')).from('student_users as fa').whereRaw('fa.user_id = u.id').where('fa.alert', true));
  if (f.search) {
    const like = `%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q.where((w) =>
      w
        .whereRaw("lower(u.fname || ' ' || u.lname) like ?", [like])
        .orWhereRaw('lower(u.username) like ?', [like])
        .orWhereRaw('lower(u.email) like ?', [like])
        .orWhereRaw('u.phone like ?', [like]),
    );
  }
  return q;
}

export async function pagePeople(
  db: Db,
  scope: UserScope,
  f: PeopleFilter,
  page: number,
  first: number,
): Promise<{ rows: PersonRow[]; total: number }> {
  const rows = filtered(db, scope, f).orderByRaw('lower(u.lname), lower(u.fname), u.id').select(userColumns(db));
  return pageWithTotal<PersonRow>(db, rows, () => filtered(db, scope, f), page, first);
}

export async function countPeople(db: Db, scope: UserScope, f: PeopleFilter): Promise<number> {
  const [count] = await filtered(db, scope, f).count({ n: '*' });
  return Number(count?.n ?? 0);
}

export async function roleNamesOf(db: Db, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await db('user_roles as ur')
    .join('roles as r', 'r.id', 'ur.role_id')
    .whereIn('ur.user_id', userIds as string[])
    .select('ur.user_id', 'r.name');
  const map = new Map<string, string[]>();
  for (const r of rows) map.set(String(r.user_id), [...(map.get(String(r.user_id)) ?? []), r.name]);
  return map;
}

// ── writes ───────────────────────────────────────────────────────────────────

export async function insertPerson(db: Db, row: Record<string, unknown>): Promise<string> {
  const [u] = await db('users').insert(row).returning('id');
  return String(u.id);
}

export async function updatePeople(db: Db, ids: readonly string[], patch: Record<string, unknown>): Promise<void> {
  if (!ids.length) return;
  await db('users')
    .whereIn('id', ids as string[])
    .update({ ...patch, updated_at: db.fn.now() });
}

export async function setRoles(db: Db, userId: string, roles: readonly string[]): Promise<void> {
  await db('user_roles').where({ user_id: userId }).del();
  if (roles.length)
    await db.raw('insert into user_roles (user_id, role_id) select ?, id from roles where name = any(?) on conflict do nothing', [
      userId,
      roles as string[],
    ]);
}

/** Replaces a person's memberships among `within` (null: all locations); others stay. */
export async function setMemberLocations(
  db: Db,
  userId: string,
  locationIds: readonly string[],
  within: readonly string[] | null,
): Promise<void> {
  const del = db('user_locations').where({ user_id: userId });
  if (within) del.whereIn('location_id', within as string[]);
  await del.del();
  if (locationIds.length)
    await db('user_locations')
      .insert(locationIds.map((location_id) => ({ user_id: userId, location_id })))
      .onConflict(['user_id', 'location_id'])
      .ignore();
}

export async function addMemberLocations(db: Db, userIds: readonly string[], locationId: string): Promise<void> {
  if (userIds.length)
    await db('user_locations')
      .insert(userIds.map((user_id) => ({ user_id, location_id: locationId })))
      .onConflict(['user_id', 'location_id'])
      .ignore();
}

export async function removeMemberLocations(db: Db, userIds: readonly string[], locationIds: readonly string[]): Promise<void> {
  await db('user_locations')
    .whereIn('user_id', userIds as string[])
    .whereIn('location_id', locationIds as string[])
    .del();
}

export async function setManagedLocations(
  db: Db,
  userId: string,
  locationIds: readonly string[],
  within: readonly string[] | null,
): Promise<void> {
  const del = db('location_managers').where({ user_id: userId });
  if (within) del.whereIn('location_id', within as string[]);
  await del.del();
  if (locationIds.length)
    await db('location_managers')
      .insert(locationIds.map((location_id) => ({ user_id: userId, location_id })))
      .onConflict(['location_id', 'user_id'])
      .ignore();
}

export async function setTeacherPrograms(db: Db, userId: string, programIds: readonly string[]): Promise<void> {
  await db('user_programs').where({ user_id: userId }).del();
  if (programIds.length) await db('user_programs').insert(programIds.map((program_id) => ({ user_id: userId, program_id })));
}

export async function memberLocationIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db('user_locations').where({ user_id: userId }).select('location_id');
  return rows.map((r) => String(r.location_id));
}

export async function softDeletePeople(db: Db, ids: readonly string[], by: string): Promise<void> {
  await db('users')
    .whereIn('id', ids as string[])
    .whereNull('deleted_at')
    .update({ deleted_at: db.fn.now(), status: false, updated_by: by, tokens_valid_after: db.fn.now(), updated_at: db.fn.now() });
}

/** Refuses every access token issued before now (deactivation, password change by staff). */
export async function endTokens(db: Db, ids: readonly string[]): Promise<void> {
  await db('users')
    .whereIn('id', ids as string[])
    .update({ tokens_valid_after: db.fn.now() });
}

// ── contact settings ─────────────────────────────────────────────────────────

export async function findSettings(db: Db, userId: string): Promise<Record<string, unknown> | undefined> {
  return db('user_settings')
    .where({ user_id: userId })
    .first(['*', db.raw("to_char(extra_camera_logins_on, 'YYYY-MM-DD') as extra_on")]);
}

export async function upsertSettings(db: Db, userId: string, patch: Record<string, unknown>): Promise<void> {
  await db('user_settings')
    .insert({ user_id: userId, ...patch })
    .onConflict('user_id')
    .merge({ ...patch, updated_at: db.fn.now() });
}

export async function maxDailyLoginsOf(db: Db, userId: string): Promise<number | null> {
  const rows = await db('user_locations as ul')
    .join('location_settings as ls', 'ls.location_id', 'ul.location_id')
    .where('ul.user_id', userId)
    .whereNotNull('ls.max_daily_logins')
    .max({ n: 'ls.max_daily_logins' });
  const n = rows[0]?.n;
  return n === null || n === undefined ? null : Number(n);
}

// ── batched relations (loaders) ─────────────────────────────────────────────

const LOCATION_FIELDS = ['l.id', 'l.name', 'l.timezone', 'l.color_code', 'l.active'];

export async function memberLocationsOf(db: Db, userIds: readonly string[]) {
  return db('user_locations as ul')
    .join('locations as l', 'l.id', 'ul.location_id')
    .whereIn('ul.user_id', userIds as string[])
    .whereNull('l.deleted_at')
    .orderByRaw('lower(l.name), l.id')
    .select(['ul.user_id', ...LOCATION_FIELDS]);
}

export async function managedLocationsOf(db: Db, userIds: readonly string[]) {
  return db('location_managers as lm')
    .join('locations as l', 'l.id', 'lm.location_id')
    .whereIn('lm.user_id', userIds as string[])
    .whereNull('l.deleted_at')
    .orderByRaw('lower(l.name), l.id')
    .select(['lm.user_id', ...LOCATION_FIELDS]);
}

export async function programsOfTeachers(db: Db, userIds: readonly string[]) {
  return db('user_programs as up')
    .join('programs as p', 'p.id', 'up.program_id')
    .whereIn('up.user_id', userIds as string[])
    .whereNull('p.deleted_at')
    .orderByRaw('lower(p.name), p.id')
    .select('up.user_id', 'p.id', 'p.name', 'p.color_code', 'p.location_id', 'p.camera_group_id', 'p.created_at', 'p.updated_at');
}

export async function settingsOf(db: Db, userIds: readonly string[]) {
  return db('user_settings')
    .whereIn('user_id', userIds as string[])
    .select(['*', db.raw("to_char(extra_camera_logins_on, 'YYYY-MM-DD') as extra_on")]);
}

/** People counters of a scope (optionally one location): contacts, staff, pending, invited, alerts. */
export async function peopleCounters(db: Db, scope: UserScope, locationId: string | null) {
  const q = db('users as u').whereNull('u.deleted_at');
  applyUserScope(db, q, scope);
  if (locationId) {
    q.where((w) =>
      w
        .whereExists((e) =>
          e.select(db.raw('1')).from('user_locations as cl').whereRaw('cl.user_id = u.id').where('cl.location_id', locationId),
        )
        .orWhereExists((e) =>
          e.select(db.raw('1')).from('location_managers as cm').whereRaw('cm.user_id = u.id').where('cm.location_id', locationId),
        )
        .orWhereExists((e) =>
          e
            .select(db.raw('1'))
            .from('student_users as csu')
            .join('students as cs', 'cs.id', 'csu.student_id')
            .whereRaw('csu.user_id = u.id')
            .where('cs.location_id', locationId)
            .whereNull('cs.deleted_at'),
        ),
    );
  }
  const role = (name: string) =>
    `exists (select 1 from user_roles rr join roles r on r.id = rr.role_id where rr.user_id = u.id and r.name = '${name}')`;
  const [row] = await q.select(
    db.raw(`count(*) filter (where ${role('user')})::int as users`),
    db.raw(`count(*) filter (where ${role('teacher')})::int as teachers`),
    db.raw(`count(*) filter (where ${role('manager')})::int as managers`),
    db.raw(`count(*) filter (where ${role('center')})::int as admins`),
    db.raw('count(*) filter (where u.pending)::int as pending'),
    db.raw('count(*) filter (where u.invited)::int as invited'),
    db.raw('count(*) filter (where exists (select 1 from student_users a where a.user_id = u.id and a.alert))::int as alerts'),
  );
  return row as Record<string, number>;
}

/** An audit row by a person acting on their own account without a session (invitation links). */
export async function auditAsPerson(db: Db, userId: string, action: string, ip: string): Promise<void> {
  await db('audit_log').insert({ actor_user_id: userId, action, entity: 'user', entity_id: userId, ip, data: '{}' });
}

// ── push tokens ──────────────────────────────────────────────────────────────

export async function savePushToken(db: Db, userId: string, token: string, device: string | null): Promise<void> {
  await db('push_tokens')
    .insert({ user_id: userId, token, device })
    .onConflict('token')
    .merge({ user_id: userId, device, updated_at: db.fn.now() });
}

/** The largest max_daily_logins of each person's locations (the limit when they have none of their own). */
export async function maxDailyLoginsByUsers(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await db('user_locations as ul')
    .join('location_settings as ls', 'ls.location_id', 'ul.location_id')
    .whereIn('ul.user_id', userIds as string[])
    .whereNotNull('ls.max_daily_logins')
    .groupBy('ul.user_id')
    .select('ul.user_id', db.raw('max(ls.max_daily_logins)::int as n'));
  return new Map(rows.map((r) => [String(r.user_id), Number(r.n)]));
}
