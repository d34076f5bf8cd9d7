import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { audit } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction, lockFor } from '../../../core/tx.ts';
import { billedStudent, billingScope } from '../policy.ts';
import { contactsWithShares, replaceShares, type ContactRow } from '../repo/people.ts';
import { recurringTotal } from '../repo/plans.ts';

const shown = (c: ContactRow) => ({
  user_id: String(c.user_id),
  name: c.name,
  relation: c.relation,
  is_payer: c.is_payer,
  share_type: c.is_payer ? c.share_type : null,
  share: c.is_payer && c.value !== null ? Number(c.value) : null,
});

/** A child's contacts: payers (with their shares) and the others. */
export async function getStudentPayersAndNonPayers(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  await billedStudent(ctx, scope, args.id);
  const rows = await contactsWithShares(ctx.db, [args.id]);
  return { payers: rows.filter((r) => r.is_payer).map(shown), non_payers: rows.filter((r) => !r.is_payer).map(shown) };
}

/**
 * Sets who pays what of a child's invoices. Shares go to the child's payers (`is_payer`), all of
 * one kind: percents (two decimals) adding up to 100, or fixed cents adding up to the child's
 * per-period plan total. An empty list clears them (payers then split equally).
 */
export async function saveStudentPayerShares(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(
    z.object({
      student_id: id,
      shares: z
        .array(
          z.object({
            user_id: id,
            share_type: z.enum(['percent', 'fixed'], { message: 'Choose percent or fixed.' }),
            value: z.number().min(0, 'A share cannot be negative.'),
          }),
        )
        .max(10, 'At most 10 payers.'),
    }),
    raw,
  );
  const student = await billedStudent(ctx, scope, args.student_id);
  const payers = new Set((await contactsWithShares(ctx.db, [student.id])).filter((c) => c.is_payer).map((c) => String(c.user_id)));
  const seen = new Set<string>();
  args.shares.forEach((s, i) => {
    if (!payers.has(s.user_id)) throw badInput(`shares.${i}.user_id`, 'Choose a payer of this child (a contact marked as payer).');
    if (seen.has(s.user_id)) throw badInput(`shares.${i}.user_id`, 'Each payer once.');
    seen.add(s.user_id);
  });
  const kinds = new Set(args.shares.map((s) => s.share_type));
  if (kinds.size > 1) throw badInput('shares', 'Use percents for every payer, or fixed amounts for every payer.');
  const kind = [...kinds][0];
  if (kind === 'percent') {
    args.shares.forEach((s, i) => {
      if (Math.abs(Math.round(s.value * 100) - s.value * 100) > 1e-6)
        throw badInput(`shares.${i}.value`, 'A percent has at most two decimals.');
    });
    const bp = args.shares.reduce((a, s) => a + Math.round(s.value * 100), 0);
    if (bp !== 10_000) throw badInput('shares', `The shares add up to ${(bp / 100).toFixed(2)}%, not 100%.`);
  }
  if (kind === 'fixed') {
    args.shares.forEach((s, i) => {
      if (!Number.isInteger(s.value)) throw badInput(`shares.${i}.value`, 'A fixed share is whole cents.');
    });
    const total = await recurringTotal(ctx.db, student.id);
    const sum = args.shares.reduce((a, s) => a + s.value, 0);
    if (sum !== total)
      throw badInput(
        'shares',
        `Fixed shares must add up to the plan total of $${(total / 100).toFixed(2)} (they add up to $${(sum / 100).toFixed(2)}).`,
      );
  }
  await inTransaction(ctx, async (trx) => {
    await lockFor(trx, `billing:shares:${student.id}`);
    await replaceShares(trx, student.id, args.shares);
    await audit(ctx, trx, {
      action: 'billing.payer_shares',
      entity: 'student',
      entity_id: student.id,
      location_id: student.location_id,
      data: { shares: args.shares },
    });
  });
  return { ...notice('Payer shares saved.'), id: student.id };
}
