import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildSchema } from 'graphql';
import { formatFindings, formatFuzz, fuzzGraphql, fuzzPerOperation, fuzzSeed, type FuzzActor } from '@kv/server/testing';
import { PASSWORD, startControlPlane, type ControlPlaneHarness } from '../test/helpers.ts';
import { schema } from '../modules/index.ts';
import type { OperatorRole } from '../access.ts';

// Wall time grows with FUZZ_PER_OPERATION; CI's share of a busy 2-core machine needs room too.
const perOperation = fuzzPerOperation(8);

let h: ControlPlaneHarness;
beforeAll(async () => {
  h = await startControlPlane();
});
afterAll(async () => {
  await h.close();
});

let renewals = 0;
/** A signed-in operator; signs in again when a fuzzed request ended the session (logout). */
function operator(role: OperatorRole): FuzzActor {
  let token = h.tokens[role];
  return {
    name: role,
    headers: () => ({ authorization: `Bearer ${token}` }),
    async renew() {
      const res = await h.gql<{ login: { tokens: { access_token: string } } }>(
        'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { tokens { access_token } } }',
        { u: `${role}-op`, p: PASSWORD },
        { ip: `10.8.${Math.floor(++renewals / 250)}.${renewals % 250}` },
      );
      if (!res.data?.login) throw new Error(`fuzz: ${role} could not sign in again: ${JSON.stringify(res.errors)}`);
      token = res.data.login.tokens.access_token;
    },
  };
}

// Issue 15 §5: every operation of the control plane, as anonymous, each operator role and a
// centre's token, with random and wrong-typed variables and malformed requests.
it(
  'answers every fuzzed request with data or typed errors, never a 5xx, INTERNAL or a leak',
  { timeout: 25_000 * perOperation },
  async () => {
    const admin = h.actors.admin.viewer!;
    // A token of a centre, not of the platform: the control plane must take it for no one.
    const centreToken = (await h.rt.tokens.signAccess({ sub: admin.id!, tid: '1', role: 'admin', sid: admin.sessionId! })).token;
    const report = await fuzzGraphql({
      app: h.app,
      schema: buildSchema(schema),
      actors: [
        { name: 'anonymous', headers: () => ({}) },
        operator('kvsupport'),
        operator('admin'),
        { name: 'centre token', headers: () => ({ authorization: `Bearer ${centreToken}` }) },
      ],
      perOperation,
      malformed: 300,
      seed: fuzzSeed(),
    });
    console.log(formatFuzz('control plane', report));
    expect(report.findings.length, formatFindings(report)).toBe(0);
    expect(report.requests).toBeGreaterThanOrEqual(1000);
  },
);
