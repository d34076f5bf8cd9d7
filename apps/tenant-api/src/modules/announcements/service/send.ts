import { z } from 'zod';
import type { Knex } from 'knex';
import { queueMessage, type Channel } from '@kv/messaging';
import { fields, parseArgs } from '@kv/server';
import { isPlaceholderEmail } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { isOwner, requireViewer, scopeFilter, studentScopeOf, type LocationScope } from '../../../core/access.ts';
import { idList } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import { idsInScope } from '../../students/index.ts';
import { shortenLinks } from '../../links/index.ts';
import * as repo from '../repo.ts';
import { coversAll, messageSendScope } from '../policy.ts';
import { noRecipients, notInScope } from '../errors.ts';

/** A phone number in E.164 for SMS (10 digits read as North American), or null. */
export function e164(raw: string | null | undefined): string | null {
  const v = (raw ?? '').trim();
  if (!v) return null;
  const digits = v.replace(/\D/g, '');
  if (v.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

const usableEmail = (e: string | null | undefined): e is string => Boolean(e && e.includes('@') && !isPlaceholderEmail(e));
const ids = (max: number) => idList.max(max).nullish().transform((v) => [...new Set(v ?? [])]);

/** Every child must be in the viewer's student scope, else NOT_FOUND naming the field. */
async function assertStudents(ctx: RequestContext, studentIds: string[], field: string) {
  if (!studentIds.length) return;
  const found = await idsInScope(ctx.db, await studentScopeOf(ctx), studentIds);
  if (found.length !== studentIds.length) throw notInScope(field, 'Child');
}

/** Every room must be at a location of the scope (or one of a teacher's rooms), else NOT_FOUND naming the field. */
async function assertPrograms(ctx: RequestContext, scope: LocationScope, programIds: string[], field: string) {
  if (!programIds.length) return;
  const rooms = await repo.programLocations(ctx.db, programIds);
  const s = await studentScopeOf(ctx);
  const own = new Set(s.kind === 'staff' ? s.programs : []);
  if (rooms.length !== programIds.length || rooms.some((r) => !coversAll(scope, [r.location_id]) && !own.has(r.id)))
    throw notInScope(field, 'Room');
}

/**
 * Of these people, those the viewer reaches: the owner everyone; staff the staff of their
 * locations and the contacts of the children in their student scope.
 */
async function peopleInScope(ctx: RequestContext, scope: LocationScope, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  if (isOwner(requireViewer(ctx))) return new Set((await repo.peopleByIds(ctx.db, userIds)).map((p) => String(p.id)));
  const ok = await repo.peopleAtLocations(ctx.db, userIds, scopeFilter(scope) ?? []);
  const links = (await repo.childrenOfContacts(ctx.db, userIds.filter((u) => !ok.has(u))));
  const kids = new Set(await idsInScope(ctx.db, await studentScopeOf(ctx), [...new Set(links.map((l) => l.student_id))]));
  for (const l of links) if (kids.has(l.student_id)) ok.add(l.user_id);
  return ok;
}

async function assertPeople(ctx: RequestContext, scope: LocationScope, userIds: string[], field: string) {
  const ok = await peopleInScope(ctx, scope, userIds);
  if (userIds.some((u) => !ok.has(u))) throw notInScope(field, 'Person');
}

async function collect(ctx: RequestContext, users: string[], students: string[], programs: string[]): Promise<repo.Recipient[]> {
  const [people, guardians] = await Promise.all([repo.peopleByIds(ctx.db, users), repo.guardiansOf(ctx.db, students, programs)]);
  const out = new Map<string, repo.Recipient>();
  for (const p of [...people, ...guardians]) out.set(String(p.id), p);
  return [...out.values()];
}

interface Queued {
  queued: number;
  skipped: number;
}

async function queueAll(
  ctx: RequestContext,
  trx: Knex.Transaction,
  recipients: repo.Recipient[],
  channels: readonly Channel[],
  template: string,
  data: Record<string, unknown>,
): Promise<Queued> {
  const phones = new Map<string, repo.Recipient>();
  if (channels.includes('sms')) for (const r of recipients) {
    const p = e164(r.phone);
    if (p && !phones.has(p)) phones.set(p, r);
  }
  const unsubscribed = await repo.unsubscribedPhones(trx, [...phones.keys()]);
  const tokens = channels.includes('push') ? await repo.pushTokensOf(trx, recipients.map((r) => String(r.id))) : [];
  // Links in an SMS go as the centre's short links (/s/:code).
  const smsData =
    channels.includes('sms') && typeof data.message === 'string'
      ? { ...data, message: await shortenLinks(trx, ctx.deps.config.centreOrigin(ctx.tenant.slug), data.message) }
      : data;
  const send = (channel: Channel, to: string, r: repo.Recipient) =>
    queueMessage(trx, {
      channel,
      to,
      userId: String(r.id),
      template,
      locale: r.locale,
      data: { ...(channel === 'sms' ? smsData : data), fname: r.fname },
      centreId: ctx.tenant.id,
    });
  let queued = 0;
  if (channels.includes('email')) {
    const seen = new Set<string>();
    for (const r of recipients) {
      if (!usableEmail(r.email) || seen.has(r.email.toLowerCase())) continue;
      seen.add(r.email.toLowerCase());
      await send('email', r.email, r);
      queued++;
    }
  }
  for (const [phone, r] of phones) {
    if (unsubscribed.has(phone)) continue;
    await send('sms', phone, r);
    queued++;
  }
  const byId = new Map(recipients.map((r) => [String(r.id), r]));
  for (const t of tokens) {
    await send('push', t.token, byId.get(t.user_id)!);
    queued++;
  }
  return { queued, skipped: unsubscribed.size };
}

const senderName = async (ctx: RequestContext) => {
  const v = requireViewer(ctx);
  const u = v.user ?? (await ctx.db('users').where({ id: v.id }).first('fname', 'lname'));
  return `${u?.fname ?? ''} ${u?.lname ?? ''}`.trim() || ctx.tenant.name;
};

/**
 * Spec sendAlert (Alert: message, sender, alert_user, alert_student, alert_program): push, SMS and
 * email straight through the messaging queue — alerts are never muted or digested. Recipients are
 * the people, the guardians of the children and of the rooms' children, all in the sender's scope.
 * Numbers that texted STOP are still skipped (the carrier refuses them anyway).
 */
export async function sendAlert(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await messageSendScope(ctx);
  const a = parseArgs(
    z.object({
      message: fields.text('The alert', { max: 640 }),
      alert_user: ids(500),
      alert_student: ids(500),
      alert_program: ids(100),
    }),
    raw,
  );
  if (!a.alert_user.length && !a.alert_student.length && !a.alert_program.length) throw noRecipients('alert_user');
  await assertPeople(ctx, scope, a.alert_user, 'alert_user');
  await assertStudents(ctx, a.alert_student, 'alert_student');
  await assertPrograms(ctx, scope, a.alert_program, 'alert_program');
  const recipients = await collect(ctx, a.alert_user, a.alert_student, a.alert_program);
  const sender = await senderName(ctx);
  const result = await inTransaction(ctx, async (trx) => {
    const sent = await queueAll(ctx, trx, recipients, ['push', 'sms', 'email'], 'alert', {
      centre: ctx.tenant.name,
      sender,
      message: a.message,
    });
    const alert = await repo.insertAlert(trx, {
      message: a.message,
      sender: v.id,
      alert_user: a.alert_user,
      alert_student: a.alert_student,
      alert_program: a.alert_program,
      recipients: recipients.length,
      messages: sent.queued,
    });
    await audit(ctx, trx, {
      action: 'alert.send',
      entity: 'alert',
      entity_id: String(alert.id),
      data: { ...a, recipients: recipients.length, queued: sent.queued, skipped: sent.skipped },
    });
    return { ...sent, alert };
  });
  return { ...notice(`Alert sent to ${recipients.length} ${recipients.length === 1 ? 'person' : 'people'}.`), recipients: recipients.length, ...result };
}

/**
 * Spec sendInstantSms: one SMS per number to the people, the guardians of the children, of the
 * rooms' children, and the people and guardians of children with the tags (those in the sender's
 * scope); numbers on the unsubscribed-SMS list are skipped.
 */
export async function sendInstantSms(ctx: RequestContext, raw: unknown) {
  const scope = await messageSendScope(ctx);
  const a = parseArgs(
    z.object({
      message: fields.text('The message', { max: 640 }),
      users: ids(500),
      students: ids(500),
      programs: ids(100),
      tags: ids(50),
    }),
    raw,
  );
  if (!a.users.length && !a.students.length && !a.programs.length && !a.tags.length) throw noRecipients('users');
  await assertPeople(ctx, scope, a.users, 'users');
  await assertStudents(ctx, a.students, 'students');
  await assertPrograms(ctx, scope, a.programs, 'programs');
  const known = await repo.existingTags(ctx.db, a.tags);
  if (a.tags.some((t) => !known.has(t))) throw notInScope('tags', 'Tag');
  const tagged = await repo.taggedIds(ctx.db, a.tags);
  // A tag is centre-wide: of its people and children, only those in the sender's scope.
  const taggedPeople = [...(await peopleInScope(ctx, scope, tagged.users))];
  const taggedKids = await idsInScope(ctx.db, await studentScopeOf(ctx), tagged.students);
  const recipients = await collect(ctx, [...new Set([...a.users, ...taggedPeople])], [...new Set([...a.students, ...taggedKids])], a.programs);
  const result = await inTransaction(ctx, async (trx) => {
    const sent = await queueAll(ctx, trx, recipients, ['sms'], 'instant-sms', { centre: ctx.tenant.name, message: a.message });
    await audit(ctx, trx, {
      action: 'sms.instant',
      entity: 'sms',
      entity_id: 'instant',
      data: { ...a, recipients: recipients.length, queued: sent.queued, skipped: sent.skipped },
    });
    return sent;
  });
  return {
    ...notice(`SMS sent to ${result.queued} ${result.queued === 1 ? 'number' : 'numbers'}${result.skipped ? `; ${result.skipped} unsubscribed skipped` : ''}.`),
    recipients: recipients.length,
    alert: null,
    ...result,
  };
}
