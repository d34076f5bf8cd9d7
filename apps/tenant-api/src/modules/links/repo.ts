import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface TinyUrlRow {
  code: string;
  url: string;
}

/** The code of a target: the existing one, or `code` newly written (one statement; a race keeps the first). */
export async function upsertTinyUrl(db: Db, url: string, code: string, createdBy: string | null): Promise<TinyUrlRow> {
  const r = await db.raw(
    `with ins as (
       insert into tiny_urls (code, url, created_by) values (?, ?, ?)
       on conflict do nothing returning code, url)
     select code, url from ins
     union all
     select code, url from tiny_urls where md5(url) = md5(?) and url = ?
     limit 1`,
    [code, url, createdBy, url, url],
  );
  return r.rows[0];
}

export async function targetOf(db: Db, code: string): Promise<string | null> {
  const r = await db('tiny_urls').where({ code }).first('url');
  return r ? String(r.url) : null;
}
