import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeGoogle, type FakeGoogleStore } from '@kv/server';
import type { Harness } from '../../test/harness.ts';
import type { GoogleCalendarConfig } from '../../types.ts';
import { buildWorld, code, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';
import { pushCalendar } from './google/push.ts';

/**
 * Google Calendar through the fake Google (issue 21): the consent round trip (PKCE, signed
 * single-use state), no plaintext token at rest, the push of events (insert → external_id, patch,
 * delete), Google's side read back, a refresh on 401, revoked access → reconnect; own / other centre.
 */

let h: Harness;
let w: World;
let b: World;
let fake: FastifyInstance;
let store: FakeGoogleStore;
let cfg: GoogleCalendarConfig;
let calX: string;
let calB: string;
const db = () => w.c.db.db;

const BASE = 'https://google.test/dev/google';
const AUTH_URL = `query($cal: ID!) { getGoogleCalendarAuthUrl(calendar: $cal) }`;
const SAVE = `mutation($code: String, $state: String) { saveGoogleCalendarToken(code: $code, state: $state) { calendar_id status } }`;
const GEVENTS = `query($cal: ID!, $from: String!, $to: String!) { getGoogleCalendarEvents(calendar: $cal, from: $from, to: $to) { id name date start_time end_time full_day } }`;
const CALS = `query($loc: ID) { getCalendars(location: $loc) { id google_status } }`;
const CREATE_CAL = `mutation($name: String, $loc: ID) { createCalendar(name: $name, location: $loc, is_public: true) { calendar { id } } }`;
const CREATE = `mutation($name: String, $cal: ID, $date: String!) { createEvent(name: $name, calendar: $cal, date: $date, start_time: "09:00", end_time: "10:00") { event { id } } }`;
const UPDATE = `mutation($id: ID!, $name: String) { updateEvent(id: $id, name: $name) { status } }`;
const DELETE = `mutation($id: ID!) { deleteEvent(id: $id) { count } }`;
const DISCONNECT = `mutation($cal: ID!) { disconnectGoogleCalendar(calendar: $cal) { status } }`;

/** The browser's part: open the consent URL at the fake, press Allow, follow Google's redirect back. */
async function consent(authUrl: string): Promise<{ code: string; state: string }> {
  const page = await fake.inject({ method: 'GET', url: authUrl.replace(BASE, '/dev/google') });
  expect(page.statusCode).toBe(200);
  const allow = /id="allow" href="([^"]+)"/.exec(page.body)![1]!.replace(/&#38;/g, '&');
  const back = await fake.inject({ method: 'GET', url: `/dev/google/o/oauth2/${allow}` });
  expect(back.statusCode).toBe(302);
  const to = new URL(back.headers.location as string);
  expect(`${to.origin}${to.pathname}`).toBe(cfg.redirectUri);
  return { code: to.searchParams.get('code')!, state: to.searchParams.get('state')! };
}

async function connect(world: World, token: string, cal: string) {
  const url = (await world.q(AUTH_URL, { cal }, token)).data!.getGoogleCalendarAuthUrl as string;
  return consent(url);
}

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
  const g = createFakeGoogle({ clientId: 'test-client', clientSecret: 'test-client-secret' });
  store = g.store;
  fake = Fastify();
  await fake.register(g.routes, { prefix: '/dev/google' });
  cfg = {
    authUrl: `${BASE}/o/oauth2/auth`,
    tokenUrl: `${BASE}/token`,
    revokeUrl: `${BASE}/revoke`,
    apiBase: `${BASE}/calendar/v3`,
    clientId: 'test-client',
    clientSecret: 'test-client-secret',
    redirectUri: 'http://test.localhost:3000/oauth2callback',
    stateKey: 'test-google-state-key-0123456789abcdef',
    tokenKey: 'test-google-token-key-0123456789abcdef',
    // Every call to Google goes to the in-process fake.
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const u = new URL(String(input));
      const res = await fake.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: u.pathname.replace(/^\/dev\/google/, '/dev/google') + u.search,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        payload: init?.body as string | undefined,
      });
      return new Response(res.statusCode === 204 ? null : res.body, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    }) as typeof fetch,
  };
  h.deps.config.google = cfg;
  calX = (await w.q(CREATE_CAL, { name: 'Google X', loc: w.X }, w.tokens.mgrX)).data!.createCalendar.calendar.id;
  calB = (await b.q(CREATE_CAL, { name: 'Google B', loc: b.X }, b.tokens.mgrX)).data!.createCalendar.calendar.id;
});

