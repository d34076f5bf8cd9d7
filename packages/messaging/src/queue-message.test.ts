import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@kv/db/testing';
import { queueMessage } from './queue-message.ts';

describe('queueMessage', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('tenant', 'qmsg');
  });
  afterAll(async () => t?.drop());
  beforeEach(async () => {
    await t.db('outbox').del();
    await t.db('outbound_messages').del();
  });

  const input = {
    channel: 'email' as const,
    to: 'ana@example.com',
    userId: '12',
    template: 'password-reset',
    locale: 'es',
    data: { fname: 'Ana', url: 'https://sunny.example.com/reset?t=abc', minutes: 60 },
    centreId: '3',
  };

  it('renders the message and writes it with its send job in the caller’s transaction', async () => {
    const id = await t.db.transaction((trx) => queueMessage(trx, input));
    const msg = await t.db('outbound_messages').where({ id }).first();
    expect(msg).toMatchObject({
      channel: 'email',
      recipient: 'ana@example.com',
      user_id: '12',
      template: 'password-reset',
      locale: 'es',
      subject: 'Restablece tu contraseña',
      status: 'queued',
      sent_at: null,
      data: input.data,
    });
    expect(msg.body_text).toContain('https://sunny.example.com/reset?t=abc');
    expect(msg.body_html).toContain('<html lang="es">');
    const outbox = await t.db('outbox').select('queue', 'name', 'payload', 'dispatched_at');
    expect(outbox).toEqual([{ queue: 'messages', name: 'send-message', payload: { centreId: '3', messageId: id }, dispatched_at: null }]);
  });

  it('leaves neither row when the transaction rolls back', async () => {
    await expect(
      t.db.transaction(async (trx) => {
        await queueMessage(trx, input);
        throw new Error('the user insert failed');
      }),
    ).rejects.toThrow('the user insert failed');
    expect(await t.db('outbound_messages').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '0' }]);
    expect(await t.db('outbox').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('opens its own transaction when given a plain connection, and writes nothing for a bad message', async () => {
    const id = await queueMessage(t.db, { ...input, channel: 'sms', to: '+15555550100', locale: undefined, centreId: null });
    expect(await t.db('outbound_messages').where({ id }).first('locale', 'body_html', 'channel')).toEqual({
      locale: 'en',
      body_html: null,
      channel: 'sms',
    });
    expect((await t.db('outbox').first('payload')).payload).toEqual({ centreId: null, messageId: id });

    await expect(queueMessage(t.db, { ...input, template: 'nope' })).rejects.toThrow(/Unknown message template/);
    await expect(queueMessage(t.db, { ...input, channel: 'fax' as never })).rejects.toThrow(/channel/);
    await expect(queueMessage(t.db, { ...input, to: ' ' })).rejects.toThrow(/recipient/);
    expect(await t.db('outbound_messages').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '1' }]);
    expect(await t.db('outbox').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '1' }]);
  });
});
