import type { Knex } from 'knex';
import type { StudentScope } from '../../core/access.ts';

type Db = Knex | Knex.Transaction;

export type Category = 'student' | 'program';
export interface Thread {
  category: Category;
  /** The child's or the room's id. */
  id: string;
}

export interface ChatMessageRow {
  id: string;
  message: string | null;
  type: 'text' | 'image' | 'pdf';
  category: Category;
  student_id: string | null;
  program_id: string | null;
  location_id: string;
  user_id: string | null;
  attachment_id: string | null;
  parent_relation: string | null;
  deleted_at: Date | null;
  deleted_by: string | null;
  created_at: Date;
  updated_at: Date;
  /** The author's name (joined). */
  author_fname?: string | null;
  author_lname?: string | null;
}

/** A Postgres array literal of ids (validated decimal ids only), bound as one parameter. */
const arr = (ids: readonly string[]) => `{${ids.map((i) => String(i)).filter((i) => /^\d+$/.test(i)).join(',')}}`;

type Pred = { sql: string; bindings: Knex.Value[] };

/**
 * The students of the scope as a SQL predicate on `students as <a>` (students/policy: the owner all;
 * staff their locations and rooms; a parent their own children, never one they are black-listed
 * for). Read live on every call: a black-listed or removed guardian loses the thread at once.
 */
export function studentPred(scope: StudentScope, a = 's'): Pred {
  switch (scope.kind) {
    case 'all':
      return { sql: `${a}.deleted_at is null`, bindings: [] };
    case 'none':
      return { sql: 'false', bindings: [] };
    case 'own':
      return {
        sql: `${a}.deleted_at is null and exists (select 1 from student_users su_own where su_own.student_id = ${a}.id and su_own.user_id = ? and not su_own.black_list)`,
        bindings: [scope.userId],
      };
    case 'staff':
      return {
        sql: `${a}.deleted_at is null and (${a}.location_id = any(?::bigint[]) or ${a}.program_id = any(?::bigint[]) or exists (select 1 from student_programs sp_scope where sp_scope.student_id = ${a}.id and sp_scope.program_id = any(?::bigint[])))`,
        bindings: [arr(scope.locations), arr(scope.programs), arr(scope.programs)],
      };
  }
}

/**
 * The rooms whose thread the scope reaches, on `programs as <a>`: staff the rooms of their
 * locations and their own rooms; a parent the rooms (homeroom or other room) of their children.
 */
export function programPred(scope: StudentScope, a = 'p'): Pred {
  switch (scope.kind) {
    case 'all':
      return { sql: `${a}.deleted_at is null`, bindings: [] };
    case 'none':
      return { sql: 'false', bindings: [] };
    case 'own':
      return {
        sql: `${a}.deleted_at is null and exists (select 1 from student_users su_own join students s_own on s_own.id = su_own.student_id
          where su_own.user_id = ? and not su_own.black_list and s_own.deleted_at is null
            and (s_own.program_id = ${a}.id or exists (select 1 from student_programs sp_own where sp_own.student_id = s_own.id and sp_own.program_id = ${a}.id)))`,
        bindings: [scope.userId],
      };
    case 'staff':
      return {
        sql: `${a}.deleted_at is null and (${a}.location_id = any(?::bigint[]) or ${a}.id = any(?::bigint[]))`,
        bindings: [arr(scope.locations), arr(scope.programs)],
      };
  }
}

/** The thread's location when the scope reaches it (one query), else null. */
export async function threadLocation(db: Db, scope: StudentScope, t: Thread): Promise<string | null> {
  const p = t.category === 'student' ? studentPred(scope, 's') : programPred(scope, 'p');
  const table = t.category === 'student' ? 'students s' : 'programs p';
  const alias = t.category === 'student' ? 's' : 'p';
  const r = await db.raw(`select ${alias}.location_id from ${table} where ${alias}.id = ? and ${p.sql}`, [t.id, ...p.bindings]);
  return r.rows[0] ? String(r.rows[0].location_id) : null;
}

/** Of these messages (not deleted), the ones whose thread the scope reaches. */
export async function visibleMessages(db: Db, scope: StudentScope, ids: readonly string[]): Promise<ChatMessageRow[]> {
  if (!ids.length) return [];
  const sp = studentPred(scope, 's');
  const pp = programPred(scope, 'p');
  const r = await db.raw(
    `select m.* from chat_messages m
       left join students s on s.id = m.student_id
       left join programs p on p.id = m.program_id
     where m.id = any(?::bigint[]) and m.deleted_at is null
       and ((m.category = 'student' and ${sp.sql}) or (m.category = 'program' and ${pp.sql}))`,
    [arr(ids), ...sp.bindings, ...pp.bindings],
  );
  return r.rows;
}

