import type { Knex } from 'knex';
import type { RequestContext } from '../types.ts';

type Db = Knex | Knex.Transaction;

export interface AuditInput {
  actor_user_id: string | null;
  actor_label?: string | null;
  support_session_id?: string | null;
  action: string;
  entity: string;
  entity_id: string;
  location_id?: string | null;
  data?: object;
  ip?: string;
}

export async function insertAudit(db: Db, row: AuditInput): Promise<void> {
  await db('audit_log').insert({ ...row, data: JSON.stringify(row.data ?? {}) });
}

/** One audit row with the actor, the support session and the location it belongs to. */
export async function audit(
  ctx: RequestContext,
  trx: Knex.Transaction,
  row: Omit<AuditInput, 'actor_user_id' | 'support_session_id' | 'actor_label' | 'ip'>,
): Promise<void> {
  const v = ctx.viewer!;
  await insertAudit(trx, {
    ...row,
    actor_user_id: v.id,
    support_session_id: v.support?.sessionId ?? null,
    actor_label: v.support?.operator ?? null,
    ip: ctx.ip,
  });
}

/** The fields whose value differs between two rows, as `{ field: [before, after] }`. */
export function diff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keys: readonly string[],
): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);
  for (const k of keys) {
    if (!(k in after)) continue;
    const a = norm(before[k]);
    const b = norm(after[k]);
    const same =
      JSON.stringify(a) === JSON.stringify(b) ||
      (a !== null && b !== null && a !== '' && b !== '' && Number.isFinite(Number(a)) && Number(a) === Number(b));
    if (!same) out[k] = [a, b];
  }
  return out;
}
