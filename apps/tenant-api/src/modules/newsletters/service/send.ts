import { z } from 'zod';
import type { Knex } from 'knex';
import { PermanentJobError, writeOutbox, type JobContext } from '@kv/jobs';
import { htmlToText, queueMessage } from '@kv/messaging';
import { fields, parseArgs } from '@kv/server';
import { isPlaceholderEmail } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { requireViewer } from '../../../core/access.ts';
import { id, idList } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import * as repo from '../repo.ts';
import { audienceFilter, newsletterScope } from '../policy.ts';
import { emptyTemplate, newsletterNotFound, noAudience, notInScope } from '../errors.ts';
import { signUnsubscribe, unsubscribeSecret } from '../token.ts';
import { publishProgress, type NewsletterProgress } from '../live.ts';
import { publishNewsletterImages } from './images.ts';

export const NEWSLETTERS_QUEUE = 'newsletters';
export const SEND_JOB = 'newsletter-send';
/** Mails queued per transaction (and per progress event). */
export const SEND_BATCH = 50;

export const AUDIENCE_ROLES = ['user', 'teacher', 'manager'] as const;

const audienceArg = z.object({
  locations: idList.max(100).nullish().transform((v) => [...new Set(v ?? [])]),
  programs: idList.max(200).nullish().transform((v) => [...new Set(v ?? [])]),
  tags: idList.max(50).nullish().transform((v) => [...new Set(v ?? [])]),
  roles: z
    .array(fields.oneOf('The role', AUDIENCE_ROLES))
    .max(3)
    .nullish()
    .transform((v) => (v?.length ? [...new Set(v)] : ['user'])),
});

/** The audience's rows exist and lie in the sender's locations, each refusal naming its field. */
async function checkAudience(ctx: RequestContext, scope: string[] | null, a: repo.Audience) {
  if (!a.locations.length && !a.programs.length && !a.tags.length) throw noAudience();
  const within = (l: string) => scope === null || scope.includes(l);
  const locs = await repo.existingIds(ctx.db, 'locations', a.locations);
  if (a.locations.some((l) => !locs.has(l) || !within(l))) throw notInScope('audience.locations', 'Location');
  const rooms = await repo.programLocations(ctx.db, a.programs);
  if (rooms.length !== a.programs.length || rooms.some((r) => !within(r.location_id))) throw notInScope('audience.programs', 'Room');
  const tags = await repo.existingIds(ctx.db, 'tags', a.tags);
  if (a.tags.some((t) => !tags.has(t))) throw notInScope('audience.tags', 'Tag');
}

/**
 * sendNewsletterAction(id, audience, subject): records a send and queues its job in one
 * transaction; the job picks the recipients and mails them (progress on `newsletterProgress`).
 */
export async function sendNewsletterAction(ctx: RequestContext, raw: unknown) {
  const scope = await newsletterScope(ctx);
  const a = parseArgs(z.object({ id, subject: fields.text('The subject', { max: 300 }), audience: audienceArg }), raw);
  const nl = await repo.byId(ctx.db, a.id);
  if (!nl) throw newsletterNotFound();
  if (!nl.template.trim()) throw emptyTemplate();
  const filter = audienceFilter(scope);
  await checkAudience(ctx, filter, a.audience);
  // Mail clients open images long after signed URLs expire: public, content-hashed copies first.
  const template = await publishNewsletterImages(ctx, nl.template);
  const send = await inTransaction(ctx, async (trx) => {
    if (template !== nl.template) await repo.update(trx, a.id, { template });
    const s = await repo.insertSend(trx, {
      newsletter_id: a.id,
      subject: a.subject,
      audience: { ...a.audience, scope: filter } as repo.Audience,
      created_by: requireViewer(ctx).id,
    });
    await repo.writeLog(trx, s);
    await writeOutbox(trx, { queue: NEWSLETTERS_QUEUE, name: SEND_JOB, payload: { centreId: ctx.tenant.id, sendId: String(s.id) }, dedupeKey: `newsletter-send:${s.id}` });
    await audit(ctx, trx, { action: 'newsletter.send', entity: 'newsletter', entity_id: a.id, data: { send_id: String(s.id), subject: a.subject, audience: a.audience } });
    return s;
  });
  return { ...notice('Newsletter queued for sending.'), send_id: String(send.id), newsletter_id: a.id };
}

export async function getNewsletterSend(ctx: RequestContext, raw: unknown): Promise<NewsletterProgress> {
  await newsletterScope(ctx);
  const a = parseArgs(z.object({ send_id: id }), raw);
  const s = await repo.sendById(ctx.db, a.send_id);
  if (!s) throw notInScope('send_id', 'Newsletter send');
  return progressOf(s);
}

export const progressOf = (s: repo.SendRow): NewsletterProgress => ({
  send_id: String(s.id),
  newsletter_id: String(s.newsletter_id),
  status: s.status,
  total: s.total,
  queued: s.queued,
  skipped: s.skipped,
});

