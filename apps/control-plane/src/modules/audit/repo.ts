import type { Knex } from 'knex';
import type { Actor } from '../../access.ts';

/** One audit row per change, written in the transaction of the change itself. */
export async function writeAudit(
  db: Knex | Knex.Transaction,
  actor: Actor,
  action: string,
  entity: string,
  entityId: string | null,
  data: Record<string, unknown> = {},
): Promise<void> {
  await db('audit_log').insert({
    operator_id: actor.viewer?.id ?? null,
    actor_label: actor.viewer?.label ?? 'anonymous',
    action,
    entity,
    entity_id: entityId,
    data: JSON.stringify(data),
    ip: actor.ip,
  });
}
