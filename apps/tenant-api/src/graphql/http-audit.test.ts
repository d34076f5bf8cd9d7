import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditGraphqlOverHttp, formatAudit } from '@kv/server/testing';
import { createHarness, type Harness } from '../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

// graphql-http's own conformance suite (docs/ARCHITECTURE.md: GraphQL over HTTP).
it('meets every MUST and SHOULD of the GraphQL-over-HTTP audit', async () => {
  const audit = await auditGraphqlOverHttp(h.app, { host: h.centres[0]!.host });
  console.log(`tenant API ${formatAudit(audit)}`);
  expect(audit.failures).toEqual([]);
  expect(audit.warnings).toEqual([]);
  // The MAY options not taken are GET requests, refused on purpose (docs/ARCHITECTURE.md).
  expect(audit.notices.map((n) => n.id).sort()).toEqual(['5A70', '6A70', 'D6D5']);
  expect(audit.ok).toBeGreaterThanOrEqual(58);
});
