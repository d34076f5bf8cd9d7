import { z } from 'zod';
import type { Knex } from 'knex';
import { forbidden, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { requireViewer } from '../../../core/access.ts';
import { id } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import * as repo from '../repo.ts';
import { actionItemNotFound } from '../errors.ts';

/** What an area hands in to pin an item on people's /home. */
export interface RaiseActionItem {
  /** The raising area's word for its rows (`announcement`, `form`, …), at most 40 characters. */
  source_kind: string;
  source_id: string;
  title: string;
  /** YYYY-MM-DD. */
  due_date: string;
  /** One item per person; `location_id` gives the time zone its due date is judged in. */
  recipients: readonly { user_id: string; location_id: string | null }[];
  raised_by?: string | null;
}

/**
 * Pins an item on each recipient's /home (in the caller's transaction). Raising it again for the
 * same source and person updates its title and due date and reopens it if it was closed; an
 * acknowledgement stays. Returns how many items were written.
 */
export async function raiseActionItem(trx: Knex.Transaction, item: RaiseActionItem): Promise<number> {
  if (!item.source_kind || item.source_kind.length > 40) throw new Error('An action item needs a source kind of at most 40 characters');
  const seen = new Set<string>();
  const rows = [];
  for (const r of item.recipients) {
    if (seen.has(String(r.user_id))) continue;
    seen.add(String(r.user_id));
    rows.push({
      source_kind: item.source_kind,
      source_id: String(item.source_id),
      user_id: String(r.user_id),
      location_id: r.location_id === null ? null : String(r.location_id),
      title: item.title.slice(0, 300),
      due_date: item.due_date,
      raised_by: item.raised_by ?? null,
    });
  }
  let n = 0;
  for (let i = 0; i < rows.length; i += 500) n += await repo.insertActionItems(trx, rows.slice(i, i + 500));
  return n;
}

/**
 * Withdraws a source's open items (in the caller's transaction): all of them, or, with `keep`,
 * those not yet acknowledged of people not in `keep`. Returns how many closed.
 */
export function closeActionItem(trx: Knex.Transaction, sourceKind: string, sourceId: string, keep?: readonly string[]): Promise<number> {
  return repo.closeItems(trx, sourceKind, String(sourceId), keep);
}

/** The viewer's pinned items: open and not acknowledged, soonest due first. */
export async function getActionItems(ctx: RequestContext) {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  return repo.openItemsOf(ctx.db, v.id);
}

/** Only the person an item was raised for acknowledges it; anyone else's id answers NOT_FOUND. */
export async function acknowledgeActionItem(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  const a = parseArgs(z.object({ id }), raw);
  const item = await inTransaction(ctx, async (trx) => {
    const row = await repo.acknowledge(trx, a.id, v.id);
    if (!row) throw actionItemNotFound();
    await audit(ctx, trx, {
      action: 'action_item.acknowledge',
      entity: 'action_item',
      entity_id: row.id,
      location_id: row.location_id ? String(row.location_id) : null,
      data: { source_kind: row.source_kind, source_id: row.source_id },
    });
    return row;
  });
  return { ...notice('Thank you: marked as done.'), item };
}
