import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface NewsletterRow {
  id: string;
  name: string;
  template: string;
  key: string | null;
  image: string | null;
  is_temp: boolean;
  uploaded: boolean;
  published: boolean;
  published_at: Date | null;
  log: LogEntry[];
  tags: string[];
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface LogEntry {
  send_id: string;
  subject: string;
  status: string;
  total: number;
  queued: number;
  skipped: number;
  created_at: string;
  finished_at: string | null;
}

export interface SendRow {
  id: string;
  newsletter_id: string;
  subject: string;
  audience: Audience;
  status: string;
  total: number;
  queued: number;
  skipped: number;
  created_by: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export interface Audience {
  locations: string[];
  programs: string[];
  tags: string[];
  roles: string[];
}

export const COLUMNS = ['id', 'name', 'template', 'key', 'image', 'is_temp', 'uploaded', 'published', 'published_at', 'log', 'tags', 'created_by', 'created_at', 'updated_at'];

async function pageWithTotal<T>(q: Knex.QueryBuilder, page: number, first: number): Promise<{ rows: T[]; total: number }> {
  const rows = await q.select(q.client.raw('count(*) over () as _total')).limit(first).offset((page - 1) * first);
  const total = rows.length ? Number(rows[0]._total) : 0;
  return { rows: rows.map(({ _total, ...r }: Record<string, unknown>) => r as T), total };
}

export function pageNewsletters(db: Db, f: { is_temp: boolean; search: string | null; tag: string | null; published?: boolean }, page: number, first: number) {
  const q = db('newsletters').where({ is_temp: f.is_temp }).select(COLUMNS).orderBy([{ column: 'updated_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
  if (f.search) q.whereRaw('lower(name) like ?', [`%${f.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`]);
  if (f.tag) q.whereRaw('tags @> array[?]::text[]', [f.tag]);
  if (f.published) q.where('published', true).orderBy('published_at', 'desc');
  return pageWithTotal<NewsletterRow>(q, page, first);
}

export function pagePublished(db: Db, page: number, first: number) {
  const q = db('newsletters').where('published', true).select(COLUMNS).orderBy('published_at', 'desc');
  return pageWithTotal<NewsletterRow>(q, page, first);
}

export const byId = (db: Db, id: string): Promise<NewsletterRow | undefined> => db('newsletters').where({ id }).first(COLUMNS);

export async function insert(db: Db, row: Record<string, unknown>): Promise<NewsletterRow> {
  const [r] = await db('newsletters').insert(row).returning(COLUMNS);
  return r;
}

export async function update(db: Db, id: string, patch: Record<string, unknown>): Promise<NewsletterRow> {
  const [r] = await db('newsletters').where({ id }).update({ ...patch, updated_at: db.fn.now() }).returning(COLUMNS);
  return r;
}

export const remove = (db: Db, id: string) => db('newsletters').where({ id }).del();

export async function allTags(db: Db): Promise<string[]> {
  const rows = await db.raw('select distinct unnest(tags) as tag from newsletters order by 1');
  return rows.rows.map((r: { tag: string }) => r.tag);
}

export const centreTemplates = (db: Db): Promise<NewsletterRow[]> => db('newsletters').where({ is_temp: true }).orderBy('id', 'desc').limit(200).select(COLUMNS);

// ── sends ────────────────────────────────────────────────────────────────────

export async function insertSend(db: Db, row: Omit<SendRow, 'id' | 'created_at' | 'finished_at' | 'status' | 'total' | 'queued' | 'skipped'>): Promise<SendRow> {
  const [r] = await db('newsletter_sends').insert({ ...row, audience: JSON.stringify(row.audience) }).returning('*');
  return r;
}

export const sendById = (db: Db, id: string): Promise<SendRow | undefined> => db('newsletter_sends').where({ id }).first();

export async function updateSend(db: Db, id: string, patch: Partial<SendRow>): Promise<SendRow> {
  const [r] = await db('newsletter_sends').where({ id }).update(patch).returning('*');
  return r;
}

/** Writes the send's entry into its newsletter's `log` (replacing an earlier entry of the same send). */
export async function writeLog(db: Db, s: SendRow): Promise<void> {
  const entry: LogEntry = {
    send_id: String(s.id),
    subject: s.subject,
    status: s.status,
    total: s.total,
    queued: s.queued,
    skipped: s.skipped,
    created_at: new Date(s.created_at).toISOString(),
    finished_at: s.finished_at ? new Date(s.finished_at).toISOString() : null,
  };
  await db.raw(
    `update newsletters set log = coalesce((select jsonb_agg(e) from jsonb_array_elements(log) e where e->>'send_id' <> ?), '[]'::jsonb) || jsonb_build_array(?::jsonb)
     where id = ?`,
    [entry.send_id, JSON.stringify(entry), s.newsletter_id],
  );
}

// ── recipients ───────────────────────────────────────────────────────────────

export interface Recipient {
  id: string;
  fname: string;
  email: string | null;
  locale: string | null;
}

/**
 * The audience's people in one statement: guardians (not black-listed) of active children at the
 * locations, in the rooms or tagged (role `user`); staff (teachers, managers) of the locations or
 * tagged, by their role; people tagged directly of the chosen roles. Active users only, ordered by
 * id so a re-run walks them in the same order.
 */
export async function audiencePeople(db: Db, a: Audience, scope: string[] | null): Promise<Recipient[]> {
  const parents = a.roles.includes('user');
  const staffRoles = a.roles.filter((r) => r !== 'user');
  const locs = a.locations;
  const progs = a.programs;
  const tags = a.tags;
  const rows = await db.raw(
    `with kids as (
       select s.id from students s
        where s.deleted_at is null and s.status
          and ((cardinality(?::bigint[]) > 0 and s.location_id = any(?::bigint[]) and cardinality(?::bigint[]) = 0)
            or (cardinality(?::bigint[]) > 0 and (s.program_id = any(?::bigint[])
                 or exists (select 1 from student_programs sp where sp.student_id = s.id and sp.program_id = any(?::bigint[]))))
            or exists (select 1 from student_tags st where st.student_id = s.id and st.tag_id = any(?::bigint[])))
     ),
     ids as (
       select su.user_id from student_users su join kids k on k.id = su.student_id where ? and not su.black_list
       union
       select ul.user_id from user_locations ul where cardinality(?::text[]) > 0 and ul.location_id = any(?::bigint[])
       union
       select lm.user_id from location_managers lm where cardinality(?::text[]) > 0 and lm.location_id = any(?::bigint[])
       union
       select ut.user_id from user_tags ut where ut.tag_id = any(?::bigint[])
     )
     select u.id, u.fname, u.email, u.locale from users u join ids on ids.user_id = u.id
      where u.deleted_at is null and u.status
        and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.name = any(?::text[]))
        and (?::bigint[] is null
          or exists (select 1 from student_users su join students s on s.id = su.student_id
                      where su.user_id = u.id and not su.black_list and s.deleted_at is null and s.location_id = any(?::bigint[]))
          or exists (select 1 from user_locations ul where ul.user_id = u.id and ul.location_id = any(?::bigint[]))
          or exists (select 1 from location_managers lm where lm.user_id = u.id and lm.location_id = any(?::bigint[])))
      order by u.id`,
    [locs, locs, progs, progs, progs, progs, tags, parents, staffRoles, locs, staffRoles, locs, tags, a.roles, scope, scope, scope, scope],
  );
  return rows.rows.map((r: Recipient) => ({ ...r, id: String(r.id) }));
}

export async function unsubscribedAmong(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db('email_unsubscribes').whereIn('email', emails as string[]).select('email');
  return new Set(rows.map((r) => String(r.email)));
}

export const existingIds = async (db: Db, table: string, ids: readonly string[]): Promise<Set<string>> =>
  ids.length ? new Set((await db(table).whereIn('id', ids as string[]).select('id')).map((r) => String(r.id))) : new Set();

export async function programLocations(db: Db, ids: readonly string[]): Promise<{ id: string; location_id: string }[]> {
  if (!ids.length) return [];
  const rows = await db('programs').whereIn('id', ids as string[]).select('id', 'location_id');
  return rows.map((r) => ({ id: String(r.id), location_id: String(r.location_id) }));
}

// ── unsubscribes ─────────────────────────────────────────────────────────────

export interface SmsUnsubscribeRow {
  id: string;
  phone: string;
  source: string;
  created_at: Date;
}

export interface UnsubscribeRow {
  id: string;
  email: string;
  source: string;
  created_at: Date;
}

export async function addUnsubscribe(db: Db, email: string, source: string): Promise<boolean> {
  const r = await db('email_unsubscribes').insert({ email, source }).onConflict(db.raw('(email)')).ignore().returning('id');
  return r.length > 0;
}

function unsubscribeQuery(db: Db, search: string | null) {
  const q = db('email_unsubscribes').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
  if (search) q.whereRaw('email like ?', [`%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`]);
  return q;
}

export const pageUnsubscribes = (db: Db, search: string | null, page: number, first: number) =>
  pageWithTotal<UnsubscribeRow>(unsubscribeQuery(db, search).select('id', 'email', 'source', 'created_at'), page, first);

export const allUnsubscribes = (db: Db, search: string | null): Promise<UnsubscribeRow[]> =>
  unsubscribeQuery(db, search).limit(100_000).select('id', 'email', 'source', 'created_at');

/** An active user who may still send newsletters: the owner (or a platform role), or a manager holding `announcements.manage`. */
export async function isActiveSender(db: Db, userId: string): Promise<boolean> {
  const r = await db.raw(
    `select exists (
       select 1 from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
        where u.id = ? and u.status and u.deleted_at is null
          and (r.name in ('center', 'kvsupport', 'admin')
            or (r.name = 'manager' and exists (select 1 from user_roles ur2 join role_permissions rp on rp.role_id = ur2.role_id
                  join permissions p on p.id = rp.permission_id where ur2.user_id = u.id and p.name = 'announcements.manage')))) as ok`,
    [userId],
  );
  return Boolean(r.rows[0]?.ok);
}
