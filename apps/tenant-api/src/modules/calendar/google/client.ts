import type { GoogleCalendarConfig } from '../../../types.ts';

/**
 * Google's OAuth token endpoint and the Calendar API's events, as plain HTTP (the real Google, or
 * the fake under `/dev/google` in tests and `npm start`: the URLs are configuration). Errors are
 * `GoogleHttpError` with Google's status; `invalid_grant` (revoked or expired grant) is `revoked`.
 * Tokens never appear in an error's message.
 */
export class GoogleHttpError extends Error {
  constructor(
    readonly status: number,
    readonly revoked: boolean,
  ) {
    super(`Google answered ${status}${revoked ? ' (grant revoked)' : ''}`);
    this.name = 'GoogleHttpError';
  }
}

export interface GoogleTokens {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
}

export interface GoogleEventBody {
  summary: string;
  description: string | null;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
}

export interface GoogleEvent extends GoogleEventBody {
  id: string;
}

const TIMEOUT_MS = 10_000;

async function call(cfg: GoogleCalendarConfig, url: string, init: RequestInit): Promise<Response> {
  const f = cfg.fetch ?? fetch;
  try {
    return await f(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new GoogleHttpError(503, false);
  }
}

async function tokenCall(cfg: GoogleCalendarConfig, params: Record<string, string>): Promise<GoogleTokens> {
  const res = await call(cfg, cfg.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: cfg.clientId, client_secret: cfg.clientSecret, ...params }).toString(),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof body.access_token !== 'string') throw new GoogleHttpError(res.status, body.error === 'invalid_grant');
  return body as unknown as GoogleTokens;
}

/** The authorization code (with the PKCE verifier) for tokens. */
export const exchangeCode = (cfg: GoogleCalendarConfig, code: string, verifier: string) =>
  tokenCall(cfg, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: cfg.redirectUri });

/** A fresh access token from the refresh token. */
export const refreshAccess = (cfg: GoogleCalendarConfig, refreshToken: string) =>
  tokenCall(cfg, { grant_type: 'refresh_token', refresh_token: refreshToken });

/** Revokes the grant at Google (best effort: a grant already gone is fine). */
export async function revoke(cfg: GoogleCalendarConfig, token: string): Promise<void> {
  await call(cfg, `${cfg.revokeUrl}?${new URLSearchParams({ token })}`, { method: 'POST' }).catch(() => undefined);
}

async function api<T>(cfg: GoogleCalendarConfig, accessToken: string, method: string, path: string, body?: unknown): Promise<T | null> {
  const res = await call(cfg, `${cfg.apiBase}${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  // Deleting what Google no longer has is done.
  if (method === 'DELETE' && (res.status === 404 || res.status === 410)) return null;
  if (!res.ok) throw new GoogleHttpError(res.status, false);
  return res.status === 204 ? null : ((await res.json()) as T);
}

const eventsPath = (calendarId: string) => `/calendars/${encodeURIComponent(calendarId)}/events`;

export async function listEvents(
  cfg: GoogleCalendarConfig,
  token: string,
  calendarId: string,
  timeMin: string,
  timeMax: string,
): Promise<GoogleEvent[]> {
  const q = new URLSearchParams({ timeMin, timeMax, singleEvents: 'true', orderBy: 'startTime', maxResults: '2500' });
  const r = await api<{ items?: GoogleEvent[] }>(cfg, token, 'GET', `${eventsPath(calendarId)}?${q}`);
  return r?.items ?? [];
}

export const insertEvent = (cfg: GoogleCalendarConfig, token: string, calendarId: string, e: GoogleEventBody) =>
  api<GoogleEvent>(cfg, token, 'POST', eventsPath(calendarId), e).then((r) => r!);

export const patchEvent = (cfg: GoogleCalendarConfig, token: string, calendarId: string, eventId: string, e: GoogleEventBody) =>
  api<GoogleEvent>(cfg, token, 'PATCH', `${eventsPath(calendarId)}/${encodeURIComponent(eventId)}`, e);

export const deleteEvent = (cfg: GoogleCalendarConfig, token: string, calendarId: string, eventId: string) =>
  api<null>(cfg, token, 'DELETE', `${eventsPath(calendarId)}/${encodeURIComponent(eventId)}`);
