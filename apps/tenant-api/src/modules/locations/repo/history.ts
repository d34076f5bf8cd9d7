import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

const HISTORY_COLUMNS = [
  'a.id',
  'a.action',
  'a.entity',
  'a.entity_id',
  'a.data',
  'a.actor_user_id',
  'a.actor_label',
  'a.support_session_id',
  'a.created_at',
  'u.fname',
  'u.lname',
];

/** A location's history, newest first (index audit_log_location_idx). */
export async function locationHistory(db: Db, locationId: string, page: number, first: number) {
  const [count] = await db('audit_log').where({ location_id: locationId }).count({ n: '*' });
  const rows = await db('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .where('a.location_id', locationId)
    .orderBy([
      { column: 'a.created_at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ])
    .limit(first)
    .offset((page - 1) * first)
    .select(HISTORY_COLUMNS);
  return { rows, total: Number(count?.n ?? 0) };
}

/** One entity's history, newest first (index audit_log_entity_idx). */
export async function entityHistory(db: Db, entity: string, entityId: string, page: number, first: number) {
  const [count] = await db('audit_log').where({ entity, entity_id: entityId }).count({ n: '*' });
  const rows = await db('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .where({ 'a.entity': entity, 'a.entity_id': entityId })
    .orderBy([
      { column: 'a.created_at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ])
    .limit(first)
    .offset((page - 1) * first)
    .select(HISTORY_COLUMNS);
  return { rows, total: Number(count?.n ?? 0) };
}
