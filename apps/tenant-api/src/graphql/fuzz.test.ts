import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildSchema } from 'graphql';
import { formatFindings, formatFuzz, fuzzGraphql, fuzzPerOperation, fuzzSeed, type FuzzActor } from '@kv/server/testing';
import { createHarness, seedUser, signIn, type Harness, type TestCentre } from '../test/harness.ts';
import { tenantSchemaText } from '../plugins/app/graphql.ts';

// Wall time grows with FUZZ_PER_OPERATION; CI's share of a busy 2-core machine needs room too.
const perOperation = fuzzPerOperation();

let h: Harness;

/** A signed-in user of `centre` with `role`; signs in anew (as a new user if need be) when a fuzzed request ended the session. */
async function member(centre: TestCentre, role: string, name: string): Promise<FuzzActor> {
  let generation = 0;
  let username = `fuzz-${name}`;
  await seedUser(centre, { username, role });
  let token = (await signIn(h.app, centre.host, username)).token;
  return {
    name,
    headers: () => ({ authorization: `Bearer ${token}` }),
    async renew() {
      try {
        token = (await signIn(h.app, centre.host, username)).token;
      } catch {
        // The fuzz changed this user's username, password or status: carry on as a fresh one.
        username = `fuzz-${name}-${++generation}`;
        await seedUser(centre, { username, role });
        token = (await signIn(h.app, centre.host, username)).token;
      }
    },
  };
}

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

// Issue 15 §5: every operation, as every kind of caller, with random and wrong-typed variables and
// malformed requests: no 5xx, no INTERNAL, no leak, every error typed. Ids are never existing ones.
it(
  'answers every fuzzed request with data or typed errors, never a 5xx, INTERNAL or a leak',
  { timeout: 120_000 * perOperation },
  async () => {
    const [a, b] = h.centres as [TestCentre, TestCentre];
    const wrongCentre = await member(b, 'manager', 'other-centre-manager');
    const actors: FuzzActor[] = [
      { name: 'anonymous', headers: () => ({}) },
      await member(a, 'user', 'parent'),
      await member(a, 'teacher', 'teacher'),
      await member(a, 'manager', 'manager'),
      { name: 'wrong-centre token', headers: wrongCentre.headers },
    ];
    const report = await fuzzGraphql({
      app: h.app,
      schema: buildSchema(tenantSchemaText()),
      actors,
      headers: { host: a.host },
      perOperation,
      malformed: 300,
      seed: fuzzSeed(),
    });
    console.log(formatFuzz('tenant API', report));
    expect(report.findings.length, formatFindings(report)).toBe(0);
    expect(report.requests).toBeGreaterThanOrEqual(3000);
  },
);
