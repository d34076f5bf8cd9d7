import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createHarness, gql, type Harness } from './harness.ts';
import { seedStudent, setupCentre, type Setup } from '../modules/locations/test-fixtures.ts';

/** SQL statements per request on the hot paths: few, and constant in the size of the answer. */
let h: Harness;
let s: Setup;
let knex: Knex;
const statements: string[] = [];

beforeAll(async () => {
  h = await createHarness();
  const c = h.centres[0]!;
  s = await setupCentre(h, c);
  knex = await h.deps.pools.get(c.entry.id, c.url);
  knex.on('query', (q: { sql: string }) => statements.push(q.sql));
});
afterAll(async () => h?.close());

async function count(doc: string, token: string) {
  const c = h.centres[0]!;
  await gql(h.app, c.host, doc, {}, token); // warm (first-use caches)
  statements.length = 0;
  const r = await gql(h.app, c.host, doc, {}, token);
  expect(r.body).not.toContain('"errors"');
  return statements.length;
}

const FEED = '{ me { id full_name } students(first: 10) { data { id full_name program { id name } } paginatorInfo { total } } }';

describe('statements per request', () => {
  it('me is answered from the session lookup: one statement', async () => {
    expect(await count('{ me { id full_name email roles { name } } }', s.tokens.parent)).toBeLessThanOrEqual(2);
    expect(await count('{ me { id full_name email } }', s.tokens.parent)).toBe(1);
  });

  it("a parent's feed (me + children with rooms + total) costs the same for 1 child as for 4", async () => {
    const [room] = await knex('programs').insert({ location_id: s.X, name: 'Room A' }).returning('id');
    await knex('students')
      .whereIn('id', knex('student_users').where({ user_id: s.ids.parent }).select('student_id'))
      .update({ program_id: room.id });
    const one = await count(FEED, s.tokens.parent);
    for (let i = 0; i < 3; i++) await seedStudent(h.centres[0]!, s.X, s.ids.parent, { program_id: room.id });
    expect(await count(FEED, s.tokens.parent)).toBe(one);
    expect(one).toBeLessThanOrEqual(3);
  });

  it("a manager's students page (rooms, tags, guardians) costs the same for 1 row as for 5", async () => {
    const PAGE = `{ getManagerStudents(first: 50, page: 1) { data { id full_name program { id name } tags { id name }
      guardians { user_id relation pickup user { id fname lname } } } paginatorInfo { total } } }`;
    const before = await count(PAGE, s.tokens.mgrX);
    const [room] = await knex('programs').insert({ location_id: s.X, name: 'Room B' }).returning('id');
    const [tag] = await knex('tags').insert({ name: 'Blue' }).returning('id');
    for (let i = 0; i < 4; i++) {
      const kid = await seedStudent(h.centres[0]!, s.X, s.ids.parent, { program_id: room.id });
      await knex('student_tags').insert({ student_id: kid, tag_id: tag.id });
    }
    expect(await count(PAGE, s.tokens.mgrX)).toBe(before);
    expect(before).toBeLessThanOrEqual(5);
  });
});
