import type { Knex } from 'knex';
import { pageWithTotal } from '@kv/db';

type Db = Knex | Knex.Transaction;

export interface SmsResponseRow {
  id: string;
  phone: string;
  body: string;
  user_id: string | null;
  contact_name: string | null;
  received_at: Date;
}

/** People (not deleted) whose phone ends in the same ten digits (index users_phone_tail_idx). */
export async function peopleWithPhoneTail(db: Db, digits: string): Promise<{ id: string; phone: string }[]> {
  const r = await db.raw(
    `select id, phone from users where right(regexp_replace(phone, '\\D', '', 'g'), 10) = ? and deleted_at is null order by id limit 20`,
    [digits.slice(-10)],
  );
  return r.rows.map((x: { id: string; phone: string }) => ({ id: String(x.id), phone: String(x.phone) }));
}

/** Stores a reply once per Twilio message (a redelivered webhook adds nothing). */
export async function insertResponse(db: Db, row: { phone: string; body: string; user_id: string | null; message_sid: string | null }): Promise<boolean> {
  const r = await db('sms_responses')
    .insert(row)
    .onConflict(db.raw('(message_sid) where message_sid is not null'))
    .ignore()
    .returning('id');
  return r.length > 0;
}

/**
 * A page of replies, newest first. `locations` null: all; else the replies of contacts of those
 * locations (staff members or managers there, guardians of a child there) and of unknown numbers.
 */
export async function pageResponses(db: Db, locations: string[] | null, search: string | null, page: number, first: number) {
  const filtered = () => {
    const q = db('sms_responses as r').leftJoin('users as u', 'u.id', 'r.user_id');
    if (locations !== null) {
      const locs = `{${locations.join(',')}}`;
      q.where((w) =>
        w.whereNull('r.user_id').orWhereRaw(
          `exists (select 1 from user_locations ul where ul.user_id = r.user_id and ul.location_id = any(?::bigint[]))
           or exists (select 1 from location_managers lm where lm.user_id = r.user_id and lm.location_id = any(?::bigint[]))
           or exists (select 1 from student_users su join students s on s.id = su.student_id
                       where su.user_id = r.user_id and s.deleted_at is null and s.location_id = any(?::bigint[]))`,
          [locs, locs, locs],
        ),
      );
    }
    if (search) {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q.where((w) =>
        w
          .whereILike('r.body', like)
          .orWhereILike('r.phone', like)
          .orWhereRaw(`trim(coalesce(u.fname, '') || ' ' || coalesce(u.lname, '')) ilike ?`, [like]),
      );
    }
    return q;
  };
  const rows = filtered()
    .select(
      'r.id',
      'r.phone',
      'r.body',
      'r.user_id',
      'r.received_at',
      db.raw(`case when u.id is null then null else trim(coalesce(u.fname, '') || ' ' || coalesce(u.lname, '')) end as contact_name`),
    )
    .orderBy([
      { column: 'r.received_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ]);
  const found = await pageWithTotal<SmsResponseRow>(db, rows, filtered, page, first);
  return { rows: found.rows.map((r) => ({ ...r, id: String(r.id), user_id: r.user_id === null ? null : String(r.user_id) })), total: found.total };
}
