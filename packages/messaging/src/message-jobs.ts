import type { Knex } from '@kv/db';
import { PermanentJobError, type JobContext, type JobQueue } from '@kv/jobs';
import { ChannelNotConfiguredError, type MessageSender } from './message-sender.ts';
import { MESSAGES_QUEUE, SEND_MESSAGE_JOB, type Channel } from './queue-message.ts';
import { SendError } from './transports/types.ts';

export interface MessageJobDeps {
  /** The database the message row lives in: the centre's, or the control plane's for null. */
  dbFor(centreId: string | null): Promise<Knex>;
  sender: MessageSender;
  concurrency?: number;
}

interface MessageRow {
  id: string;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body_text: string | null;
  body_html: string | null;
  headers?: Record<string, string> | null;
  status: string;
}

type Outcome =
  { kind: 'missing' } | { kind: 'done'; status: string; skipped: boolean } | { kind: 'error'; error: unknown; permanent: boolean };

export function registerMessageJobs(queue: JobQueue, deps: MessageJobDeps): void {
  queue.register(MESSAGES_QUEUE, SEND_MESSAGE_JOB, (job) => sendQueuedMessage(job, deps), { concurrency: deps.concurrency ?? 5 });
}

/**
 * Sends one `outbound_messages` row and records the outcome. The row stays locked while it is
 * sent, so a job run twice at once sends once; a row already sent is skipped. A transient
 * transport error marks the row failed and throws, so the job retries; an error no retry can fix
 * (channel not configured, address refused) marks it failed and dead-letters the job.
 */
export async function sendQueuedMessage(job: JobContext, deps: MessageJobDeps): Promise<{ status: string; skipped: boolean }> {
  const { centreId, messageId } = job.data;
  if (typeof messageId !== 'string' || !/^\d{1,18}$/.test(messageId))
    throw new PermanentJobError('send-message job needs a numeric messageId');
  const db = await deps.dbFor(centreId);
  const outcome = await db.transaction(async (trx): Promise<Outcome> => {
    const row: MessageRow | undefined = await trx('outbound_messages').where({ id: messageId }).forUpdate().first();
    if (!row) return { kind: 'missing' };
    if (row.status === 'sent' || row.status === 'captured') return { kind: 'done', status: row.status, skipped: true };
    try {
      const result = await deps.sender.send({
        id: String(row.id),
        channel: row.channel,
        to: row.recipient,
        subject: row.subject ?? '',
        text: row.body_text ?? '',
        html: row.body_html,
        ...(row.headers ? { headers: row.headers } : {}),
      });
      await trx('outbound_messages')
        .where({ id: messageId })
        .update({ status: result.status, sent_at: trx.fn.now(), provider_id: result.providerId, error: null });
      return { kind: 'done', status: result.status, skipped: false };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await trx('outbound_messages')
        .where({ id: messageId })
        .update({ status: 'failed', error: message.slice(0, 2000) });
      const permanent = error instanceof ChannelNotConfiguredError || (error instanceof SendError && error.permanent);
      // A push token FCM reports UNREGISTERED belongs to no device any more: a centre forgets it.
      if (row.channel === 'push' && centreId !== null && error instanceof SendError && error.code === 'UNREGISTERED')
        await trx('push_tokens').where({ token: row.recipient }).del();
      return { kind: 'error', error, permanent };
    }
  });
  if (outcome.kind === 'missing')
    throw new PermanentJobError(
      `message ${messageId} not found in the ${centreId === null ? 'control-plane' : `centre ${centreId}`} database`,
    );
  if (outcome.kind === 'error') {
    if (outcome.permanent) throw new PermanentJobError((outcome.error as Error).message);
    throw outcome.error;
  }
  if (outcome.skipped) job.log(`message ${messageId} was already ${outcome.status}`);
  return { status: outcome.status, skipped: outcome.skipped };
}
