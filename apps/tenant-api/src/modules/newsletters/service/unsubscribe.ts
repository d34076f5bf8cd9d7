import { z } from 'zod';
import type { Knex } from 'knex';
import { escapeHtml, queueMessage } from '@kv/messaging';
import { fields, parseArgs } from '@kv/server';
import { isPlaceholderEmail } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { pageArgs, paginated } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import { charge } from '../../auth/index.ts';
import { pageSmsUnsubscribes } from '../../announcements/index.ts';
import { csvCell } from '../../attendance-reports/index.ts';
import * as repo from '../repo.ts';
import { newsletterScope } from '../policy.ts';
import { badLink } from '../errors.ts';
import { signUnsubscribe, unsubscribeSecret, verifyUnsubscribe } from '../token.ts';

/** Adds the address a signed token names to the unsubscribed list; null when the token is not ours. */
export async function unsubscribeToken(db: Knex, token: string, source: 'link' | 'one_click'): Promise<string | null> {
  const email = verifyUnsubscribe(await unsubscribeSecret(db), token);
  if (!email) return null;
  await repo.addUnsubscribe(db, email, source);
  return email;
}

/** unsubscribeEmail(token) — the guest page's confirm button. A tampered token is refused naming `token`. */
export async function unsubscribeEmail(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ token: fields.token }), raw);
  const email = await unsubscribeToken(ctx.db, a.token, 'link');
  if (!email) throw badLink();
  return { ...notice(`${email} will no longer receive newsletters from ${ctx.tenant.name}.`), email };
}

/**
 * requestUnsubscribeLink(email) — the guest page without a token: the address gets a mail with its
 * confirm link (the one bulk mail carries). The answer is the same whether anyone uses the address.
 */
export async function requestUnsubscribeLink(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ email: fields.email('Email') }), raw);
  const email = a.email.toLowerCase();
  await charge(ctx.throttles.mailTarget, `${ctx.tenant.id}:${email}`);
  if (!isPlaceholderEmail(email)) {
    const url = `${ctx.deps.config.centreOrigin(ctx.tenant.slug).replace(/\/$/, '')}/unsubscribe/${signUnsubscribe(await unsubscribeSecret(ctx.db), email)}`;
    const centre = escapeHtml(ctx.tenant.name);
    await inTransaction(ctx, (trx) =>
      queueMessage(trx, {
        channel: 'email',
        to: email,
        template: 'unsubscribe-confirm',
        data: {},
        centreId: ctx.tenant.id,
        rendered: {
          subject: `Confirm your unsubscribe from ${ctx.tenant.name}`,
          text: `Open this link to stop receiving newsletters from ${ctx.tenant.name}: ${url}`,
          html: `<p>Open this link to stop receiving newsletters from ${centre}:</p><p><a href="${escapeHtml(url)}">Unsubscribe</a></p><p>If you did not ask for this, ignore this mail.</p>`,
        },
      }),
    );
  }
  return notice('If this address receives our newsletters, we have emailed it a link to confirm.');
}

const listArgs = z.object({ ...pageArgs, search: fields.optionalText(100, 'The search'), csv: z.boolean().nullish() });

/** getUnsubscribedEmails: the list, newest first; `csv: true` adds every row (not just the page) as CSV. */
export async function getUnsubscribedEmails(ctx: RequestContext, raw: unknown) {
  await newsletterScope(ctx);
  const a = parseArgs(listArgs, raw);
  const { rows, total } = await repo.pageUnsubscribes(ctx.db, a.search ?? null, a.page, a.first);
  let csv: string | null = null;
  if (a.csv) {
    const all = await repo.allUnsubscribes(ctx.db, a.search ?? null);
    csv = ['email,source,created_at', ...all.map((r) => [r.email, r.source, new Date(r.created_at).toISOString()].map(csvCell).join(','))].join('\n') + '\n';
  }
  return { ...paginated(rows, total, a.page, a.first), csv };
}

/** getUnsubscribedSms: numbers that texted STOP (the announcements area's `sms_unsubscribes`). */
export async function getUnsubscribedSms(ctx: RequestContext, raw: unknown) {
  await newsletterScope(ctx);
  const a = parseArgs(listArgs, raw);
  const search = a.search ? a.search.replace(/[^\d+]/g, '') || null : null;
  const { rows, total } = await pageSmsUnsubscribes(ctx.db, search, a.page, a.first);
  let csv: string | null = null;
  if (a.csv) {
    const all = await pageSmsUnsubscribes(ctx.db, search, 1, null);
    csv = ['phone,source,created_at', ...all.rows.map((r) => [r.phone, r.source, new Date(r.created_at).toISOString()].map(csvCell).join(','))].join('\n') + '\n';
  }
  return { ...paginated(rows, total, a.page, a.first), csv };
}
