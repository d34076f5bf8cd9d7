import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testAdmin } from './testing.ts';
import { latestAvailableVersion, migrateLatest, pendingMigrations, schemaVersion } from './migrate.ts';
import { databaseExists } from './admin.ts';

describe('migrations on real Postgres', () => {
  const dbs: { drop(): Promise<void> }[] = [];
  afterAll(async () => Promise.all(dbs.map((d) => d.drop())));

  it('a clone of the tenant template is fully migrated and has no pending migration', async () => {
    const t = await createTestDatabase('tenant');
    dbs.push(t);
    expect(await databaseExists(testAdmin(), t.name)).toBe(true);
    expect(await pendingMigrations(t.db, 'tenant')).toEqual([]);
    const version = await schemaVersion(t.db, 'tenant');
    expect(version).toBe(await latestAvailableVersion(t.db, 'tenant'));
    expect((await migrateLatest(t.db, 'tenant')).applied).toEqual([]);
    const tables = await t.db.raw(
      "select count(*)::int as n from information_schema.tables where table_name in ('users','sessions','outbox')",
    );
    expect(tables.rows[0].n).toBe(3);
  });
});
