import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface LinkRow {
  location_id: string;
  token: string;
  active: boolean;
  generated_by: string | null;
  generated_at: Date;
  updated_at: Date;
}

const COLUMNS = ['location_id', 'token', 'active', 'generated_by', 'generated_at', 'updated_at'];

export async function findLink(db: Db, locationId: string): Promise<LinkRow | undefined> {
  return db('timeclock_links').where({ location_id: locationId }).first(COLUMNS);
}

/**
 * The location a time clock token opens: the location's time clock link, or the location QR code
 * made by generateLocationQr (its hash), which the locations area also points at
 * /time-clock-page/:location. Either way the location's link row decides whether it is active.
 */
export async function linkByToken(
  db: Db,
  token: string,
  tokenHash: string,
): Promise<{ location_id: string; active: boolean; name: string; timezone: string } | undefined> {
  const row = await db('locations as l')
    .leftJoin('timeclock_links as t', 't.location_id', 'l.id')
    .whereNull('l.deleted_at')
    .where((w) => w.where('t.token', token).orWhere('l.qr_token_hash', tokenHash))
    .first('l.id as location_id', db.raw('coalesce(t.active, false) as active'), 'l.name', 'l.timezone');
  return row ? { ...row, location_id: String(row.location_id) } : undefined;
}

export async function upsertLink(
  trx: Knex.Transaction,
  row: { location_id: string; token: string; generated_by: string },
): Promise<LinkRow> {
  const [saved] = await trx('timeclock_links')
    .insert({ ...row, active: true })
    .onConflict('location_id')
    .merge({ token: row.token, generated_by: row.generated_by, active: true, generated_at: trx.fn.now(), updated_at: trx.fn.now() })
    .returning(COLUMNS);
  return saved;
}

export async function setLinkActive(trx: Knex.Transaction, locationId: string, active: boolean): Promise<LinkRow | undefined> {
  const [row] = await trx('timeclock_links')
    .where({ location_id: locationId })
    .update({ active, updated_at: trx.fn.now() })
    .returning(COLUMNS);
  return row;
}

export async function roomsOf(db: Db, locationId: string): Promise<{ id: string; name: string; color_code: string | null }[]> {
  const rows = await db('programs')
    .where({ location_id: locationId })
    .whereNull('deleted_at')
    .orderByRaw('lower(name), id')
    .select('id', 'name', 'color_code');
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}
