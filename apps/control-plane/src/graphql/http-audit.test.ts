import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditGraphqlOverHttp, formatAudit } from '@kv/server/testing';
import { startControlPlane, type ControlPlaneHarness } from '../test/helpers.ts';

let h: ControlPlaneHarness;
beforeAll(async () => {
  h = await startControlPlane();
});
afterAll(async () => {
  await h.close();
});

// graphql-http's own conformance suite (docs/ARCHITECTURE.md: GraphQL over HTTP).
it('meets every MUST and SHOULD of the GraphQL-over-HTTP audit', async () => {
  const audit = await auditGraphqlOverHttp(h.app);
  console.log(`control plane ${formatAudit(audit)}`);
  expect(audit.failures).toEqual([]);
  expect(audit.warnings).toEqual([]);
  // The MAY options not taken are GET requests, refused on purpose (docs/ARCHITECTURE.md).
  expect(audit.notices.map((n) => n.id).sort()).toEqual(['5A70', '6A70', 'D6D5']);
  expect(audit.ok).toBeGreaterThanOrEqual(58);
});
