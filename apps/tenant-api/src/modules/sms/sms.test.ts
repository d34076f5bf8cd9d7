import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { twilioSignature } from '@kv/messaging';
import type { Harness } from '../../test/harness.ts';
import { testThrottles } from '../../test/harness.ts';
import { buildTenantApp } from '../../app.ts';
import { buildWorld, code, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';

let h: Harness;
let w: World;
let b: World;
const db = () => w.c.db.db;
const TOKEN = 'dev-twilio-auth-token';
const origin = (x: World) => h.deps.config.centreOrigin(x.c.entry.slug);

const RESPONSES = `query($search: String, $page: Int, $first: Int) { getSmsResponses(search: $search, page: $page, first: $first) {
  data { id phone body user_id contact_name received_at } paginatorInfo { total } } }`;
const TINY = `mutation($url: String!) { makeTinyUrl(url: $url) { status tiny_url { code url short_url } } }`;
const SMS = `mutation($m: String!, $u: [ID!]) { sendInstantSms(message: $m, users: $u) { status queued } }`;

let sid = 0;
/** Posts an inbound SMS as Twilio would (signed for `x`'s public URL unless `signature` is given). */
function inbound(x: World, params: Record<string, string>, signature?: string, app: FastifyInstance = h.app) {
  const p = { AccountSid: 'AC123', MessageSid: `SM${String(++sid).padStart(32, '0')}`, To: '+15550000000', ...params };
  return app.inject({
    method: 'POST',
    url: '/webhooks/sms',
    headers: {
      host: x.c.host,
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature ?? twilioSignature(TOKEN, `${origin(x)}/webhooks/sms`, p),
    },
    payload: new URLSearchParams(p).toString(),
  });
}
const unsubscribed = async () => (await db()('sms_unsubscribes').orderBy('phone').select('phone', 'source')).map((r) => [r.phone, r.source]);
const stored = async () => Number((await db()('sms_responses').count({ n: '*' }))[0]!.n);

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
  await db()('users').where({ id: w.ids.parent }).update({ phone: '(555) 201-0001' });
  await db()('users').where({ id: w.ids.mgrY }).update({ phone: '555 201 0009' });
});
afterAll(async () => h?.close());
beforeEach(async () => {
  await db()('sms_responses').delete();
  await db()('sms_unsubscribes').delete();
});

