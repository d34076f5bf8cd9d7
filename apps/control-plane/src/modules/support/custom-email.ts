import { z } from 'zod';
import { queueMessage } from '@kv/messaging';
import { badInput, fields, parseArgs } from '@kv/server';
import { isPlaceholderEmail } from '@kv/shared';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { findCenter } from '../centres/repo.ts';
import { supportPolicy } from './policy.ts';
import * as repo from './repo.ts';

/** The centre roles support may write to. */
export const CUSTOM_EMAIL_ROLES = ['center', 'manager', 'teacher', 'user', 'blog'] as const;
const MAX_RECIPIENTS = 5000;

const usersArgs = z.object({
  center_ids: z.array(fields.id('center_ids')).min(1, 'Choose at least one centre.').max(100, 'Choose at most 100 centres.'),
  roles: z
    .array(z.enum(CUSTOM_EMAIL_ROLES, { message: `roles must be among ${CUSTOM_EMAIL_ROLES.join(', ')}.` }))
    .min(1, 'Choose at least one role.')
    .max(CUSTOM_EMAIL_ROLES.length),
});
const sendArgs = z.object({
  subject: fields.text('subject', { max: 200 }),
  body: fields.text('body', { max: 20_000 }),
  recipients: z.array(fields.email('recipients')).min(1, 'Choose at least one recipient.').max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} recipients.`),
});

const centreDb = async (rt: ControlPlaneRuntime, centre: { id: string; database_server_id: string | null; database_name: string | null }) =>
  rt.pools.get(centre.id, await rt.directory.connectionUrl(centre));

/** The support utility that mails people of chosen centres (spec getUserForCustomEmail, sendCustomEmailUtility). */
export function createCustomEmailService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  return {
    /**
     * The active users of the chosen centres who hold one of the roles and have a real address,
     * read from each centre's database as support does; audited with what was asked and found.
     */
    async getUserForCustomEmail(actor: Actor, raw: unknown) {
      requireRole(actor, supportPolicy.getUserForCustomEmail);
      const a = parseArgs(usersArgs, raw);
      const ids = [...new Set(a.center_ids)];
      const centres = [];
      for (const [i, id] of ids.entries()) {
        const centre = await findCenter(db, id);
        if (!centre || centre.status !== 'active') throw badInput(`center_ids.${i}`, 'Choose active centres.');
        centres.push(centre);
      }
      const out: (repo.CustomEmailUserRow & { center_id: string; center_name: string })[] = [];
      for (const centre of centres) {
        const rows = await repo.usersWithRoles(await centreDb(rt, centre), a.roles, MAX_RECIPIENTS);
        for (const r of rows) if (!isPlaceholderEmail(r.email)) out.push({ ...r, center_id: centre.id, center_name: centre.name });
        if (out.length >= MAX_RECIPIENTS) break;
      }
      await writeAudit(db, actor, 'support.custom_email_users', 'center', null, { center_ids: ids, roles: a.roles, found: out.length });
      return out.slice(0, MAX_RECIPIENTS);
    },

    /** Queues one email per distinct address (placeholder addresses skipped) in one transaction; audited. */
    async sendCustomEmailUtility(actor: Actor, raw: unknown) {
      requireRole(actor, supportPolicy.sendCustomEmailUtility);
      const a = parseArgs(sendArgs, raw);
      const seen = new Set<string>();
      const to: string[] = [];
      let skipped = 0;
      for (const email of a.recipients) {
        const key = email.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        if (isPlaceholderEmail(email)) skipped++;
        else to.push(email);
      }
      await db.transaction(async (trx) => {
        for (const email of to)
          await queueMessage(trx, { channel: 'email', to: email, template: 'custom-email', locale: 'en', data: { subject: a.subject, body: a.body }, centreId: null });
        await writeAudit(trx, actor, 'support.custom_email_sent', 'operator', null, { subject: a.subject, queued: to.length, skipped });
      });
      if (to.length) void rt.kickOutbox();
      return done(`${to.length} ${to.length === 1 ? 'email' : 'emails'} queued${skipped ? `; ${skipped} placeholder ${skipped === 1 ? 'address' : 'addresses'} skipped` : ''}.`, {
        queued: to.length,
        skipped,
      });
    },
  };
}
