import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { twilioSignature, validTwilioSignature } from '@kv/messaging';
import type { TenantApiDeps } from '../../types.ts';
import { receiveInboundSms } from './service/inbound.ts';

/** The dev mailbox's Reply form posts here (`/dev/mailbox/<id>/reply`), embedded mode only. */
export const SMS_REPLY_ACTION = '/dev/mailbox';

/** Outside production without TWILIO_AUTH_TOKEN, webhooks are signed with this fixed token (dev mailbox, tests). */
export const DEV_TWILIO_AUTH_TOKEN = 'dev-twilio-auth-token';

export interface SmsRouteOptions {
  deps: TenantApiDeps;
}

const authToken = (deps: TenantApiDeps) => deps.config.twilioAuthToken ?? (deps.config.production ? null : DEV_TWILIO_AUTH_TOKEN);

/** The URL Twilio signed: the centre's public origin (never the request's Host) and the path called. */
const signedUrl = (deps: TenantApiDeps, request: FastifyRequest, path = request.url) => `${deps.config.centreOrigin(request.tenant.slug)}${path}`;

const formParams = (body: unknown): Record<string, string> | null => {
  if (!body || typeof body !== 'object') return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  return out;
};

const TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * `POST /webhooks/sms` on a centre host: Twilio's inbound messages (form-encoded, signed with
 * the account's auth token: a bad or missing signature is 403 and nothing is stored). In embedded
 * mode also `POST /dev/mailbox/:id/reply`, the dev mailbox's Reply: it posts a signed inbound
 * message from the SMS's recipient to the webhook.
 */
export async function smsWebhookRoutes(app: FastifyInstance, opts: SmsRouteOptions): Promise<void> {
  const { deps } = opts;
  // Form bodies only in this plugin (the GraphQL route keeps refusing them).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post('/webhooks/sms', async (request, reply) => {
    const token = authToken(deps);
    // Twilio posts form bodies only; anything else is not Twilio.
    const isForm = String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const params = isForm ? formParams(request.body) : null;
    const signature = request.headers['x-twilio-signature'];
    if (!token || !params || !validTwilioSignature(token, signedUrl(deps, request), params, typeof signature === 'string' ? signature : undefined)) {
      return reply.code(403).header('cache-control', 'no-store').send({ error: 'Forbidden' });
    }
    await receiveInboundSms(await request.tenantDb(), params);
    return reply.header('content-type', 'text/xml; charset=utf-8').header('cache-control', 'no-store').send(TWIML);
  });

  if (!deps.config.devMailbox) return;
  app.post('/dev/mailbox/:id/reply', async (request, reply) => {
    const { id } = request.params as { id: string };
    const body = formParams(request.body)?.Body?.trim() ?? '';
    if (!/^\d{1,18}$/.test(id)) return reply.code(404).send({ error: 'Not found' });
    const db = await request.tenantDb();
    const sms = await db('outbound_messages').where({ id, channel: 'sms' }).first('recipient');
    if (!sms) return reply.code(404).send({ error: 'Not found' });
    if (body) {
      const params = {
        AccountSid: 'ACdevmailbox',
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        From: String(sms.recipient),
        To: '+15550000000',
        Body: body,
      };
      const res = await app.inject({
        method: 'POST',
        url: '/webhooks/sms',
        headers: {
          host: request.headers.host ?? '',
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(authToken(deps)!, signedUrl(deps, request, '/webhooks/sms'), params),
        },
        payload: new URLSearchParams(params).toString(),
      });
      if (res.statusCode !== 200) return reply.code(res.statusCode).send({ error: 'The reply was refused.' });
    }
    return reply.redirect(`/dev/mailbox/${id}?replied=${body ? 1 : 0}`, 303);
  });
}
