import http from 'node:http';
import { generateKeyPairSync, createVerify } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTwilioTransport } from './twilio.ts';
import { createFcmTransport } from './fcm.ts';
import { SendError, type OutgoingMessage } from './types.ts';
import { messageSenderOptionsFromEnv } from '../message-sender.ts';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local stand-in for a provider's HTTP API: records requests and answers with `respond`. */
async function fakeApi(respond: (req: Seen) => { status: number; json: unknown }) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Seen = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() };
      seen.push(r);
      const { status, json } = respond(r);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const sms: OutgoingMessage = { id: '1', channel: 'sms', to: '+15555550100', subject: 'Verify', text: 'Your code is 482913', html: null };
const push: OutgoingMessage = {
  id: '2',
  channel: 'push',
  to: 'device-token-1',
  subject: 'New photo',
  text: 'Ana has a new photo.',
  html: null,
};

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('Twilio SMS transport', () => {
  it('posts the message form with basic auth and returns the message SID', async () => {
    const api = await fakeApi(() => ({ status: 201, json: { sid: 'SM123', status: 'queued' } }));
    servers.push(api);
    const t = createTwilioTransport({ accountSid: 'AC42', authToken: 'secret', from: '+15555550199', apiBase: api.base });
    expect(await t.send(sms)).toEqual({ providerId: 'SM123' });
    const [req] = api.seen;
    expect(req).toMatchObject({ method: 'POST', url: '/2010-04-01/Accounts/AC42/Messages.json' });
    expect(req!.headers.authorization).toBe(`Basic ${Buffer.from('AC42:secret').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(req!.body))).toEqual({
      To: '+15555550100',
      From: '+15555550199',
      Body: 'Your code is 482913',
    });
  });

  it('uses a Messaging Service SID as the sender when given one', async () => {
    const api = await fakeApi(() => ({ status: 201, json: { sid: 'SM1' } }));
    servers.push(api);
    await createTwilioTransport({ accountSid: 'AC42', authToken: 's', from: 'MG99', apiBase: api.base }).send(sms);
    expect(new URLSearchParams(api.seen[0]!.body).get('MessagingServiceSid')).toBe('MG99');
  });

  it('reports a refused number as permanent and a server error as worth a retry', async () => {
    let status = 400;
    const api = await fakeApi(() => ({ status, json: { code: 21211, message: "The 'To' number is not valid." } }));
    servers.push(api);
    const t = createTwilioTransport({ accountSid: 'AC42', authToken: 's', from: '+15555550199', apiBase: api.base });
    const e1 = await t.send(sms).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(SendError);
    expect(e1).toMatchObject({ permanent: true, message: "Twilio 400: The 'To' number is not valid. (code 21211)" });
    status = 503;
    expect(await t.send(sms).catch((e: unknown) => e)).toMatchObject({ permanent: false });
  });
});

describe('FCM HTTP v1 push transport', () => {
  it('mints an OAuth token from the service account key, then sends to the device token', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    let tokenRequests = 0;
    const api = await fakeApi((req) => {
      if (req.url === '/token') {
        tokenRequests++;
        const assertion = new URLSearchParams(req.body).get('assertion')!;
        const [h, c, s] = assertion.split('.');
        const valid = createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey, Buffer.from(s!, 'base64url'));
        const claims = JSON.parse(Buffer.from(c!, 'base64url').toString());
        if (!valid || claims.iss !== 'push@proj.iam.gserviceaccount.com' || !String(claims.scope).includes('firebase.messaging')) {
          return { status: 400, json: { error: 'invalid_grant' } };
        }
        return { status: 200, json: { access_token: 'ya29.token', expires_in: 3600 } };
      }
      if (req.headers.authorization !== 'Bearer ya29.token') return { status: 401, json: { error: { message: 'bad token' } } };
      return { status: 200, json: { name: 'projects/proj-1/messages/0:123' } };
    });
    servers.push(api);
    const t = createFcmTransport({
      projectId: 'proj-1',
      clientEmail: 'push@proj.iam.gserviceaccount.com',
      privateKey: pem,
      apiBase: api.base,
      tokenUrl: `${api.base}/token`,
    });
    expect(await t.send(push)).toEqual({ providerId: 'projects/proj-1/messages/0:123' });
    expect(await t.send(push)).toEqual({ providerId: 'projects/proj-1/messages/0:123' });
    expect(tokenRequests).toBe(1); // cached
    const send = api.seen.find((r) => r.url !== '/token')!;
    expect(send.url).toBe('/v1/projects/proj-1/messages:send');
    expect(JSON.parse(send.body)).toEqual({
      message: { token: 'device-token-1', notification: { title: 'New photo', body: 'Ana has a new photo.' } },
    });
  });

  it('treats an unregistered device token as permanent', async () => {
    const api = await fakeApi(() => ({
      status: 404,
      json: { error: { message: 'Requested entity was not found.', status: 'NOT_FOUND' } },
    }));
    servers.push(api);
    const t = createFcmTransport({ projectId: 'p', accessToken: 'static', apiBase: api.base });
    expect(await t.send(push).catch((e: unknown) => e)).toMatchObject({
      permanent: true,
      code: 'UNREGISTERED',
      message: expect.stringMatching(/FCM 404.*NOT_FOUND/),
    });
  });

  it('names UNREGISTERED from the error details, and nothing for other refusals', async () => {
    let answer = { status: 404, json: { error: { message: 'gone', status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } } } as {
      status: number;
      json: unknown;
    };
    const api = await fakeApi(() => answer);
    servers.push(api);
    const t = createFcmTransport({ projectId: 'p', accessToken: 'static', apiBase: api.base });
    expect(await t.send(push).catch((e: unknown) => e)).toMatchObject({ code: 'UNREGISTERED' });
    answer = { status: 400, json: { error: { message: 'bad', status: 'INVALID_ARGUMENT' } } };
    expect(await t.send(push).catch((e: unknown) => e)).toMatchObject({ permanent: true, code: undefined });
  });
});

describe('messageSenderOptionsFromEnv', () => {
  it('captures unless MESSAGING_MODE=live and reads each channel only when complete', () => {
    expect(messageSenderOptionsFromEnv({})).toEqual({ mode: 'capture' });
    const opts = messageSenderOptionsFromEnv({
      MESSAGING_MODE: 'live',
      SMTP_URL: 'smtps://u:p@smtp.example.com',
      SMTP_FROM: 'no-reply@example.com',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      FCM_PROJECT_ID: 'p',
      FCM_CLIENT_EMAIL: 'x@p.iam.gserviceaccount.com',
      FCM_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----\\n',
    });
    expect(opts).toMatchObject({ mode: 'live', smtpUrl: 'smtps://u:p@smtp.example.com', emailFrom: 'no-reply@example.com' });
    expect(opts.twilio).toBeUndefined(); // TWILIO_FROM missing
    expect(opts.fcm?.privateKey).toBe('-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n');
  });
});
