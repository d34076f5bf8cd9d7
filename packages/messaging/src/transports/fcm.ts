import { createSign } from 'node:crypto';
import { HTTP_TIMEOUT_MS, SendError, isPermanentHttpStatus, type Transport } from './types.ts';

export interface FcmConfig {
  projectId: string;
  /** service account: FCM HTTP v1 takes an OAuth2 token minted from its key */
  clientEmail?: string;
  privateKey?: string;
  /** or a ready access token (short-lived; for tests and tooling) */
  accessToken?: string;
  /** for tests against a local fake */
  apiBase?: string;
  tokenUrl?: string;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const MAX_BODY_CHARS = 1000;

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

/** Push notifications through Firebase Cloud Messaging's HTTP v1 API; `to` is the device's registration token. */
export function createFcmTransport(config: FcmConfig, fetchImpl: typeof fetch = fetch): Transport {
  const apiBase = config.apiBase ?? 'https://fcm.googleapis.com';
  const tokenUrl = config.tokenUrl ?? 'https://oauth2.googleapis.com/token';
  let cached: { token: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (config.accessToken) return config.accessToken;
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
    if (!config.clientEmail || !config.privateKey) throw new SendError('FCM: no service account credentials', true);
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(
      JSON.stringify({ iss: config.clientEmail, scope: SCOPE, aud: tokenUrl, iat: now, exp: now + 3600 }),
    )}`;
    const signature = createSign('RSA-SHA256').update(unsigned).sign(config.privateKey);
    const res = await fetchImpl(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${base64url(signature)}`,
      }).toString(),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error_description?: string;
      error?: string;
    };
    if (!res.ok || !body.access_token) {
      throw new SendError(`FCM token ${res.status}: ${body.error_description ?? body.error ?? res.statusText}`, false);
    }
    cached = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return cached.token;
  }

  return {
    async send(message) {
      let res: Response;
      try {
        const token = await accessToken();
        res = await fetchImpl(`${apiBase}/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            message: { token: message.to, notification: { title: message.subject, body: message.text.trim().slice(0, MAX_BODY_CHARS) } },
          }),
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
      } catch (err) {
        if (err instanceof SendError) throw err;
        throw new SendError(`FCM: ${(err as Error).message}`, false);
      }
      const body = (await res.json().catch(() => ({}))) as {
        name?: string;
        error?: { message?: string; status?: string; details?: { errorCode?: string }[] };
      };
      if (!res.ok) {
        if (res.status === 401) cached = undefined;
        // FCM v1: a token no app instance holds any more answers 404 with errorCode UNREGISTERED.
        const unregistered =
          (body.error?.details ?? []).some((d) => d?.errorCode === 'UNREGISTERED') ||
          (res.status === 404 && body.error?.status === 'NOT_FOUND');
        throw new SendError(
          `FCM ${res.status}: ${body.error?.message ?? res.statusText}${body.error?.status ? ` (${body.error.status})` : ''}`,
          isPermanentHttpStatus(res.status) && res.status !== 401,
          unregistered ? 'UNREGISTERED' : undefined,
        );
      }
      return { providerId: body.name ?? null };
    },
  };
}
