import type { Knex } from 'knex';

const TOTAL = '__page_total';

/**
 * A page of rows and the total in one statement: `count(*) over ()` rides along with the rows
 * (Postgres counts the filtered set before LIMIT/OFFSET). Only a page past the end, which has no
 * row to carry the total, counts on its own. `rows` must be the filtered, ordered query with its
 * columns selected and no LIMIT/OFFSET yet; `count` builds the same filter.
 */
export async function pageWithTotal<T extends object>(
  db: Knex | Knex.Transaction,
  rows: Knex.QueryBuilder,
  count: () => Knex.QueryBuilder,
  page: number,
  first: number,
): Promise<{ rows: T[]; total: number }> {
  const found = (await rows
    .select(db.raw(`count(*) over () as ${TOTAL}`))
    .limit(first)
    .offset((page - 1) * first)) as (T & { [TOTAL]?: string | number })[];
  if (found.length === 0) {
    if (page <= 1) return { rows: [], total: 0 };
    const [c] = await count().count({ n: '*' });
    return { rows: [], total: Number(c?.n ?? 0) };
  }
  const total = Number(found[0]![TOTAL]);
  for (const r of found) delete r[TOTAL];
  return { rows: found, total };
}
