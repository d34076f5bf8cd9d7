import { afterAll, beforeAll, it } from 'vitest';
import { print } from 'graphql';
import { createHarness, gql, type Harness } from '../../test/harness.ts';
import { setupCentre, type Setup } from './test-fixtures.ts';
import { StudentFormOptionsQuery } from '../../../../web/src/features/people/api/students.query.ts';

let h: Harness;
let s: Setup;
beforeAll(async () => {
  h = await createHarness();
  s = await setupCentre(h, h.centres[0]!);
});
afterAll(() => h.close());
it('debug', async () => {
  for (const [k, tok] of Object.entries(s.tokens)) {
    const r = await gql(h.app, h.centres[0]!.host, print(StudentFormOptionsQuery), {}, tok as string);
    console.log(k, JSON.stringify(r.errors ?? 'ok'));
  }
});
