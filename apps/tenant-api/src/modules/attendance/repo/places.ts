import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** Where a record happens: the rooms of a location and the locations' time zones. */

export async function programsOfLocation(db: Db, programIds: readonly string[], locationId: string): Promise<string[]> {
  if (!programIds.length) return [];
  const rows = await db('programs')
    .whereIn('id', programIds as string[])
    .where({ location_id: locationId })
    .whereNull('deleted_at')
    .select('id');
  return rows.map((r) => String(r.id));
}

export async function locationZones(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db('locations')
    .whereIn('id', ids as string[])
    .select('id', 'timezone');
  return new Map(rows.map((r) => [String(r.id), String(r.timezone)]));
}