afterAll(async () => {
  await fake?.close();
  await h?.close();
});

describe('calendar: Google Calendar (fake Google)', () => {
  it('the consent URL asks for calendar.events with PKCE S256 and a signed state, managers of the calendar’s location only', async () => {
    const url = new URL((await w.q(AUTH_URL, { cal: calX }, w.tokens.mgrX)).data!.getGoogleCalendarAuthUrl);
    expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/calendar.events');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(cfg.redirectUri);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
    // The verifier stays on the server, encrypted.
    const row = await db()('calendar_google_states').orderBy('expires_at', 'desc').first();
    expect(row.verifier_enc).toMatch(/^v1\./);

    expect(code(await w.q(AUTH_URL, { cal: calX }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q(AUTH_URL, { cal: calX }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await w.q(AUTH_URL, { cal: calX }, w.tokens.parent))).toBe('FORBIDDEN');
    // Another centre's manager naming this centre's calendar id finds nothing of theirs.
    expect(code(await b.q(AUTH_URL, { cal: String(Number(calB) + 1000) }, b.tokens.mgrX))).toBe('NOT_FOUND');
  });

  it('refuses a tampered, foreign or replayed state (typed, on the state field); the round trip links the calendar once', async () => {
    const { code: c, state } = await connect(w, w.tokens.mgrX, calX);
    const [payload, sig] = state.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${Buffer.from(JSON.stringify({ ...forged, k: '999' })).toString('base64url')}.${sig}`;
    for (const s of [tampered, `${payload}.${'A'.repeat(sig!.length)}`, 'nonsense']) {
      const r = await w.q(SAVE, { code: c, state: s }, w.tokens.mgrX);
      expect([code(r), field(r)]).toEqual(['GOOGLE_STATE_INVALID', 'state']);
    }
    // Another manager of this centre, and the same manager's state at another centre, are refused.
    expect(code(await w.q(SAVE, { code: c, state }, w.tokens.mgrY))).toBe('GOOGLE_STATE_INVALID');
    expect(code(await b.q(SAVE, { code: c, state }, b.tokens.mgrX))).toBe('GOOGLE_STATE_INVALID');
    expect(code(await w.q(SAVE, { code: c, state }, w.tokens.teacher))).toBe('FORBIDDEN');
    const bad = await w.q(SAVE, { state }, w.tokens.mgrX);
    expect([code(bad), field(bad)]).toEqual(['BAD_USER_INPUT', 'code']);

    const ok = await w.q(SAVE, { code: c, state }, w.tokens.mgrX);
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.saveGoogleCalendarToken).toEqual({ calendar_id: calX, status: 'connected' });
    const replay = await w.q(SAVE, { code: c, state }, w.tokens.mgrX);
    expect([code(replay), field(replay)]).toEqual(['GOOGLE_STATE_INVALID', 'state']);

    const cals = (await w.q(CALS, { loc: w.X }, w.tokens.teacher)).data!.getCalendars;
    expect(cals.find((x: { id: string }) => x.id === calX).google_status).toBe('connected');
    const parentView = (await w.q(CALS, {}, w.tokens.parent)).data!.getCalendars;
    expect(parentView.find((x: { id: string }) => x.id === calX).google_status).toBeNull();
    const audits = await db()('audit_log').where({ entity: 'calendar', entity_id: calX }).pluck('action');
    expect(audits).toContain('calendar.google_connect');
  });

  it('keeps no token in plain text: links, states and the audit log hold none', async () => {
    const link = await db()('calendar_google_links').where({ calendar_id: calX }).first();
    expect(link.refresh_token_enc).toMatch(/^v1\./);
    expect(link.access_token_enc).toMatch(/^v1\./);
    const dump = JSON.stringify([
      await db()('calendar_google_links').select(),
      await db()('calendar_google_states').select(),
      await db()('audit_log').select(),
      await db()('calendars').select(),
    ]);
    expect(dump).not.toMatch(/fake-(refresh|access)-/);
  });

  it('pushes created, changed and deleted events (external_id) and reads Google’s side back', async () => {
    const created = (await w.q(CREATE, { name: 'Field trip', cal: calX, date: '2027-03-10' }, w.tokens.teacher)).data!.createEvent.event.id;
    const jobs = await db()('outbox').where({ name: 'calendar-google-push' }).select('payload');
    expect(jobs.map((j: { payload: unknown }) => (typeof j.payload === 'string' ? JSON.parse(j.payload) : j.payload).calendarId)).toContain(
      calX,
    );
    expect((await pushCalendar(db(), cfg, calX)).sent).toBeGreaterThan(0);
    const row = await db()('calendar_events').where({ id: created }).first();
    expect(row.external_id).toBeTruthy();
    expect(row.google_dirty).toBe(false);
    const copy = store.events().find((e) => e.id === row.external_id)!;
    expect(copy.summary).toBe('Field trip');
    expect(copy.start.timeZone).toBe('America/Chicago');
    expect(copy.start.dateTime).toBe('2027-03-10T15:00:00.000Z');

    await w.q(UPDATE, { id: created, name: 'Zoo trip' }, w.tokens.teacher);
    await pushCalendar(db(), cfg, calX);
    expect(store.events().find((e) => e.id === row.external_id)!.summary).toBe('Zoo trip');

    const read = await w.q(GEVENTS, { cal: calX, from: '2027-03-01', to: '2027-03-31' }, w.tokens.teacher);
    expect(read.errors).toBeUndefined();
    expect(read.data!.getGoogleCalendarEvents).toEqual([
      { id: row.external_id, name: 'Zoo trip', date: '2027-03-10', start_time: '09:00', end_time: '10:00', full_day: false },
    ]);
    expect(code(await w.q(GEVENTS, { cal: calX, from: '2027-03-01', to: '2027-03-31' }, w.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await w.q(GEVENTS, { cal: calX, from: '2027-03-01', to: '2027-03-31' }, w.tokens.mgrY))).toBe('NOT_FOUND');
    const backwards = await w.q(GEVENTS, { cal: calX, from: '2027-03-31', to: '2027-03-01' }, w.tokens.teacher);
    expect([code(backwards), field(backwards)]).toEqual(['BAD_USER_INPUT', 'to']);
    expect(code(await b.q(GEVENTS, { cal: calB, from: '2027-03-01', to: '2027-03-31' }, b.tokens.mgrX))).toBe('GOOGLE_NOT_CONNECTED');

    await w.q(DELETE, { id: created }, w.tokens.teacher);
    expect(await db()('calendar_google_deletions').where({ calendar_id: calX }).count({ n: '*' })).toEqual([{ n: '1' }]);
    expect((await pushCalendar(db(), cfg, calX)).deleted).toBe(1);
    expect(store.events().find((e) => e.id === row.external_id)).toBeUndefined();
    expect(await db()('calendar_google_deletions').where({ calendar_id: calX }).count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('refreshes the access token on a 401 and carries on', async () => {
    await w.q(CREATE, { name: 'Open day', cal: calX, date: '2027-03-12' }, w.tokens.teacher);
    const before = store.refreshCount();
    store.expireAccessTokens();
    expect((await pushCalendar(db(), cfg, calX)).sent).toBe(1);
    expect(store.refreshCount()).toBe(before + 1);
    const read = await w.q(GEVENTS, { cal: calX, from: '2027-03-01', to: '2027-03-31' }, w.tokens.mgrX);
    expect(read.data!.getGoogleCalendarEvents.map((e: { name: string }) => e.name)).toEqual(['Open day']);
  });

  it('revoked access turns the link to reconnect (typed error, status shown); connecting again restores it', async () => {
    store.revokeAll();
    store.expireAccessTokens();
    const r = await w.q(GEVENTS, { cal: calX, from: '2027-03-01', to: '2027-03-31' }, w.tokens.mgrX);
    expect([code(r), field(r)]).toEqual(['GOOGLE_RECONNECT', 'calendar']);
    const cals = (await w.q(CALS, { loc: w.X }, w.tokens.mgrX)).data!.getCalendars;
    expect(cals.find((x: { id: string }) => x.id === calX).google_status).toBe('reconnect');
    await w.q(CREATE, { name: 'Waits', cal: calX, date: '2027-03-15' }, w.tokens.teacher);
    expect((await pushCalendar(db(), cfg, calX)).sent).toBe(0);

    const again = await connect(w, w.tokens.mgrX, calX);
    expect((await w.q(SAVE, again, w.tokens.mgrX)).data!.saveGoogleCalendarToken.status).toBe('connected');
    await pushCalendar(db(), cfg, calX);
    expect(store.events().map((e) => e.summary)).toContain('Waits');

    expect(code(await w.q(DISCONNECT, { cal: calX }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect((await w.q(DISCONNECT, { cal: calX }, w.tokens.mgrX)).data!.disconnectGoogleCalendar.status).toBe('disconnected');
    expect(await db()('calendar_google_links').where({ calendar_id: calX }).first()).toBeUndefined();
  });
});
