import { HTTP_TIMEOUT_MS, SendError, isPermanentHttpStatus, type Transport } from './types.ts';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** a phone number in E.164, or a Messaging Service SID (`MG…`) */
  from: string;
  /** for tests against a local fake */
  apiBase?: string;
}

const MAX_SMS_CHARS = 1600; // Twilio's limit for one message body

/** SMS through Twilio's Messages REST API. */
export function createTwilioTransport(config: TwilioConfig, fetchImpl: typeof fetch = fetch): Transport {
  const base = config.apiBase ?? 'https://api.twilio.com';
  const auth = Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64');
  return {
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: message.text.slice(0, MAX_SMS_CHARS) });
      form.set(config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', config.from);
      let res: Response;
      try {
        res = await fetchImpl(`${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`, {
          method: 'POST',
          headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
      } catch (err) {
        throw new SendError(`Twilio: ${(err as Error).message}`, false);
      }
      const body = (await res.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      if (!res.ok) {
        throw new SendError(
          `Twilio ${res.status}: ${body.message ?? res.statusText}${body.code ? ` (code ${body.code})` : ''}`,
          isPermanentHttpStatus(res.status),
        );
      }
      return { providerId: body.sid ?? null };
    },
  };
}