export async function findMessage(db: Db, id: string): Promise<ChatMessageRow | undefined> {
  return db('chat_messages').where({ id }).whereNull('deleted_at').first();
}

/** The guardian's relation to the child (null when they are not a guardian). */
export async function relationOf(db: Db, userId: string, studentId: string): Promise<string | null> {
  const r = await db('student_users').where({ user_id: userId, student_id: studentId }).first('relation');
  return r?.relation ?? null;
}

export async function insertMessage(trx: Knex.Transaction, row: Partial<ChatMessageRow>): Promise<ChatMessageRow> {
  const [m] = await trx('chat_messages').insert(row).returning('*');
  return m;
}

export async function updateMessage(trx: Knex.Transaction, id: string, message: string | null): Promise<ChatMessageRow> {
  const [m] = await trx('chat_messages').where({ id }).update({ message, updated_at: trx.fn.now() }).returning('*');
  return m;
}

export async function softDelete(trx: Knex.Transaction, ids: readonly string[], userId: string): Promise<ChatMessageRow[]> {
  return trx('chat_messages')
    .whereIn('id', ids as string[])
    .whereNull('deleted_at')
    .update({ deleted_at: trx.fn.now(), deleted_by: userId })
    .returning('*');
}

/** Whether a file is already a message's attachment. */
export async function attachmentUsed(db: Db, fileId: string): Promise<boolean> {
  return Boolean(await db('chat_messages').where({ attachment_id: fileId }).first('id'));
}

const AUTHOR = `u.fname as author_fname, u.lname as author_lname`;

/** A thread's messages, newest first, with the total (one statement). */
export async function threadMessages(db: Db, t: Thread, page: number, first: number): Promise<{ rows: ChatMessageRow[]; total: number }> {
  const col = t.category === 'student' ? 'student_id' : 'program_id';
  const r = await db.raw(
    `select m.*, ${AUTHOR}, count(*) over() as total_rows
       from chat_messages m left join users u on u.id = m.user_id
      where m.${col} = ? and m.deleted_at is null
      order by m.id desc limit ? offset ?`,
    [t.id, first, (page - 1) * first],
  );
  return { rows: r.rows, total: Number(r.rows[0]?.total_rows ?? 0) };
}

/** Marks a thread read up to its newest message (never moves back). */
export async function markRead(db: Db, userId: string, t: Thread): Promise<string | null> {
  const col = t.category === 'student' ? 'student_id' : 'program_id';
  const r = await db.raw(
    `insert into chat_reads (user_id, ${col}, last_read_id, read_at)
       select ?, ?, max(m.id), now() from chat_messages m where m.${col} = ? having max(m.id) is not null
     on conflict (user_id, ${col}) where ${col} is not null
       do update set last_read_id = greatest(chat_reads.last_read_id, excluded.last_read_id), read_at = now()
     returning last_read_id`,
    [userId, t.id, t.id],
  );
  return r.rows[0] ? String(r.rows[0].last_read_id) : null;
}

export interface ThreadRow {
  category: Category;
  thread_id: string;
  name: string;
  fname: string | null;
  lname: string | null;
  location_id: string;
  program_id: string | null;
  unread: number;
  last: ChatMessageRow | null;
}

function lastOf(r: Record<string, unknown>): ChatMessageRow | null {
  if (!r.m_id) return null;
  return {
    id: String(r.m_id),
    message: (r.m_message as string) ?? null,
    type: r.m_type as ChatMessageRow['type'],
    category: r.m_category as Category,
    student_id: (r.m_student_id as string) ?? null,
    program_id: (r.m_program_id as string) ?? null,
    location_id: String(r.location_id),
    user_id: (r.m_user_id as string) ?? null,
    attachment_id: (r.m_attachment as string) ?? null,
    parent_relation: (r.m_parent_relation as string) ?? null,
    deleted_at: null,
    deleted_by: null,
    created_at: r.m_created_at as Date,
    updated_at: r.m_updated_at as Date,
    author_fname: (r.author_fname as string) ?? null,
    author_lname: (r.author_lname as string) ?? null,
  };
}

const LAST_COLUMNS = `lm.id as m_id, lm.message as m_message, lm.type as m_type, lm.category as m_category, lm.student_id as m_student_id,
  lm.program_id as m_program_id, lm.user_id as m_user_id, lm.attachment_id as m_attachment, lm.parent_relation as m_parent_relation,
  lm.created_at as m_created_at, lm.updated_at as m_updated_at, lu.fname as author_fname, lu.lname as author_lname`;

export interface ThreadFilter {
  location_id?: string | null;
  search?: string | null;
}

/**
 * Spec getLastMessagesByStudent: every child of the scope with their thread's newest message and
 * the viewer's unread count, threads with news first (one statement).
 */
