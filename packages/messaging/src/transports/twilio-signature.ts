import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (`X-Twilio-Signature`): base64 of HMAC-SHA1, keyed with the account's
 * auth token, of the full URL Twilio called followed by each POST parameter's name and value in
 * the names' sorted order (what the `twilio` package's `validateRequest` checks).
 */
export function twilioSignature(authToken: string, url: string, params: Readonly<Record<string, string>>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** Whether a request's signature is Twilio's for this URL and these parameters (constant time). */
export function validTwilioSignature(authToken: string, url: string, params: Readonly<Record<string, string>>, signature: string | undefined): boolean {
  if (!authToken || !signature) return false;
  const want = Buffer.from(twilioSignature(authToken, url, params));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}
