import type { Knex } from 'knex';
import type { ReportedWebsite } from '@kv/auth';

export interface WebsitePage {
  path: string;
  title: string;
  body: string;
}

export interface WebsiteRow {
  id: string;
  slug: string;
  title: string;
  kind: 'website' | 'blog';
  description: string | null;
  pages: WebsitePage[];
  published: boolean;
}

/** Every site of the centre as the channel report carries it (the page count, not the pages). */
export async function reportRows(db: Knex): Promise<ReportedWebsite[]> {
  const rows = await db('websites')
    .orderBy('slug')
    .select(
      'id',
      'slug',
      'title',
      'kind',
      db.raw('jsonb_array_length(pages)::int as pages'),
      'published',
      db.raw(`to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`),
    );
  return rows;
}

/** A published site by its slug. */
export async function publishedSite(db: Knex, slug: string): Promise<WebsiteRow | undefined> {
  return db('websites').where({ slug, published: true }).first('id', 'slug', 'title', 'kind', 'description', 'pages', 'published');
}
