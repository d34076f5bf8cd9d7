import type { ControlPlaneRuntime } from '../../deps.ts';
import type { CenterRow } from './repo.ts';

export interface CentreStorage {
  files: number;
  bytes: number;
}

/**
 * What a centre stores, read from its own `files` table (ready files, every variant counted):
 * null for a centre that is not active or whose database cannot answer it now.
 */
export async function centreStorage(rt: ControlPlaneRuntime, centre: CenterRow): Promise<CentreStorage | null> {
  if (centre.status !== 'active') return null;
  try {
    const db = rt.pools.get(String(centre.id), await rt.directory.connectionUrl(centre));
    const row = await db('files')
      .where({ status: 'ready' })
      .first(db.raw('count(*)::int as files'), db.raw('coalesce(sum(size), 0)::bigint as bytes'));
    return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
  } catch (e) {
    rt.log.warn({ err: e, centre: centre.id }, 'centre storage not read');
    return null;
  }
}
