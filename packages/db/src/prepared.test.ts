import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { createKnex } from './knex.ts';
import { preparedStatement, runNamed } from './prepared.ts';

describe('prepared statements without knex compiling each call', () => {
  let t: TestDatabase;
  const statements: string[] = [];
  beforeAll(async () => {
    t = await createTestDatabase('tenant');
    await t.db.schema.createTable('prep_items', (tb) => {
      tb.increments('id');
      tb.text('label');
      tb.integer('n');
    });
    await t.db('prep_items').insert([
      { label: 'a', n: 1 },
      { label: 'b', n: 2 },
      { label: 'c', n: 2 },
    ]);
    t.db.on('query', (q: { sql: string }) => statements.push(q.sql));
  });
  afterAll(async () => t?.drop());

  const byN = preparedStatement<{ label: string }>('kv_test_by_n', (db, arg) =>
    db('prep_items').where('n', arg(0)).andWhere('label', '<>', arg(1)).orderBy('id').first('label'),
  );

  it('binds each call’s values into the text compiled once, keeping compiled constants (first’s limit)', async () => {
    statements.length = 0;
    expect(await byN(t.db, [2, 'x'])).toEqual([{ label: 'b' }]);
    expect(await byN(t.db, [2, 'b'])).toEqual([{ label: 'c' }]);
    expect(await byN(t.db, [1, 'a'])).toEqual([]);
    // Every call is still seen by knex's 'query' listeners (statement counts).
    expect(statements).toHaveLength(3);
    expect(statements[0]).toContain('limit $3');
  });

  it('runs inside a transaction on its connection', async () => {
    await t.db
      .transaction(async (trx) => {
        await trx('prep_items').insert({ label: 'd', n: 9 });
        expect(await byN(trx, [9, 'x'])).toEqual([{ label: 'd' }]);
        await trx.rollback();
      })
      .catch(() => undefined);
    expect(await byN(t.db, [9, 'x'])).toEqual([]);
  });

  it('refuses a statement whose argument knex wrote into the text', async () => {
    const inlined = preparedStatement('kv_test_inlined', (db, arg) => db.raw(`select '${arg(0)}' as x`));
    await expect(inlined(t.db, ['v'])).rejects.toThrow(/inlined/);
  });

  it('prepares again under a new name when a migration changed the result of a prepared statement', async () => {
    // One connection, so the second call meets the plan the first one prepared.
    const one = createKnex(t.url, { max: 1 });
    try {
      const text = 'select * from prep_items where id = $1';
      expect(await runNamed(one, 'kv_test_star', text, [1])).toHaveLength(1);
      await one.schema.alterTable('prep_items', (tb) => tb.text('extra'));
      const rows = await runNamed<Record<string, unknown>>(one, 'kv_test_star', text, [1]);
      expect(Object.keys(rows[0]!)).toContain('extra');
      expect(await runNamed(one, 'kv_test_star', text, [2])).toHaveLength(1);
    } finally {
      await one.destroy();
    }
  });
});
