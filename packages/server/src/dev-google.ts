import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A fake Google (OAuth 2.0 with PKCE, and the Calendar API's events) for tests and `npm start`,
 * served in-process under a dev prefix (`/dev/google` on the platform host) as the dev mailbox is.
 * Never in production. It checks what Google checks for our flow: the client, the exact redirect
 * URI, the scope, PKCE S256 (the verifier at the token endpoint), single-use codes, refresh tokens,
 * bearer access tokens (an expired one is a 401), revocation (the refresh grant then answers
 * `invalid_grant`). State lives in memory; `store` lets tests look inside and expire or revoke.
 */

export const GOOGLE_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';

export interface FakeGoogleEvent {
  id: string;
  summary: string;
  description?: string | null;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
  status: 'confirmed';
  updated: string;
}

export interface FakeGoogleStore {
  /** The events of one Google calendar (by calendar id, `primary` by default). */
  events(calendarId?: string): FakeGoogleEvent[];
  /** Makes every access token given so far answer 401 (as after an hour). */
  expireAccessTokens(): void;
  /** Revokes every grant (as the user does in their Google account). */
  revokeAll(): void;
  /** Refresh grants made (for tests: a refresh happened). */
  refreshCount(): number;
}

export interface FakeGoogleOptions {
  clientId: string;
  clientSecret: string;
}

interface Grant {
  refreshToken: string;
  revoked: boolean;
}

const id = (n = 24) => randomBytes(n).toString('base64url');
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createFakeGoogle(opts: FakeGoogleOptions): { routes: (app: FastifyInstance) => Promise<void>; store: FakeGoogleStore } {
  const codes = new Map<string, { challenge: string; redirectUri: string; used: boolean }>();
  const grants = new Map<string, Grant>();
  const access = new Map<string, { grant: Grant; valid: boolean }>();
  const calendars = new Map<string, Map<string, FakeGoogleEvent>>();
  let refreshes = 0;

  const calendar = (cal: string) => {
    let m = calendars.get(cal);
    if (!m) calendars.set(cal, (m = new Map()));
    return m;
  };
  const store: FakeGoogleStore = {
    events: (cal = 'primary') => [...calendar(cal).values()],
    expireAccessTokens: () => access.forEach((a) => (a.valid = false)),
    revokeAll: () => grants.forEach((g) => (g.revoked = true)),
    refreshCount: () => refreshes,
  };

  const issueAccess = (grant: Grant) => {
    const token = `fake-access-${id()}`;
    access.set(token, { grant, valid: true });
    return token;
  };

  const routes = async (app: FastifyInstance) => {
    // Google's token and revoke endpoints take form bodies; only this plugin parses them.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.get('/o/oauth2/auth', async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      const problem =
        q.client_id !== opts.clientId
          ? 'invalid_client'
          : q.response_type !== 'code'
            ? 'unsupported_response_type'
            : !q.scope?.split(' ').includes(GOOGLE_CALENDAR_SCOPE)
              ? 'invalid_scope'
              : q.code_challenge_method !== 'S256' || !q.code_challenge
                ? 'invalid_request: PKCE S256 required'
                : !q.redirect_uri
                  ? 'redirect_uri_mismatch'
                  : null;
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (problem)
        return reply.code(400).send(`<!doctype html><html lang="en"><title>Error</title><h1>Error 400: ${esc(problem)}</h1></html>`);
      const back = (params: Record<string, string>) => `${q.redirect_uri}?${new URLSearchParams(params).toString()}`;
      const approve = `approve?${new URLSearchParams({ challenge: q.code_challenge!, redirect_uri: q.redirect_uri!, state: q.state ?? '' })}`;
      return reply.send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Sign in with Google (fake)</title></head><body style="font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem">
<main><h1>Choose what KidsVision can access</h1>
<p>KidsVision wants to see, edit, share, and permanently delete all the calendars you can access using Google Calendar events.</p>
<p>This is the development stand-in for Google; no Google account is used.</p>
<p><a id="allow" href="${esc(approve)}" style="display:inline-block;padding:.5rem 1rem;background:#0b57d0;color:#fff;text-decoration:none">Allow</a>
<a id="deny" href="${esc(back({ error: 'access_denied', state: q.state ?? '' }))}" style="margin-left:1rem;color:#1f1f1f">Cancel</a></p></main></body></html>`);
    });

    app.get('/o/oauth2/approve', async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      if (!q.challenge || !q.redirect_uri) return reply.code(400).send({ error: 'invalid_request' });
      const code = `fake-code-${id()}`;
      codes.set(code, { challenge: q.challenge, redirectUri: q.redirect_uri, used: false });
      return reply.redirect(`${q.redirect_uri}?${new URLSearchParams({ code, state: q.state ?? '', scope: GOOGLE_CALENDAR_SCOPE })}`);
    });

    app.post('/token', async (request, reply) => {
      const b = (request.body ?? {}) as Record<string, string | undefined>;
      if (b.client_id !== opts.clientId || b.client_secret !== opts.clientSecret) return reply.code(401).send({ error: 'invalid_client' });
      if (b.grant_type === 'authorization_code') {
        const c = b.code ? codes.get(b.code) : undefined;
        if (!c || c.used || c.redirectUri !== b.redirect_uri) return reply.code(400).send({ error: 'invalid_grant' });
        c.used = true;
        const challenge = createHash('sha256')
          .update(b.code_verifier ?? '')
          .digest('base64url');
        if (challenge !== c.challenge) return reply.code(400).send({ error: 'invalid_grant', error_description: 'code_verifier mismatch' });
        const grant: Grant = { refreshToken: `fake-refresh-${id()}`, revoked: false };
        grants.set(grant.refreshToken, grant);
        return {
          access_token: issueAccess(grant),
          expires_in: 3599,
          refresh_token: grant.refreshToken,
          scope: GOOGLE_CALENDAR_SCOPE,
          token_type: 'Bearer',
        };
      }
      if (b.grant_type === 'refresh_token') {
        const grant = b.refresh_token ? grants.get(b.refresh_token) : undefined;
        if (!grant || grant.revoked)
          return reply.code(400).send({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        refreshes++;
        return { access_token: issueAccess(grant), expires_in: 3599, scope: GOOGLE_CALENDAR_SCOPE, token_type: 'Bearer' };
      }
      return reply.code(400).send({ error: 'unsupported_grant_type' });
    });

    app.post('/revoke', async (request, reply) => {
      const token =
        (request.query as Record<string, string | undefined>).token ?? (request.body as Record<string, string> | undefined)?.token;
      const grant = token ? (grants.get(token) ?? access.get(token)?.grant) : undefined;
      if (!grant) return reply.code(400).send({ error: 'invalid_token' });
      grant.revoked = true;
      return {};
    });

    /** Bearer check: a valid access token of a grant not revoked, else 401 as Google answers. */
    const authorised = (request: FastifyRequest, reply: FastifyReply): boolean => {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const a = token ? access.get(token) : undefined;
      if (!a || !a.valid || a.grant.revoked) {
        void reply
          .code(401)
          .send({ error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
        return false;
      }
      return true;
    };
    const eventFrom = (body: unknown, prev?: FakeGoogleEvent): FakeGoogleEvent | null => {
      const b = (body ?? {}) as Partial<FakeGoogleEvent>;
      const start = b.start ?? prev?.start;
      const end = b.end ?? prev?.end;
      const summary = b.summary ?? prev?.summary;
      if (!start || !end || typeof summary !== 'string') return null;
      return {
        id:
          prev?.id ??
          id(16)
            .toLowerCase()
            .replace(/[^a-z0-9]/g, 'a'),
        summary,
        description: b.description !== undefined ? b.description : (prev?.description ?? null),
        start,
        end,
        status: 'confirmed',
        updated: new Date().toISOString(),
      };
    };
    const startOf = (e: FakeGoogleEvent) => e.start.dateTime ?? `${e.start.date}T00:00:00Z`;

    app.get('/calendar/v3/calendars/:cal/events', async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const q = request.query as Record<string, string | undefined>;
      const { cal } = request.params as { cal: string };
      const from = q.timeMin ? Date.parse(q.timeMin) : -Infinity;
      const to = q.timeMax ? Date.parse(q.timeMax) : Infinity;
      const items = store
        .events(cal)
        .filter((e) => Date.parse(startOf(e)) >= from && Date.parse(startOf(e)) < to)
        .sort((x, y) => startOf(x).localeCompare(startOf(y)));
      return { kind: 'calendar#events', items };
    });
    app.post('/calendar/v3/calendars/:cal/events', async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const e = eventFrom(request.body);
      if (!e) return reply.code(400).send({ error: { code: 400, message: 'Missing start, end or summary.' } });
      calendar((request.params as { cal: string }).cal).set(e.id, e);
      return e;
    });
    app.patch('/calendar/v3/calendars/:cal/events/:event', async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const { cal, event } = request.params as { cal: string; event: string };
      const prev = calendar(cal).get(event);
      if (!prev) return reply.code(404).send({ error: { code: 404, message: 'Not Found' } });
      const e = eventFrom(request.body, prev)!;
      calendar(cal).set(e.id, e);
      return e;
    });
    app.delete('/calendar/v3/calendars/:cal/events/:event', async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const { cal, event } = request.params as { cal: string; event: string };
      if (!calendar(cal).delete(event)) return reply.code(410).send({ error: { code: 410, message: 'Resource has been deleted' } });
      return reply.code(204).send();
    });

    // For the browser journeys: the same controls the tests reach through `store`.
    app.post('/_fake/expire-access', async () => (store.expireAccessTokens(), { ok: true }));
    app.post('/_fake/revoke-all', async () => (store.revokeAll(), { ok: true }));
  };
  return { routes, store };
}
