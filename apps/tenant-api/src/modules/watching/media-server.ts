import type { Knex } from 'knex';
import { decryptSecret } from '@kv/directory';
import { readPlaybackTokenIgnoringExpiry, type MediaKeys } from './media-tokens.ts';
import type { SessionRow } from './repo.ts';
import { findStreams, mediamtxServers, type StreamRow } from '../streaming/index.ts';

/**
 * MediaMTX's control API (`api: yes`; `api_url` and "user:password" as the server's secret):
 * `/v3/hlssessions/list` and `/v3/hlssessions/kick/{id}`. A watch session that ends must stop the
 * stream within 60 s; MediaMTX's own session secret outlives our 60 s token, so we kick.
 */
const TIMEOUT_MS = 5000;
const PAGE_SIZE = 100;
/** At most this many pages per server and sweep (10 000 viewers). */
const MAX_PAGES = 100;

function apiHeaders(server: StreamRow, secretKey: string): Record<string, string> {
  if (!server.secret_enc) return {};
  return { authorization: `Basic ${Buffer.from(decryptSecret(server.secret_enc, secretKey)).toString('base64')}` };
}

async function kick(server: StreamRow, mediaSessionId: string, secretKey: string, fetchFn: typeof fetch): Promise<boolean> {
  try {
    const r = await fetchFn(`${server.api_url}/v3/hlssessions/kick/${encodeURIComponent(mediaSessionId)}`, {
      method: 'POST',
      headers: apiHeaders(server, secretKey),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return r.ok;
  } catch {
    // The media server's own 30 s session timeout is the backstop; the next sweep tries again.
    return false;
  }
}

/**
 * HTTP callback mode: kicks the MediaMTX sessions the callback recorded (`media_session_id`) for
 * watch sessions that just ended.
 */
export async function kickMedia(db: Knex, ended: SessionRow[], secretKey: string, fetchFn: typeof fetch = fetch): Promise<number> {
  const withMedia = ended.filter((s) => s.media_session_id && s.streaming_server_id);
  if (!withMedia.length) return 0;
  const servers = new Map(
    (await findStreams(db, [...new Set(withMedia.map((s) => String(s.streaming_server_id)))])).map((s) => [String(s.id), s]),
  );
  let kicked = 0;
  for (const s of withMedia) {
    const server = servers.get(String(s.streaming_server_id));
    if (!server || server.type !== 'mediamtx' || !server.api_url) continue;
    if (await kick(server, s.media_session_id!, secretKey, fetchFn)) kicked++;
  }
  return kicked;
}

interface HlsSession {
  id: string;
  path?: string;
  query?: string;
}

async function listHlsSessions(server: StreamRow, secretKey: string, fetchFn: typeof fetch): Promise<HlsSession[] | null> {
  const out: HlsSession[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    try {
      const r = await fetchFn(`${server.api_url}/v3/hlssessions/list?page=${page}&itemsPerPage=${PAGE_SIZE}`, {
        headers: apiHeaders(server, secretKey),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!r.ok) return null;
      const body = (await r.json()) as { items?: HlsSession[]; pageCount?: number };
      out.push(...(body.items ?? []).filter((i) => typeof i?.id === 'string'));
      if (page + 1 >= Number(body.pageCount ?? 0)) return out;
    } catch {
      return null;
    }
  }
  return out;
}

/** The playback token a viewer opened the MediaMTX session with: `?token=` (ours) or `?jwt=` (MediaMTX's JWT mode). */
function queryToken(query: string | undefined): string | null {
  if (!query) return null;
  const q = new URLSearchParams(query.replace(/^\?/, ''));
  return q.get('token') ?? q.get('jwt');
}

/**
 * JWT mode (and callback mode as a backstop): MediaMTX verifies tokens itself, so we never learn
 * its session ids. List its HLS sessions, read each one's playback token (signature checked with
 * our key, expiry ignored: a session outlives its 60 s token), keep this centre's, and kick those
 * whose watch session has ended or does not exist.
 */
export async function kickEndedMediaSessions(
  db: Knex,
  opts: { keys: MediaKeys; tenantId: string; secretKey: string; fetchFn?: typeof fetch },
): Promise<number> {
  const fetchFn = opts.fetchFn ?? fetch;
  let kicked = 0;
  for (const server of await mediamtxServers(db)) {
    const listed = await listHlsSessions(server, opts.secretKey, fetchFn);
    if (!listed?.length) continue;
    const bySid = new Map<string, HlsSession[]>();
    for (const item of listed) {
      const token = queryToken(item.query);
      const claims = token ? await readPlaybackTokenIgnoringExpiry(opts.keys, token) : null;
      // Another centre's viewer on a shared server: that centre's sweep decides.
      if (!claims || claims.tid !== opts.tenantId || !/^\d{1,18}$/.test(claims.sid)) continue;
      bySid.set(claims.sid, [...(bySid.get(claims.sid) ?? []), item]);
    }
    if (!bySid.size) continue;
    const live = new Set(
      (
        await db('camera_watch_sessions')
          .whereIn('id', [...bySid.keys()])
          .whereNull('ended_at')
          .select('id')
      ).map((r) => String(r.id)),
    );
    for (const [sid, items] of bySid) {
      if (live.has(sid)) continue;
      for (const item of items) if (await kick(server, item.id, opts.secretKey, fetchFn)) kicked++;
    }
  }
  return kicked;
}