// ── the job ──────────────────────────────────────────────────────────────────

export interface SendJobDeps {
  dbFor(centreId: string): Promise<Knex>;
  /** Public origin of the centre (links in mails). */
  originFor(centreId: string): Promise<string>;
  kick?(centreId: string, db: Knex): void;
  /** Tests: called after each committed batch with the count so far (a throw stops the run there, as a killed worker would). */
  afterBatch?(queued: number): void | Promise<void>;
}

const unsubscribeFooter = (url: string) =>
  `<table role="presentation" width="100%" style="margin-top:24px"><tr><td align="center" style="font-family:Arial,sans-serif;font-size:12px;color:#555">` +
  `You receive this newsletter from your centre. <a href="${url}" style="color:#555">Unsubscribe</a></td></tr></table>`;

/**
 * Sends one newsletter send (job `newsletter-send`): the audience's people, one mail per address
 * (lower-cased, duplicates dropped and counted as skipped), minus placeholder addresses and the unsubscribed list. Each
 * mail is an `outbound_messages` row whose `dedupe_key` is `newsletter:<send>:<address>`, queued in
 * batches of SEND_BATCH in their own transactions: a run killed halfway and run again queues only
 * what is missing. Progress goes to `newsletterProgress` after each batch; the outcome to `log`.
 */
export async function runNewsletterSend(job: Pick<JobContext, 'data' | 'log'>, deps: SendJobDeps) {
  const { centreId, sendId } = job.data as { centreId?: unknown; sendId?: unknown };
  if (typeof centreId !== 'string' || typeof sendId !== 'string' || !/^\d{1,18}$/.test(sendId))
    throw new PermanentJobError('newsletter-send needs a centreId and a numeric sendId');
  const db = await deps.dbFor(centreId);
  const send = await repo.sendById(db, sendId);
  if (!send) throw new PermanentJobError(`newsletter send ${sendId} not found`);
  if (send.status === 'done') return progressOf(send);
  const nl = await repo.byId(db, String(send.newsletter_id));
  if (!nl) {
    await repo.updateSend(db, sendId, { status: 'done', finished_at: new Date() });
    return progressOf({ ...send, status: 'done' });
  }
  const audience = send.audience as repo.Audience & { scope?: string[] | null };
  const people = await repo.audiencePeople(db, audience, audience.scope ?? null);
  const byEmail = new Map<string, repo.Recipient>();
  let skipped = 0;
  for (const p of people) {
    const e = p.email?.trim().toLowerCase();
    if (!e || !e.includes('@') || isPlaceholderEmail(e)) {
      skipped++;
      continue;
    }
    if (byEmail.has(e)) skipped++;
    else byEmail.set(e, p);
  }
  const unsubscribed = await repo.unsubscribedAmong(db, [...byEmail.keys()]);
  for (const e of unsubscribed) byEmail.delete(e);
  skipped += unsubscribed.size;
  const total = byEmail.size;
  let state = await repo.updateSend(db, sendId, { status: 'sending', total, skipped });
  await repo.writeLog(db, state);
  publishProgress(centreId, progressOf(state));

  const origin = (await deps.originFor(centreId)).replace(/\/$/, '');
  const secret = await unsubscribeSecret(db);
  const text = htmlToText(nl.template);
  const list = [...byEmail.entries()];
  for (let i = 0; i < list.length; i += SEND_BATCH) {
    const batch = list.slice(i, i + SEND_BATCH);
    const queued = await db.transaction(async (trx) => {
      for (const [email, person] of batch) {
        const url = `${origin}/unsubscribe/${signUnsubscribe(secret, email)}`;
        await queueMessage(trx, {
          channel: 'email',
          to: email,
          userId: person.id,
          template: 'newsletter',
          locale: person.locale ?? undefined,
          data: { newsletter_id: String(nl.id), send_id: sendId },
          centreId,
          dedupeKey: `newsletter:${sendId}:${email}`,
          rendered: { subject: send.subject, html: nl.template + unsubscribeFooter(url), text: `${text}\n\nUnsubscribe: ${url}` },
          headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
      }
      const [c] = await trx('outbound_messages').where('dedupe_key', 'like', `newsletter:${sendId}:%`).count({ n: '*' });
      const s = await repo.updateSend(trx, sendId, { queued: Number(c?.n ?? 0) });
      await repo.writeLog(trx, s);
      return s;
    });
    deps.kick?.(centreId, db);
    state = queued;
    publishProgress(centreId, progressOf(state));
    await deps.afterBatch?.(state.queued);
  }
  state = await repo.updateSend(db, sendId, { status: 'done', finished_at: new Date() });
  await repo.writeLog(db, state);
  publishProgress(centreId, progressOf(state));
  job.log(`newsletter send ${sendId}: ${state.queued} queued, ${state.skipped} skipped`);
  return progressOf(state);
}