export async function lastMessagesByStudent(
  db: Db,
  scope: StudentScope,
  userId: string,
  f: ThreadFilter,
  page: number,
  first: number,
): Promise<{ rows: ThreadRow[]; total: number }> {
  const p = studentPred(scope, 's');
  const where: string[] = [p.sql];
  const b: Knex.Value[] = [...p.bindings];
  if (f.location_id) (where.push('s.location_id = ?'), b.push(f.location_id));
  if (f.search) (where.push(`(s.fname || ' ' || s.lname) ilike ?`), b.push(`%${f.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`));
  const r = await db.raw(
    `select s.id as thread_id, s.fname, s.lname, s.location_id, s.program_id, ${LAST_COLUMNS},
            coalesce(un.unread, 0)::int as unread, count(*) over() as total_rows
       from students s
       left join lateral (select m.* from chat_messages m where m.student_id = s.id and m.deleted_at is null order by m.id desc limit 1) lm on true
       left join users lu on lu.id = lm.user_id
       left join chat_reads cr on cr.user_id = ? and cr.student_id = s.id
       left join lateral (select count(*) as unread from chat_messages m2
                           where m2.student_id = s.id and m2.deleted_at is null and m2.user_id is distinct from ?
                             and m2.id > coalesce(cr.last_read_id, 0)) un on true
      where ${where.join(' and ')}
      order by lm.id desc nulls last, s.fname, s.lname, s.id
      limit ? offset ?`,
    [userId, userId, ...b, first, (page - 1) * first],
  );
  return {
    rows: r.rows.map((x: Record<string, unknown>) => ({
      category: 'student' as const,
      thread_id: String(x.thread_id),
      name: `${x.fname} ${x.lname}`,
      fname: x.fname as string,
      lname: x.lname as string,
      location_id: String(x.location_id),
      program_id: x.program_id ? String(x.program_id) : null,
      unread: Number(x.unread),
      last: lastOf(x),
    })),
    total: Number(r.rows[0]?.total_rows ?? 0),
  };
}

/** Spec getLastMessagesByProgram: every room of the scope with its thread's newest message (one statement). */
export async function lastMessagesByProgram(
  db: Db,
  scope: StudentScope,
  userId: string,
  f: ThreadFilter,
  page: number,
  first: number,
): Promise<{ rows: ThreadRow[]; total: number }> {
  const p = programPred(scope, 'p');
  const where: string[] = [p.sql];
  const b: Knex.Value[] = [...p.bindings];
  if (f.location_id) (where.push('p.location_id = ?'), b.push(f.location_id));
  if (f.search) (where.push('p.name ilike ?'), b.push(`%${f.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`));
  const r = await db.raw(
    `select p.id as thread_id, p.name, p.location_id, ${LAST_COLUMNS},
            coalesce(un.unread, 0)::int as unread, count(*) over() as total_rows
       from programs p
       left join lateral (select m.* from chat_messages m where m.program_id = p.id and m.deleted_at is null order by m.id desc limit 1) lm on true
       left join users lu on lu.id = lm.user_id
       left join chat_reads cr on cr.user_id = ? and cr.program_id = p.id
       left join lateral (select count(*) as unread from chat_messages m2
                           where m2.program_id = p.id and m2.deleted_at is null and m2.user_id is distinct from ?
                             and m2.id > coalesce(cr.last_read_id, 0)) un on true
      where ${where.join(' and ')}
      order by lm.id desc nulls last, p.name, p.id
      limit ? offset ?`,
    [userId, userId, ...b, first, (page - 1) * first],
  );
  return {
    rows: r.rows.map((x: Record<string, unknown>) => ({
      category: 'program' as const,
      thread_id: String(x.thread_id),
      name: String(x.name),
      fname: null,
      lname: null,
      location_id: String(x.location_id),
      program_id: String(x.thread_id),
      unread: Number(x.unread),
      last: lastOf(x),
    })),
    total: Number(r.rows[0]?.total_rows ?? 0),
  };
}

export interface CounterRow {
  thread_id: string;
  total: number;
  unread: number;
}

/** Spec getChatCountersByStudent / ByProgram: per thread of the scope with messages, its total and the viewer's unread (one statement). */
export async function counters(db: Db, scope: StudentScope, userId: string, category: Category, locationId: string | null): Promise<CounterRow[]> {
  const student = category === 'student';
  const p = student ? studentPred(scope, 't') : programPred(scope, 't');
  const col = student ? 'student_id' : 'program_id';
  const r = await db.raw(
    `select m.${col} as thread_id, count(*)::int as total,
            (count(*) filter (where m.user_id is distinct from ? and m.id > coalesce(cr.last_read_id, 0)))::int as unread
       from chat_messages m
       join ${student ? 'students' : 'programs'} t on t.id = m.${col}
       left join chat_reads cr on cr.user_id = ? and cr.${col} = m.${col}
      where m.deleted_at is null and m.category = ? and ${p.sql} ${locationId ? 'and t.location_id = ?' : ''}
      group by m.${col}
      order by m.${col}`,
    [userId, userId, category, ...p.bindings, ...(locationId ? [locationId] : [])],
  );
  return r.rows.map((x: Record<string, unknown>) => ({ thread_id: String(x.thread_id), total: Number(x.total), unread: Number(x.unread) }));
}

