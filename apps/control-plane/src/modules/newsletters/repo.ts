import type { Knex } from 'knex';

export const CATALOGUE = 'newsletter-templates';

export interface PlatformNewsletterRow {
  id: string;
  name: string;
  template: string;
  key: string | null;
  image: string | null;
  is_temp: boolean;
  uploaded: boolean;
  published: boolean;
  tags: string[];
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = ['id', 'name', 'template', 'key', 'image', 'is_temp', 'uploaded', 'published', 'tags', 'created_at', 'updated_at'];

export async function page(db: Knex, f: { isTemp: boolean; search: string | null; offset: number; limit: number }) {
  const q = db('newsletter_templates').where({ is_temp: f.isTemp });
  if (f.search) q.whereRaw('lower(name) like ?', [`%${f.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`]);
  const rows = await q.clone().orderBy('id', 'desc').offset(f.offset).limit(f.limit).select([...COLUMNS, db.raw('count(*) over () as _total')]);
  return { rows: rows.map(({ _total, ...r }) => r as PlatformNewsletterRow), total: rows.length ? Number(rows[0]._total) : 0 };
}

export const byId = (db: Knex | Knex.Transaction, id: string): Promise<PlatformNewsletterRow | undefined> =>
  db('newsletter_templates').where({ id }).first(COLUMNS);

export async function insert(db: Knex.Transaction, row: Record<string, unknown>): Promise<PlatformNewsletterRow> {
  const [r] = await db('newsletter_templates').insert(row).returning(COLUMNS);
  await syncCatalogue(db, r);
  return r;
}

export async function update(db: Knex.Transaction, id: string, patch: Record<string, unknown>): Promise<PlatformNewsletterRow> {
  const [r] = await db('newsletter_templates').where({ id }).update({ ...patch, updated_at: db.fn.now() }).returning(COLUMNS);
  await syncCatalogue(db, r);
  return r;
}

export async function remove(db: Knex.Transaction, id: string): Promise<void> {
  await db('newsletter_templates').where({ id }).del();
  await db('platform_catalogue_items').where({ catalogue: CATALOGUE, key: `template-${id}` }).del();
}

/** A template is the catalogue item `template-<id>` centres read; anything else is not in it. */
async function syncCatalogue(db: Knex.Transaction, r: PlatformNewsletterRow): Promise<void> {
  const key = `template-${r.id}`;
  if (!r.is_temp) {
    await db('platform_catalogue_items').where({ catalogue: CATALOGUE, key }).del();
    return;
  }
  await db('platform_catalogue_items')
    .insert({ catalogue: CATALOGUE, key, position: Number(r.id), data: JSON.stringify({ name: r.name, template: r.template, image: r.image }) })
    .onConflict(['catalogue', 'key'])
    .merge({ data: JSON.stringify({ name: r.name, template: r.template, image: r.image }), updated_at: db.fn.now() });
}
