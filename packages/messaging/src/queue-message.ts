import type { Knex } from '@kv/db';
import { writeOutbox } from '@kv/jobs';
import { normalizeLocale, renderTemplate } from './render-template.ts';

export type Channel = 'email' | 'sms' | 'push';
export const CHANNELS: readonly Channel[] = ['email', 'sms', 'push'];

export const MESSAGES_QUEUE = 'messages';
export const SEND_MESSAGE_JOB = 'send-message';

export interface QueueMessageInput {
  channel: Channel;
  /** email address, E.164 phone number or FCM registration token */
  to: string;
  userId?: string | null;
  template: string;
  locale?: string;
  data: Record<string, unknown>;
  /** the centre whose database `db` is; null for the control plane */
  centreId: string | null;
  /**
   * Unique per logical message (centre databases): a second call with the same key queues nothing
   * and answers the first message's id, so a job that runs again never mails twice.
   */
  dedupeKey?: string;
  /** Content made by the caller (a newsletter's HTML) instead of `template`'s rendering. */
  rendered?: { subject: string; text: string; html: string };
  /** Extra mail headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/**
 * Renders the message now and records it (status `queued`) with its send job in one transaction:
 * the caller passes the transaction of the change that causes the message, so a rollback leaves
 * neither. Kick the outbox dispatcher after the commit. Returns the message id.
 */
export async function queueMessage(db: Knex | Knex.Transaction, input: QueueMessageInput): Promise<string> {
  if (!CHANNELS.includes(input.channel)) throw new Error(`Unknown message channel: ${String(input.channel)}`);
  const to = input.to?.trim();
  if (!to || to.length > 254) throw new Error('A message needs a recipient of at most 254 characters');
  const locale = normalizeLocale(input.locale);
  const rendered = input.rendered ?? renderTemplate(input.template, locale, input.data);
  const write = async (trx: Knex.Transaction): Promise<string> => {
    const insert = trx('outbound_messages').insert({
        channel: input.channel,
        recipient: to,
        user_id: input.userId ?? null,
        template: input.template,
        locale,
        subject: rendered.subject.slice(0, 300),
        body_text: rendered.text,
        body_html: input.channel === 'email' ? rendered.html : null,
        data: JSON.stringify(input.data),
        status: 'queued',
        ...(input.dedupeKey ? { dedupe_key: input.dedupeKey } : {}),
        ...(input.headers ? { headers: JSON.stringify(input.headers) } : {}),
      });
    const [row] = input.dedupeKey
      ? await insert.onConflict(trx.raw('(dedupe_key) where dedupe_key is not null')).ignore().returning('id')
      : await insert.returning('id');
    if (!row) {
      const first = await trx('outbound_messages').where({ dedupe_key: input.dedupeKey }).first('id');
      return String(first.id);
    }
    const messageId = String(row.id);
    await writeOutbox(trx, { queue: MESSAGES_QUEUE, name: SEND_MESSAGE_JOB, payload: { centreId: input.centreId, messageId } });
    return messageId;
  };
  return (db as Knex.Transaction).isTransaction ? write(db as Knex.Transaction) : (db as Knex).transaction(write);
}
