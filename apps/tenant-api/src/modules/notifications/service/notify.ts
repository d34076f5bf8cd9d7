import type { Knex } from 'knex';
import { writeOutbox } from '@kv/jobs';
import { queueMessage, type Channel } from '@kv/messaging';
import { isPlaceholderEmail } from '@kv/shared';
import { e164 } from '../../attendance/index.ts';
import { findStudents } from '../../students/index.ts';
import { ROUTINE, settingOf } from '../kinds.ts';
import * as repo from '../repo.ts';
import type { NotificationRow } from '../repo.ts';

export const NOTIFICATIONS_QUEUE = 'notifications';
export const LIVE_JOB = 'notification-live';

/** What another area hands the notification centre (notifyUsers). */
export interface NotifyInput {
  /** The centre whose database `trx` is (messages and live updates name it). */
  centre_id: string;
  /** Names the event: one notice per event and user, however often it arrives. */
  event_key: string;
  user_ids: readonly string[];
  /** kinds.ts KINDS: which of the user's settings lets it through, whether it may wait for the digest. */
  kind: string;
  title: string;
  body: string;
  link?: string | null;
  student_id?: string | null;
  /** The location whose digest time releases a held notice (default: the child's). */
  location_id?: string | null;
  /** Never held for the digest (default: only routine kinds may be held). */
  instant?: boolean;
  /** Channels the location allows for this notice (default: push only). */
  channels?: readonly Channel[];
  /** The message template and data for email/SMS/push (default: the generic `notification`). */
  template?: { name: string; data: (user: repo.Recipient) => Record<string, unknown> };
}

const usableEmail = (e: string | null | undefined): e is string => Boolean(e && e.includes('@') && !isPlaceholderEmail(e));

/**
 * Writes one notification per user (those whose settings let the kind through; a user already
 * told of this event gets nothing more) and queues its delivery in the caller's transaction:
 * push to each of the user's devices when the location allows it and the user keeps `push` on,
 * email (never to placeholder addresses) and SMS when the caller's channels include them. With
 * the user's `digest` on, a routine notice is held for the daily summary instead. Returns the
 * new rows.
 */
export async function notifyUsers(trx: Knex.Transaction, input: NotifyInput): Promise<NotificationRow[]> {
  const ids = [...new Set(input.user_ids.map(String))];
  if (!ids.length) return [];
  // One statement at a time: a transaction is one connection.
  const people = await repo.recipients(trx, ids);
  const settings = await repo.settingsOf(trx, ids);
  const gate = settingOf(input.kind);
  const wanted = people.filter((p) => !gate || settings.get(p.id)![gate]);
  if (!wanted.length) return [];
  const mayHold = !input.instant && ROUTINE.has(input.kind);
  let locationId = input.location_id ?? null;
  if (!locationId && input.student_id) {
    const [s] = await findStudents(trx, [input.student_id]);
    locationId = s ? String(s.location_id) : null;
  }
  const fresh = await repo.insertNotifications(
    trx,
    wanted.map((p) => ({
      user_id: p.id,
      event_key: input.event_key.slice(0, 200),
      kind: input.kind,
      title: input.title.slice(0, 300),
      body: input.body.slice(0, 2000),
      link: input.link ?? null,
      student_id: input.student_id ?? null,
      location_id: locationId,
      held: mayHold && settings.get(p.id)!.digest && locationId !== null,
    })),
  );
  if (!fresh.length) return [];
  const channels = new Set(input.channels ?? ['push']);
  const byId = new Map(wanted.map((p) => [p.id, p]));
  const deliver = fresh.filter((r) => !r.held);
  const tokens = channels.has('push')
    ? await repo.pushTokensOf(
        trx,
        deliver.filter((r) => settings.get(r.user_id)!.push).map((r) => r.user_id),
      )
    : new Map<string, string[]>();
  for (const row of deliver) {
    const who = byId.get(row.user_id)!;
    const template = input.template?.name ?? 'notification';
    const data = input.template ? input.template.data(who) : { fname: who.fname, title: row.title, body: row.body };
    const send = (channel: Channel, to: string) =>
      queueMessage(trx, { channel, to, userId: who.id, template, locale: who.locale, data, centreId: input.centre_id });
    if (channels.has('email') && usableEmail(who.email)) await send('email', who.email);
    const phone = channels.has('sms') ? e164(who.phone) : null;
    if (phone) await send('sms', phone);
    for (const token of tokens.get(who.id) ?? []) await send('push', token);
  }
  await writeOutbox(trx, {
    queue: NOTIFICATIONS_QUEUE,
    name: LIVE_JOB,
    payload: { centreId: input.centre_id, ids: fresh.map((r) => r.id) },
  });
  return fresh;
}
