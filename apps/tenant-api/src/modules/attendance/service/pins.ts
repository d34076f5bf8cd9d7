import { z } from 'zod';
import { randomPin } from '@kv/auth';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { pinsOf, setPin } from '../repo/pins.ts';
import { contactNotFound } from '../errors.ts';
import { familyViewer } from '../../../core/access.ts';
import { insertAuditRows } from '../repo/checkin.ts';
import { id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import { hasPermission } from '../../../core/access.ts';
import { findPeople, roleNamesOf, assertMayEditPerson, userScopeOf, userWriteScope } from '../../users/index.ts';

const PIN_DIGITS = 6;

/**
 * A new random check-in PIN (spec User.check_in_pin) for oneself, or — staff who may edit the
 * person — for someone of their scope. PINs are never chosen by hand: letting people pick one
 * would tell them which PINs are taken.
 */
export async function generateCheckInPin(ctx: RequestContext, raw: unknown) {
  const v = familyViewer(ctx);
  const args = parseArgs(z.object({ user_id: id.nullish() }), raw);
  const userId = args.user_id ?? v.id;
  if (userId !== v.id) {
    const scope = await userWriteScope(ctx);
    const [person] = await findPeople(ctx.db, [userId], { scope });
    if (!person) throw contactNotFound('user_id');
    await assertMayEditPerson(ctx, (await roleNamesOf(ctx.db, [userId])).get(userId) ?? []);
  }
  const pin = await inTransaction(ctx, async (trx) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const candidate = randomPin(PIN_DIGITS);
      if (await setPin(trx, userId, candidate)) {
        await insertAuditRows(trx, [
          {
            action: 'user.check_in_pin',
            entity: 'user',
            entity_id: userId,
            actor_user_id: v.id,
            support_session_id: v.support?.sessionId ?? null,
            actor_label: v.support?.operator ?? null,
            ip: ctx.ip,
          },
        ]);
        return candidate;
      }
    }
    throw new Error('no free check-in PIN found');
  });
  return { ...notice('A new check-in PIN is ready.'), user_id: userId, check_in_pin: pin };
}

/**
 * User.check_in_pin for a batch of people: shown to the person themself and to staff who may edit
 * them (managers of their locations, the owner); null for everyone else.
 */
export async function checkInPinsFor(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, string | null>> {
  const v = ctx.viewer;
  if (!v || !ids.length) return new Map();
  const visible = new Set<string>(ids.includes(v.id) ? [v.id] : []);
  const others = ids.filter((i) => i !== v.id);
  if (others.length && v.role !== 'user' && v.role !== 'blog') {
    const scope = await userScopeOf(ctx);
    const people = await findPeople(ctx.db, others, { scope });
    const roles = await roleNamesOf(
      ctx.db,
      people.map((p) => String(p.id)),
    );
    for (const p of people) {
      const r = roles.get(String(p.id)) ?? [];
      const area = r.some((x) => x !== 'user') ? 'team' : 'users';
      if (!(await hasPermission(ctx, `${area}.edit`))) continue;
      try {
        await assertMayEditPerson(ctx, r);
        visible.add(String(p.id));
      } catch {
        // ranked above the viewer: not shown
      }
    }
  }
  const pins = await pinsOf(ctx.db, [...visible]);
  return new Map(ids.map((i) => [i, visible.has(i) ? (pins.get(i) ?? null) : null]));
}