describe('inbound SMS webhook', () => {
  it('STOP then START: the number goes on the unsubscribed list and comes off it (Twilio’s synonyms, any case)', async () => {
    const stop = await inbound(w, { From: '+15552010001', Body: 'STOP' });
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toMatch(/text\/xml/);
    expect(await unsubscribed()).toEqual([['+15552010001', 'sms']]);
    // The instant SMS to that parent is skipped now.
    const skipped = await w.q(SMS, { m: 'Hello', u: [w.ids.parent] }, w.tokens.mgrX);
    expect(skipped.data?.sendInstantSms).toEqual({ status: true, queued: 0 });
    expect((await inbound(w, { From: '+15552010001', Body: ' start ' })).statusCode).toBe(200);
    expect(await unsubscribed()).toEqual([]);
    await inbound(w, { From: '+15552010002', Body: 'unsubscribe' });
    await inbound(w, { From: '+15552010003', Body: 'Quit.' });
    expect((await unsubscribed()).map((r) => r[0])).toEqual(['+15552010002', '+15552010003']);
    await inbound(w, { From: '+15552010002', Body: 'unstop' });
    expect((await unsubscribed()).map((r) => r[0])).toEqual(['+15552010003']);
    expect(await stored()).toBe(0);
    // Another centre's list is its own.
    expect(await b.c.db.db('sms_unsubscribes').count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('a bad, missing or other-centre signature → 403 and nothing stored', async () => {
    const params = { From: '+15552010001', Body: 'STOP', MessageSid: 'SM00000000000000000000000000000999', AccountSid: 'AC123', To: '+15550000000' };
    const good = twilioSignature(TOKEN, `${origin(w)}/webhooks/sms`, params);
    const tampered = await inbound(w, { ...params, Body: 'STOP' }, twilioSignature(TOKEN, `${origin(w)}/webhooks/sms`, { ...params, Body: 'START' }));
    expect(tampered.statusCode).toBe(403);
    expect((await inbound(w, params, '')).statusCode).toBe(403);
    expect((await inbound(w, params, twilioSignature('another-token', `${origin(w)}/webhooks/sms`, params))).statusCode).toBe(403);
    // Signed for centre B's URL, sent to centre A.
    expect((await inbound(w, params, twilioSignature(TOKEN, `${origin(b)}/webhooks/sms`, params))).statusCode).toBe(403);
    const reply = await inbound(w, { ...params, Body: 'Running late' }, good);
    expect(reply.statusCode).toBe(403);
    expect(await unsubscribed()).toEqual([]);
    expect(await stored()).toBe(0);
    // A JSON body is not what Twilio sends: refused too.
    const json = await h.app.inject({ method: 'POST', url: '/webhooks/sms', headers: { host: w.c.host, 'content-type': 'application/json', 'x-twilio-signature': good }, payload: params });
    expect(json.statusCode).toBe(403);
    expect(await unsubscribed()).toEqual([]);
  });

  it('in production without a Twilio auth token every webhook is refused', async () => {
    const app = await buildTenantApp(
      { ...h.deps, config: { ...h.deps.config, production: true, mediaSecretKey: 'test-media-secret-key-0123456789abcdef', mediaAuthSecret: 'x' } },
      { throttles: testThrottles(), rateLimitMax: 1_000_000 },
    );
    try {
      expect((await inbound(w, { From: '+15552010001', Body: 'STOP' }, undefined, app)).statusCode).toBe(403);
      expect(await unsubscribed()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('other replies are stored once per message and matched to the contact whose phone it is', async () => {
    await inbound(w, { From: '+15552010001', Body: 'Ava will be late today', MessageSid: 'SM0000000000000000000000000000aaaa' });
    // Twilio redelivers the same message: nothing more.
    await inbound(w, { From: '+15552010001', Body: 'Ava will be late today', MessageSid: 'SM0000000000000000000000000000aaaa' });
    await inbound(w, { From: '+15559990000', Body: 'Who is this?' });
    await inbound(w, { From: '+15552010009', Body: 'Staff reply from Y' });
    const rows = await db()('sms_responses').orderBy('id').select('phone', 'body', 'user_id');
    expect(rows.map((r) => [r.phone, r.body, r.user_id === null ? null : String(r.user_id)])).toEqual([
      ['+15552010001', 'Ava will be late today', w.ids.parent],
      ['+15559990000', 'Who is this?', null],
      ['+15552010009', 'Staff reply from Y', w.ids.mgrY],
    ]);
  });
});

describe('getSmsResponses', () => {
  beforeEach(async () => {
    await inbound(w, { From: '+15552010001', Body: 'Ava will be late today' });
    await inbound(w, { From: '+15559990000', Body: 'Who is this?' });
    await inbound(w, { From: '+15552010009', Body: 'Staff reply from Y' });
  });

  it('the owner all; a manager their locations’ contacts and unknown numbers; newest first, paged, searched', async () => {
    const all = await w.q(RESPONSES, {}, w.tokens.owner);
    expect(all.data!.getSmsResponses.data.map((r: { body: string }) => r.body)).toEqual(['Staff reply from Y', 'Who is this?', 'Ava will be late today']);
    const x = await w.q(RESPONSES, {}, w.tokens.mgrX);
    expect(x.data!.getSmsResponses.data.map((r: { body: string }) => r.body)).toEqual(['Who is this?', 'Ava will be late today']);
    expect(x.data!.getSmsResponses.data[1]).toMatchObject({ user_id: w.ids.parent, phone: '+15552010001', contact_name: expect.any(String) });
    const y = await w.q(RESPONSES, {}, w.tokens.mgrY);
    expect(y.data!.getSmsResponses.data.map((r: { body: string }) => r.body)).toEqual(['Staff reply from Y', 'Who is this?']);
    const page = await w.q(RESPONSES, { first: 1, page: 2 }, w.tokens.owner);
    expect(page.data!.getSmsResponses).toMatchObject({ data: [{ body: 'Who is this?' }], paginatorInfo: { total: 3 } });
    const search = await w.q(RESPONSES, { search: 'late' }, w.tokens.mgrX);
    expect(search.data!.getSmsResponses.data.map((r: { body: string }) => r.body)).toEqual(['Ava will be late today']);
    // Another centre sees its own (none).
    expect((await b.q(RESPONSES, {}, b.tokens.owner)).data!.getSmsResponses.paginatorInfo.total).toBe(0);
  });

  it('teachers, parents and blog editors are refused; bad input names the field', async () => {
    for (const t of [w.tokens.teacher, w.tokens.parent, w.tokens.blog]) expect(code(await w.q(RESPONSES, {}, t))).toBe('FORBIDDEN');
    const bad = await w.q(RESPONSES, { first: 0 }, w.tokens.mgrX);
    expect([code(bad), field(bad)]).toEqual(['BAD_USER_INPUT', 'first']);
    const long = await w.q(RESPONSES, { search: 'x'.repeat(101) }, w.tokens.mgrX);
    expect([code(long), field(long)]).toEqual(['BAD_USER_INPUT', 'search']);
  });
});

describe('tiny URLs', () => {
  it('http(s) targets only (error on url, nothing written); one code per target; /s/:code redirects on its own centre only', async () => {
    const count = async () => Number((await db()('tiny_urls').count({ n: '*' }))[0]!.n);
    const before = await count();
    for (const url of ['javascript:alert(1)', 'ftp://example.com/x', 'example.com', 'https://user:pw@example.com/', '']) {
      const r = await w.q(TINY, { url }, w.tokens.teacher);
      expect([code(r), field(r)]).toEqual(['BAD_USER_INPUT', 'url']);
    }
    expect(await count()).toBe(before);
    const made = (await w.q(TINY, { url: 'https://example.com/forms/trip?child=1' }, w.tokens.teacher)).data!.makeTinyUrl.tiny_url;
    expect(made.short_url).toBe(`${origin(w)}/s/${made.code}`);
    const again = (await w.q(TINY, { url: 'https://example.com/forms/trip?child=1' }, w.tokens.mgrX)).data!.makeTinyUrl.tiny_url;
    expect(again.code).toBe(made.code);
    const go = await h.app.inject({ method: 'GET', url: `/s/${made.code}`, headers: { host: w.c.host } });
    expect([go.statusCode, go.headers.location]).toEqual([302, 'https://example.com/forms/trip?child=1']);
    expect((await h.app.inject({ method: 'GET', url: `/s/${made.code}`, headers: { host: b.c.host } })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/s/nope!', headers: { host: w.c.host } })).statusCode).toBe(404);
    expect(code(await w.q(TINY, { url: 'https://example.com' }, w.tokens.parent))).toBe('FORBIDDEN');
  });

  it('links in an instant SMS go as the centre’s short links', async () => {
    await db()('outbound_messages').delete();
    await w.q(SMS, { m: 'Sign the form: https://example.com/sign?id=7 thanks', u: [w.ids.parent] }, w.tokens.mgrX);
    const [sms] = await db()('outbound_messages').where({ channel: 'sms' }).select('body_text');
    const code = (await db()('tiny_urls').where({ url: 'https://example.com/sign?id=7' }).first('code')).code;
    expect(sms.body_text).toContain(`${origin(w)}/s/${code} thanks`);
    expect(sms.body_text).not.toContain('https://example.com/sign');
  });
});

describe('dev mailbox Reply (embedded mode)', () => {
  it('posts a signed inbound message from the SMS’s recipient, stored as a response', async () => {
    const app = await buildTenantApp({ ...h.deps, config: { ...h.deps.config, devMailbox: true } }, { throttles: testThrottles(), rateLimitMax: 1_000_000 });
    try {
      await db()('outbound_messages').delete();
      await w.q(SMS, { m: 'Picture day tomorrow', u: [w.ids.parent] }, w.tokens.mgrX);
      const [sms] = await db()('outbound_messages').where({ channel: 'sms' }).select('id');
      const page = await app.inject({ method: 'GET', url: `/dev/mailbox/${sms.id}`, headers: { host: w.c.host } });
      expect(page.body).toContain(`action="/dev/mailbox/${sms.id}/reply"`);
      const res = await app.inject({
        method: 'POST',
        url: `/dev/mailbox/${sms.id}/reply`,
        headers: { host: w.c.host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'Body=Thanks%2C+see+you',
      });
      expect([res.statusCode, res.headers.location]).toEqual([303, `/dev/mailbox/${sms.id}?replied=1`]);
      const rows = await db()('sms_responses').select('phone', 'body', 'user_id');
      expect(rows.map((r) => [r.phone, r.body, String(r.user_id)])).toEqual([['+15552010001', 'Thanks, see you', w.ids.parent]]);
      // Without the dev mailbox there is no reply route.
      expect((await h.app.inject({ method: 'POST', url: `/dev/mailbox/${sms.id}/reply`, headers: { host: w.c.host, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'Body=x' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
