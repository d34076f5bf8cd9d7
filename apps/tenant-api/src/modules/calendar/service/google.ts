import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { fields, GOOGLE_CALENDAR_SCOPE, parseArgs, signOAuthState, verifyOAuthState } from '@kv/server';
import { decryptSecret, encryptSecret } from '@kv/directory';
import { addDays, daysBetween, localParts, zonedInstant } from '@kv/shared';
import type { GoogleCalendarConfig, RequestContext } from '../../../types.ts';
import { reaches, requireViewer } from '../../../core/access.ts';
import { audit } from '../../../core/audit.ts';
import { localDate } from '../../../core/time.ts';
import { inTransaction } from '../../../core/tx.ts';
import { locationInfo } from '../../locations/index.ts';
import * as repo from '../repo.ts';
import { calendarManageScope, eventVisibility } from '../policy.ts';
import {
  calendarNotFound,
  googleFailed,
  googleNotConnected,
  googleReconnect,
  googleStateInvalid,
  googleUnavailable,
  rangeBackwards,
  rangeTooLong,
} from '../errors.ts';
import { exchangeCode, GoogleHttpError, listEvents, revoke, type GoogleEvent } from '../google/client.ts';
import { findLink, GoogleRevoked, withAccess } from '../google/link.ts';
import { queueGooglePush } from '../google/push.ts';

/**
 * Google Calendar (issue 21): a manager links one of their location's calendars to a Google
 * calendar through Google's consent (PKCE, signed single-use `state`); the refresh token is kept
 * encrypted; jobs push the calendar's events (`google/push.ts`); `getGoogleCalendarEvents` reads
 * Google's side. Google refusing the grant turns the link to `reconnect`.
 */

const STATE_TTL_S = 10 * 60;

function config(ctx: RequestContext): GoogleCalendarConfig {
  const cfg = ctx.deps.config.google;
  if (!cfg) throw googleUnavailable();
  return cfg;
}

/** A calendar of the viewer's managed locations, else NOT_FOUND. */
async function managedCalendar(ctx: RequestContext, calendarId: string) {
  const scope = await calendarManageScope(ctx);
  const row = await repo.findCalendar(ctx.db, calendarId);
  if (!row || !reaches(scope, row.location_id)) throw calendarNotFound();
  return row;
}

const toGoogleError = (err: unknown): never => {
  if (err instanceof GoogleRevoked) throw googleReconnect();
  if (err instanceof GoogleHttpError) throw googleFailed();
  throw err;
};

/** Spec getGoogleCalendarAuthUrl: Google's consent URL for one calendar (scope calendar.events, PKCE S256, signed state). */
export async function getGoogleCalendarAuthUrl(ctx: RequestContext, raw: unknown): Promise<string> {
  const cfg = config(ctx);
  const a = parseArgs(z.object({ calendar: fields.id('The calendar') }), raw);
  const v = requireViewer(ctx);
  const cal = await managedCalendar(ctx, a.calendar);
  const nonce = randomBytes(24).toString('base64url');
  const verifier = randomBytes(48).toString('base64url');
  const expires = Math.floor(Date.now() / 1000) + STATE_TTL_S;
  // Expired states are only clutter: each new consent clears them (indexed by expiry).
  await ctx.db('calendar_google_states').where('expires_at', '<', ctx.db.fn.now()).delete();
  await ctx.db('calendar_google_states').insert({
    nonce,
    calendar_id: cal.id,
    user_id: v.id,
    verifier_enc: encryptSecret(verifier, cfg.tokenKey),
    expires_at: new Date(expires * 1000),
  });
  const state = signOAuthState({ c: ctx.tenant.id, u: v.id, k: cal.id, n: nonce, e: expires }, cfg.stateKey);
  const q = new URLSearchParams({
    client_id: cfg.clientId,
    redirect_uri: cfg.redirectUri,
    response_type: 'code',
    scope: GOOGLE_CALENDAR_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
  });
  return `${cfg.authUrl}?${q}`;
}

/**
 * Spec saveGoogleCalendarToken(code, state), called by `/googleInt` on the centre host: the state
 * must be signed, unexpired, for this centre and this user, and its nonce not yet used (taken
 * before Google is asked, so a replay fails even mid-exchange); the code and the verifier give the
 * tokens; the refresh token is stored encrypted; the calendar's events are queued for the push.
 */
