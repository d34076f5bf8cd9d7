import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Knex } from '@kv/db';
import { createTestDatabase, type TestDatabase } from '@kv/db/testing';
import { OutboxDispatcher, createJobQueue, type JobQueue } from '@kv/jobs';
import { createMessageSender, type MessageSender } from './message-sender.ts';
import { registerMessageJobs, sendQueuedMessage } from './message-jobs.ts';
import { queueMessage, type QueueMessageInput } from './queue-message.ts';
import { header, startSmtpCatcher, type SmtpCatcher } from './test-smtp.ts';

const silent = () => undefined;

/** Counts calls to a sender. */
function counting(sender: MessageSender) {
  const calls: string[] = [];
  const wrapped: MessageSender = {
    mode: sender.mode,
    send: (m) => {
      calls.push(m.id);
      return sender.send(m);
    },
    close: () => sender.close(),
  };
  return { sender: wrapped, calls };
}

const verifyEmail = (centreId: string): QueueMessageInput => ({
  channel: 'email',
  to: 'ana@example.com',
  template: 'verify-email',
  locale: 'en',
  data: { fname: 'Ana', pin: '482913', url: 'https://sunny.example.com/verify?t=abc', minutes: 30 },
  centreId,
});

describe('send-message job', () => {
  let a: TestDatabase;
  let b: TestDatabase;
  let queue: JobQueue | undefined;
  const dbs = () =>
    new Map<string, Knex>([
      ['A', a.db],
      ['B', b.db],
    ]);
  const dbFor = async (centreId: string | null) => {
    const db = centreId === null ? undefined : dbs().get(centreId);
    if (!db) throw new Error(`no database for ${centreId}`);
    return db;
  };

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDatabase('tenant', 'msga'), createTestDatabase('tenant', 'msgb')]);
  });
  afterAll(async () => Promise.all([a?.drop(), b?.drop()]));
  beforeEach(async () => {
    await queue?.close();
    queue = undefined;
    for (const db of [a.db, b.db]) {
      await db('outbox').del();
      await db('outbound_messages').del();
    }
  });

  async function run(sender: MessageSender): Promise<JobQueue> {
    queue = createJobQueue({ log: silent });
    registerMessageJobs(queue, { dbFor, sender });
    await queue.start();
    return queue;
  }

  async function deliver(key: string, db: Knex): Promise<void> {
    await new OutboxDispatcher({ queue: queue!, sources: () => [], log: silent }).kick(key, db);
    await queue!.idle();
  }

  it('captures the message in capture mode, in the right centre’s database only, and skips it when run again', async () => {
    const { sender, calls } = counting(createMessageSender({ mode: 'capture' }));
    await run(sender);
    const id = await a.db.transaction((trx) => queueMessage(trx, verifyEmail('A')));
    // centre B has a message with the same id: it must not be touched
    await b.db('outbound_messages').insert({ id, channel: 'email', recipient: 'bo@example.com', subject: 'B', status: 'queued' });
    await deliver('A', a.db);

    const row = await a.db('outbound_messages').where({ id }).first();
    expect(row).toMatchObject({ status: 'captured', error: null, provider_id: null });
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(await b.db('outbound_messages').where({ id }).first('status', 'sent_at')).toEqual({ status: 'queued', sent_at: null });
    expect(calls).toEqual([id]);

    const again = await sendQueuedMessage(
      {
        id: 'x',
        queue: 'messages',
        name: 'send-message',
        data: { centreId: 'A', messageId: id },
        attempt: 1,
        progress: async () => undefined,
        log: silent,
      },
      { dbFor, sender },
    );
    expect(again).toEqual({ status: 'captured', skipped: true });
    expect(calls).toEqual([id]);
    expect((await a.db('outbound_messages').where({ id }).first('sent_at')).sent_at).toEqual(row.sent_at);
  });

  describe('live mode over a real SMTP server', () => {
    let smtp: SmtpCatcher | undefined;
    afterAll(async () => smtp?.close());

    it('delivers the email with its subject, body and Message-ID', async () => {
      smtp = await startSmtpCatcher();
      const sender = createMessageSender({ mode: 'live', smtpUrl: smtp.url, emailFrom: 'Sunny Days <no-reply@sunny.example.com>' });
      await run(sender);
      const id = await queueMessage(a.db, verifyEmail('A'));
      await deliver('A', a.db);
      await sender.close();

      expect(smtp.mails).toHaveLength(1);
      const mail = smtp.mails[0]!;
      expect(mail.to).toEqual(['ana@example.com']);
      expect(mail.from).toBe('no-reply@sunny.example.com');
      expect(header(mail.raw, 'Subject')).toBe('Verify your email address');
      expect(mail.raw).toContain('482913');
      expect(mail.raw).toMatch(/Content-Type: text\/html/i);
      const row = await a.db('outbound_messages').where({ id }).first();
      expect(row).toMatchObject({ status: 'sent', error: null, provider_id: header(mail.raw, 'Message-ID') });
      expect(row.sent_at).toBeInstanceOf(Date);
    });

    it('retries after a temporary SMTP refusal and sends once it is accepted', async () => {
      let rcpt = 0;
      const picky = await startSmtpCatcher({
        onRcptTo(_address, _session, callback) {
          rcpt++;
          if (rcpt === 1) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          callback();
        },
      });
      try {
        const sender = createMessageSender({ mode: 'live', smtpUrl: picky.url, emailFrom: 'no-reply@sunny.example.com' });
        await run(sender);
        const id = await queueMessage(a.db, verifyEmail('A'));
        await new OutboxDispatcher({ queue: queue!, sources: () => [], log: silent }).kick('A', a.db);
        // after the first attempt the row shows the failure while the job waits for its retry
        for (let i = 0; i < 40 && rcpt < 1; i++) await new Promise((r) => setTimeout(r, 25));
        await new Promise((r) => setTimeout(r, 100));
        expect(await a.db('outbound_messages').where({ id }).first('status', 'error')).toMatchObject({
          status: 'failed',
          error: expect.stringMatching(/451|Try again/),
        });
        await queue!.idle();
        await sender.close();
        expect(rcpt).toBe(2);
        expect(picky.mails).toHaveLength(1);
        expect(await a.db('outbound_messages').where({ id }).first('status', 'error')).toEqual({ status: 'sent', error: null });
      } finally {
        await picky.close();
      }
    });

    it('marks a permanently refused address failed without retrying', async () => {
      let rcpt = 0;
      const strict = await startSmtpCatcher({
        onRcptTo(_address, _session, callback) {
          rcpt++;
          callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
        },
      });
      try {
        const sender = createMessageSender({ mode: 'live', smtpUrl: strict.url, emailFrom: 'no-reply@sunny.example.com' });
        await run(sender);
        const id = await queueMessage(a.db, verifyEmail('A'));
        await deliver('A', a.db);
        await sender.close();
        expect(rcpt).toBe(1);
        const row = await a.db('outbound_messages').where({ id }).first('status', 'error', 'sent_at');
        expect(row).toMatchObject({ status: 'failed', sent_at: null });
        expect(row.error).toMatch(/550|No such user/);
        const outbox = await a.db('outbox').first('id');
        expect(await queue!.getJob('messages', `outbox-A-${outbox.id}`)).toMatchObject({ state: 'failed' });
      } finally {
        await strict.close();
      }
    });
  });

  it('marks the message failed with a clear error when its channel is not configured in live mode', async () => {
    const { sender, calls } = counting(createMessageSender({ mode: 'live' }));
    await run(sender);
    const emailId = await queueMessage(a.db, verifyEmail('A'));
    const smsId = await queueMessage(a.db, { ...verifyEmail('A'), channel: 'sms', to: '+15555550100' });
    const pushId = await queueMessage(a.db, { ...verifyEmail('A'), channel: 'push', to: 'device-token-1' });
    await deliver('A', a.db);
    const rows = await a.db('outbound_messages').whereIn('id', [emailId, smsId, pushId]).orderBy('id').select('status', 'error', 'sent_at');
    expect(rows).toEqual([
      { status: 'failed', error: expect.stringMatching(/email is not configured.*SMTP_URL/), sent_at: null },
      { status: 'failed', error: expect.stringMatching(/sms is not configured.*TWILIO/), sent_at: null },
      { status: 'failed', error: expect.stringMatching(/push is not configured.*FCM/), sent_at: null },
    ]);
    expect(calls).toHaveLength(3); // one attempt each: a retry cannot fix configuration
    const ids = (await a.db('outbox').orderBy('id').pluck('id')) as string[];
    for (const oid of ids)
      expect(await queue!.getJob('messages', `outbox-A-${oid}`)).toMatchObject({
        state: 'failed',
        failedReason: expect.stringMatching(/not configured/),
      });
  });

  it('dead-letters a job whose message is not in its centre’s database', async () => {
    const { sender, calls } = counting(createMessageSender({ mode: 'capture' }));
    await run(sender);
    const id = await queueMessage(b.db, verifyEmail('B'));
    // a job claiming centre A for B's message: A has no such row
    const jobId = await queue!.enqueue('messages', 'send-message', { centreId: 'A', messageId: id });
    await queue!.idle();
    expect(await queue!.getJob('messages', jobId)).toMatchObject({
      state: 'failed',
      failedReason: expect.stringMatching(/not found in the centre A database/),
    });
    expect(calls).toEqual([]);
    expect(await b.db('outbound_messages').where({ id }).first('status')).toEqual({ status: 'queued' });
  });
});
