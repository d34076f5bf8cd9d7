import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { pageWithTotal } from './page.ts';

describe('pageWithTotal', () => {
  let t: TestDatabase;
  const statements: string[] = [];
  beforeAll(async () => {
    t = await createTestDatabase('tenant');
    await t.db.schema.createTable('page_items', (tb) => {
      tb.increments('id');
      tb.integer('n');
    });
    await t.db('page_items').insert(Array.from({ length: 23 }, (_, i) => ({ n: i % 2 })));
    t.db.on('query', (q: { sql: string }) => statements.push(q.sql));
  });
  afterAll(async () => t?.drop());

  const page = (n: number, page: number, first: number) => {
    statements.length = 0;
    const filtered = () => t.db('page_items').where({ n });
    return pageWithTotal<{ id: number }>(t.db, filtered().orderBy('id').select('id'), filtered, page, first);
  };

  it('answers a page and the total of the filtered set in one statement, without the total column', async () => {
    const r = await page(0, 2, 5);
    expect(r.total).toBe(12);
    expect(r.rows.map((x) => x.id)).toEqual([11, 13, 15, 17, 19]);
    expect(Object.keys(r.rows[0]!)).toEqual(['id']);
    expect(statements).toHaveLength(1);
  });

  it('past the last page it still knows the total; an empty set is 0 without a count', async () => {
    expect(await page(1, 9, 5)).toEqual({ rows: [], total: 11 });
    expect(statements).toHaveLength(2);
    expect(await page(7, 1, 5)).toEqual({ rows: [], total: 0 });
    expect(statements).toHaveLength(1);
  });
});