/** Spec getUnreadChatCounts: the viewer's unread messages per thread (only threads with some), one statement. */
export async function unreadCounts(db: Db, scope: StudentScope, userId: string): Promise<{ category: Category; thread_id: string; count: number }[]> {
  const sp = studentPred(scope, 's');
  const pp = programPred(scope, 'p');
  const r = await db.raw(
    `select m.category, coalesce(m.student_id, m.program_id) as thread_id, count(*)::int as count
       from chat_messages m
       left join students s on s.id = m.student_id
       left join programs p on p.id = m.program_id
       left join chat_reads cr on cr.user_id = ? and (cr.student_id = m.student_id or cr.program_id = m.program_id)
      where m.deleted_at is null and m.user_id is distinct from ? and m.id > coalesce(cr.last_read_id, 0)
        and ((m.category = 'student' and ${sp.sql}) or (m.category = 'program' and ${pp.sql}))
      group by m.category, coalesce(m.student_id, m.program_id)
      order by 1, 2`,
    [userId, userId, ...sp.bindings, ...pp.bindings],
  );
  return r.rows.map((x: Record<string, unknown>) => ({ category: x.category as Category, thread_id: String(x.thread_id), count: Number(x.count) }));
}

export interface RecipientRow {
  id: string;
  fname: string;
  lname: string;
  role: 'teacher' | 'manager';
}

/**
 * Spec getStaffRecipientForMsg: who answers in a thread — every educator of the child's rooms
 * (homeroom and other rooms) or of the room, and the managers of its location (one statement).
 */
export async function staffRecipients(db: Db, t: Thread, locationId: string): Promise<RecipientRow[]> {
  const rooms =
    t.category === 'student'
      ? `select s.program_id from students s where s.id = ? and s.program_id is not null
         union select sp.program_id from student_programs sp where sp.student_id = ?`
      : `select ?::bigint union select ?::bigint`;
  const r = await db.raw(
    `select u.id, u.fname, u.lname, min(x.role) as role from (
        select up.user_id, 'teacher' as role from user_programs up where up.program_id in (${rooms})
        union all
        select lm.user_id, 'manager' as role from location_managers lm where lm.location_id = ?
      ) x join users u on u.id = x.user_id
      where u.deleted_at is null
      group by u.id, u.fname, u.lname
      order by min(x.role) desc, u.fname, u.lname, u.id`,
    [t.id, t.id, locationId],
  );
  return r.rows.map((x: Record<string, unknown>) => ({ id: String(x.id), fname: String(x.fname), lname: String(x.lname), role: x.role as RecipientRow['role'] }));
}

export interface MessageAudience {
  message: ChatMessageRow & { author_fname: string | null; author_lname: string | null; thread_name: string | null };
  /** Active guardians (not black-listed) of the child, or of the room's children. */
  family: string[];
  /** Educators of the child's rooms (or the room) and the managers of its location. */
  staff: string[];
}

/** A message (not deleted) with the people of its thread, for the notification centre. */
export async function messageAudience(db: Db, messageId: string): Promise<MessageAudience | null> {
  const r = await db.raw(
    `select m.*, u.fname as author_fname, u.lname as author_lname,
            coalesce(case when m.category = 'student' then s.fname else p.name end, '') as thread_name
       from chat_messages m
       left join users u on u.id = m.user_id
       left join students s on s.id = m.student_id
       left join programs p on p.id = m.program_id
      where m.id = ? and m.deleted_at is null`,
    [messageId],
  );
  const message = r.rows[0];
  if (!message) return null;
  const t: Thread = message.category === 'student' ? { category: 'student', id: String(message.student_id) } : { category: 'program', id: String(message.program_id) };
  const fam = await db.raw(
    `select distinct su.user_id from student_users su
       join students s on s.id = su.student_id
       join users u on u.id = su.user_id
      where not su.black_list and s.deleted_at is null and u.deleted_at is null and u.status
        and ${t.category === 'student' ? 's.id = ?' : '(s.program_id = ? or exists (select 1 from student_programs sp where sp.student_id = s.id and sp.program_id = ?))'}`,
    t.category === 'student' ? [t.id] : [t.id, t.id],
  );
  const staff = await staffRecipients(db, t, String(message.location_id));
  return { message, family: fam.rows.map((x: { user_id: string }) => String(x.user_id)), staff: staff.map((x) => x.id) };
}
