import type { Knex } from 'knex';
import { decryptSecret, encryptSecret } from '@kv/directory';
import type { GoogleCalendarConfig } from '../../../types.ts';
import { GoogleHttpError, refreshAccess } from './client.ts';

type Db = Knex | Knex.Transaction;

/** A calendar's link to Google (tokens encrypted at rest; never returned or logged). */
export interface GoogleLinkRow {
  calendar_id: string;
  google_calendar_id: string;
  refresh_token_enc: string;
  access_token_enc: string | null;
  access_expires_at: Date | null;
  status: 'connected' | 'reconnect';
}

/** Google refused the grant: the link is marked `reconnect` (the UI asks the manager to connect again). */
export class GoogleRevoked extends Error {
  constructor() {
    super('Google refused the grant');
    this.name = 'GoogleRevoked';
  }
}

export async function findLink(db: Db, calendarId: string): Promise<GoogleLinkRow | undefined> {
  const r = await db('calendar_google_links').where({ calendar_id: calendarId }).first();
  return r ? { ...r, calendar_id: String(r.calendar_id) } : undefined;
}

/** `connected` / `reconnect` of each linked calendar among `ids` (one statement). */
export async function linkStatuses(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db('calendar_google_links')
    .whereIn('calendar_id', ids as string[])
    .select('calendar_id', 'status');
  return new Map(rows.map((r: { calendar_id: string; status: string }) => [String(r.calendar_id), r.status]));
}

export async function linkedAmong(db: Db, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  return (
    await db('calendar_google_links')
      .whereIn('calendar_id', ids as string[])
      .where({ status: 'connected' })
      .pluck('calendar_id')
  ).map(String);
}

async function markReconnect(db: Db, calendarId: string): Promise<void> {
  await db('calendar_google_links')
    .where({ calendar_id: calendarId })
    .update({ status: 'reconnect', access_token_enc: null, access_expires_at: null });
}

async function freshAccess(db: Db, cfg: GoogleCalendarConfig, link: GoogleLinkRow): Promise<string> {
  let tokens;
  try {
    tokens = await refreshAccess(cfg, decryptSecret(link.refresh_token_enc, cfg.tokenKey));
  } catch (err) {
    if (err instanceof GoogleHttpError && err.revoked) {
      await markReconnect(db, link.calendar_id);
      throw new GoogleRevoked();
    }
    throw err;
  }
  const expires = new Date(Date.now() + Math.max(60, tokens.expires_in - 60) * 1000);
  await db('calendar_google_links')
    .where({ calendar_id: link.calendar_id })
    .update({ access_token_enc: encryptSecret(tokens.access_token, cfg.tokenKey), access_expires_at: expires });
  link.access_token_enc = null;
  return tokens.access_token;
}

/**
 * Runs `fn` with an access token of the link: the stored one while it lasts, else a refreshed one;
 * a 401 from Google refreshes once and tries again. A refused refresh marks the link `reconnect`
 * and throws `GoogleRevoked`.
 */
export async function withAccess<T>(db: Db, cfg: GoogleCalendarConfig, link: GoogleLinkRow, fn: (token: string) => Promise<T>): Promise<T> {
  if (link.status !== 'connected') throw new GoogleRevoked();
  const stored =
    link.access_token_enc && link.access_expires_at && new Date(link.access_expires_at).getTime() > Date.now()
      ? decryptSecret(link.access_token_enc, cfg.tokenKey)
      : null;
  const token = stored ?? (await freshAccess(db, cfg, link));
  try {
    return await fn(token);
  } catch (err) {
    if (!(err instanceof GoogleHttpError) || err.status !== 401 || !stored) throw err;
    return fn(await freshAccess(db, cfg, link));
  }
}
