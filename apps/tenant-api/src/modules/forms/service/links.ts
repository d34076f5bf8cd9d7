import { randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { reaches, requireViewer } from '../../../core/access.ts';
import { id } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import * as repo from '../repo.ts';
import { formManageScope } from '../policy.ts';
import { formNotFound } from '../errors.ts';

/** A link's key: 32 random bytes, base64url (43 characters). */
const newKey = () => randomBytes(32).toString('base64url');

/**
 * Turns a web form's link on or off (managers of its location). On keeps the key a form already
 * has (the link already handed out keeps working); off clears it, so every copy of the link stops
 * working, and the next "on" makes a new one.
 */
export async function setFormLink(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await formManageScope(ctx);
  const a = parseArgs(z.object({ id, enabled: z.boolean() }), raw);
  const form = await inTransaction(ctx, async (trx) => {
    const before = await repo.findForm(trx, a.id, true);
    if (!before || !reaches(scope, before.location_id)) throw formNotFound();
    if (before.type !== 'web') throw badInput('id', 'Only web forms have a link.');
    if (a.enabled === Boolean(before.link_key)) return before;
    const patch = a.enabled
      ? { link_key: newKey(), link_shared_at: trx.fn.now(), link_shared_by: v.id }
      : { link_key: null, link_shared_at: null, link_shared_by: null };
    await repo.updateForm(trx, before.id, patch);
    await repo.insertLog(trx, { form_id: before.id, action: a.enabled ? 'link_on' : 'link_off', user_id: v.id });
    await audit(ctx, trx, { action: a.enabled ? 'form.link_on' : 'form.link_off', entity: 'form', entity_id: before.id, location_id: before.location_id });
    return (await repo.findForm(trx, before.id))!;
  });
  return { ...notice(a.enabled ? 'Anyone with the link can now view this form.' : 'The form’s link no longer works.'), form };
}

/** Equal keys, compared in constant time (a wrong key of the right length learns nothing from timing). */
function sameKey(stored: string, given: string): boolean {
  const x = Buffer.from(stored);
  const y = Buffer.from(given);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Guest `/web-form/:formId/view`: a web form whose link is on, read with its id and the link's key.
 * Answers the form and its current fields only (never entries, children or who made it); an
 * unknown, deleted, printed or link-off form, a wrong key or another centre's id are all the same
 * NOT_FOUND, so the answer tells nothing about which forms exist.
 */
export async function getWebFormPreview(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ form_id: id, key: z.string().max(200) }), raw);
  const form = await repo.findLinkedForm(ctx.db, a.form_id);
  if (!form || form.type !== 'web' || !form.link_key || !sameKey(form.link_key, a.key)) throw formNotFound('form_id');
  return {
    id: form.id,
    name: form.name,
    description: form.description,
    instructions: form.instructions,
    version: form.version,
    location_name: form.location_name,
    fields: form.fields.map((f) => ({ id: f.id, name: f.name, type: f.type, required: f.required, options: f.options, placement: null })),
  };
}
