import type { FastifyInstance } from 'fastify';
import { auditServer } from 'graphql-http';
import { injectFetch } from './inject-fetch.ts';

export interface AuditSummary {
  ok: number;
  /** SHOULD recommendations not met, by audit id. */
  warnings: { id: string; name: string; reason: string }[];
  /** MUST requirements not met. */
  failures: { id: string; name: string; reason: string }[];
  /** MAY options not taken, by audit id. */
  notices: { id: string; name: string; reason: string }[];
}

/** graphql-http's GraphQL-over-HTTP conformance audit against one app's /graphql, through inject. */
export async function auditGraphqlOverHttp(app: FastifyInstance, headers: Record<string, string> = {}): Promise<AuditSummary> {
  const results = await auditServer({ url: 'http://localhost/graphql', fetchFn: injectFetch(app, headers) });
  const summary: AuditSummary = { ok: 0, warnings: [], failures: [], notices: [] };
  for (const r of results) {
    if (r.status === 'ok') summary.ok++;
    else
      (r.status === 'notice' ? summary.notices : r.status === 'warn' ? summary.warnings : summary.failures).push({
        id: r.id,
        name: r.name,
        reason: r.reason,
      });
  }
  return summary;
}

/** One line for the test output: `GraphQL-over-HTTP audit: 51 ok, 0 SHOULD warnings, 0 MUST failures, 3 MAY not taken (5A70, 6A70, D6D5)`. */
export function formatAudit(s: AuditSummary): string {
  const ids = (list: { id: string }[]) => (list.length ? ` (${list.map((x) => x.id).join(', ')})` : '');
  return (
    `GraphQL-over-HTTP audit: ${s.ok} ok, ${s.warnings.length} SHOULD warnings${ids(s.warnings)}, ` +
    `${s.failures.length} MUST failures${ids(s.failures)}, ${s.notices.length} MAY not taken${ids(s.notices)}`
  );
}
