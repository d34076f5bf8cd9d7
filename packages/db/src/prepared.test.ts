import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { createKnex } from './knex.ts';
import { raw, runSql, sql, sqlText } from './prepared.ts';

describe('the sql tag', () => {
  it('numbers bindings and splices nested statements and raw text in order', () => {
    const cond = sql`n = ${2} and label <> ${'x'}`;
    const q = sql`select ${raw('label')} from t where ${cond} and id = any(${[1, 2]}::int[]) and tags ? 'k'`;
    expect(sqlText(q)).toBe("select label from t where n = $1 and label <> $2 and id = any($3::int[]) and tags ? 'k'");
    expect(q.values).toEqual([2, 'x', [1, 2]]);
  });

  it('gives a call site with the same spliced pieces the same strings, and new ones when a piece changes', () => {
    const cols = raw('a, b');
    const q = (piece: ReturnType<typeof raw>, v: number) => sql`select ${piece} from t where id = ${v}`;
    const [one, two] = [q(cols, 1), q(cols, 2)];
    expect(two.strings).toBe(one.strings);
    expect(two.values).toEqual([2]);
    // A nested template keeps its call site's strings whatever its values.
    const where = (v: number) => sql`id = ${v}`;
    const nested = (v: number) => sql`select x from t where ${where(v)}`;
    expect(nested(2).strings).toBe(nested(1).strings);
    expect(nested(2).values).toEqual([2]);
    const other = q(raw('c'), 3);
    expect(sqlText(other)).toBe('select c from t where id = $1');
    expect(sqlText(q(cols, 4))).toBe('select a, b from t where id = $1');
    // The same raw text is the same piece: both shapes stay known.
    expect(q(raw('c'), 5).strings).toBe(other.strings);
    expect(q(cols, 6).strings).toBe(one.strings);
  });
});

describe('runSql: prepared statements without knex compiling each call', () => {
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

  const byN = (db: Parameters<typeof runSql>[0], n: number, not: string) =>
    runSql<{ label: string }>(db, sql`select label from prep_items where n = ${n} and label <> ${not} order by id limit 1`);

  it('runs each call with its values, seen by knex’s query listeners', async () => {
    statements.length = 0;
    expect(await byN(t.db, 2, 'x')).toEqual([{ label: 'b' }]);
    expect(await byN(t.db, 2, 'b')).toEqual([{ label: 'c' }]);
    expect(await byN(t.db, 1, 'a')).toEqual([]);
    // Every call is still seen by knex's 'query' listeners (statement counts).
    expect(statements).toHaveLength(3);
    expect(statements[0]).toContain('label <> $2');
  });

  it('prepares a statement once per connection and reuses it', async () => {
    const one = createKnex(t.url, { max: 1 });
    try {
      await byN(one, 2, 'x');
      await byN(one, 1, 'x');
      const prepared = await runSql<{ statement: string }>(one, sql`select statement from pg_prepared_statements`);
      expect(prepared.filter((p) => p.statement.includes('from prep_items where n = $1'))).toHaveLength(1);
    } finally {
      await one.destroy();
    }
  });

  it('runs inside a transaction on its connection', async () => {
    await t.db
      .transaction(async (trx) => {
        await trx('prep_items').insert({ label: 'd', n: 9 });
        expect(await byN(trx, 9, 'x')).toEqual([{ label: 'd' }]);
        await trx.rollback();
      })
      .catch(() => undefined);
    expect(await byN(t.db, 9, 'x')).toEqual([]);
  });

  it('prepares again under a new name when a migration changed the result of a prepared statement', async () => {
    // One connection, so the second call meets the plan the first one prepared.
    const one = createKnex(t.url, { max: 1 });
    try {
      const star = (id: number) => runSql<Record<string, unknown>>(one, sql`select * from prep_items where id = ${id}`);
      expect(await star(1)).toHaveLength(1);
      await one.schema.alterTable('prep_items', (tb) => tb.text('extra'));
      const rows = await star(1);
      expect(Object.keys(rows[0]!)).toContain('extra');
      expect(await star(2)).toHaveLength(1);
    } finally {
      await one.destroy();
    }
  });
});