export async function saveGoogleCalendarToken(ctx: RequestContext, raw: unknown) {
  const cfg = config(ctx);
  const a = parseArgs(z.object({ code: fields.text('The code', { max: 2000 }), state: fields.text('The state', { max: 2000 }) }), raw);
  const v = requireViewer(ctx);
  const s = verifyOAuthState(a.state, cfg.stateKey);
  if (!s || s.c !== ctx.tenant.id || s.u !== v.id) throw googleStateInvalid();
  const cal = await managedCalendar(ctx, s.k);
  const taken = await ctx
    .db('calendar_google_states')
    .where({ nonce: s.n, calendar_id: cal.id, user_id: v.id })
    .whereNull('used_at')
    .where('expires_at', '>', ctx.db.fn.now())
    .update({ used_at: ctx.db.fn.now() })
    .returning('verifier_enc');
  if (!taken.length) throw googleStateInvalid();
  const tokens = await exchangeCode(cfg, a.code, decryptSecret(taken[0].verifier_enc, cfg.tokenKey)).catch((err: unknown) => {
    if (err instanceof GoogleHttpError && err.status < 500) throw googleStateInvalid();
    throw googleFailed('code');
  });
  if (!tokens.refresh_token) throw googleFailed('code');
  const googleCalendarId = cal.google_calendar_id || 'primary';
  await inTransaction(ctx, async (trx) => {
    const before = await trx('calendar_google_links').where({ calendar_id: cal.id }).first('google_calendar_id');
    const row = {
      calendar_id: cal.id,
      google_calendar_id: googleCalendarId,
      refresh_token_enc: encryptSecret(tokens.refresh_token!, cfg.tokenKey),
      access_token_enc: encryptSecret(tokens.access_token, cfg.tokenKey),
      access_expires_at: new Date(Date.now() + Math.max(60, tokens.expires_in - 60) * 1000),
      status: 'connected',
      connected_by: v.id,
      connected_at: trx.fn.now(),
      push_lease_until: null,
    };
    await trx('calendar_google_links').insert(row).onConflict('calendar_id').merge();
    if (!cal.google_calendar_id) await trx('calendars').where({ id: cal.id }).update({ google_calendar_id: googleCalendarId });
    // Everything of the calendar goes (again) to Google; another Google calendar starts afresh.
    const patch: Record<string, unknown> = { google_dirty: true };
    if (before && before.google_calendar_id !== googleCalendarId) patch.external_id = null;
    await trx('calendar_events').where({ calendar_id: cal.id }).update(patch);
    await queueGooglePush(trx, ctx.tenant.id, [cal.id]);
    await audit(ctx, trx, {
      action: 'calendar.google_connect',
      entity: 'calendar',
      entity_id: cal.id,
      location_id: cal.location_id,
      data: { google_calendar_id: googleCalendarId },
    });
  });
  return { calendar_id: cal.id, status: 'connected' };
}

/** Unlinks a calendar from Google (revokes the grant there; the events stay on both sides). */
export async function disconnectGoogleCalendar(ctx: RequestContext, raw: unknown) {
  const cfg = config(ctx);
  const a = parseArgs(z.object({ calendar: fields.id('The calendar') }), raw);
  const cal = await managedCalendar(ctx, a.calendar);
  const link = await findLink(ctx.db, cal.id);
  if (!link) throw googleNotConnected();
  await inTransaction(ctx, async (trx) => {
    await trx('calendar_google_links').where({ calendar_id: cal.id }).delete();
    await trx('calendar_google_deletions').where({ calendar_id: cal.id }).delete();
    await audit(ctx, trx, {
      action: 'calendar.google_disconnect',
      entity: 'calendar',
      entity_id: cal.id,
      location_id: cal.location_id,
      data: {},
    });
  });
  await revoke(cfg, decryptSecret(link.refresh_token_enc, cfg.tokenKey));
  return { calendar_id: cal.id, status: 'disconnected' };
}

const rangeArgs = z.object({ calendar: fields.id('The calendar'), from: localDate, to: localDate });

/** Spec getGoogleCalendarEvents(calendar, from, to): Google's side of a linked calendar (staff of its location). */
export async function getGoogleCalendarEvents(ctx: RequestContext, raw: unknown) {
  const cfg = config(ctx);
  const a = parseArgs(rangeArgs, raw);
  const vis = await eventVisibility(ctx);
  const cal = await repo.findCalendar(ctx.db, a.calendar);
  if (!cal || vis.kind !== 'staff' || (vis.locationIds && !vis.locationIds.includes(String(cal.location_id)))) throw calendarNotFound();
  const span = daysBetween(a.from, a.to);
  if (span < 0) throw rangeBackwards();
  if (span > 62) throw rangeTooLong();
  const link = await findLink(ctx.db, cal.id);
  if (!link) throw googleNotConnected();
  const tz = (await locationInfo(ctx.db, cal.location_id))?.timezone ?? 'UTC';
  const timeMin = zonedInstant(a.from, '00:00', tz).toISOString();
  const timeMax = zonedInstant(addDays(a.to, 1), '00:00', tz).toISOString();
  const items = await withAccess(ctx.db, cfg, link, (token) => listEvents(cfg, token, link.google_calendar_id, timeMin, timeMax)).catch(
    toGoogleError,
  );
  return items.map((e: GoogleEvent) => shape(e, tz));
}

function shape(e: GoogleEvent, tz: string) {
  const full = Boolean(e.start.date);
  const at = (x: { dateTime?: string; date?: string }) => (x.dateTime ? localParts(new Date(x.dateTime), tz) : null);
  const s = at(e.start);
  const en = at(e.end);
  return {
    id: e.id,
    name: e.summary ?? '',
    details: e.description ?? null,
    date: full ? e.start.date! : s!.date,
    start_time: s ? s.time : null,
    end_time: en ? en.time : null,
    full_day: full,
  };
}
