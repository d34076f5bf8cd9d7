import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createKnex, type Knex } from './knex.ts';
import { createDatabase, dropDatabase } from './admin.ts';
import { withDatabase } from './url.ts';

export interface TestDatabase {
  name: string;
  url: string;
  /** A knex on the new database (closed by `drop`). */
  db: Knex;
  drop(): Promise<void>;
}

let adminKnex: Knex | undefined;

export function testAdminUrl(): string {
  return inject('pgAdminUrl');
}

export function testAdmin(): Knex {
  adminKnex ??= createKnex(testAdminUrl(), { max: 2 });
  return adminKnex;
}

export function testDatabaseName(label = 'db'): string {
  return `${inject('pgPrefix')}_${label}_${randomBytes(4).toString('hex')}`;
}

/** A fresh database cloned from the migrated template of the given set. */
export async function createTestDatabase(set: 'tenant' | 'controlPlane', label = set.toLowerCase()): Promise<TestDatabase> {
  const name = testDatabaseName(label);
  await createDatabase(testAdmin(), name, `${inject('pgPrefix')}_tpl_${set.toLowerCase()}`);
  const url = withDatabase(testAdminUrl(), name);
  const db = createKnex(url, { max: 4 });
  return {
    name,
    url,
    db,
    drop: async () => {
      await db.destroy();
      await dropDatabase(testAdmin(), name);
    },
  };
}

/** The template database of a set, for code under test that provisions from it. */
export function testTemplateName(set: 'tenant' | 'controlPlane'): string {
  return `${inject('pgPrefix')}_tpl_${set.toLowerCase()}`;
}
