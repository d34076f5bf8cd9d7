import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@kv/db/testing';
import { devMailboxRoutes } from './dev-mailbox.ts';
import { queueMessage } from './queue-message.ts';

describe('dev mailbox routes', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestDatabase('tenant', 'mailbox');
    app = Fastify();
    await app.register(devMailboxRoutes, { dbFor: async () => t.db });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
  });
  beforeEach(async () => {
    await t.db('outbox').del();
    await t.db('outbound_messages').del();
  });

  /** n messages, one second apart, so "newest first" is well defined. */
  async function seed(n: number) {
    const base = Date.parse('2026-02-01T08:00:00Z');
    const rows = Array.from({ length: n }, (_, i) => ({
      channel: i % 3 === 0 ? 'sms' : 'email',
      recipient: `user${i}@example.com`,
      subject: `Message ${i}`,
      body_text: `Body ${i}`,
      status: 'captured',
      created_at: new Date(base + i * 1000),
    }));
    await t.db('outbound_messages').insert(rows);
  }

  const rowsOf = (html: string) => [
    ...html.matchAll(
      /<tr><td><time[^>]*>([^<]*)<\/time><\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td><a href="([^"]*)">([^<]*)<\/a><\/td><td>([^<]*)<\/td><\/tr>/g,
    ),
  ];

  it('says "No data available." when there is nothing', async () => {
    const res = await app.inject({ url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<td colspan="5">No data available.</td>');
    expect(rowsOf(res.body)).toHaveLength(0);
  });

  it('lists messages newest first, 25 per page', async () => {
    await seed(30);
    const p1 = await app.inject({ url: '/dev/mailbox' });
    const r1 = rowsOf(p1.body);
    expect(r1).toHaveLength(25);
    expect(r1[0]!.slice(1)).toEqual([
      '2026-02-01 08:00:29 UTC',
      'email',
      'user29@example.com',
      expect.stringMatching(/^\/dev\/mailbox\/\d+$/),
      'Message 29',
      'captured',
    ]);
    expect(r1[24]![5]).toBe('Message 5');
    expect(r1[2]![2]).toBe('sms'); // user27
    expect(p1.body).toContain('Page 1 of 2');
    expect(p1.body).toContain('href="/dev/mailbox?page=2"');
    expect(p1.body).not.toContain('rel="prev"');
    const p2 = await app.inject({ url: '/dev/mailbox?page=2' });
    expect(rowsOf(p2.body).map((r) => r[5])).toEqual(['Message 4', 'Message 3', 'Message 2', 'Message 1', 'Message 0']);
    expect(p2.body).toContain('Showing: 26–30 of 30');
    expect(p2.body).toContain('href="/dev/mailbox?page=1"');
    expect(p2.body).not.toContain('rel="next"');
    // nonsense and out-of-range pages land on a real page
    expect(rowsOf((await app.inject({ url: '/dev/mailbox?page=abc' })).body)[0]![5]).toBe('Message 29');
    expect(rowsOf((await app.inject({ url: '/dev/mailbox?page=99' })).body)).toHaveLength(5);
  });

  it('escapes everything it shows, and renders the HTML body only inside a sandboxed srcdoc iframe', async () => {
    const id = await queueMessage(t.db, {
      channel: 'email',
      to: 'x"<b>@example.com',
      template: 'invite',
      data: {
        fname: 'Ana',
        centre: 'Sunny',
        pin: '771204',
        url: 'https://sunny.example.com/i?t=1',
        inviter: '<img src=x onerror=alert(1)>',
      },
      centreId: '1',
    });
    const list = await app.inject({ url: '/dev/mailbox' });
    expect(list.body).not.toContain('<img');
    expect(list.body).not.toContain('<b>');
    expect(list.body).toContain('x&quot;&lt;b&gt;@example.com');
    expect(list.body).toContain('&lt;img src=x onerror=alert(1)&gt; invited you to Sunny');

    const one = await app.inject({ url: `/dev/mailbox/${id}` });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-security-policy']).toContain("default-src 'none'");
    expect(one.body).toContain('<h1>&lt;img src=x onerror=alert(1)&gt; invited you to Sunny</h1>');
    expect(one.body).toContain('<dt>To</dt><dd>x&quot;&lt;b&gt;@example.com</dd>');
    expect(one.body).toContain('<dt>Status</dt><dd>queued</dd>');
    expect(one.body).toMatch(/<pre>Hi Ana,\n\n&lt;img src=x onerror=alert\(1\)&gt; invited you/);
    const iframe = one.body.match(/<iframe sandbox="" [^>]*srcdoc="([^"]*)"><\/iframe>/);
    expect(iframe).not.toBeNull();
    // the srcdoc attribute holds the whole email, escaped once more: no raw markup reaches the page
    expect(iframe![1]).toContain('&lt;!doctype html&gt;');
    expect(iframe![1]).toContain('&amp;lt;img src=x onerror=alert(1)&amp;gt;');
    expect(one.body.match(/<img/g)).toBeNull();
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await app.inject({ url: '/dev/mailbox/999999' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/dev/mailbox/1%20or%201=1' })).statusCode).toBe(404);
  });

  it('serves JSON filtered by recipient, newest first, for browser tests to read a PIN or link', async () => {
    const data = (pin: string) => ({ fname: 'Ana', pin, url: `https://sunny.example.com/verify?t=${pin}`, minutes: 30 });
    await queueMessage(t.db, { channel: 'email', to: 'Ana@Example.com', template: 'verify-email', data: data('111111'), centreId: '1' });
    await queueMessage(t.db, { channel: 'email', to: 'bo@example.com', template: 'verify-email', data: data('222222'), centreId: '1' });
    await queueMessage(t.db, { channel: 'email', to: 'ana@example.com', template: 'verify-email', data: data('333333'), centreId: '1' });
    const res = await app.inject({ url: '/dev/mailbox.json?to=ANA@example.com' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ to: string; data: { pin: string }; text: string; subject: string; status: string }>;
    expect(list.map((m) => m.data.pin)).toEqual(['333333', '111111']);
    expect(list[0]).toMatchObject({ to: 'ana@example.com', subject: 'Verify your email address', status: 'queued' });
    expect(list[0]!.text).toContain('https://sunny.example.com/verify?t=333333');
    expect((await app.inject({ url: '/dev/mailbox.json' })).json()).toHaveLength(3);
  });
});
