import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** Centre-wide generic settings (object_id null) by key. */
export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const row = await db('settings').where({ key }).whereNull('object_id').first('value');
  return row?.value as T | undefined;
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db.raw(
    `insert into settings (key, value, object_id) values (?, ?::jsonb, null)
     on conflict (key, coalesce(object_id, 0)) do update set value = excluded.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}

export async function audit(
  db: Db,
  row: { actor_user_id: string; support_session_id?: string | null; action: string; data: object; ip: string },
) {
  await db('audit_log').insert({ ...row, entity: 'settings', entity_id: 'theme', data: JSON.stringify(row.data) });
}
