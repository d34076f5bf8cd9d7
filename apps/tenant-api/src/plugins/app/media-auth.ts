import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { TenantApiDeps } from '../../types.ts';
import { mediaConfig } from '../../modules/streaming/index.ts';
import {
  jwks,
  mediaKeys,
  readSessionSecret,
  secretMatches,
  sessionSecret,
  verifyPlaybackToken,
  type MediaKeys,
  type PlaybackClaims,
  type DevOriginSource,
  DEV_MEDIA_BASE,
  claimMediaToken,
} from '../../modules/watching/index.ts';

/**
 * The streaming servers' side of playback tokens (issue 7), for every centre host:
 * - `GET /.well-known/jwks.json`: the Ed25519 public key for MediaMTX's JWT mode
 *   (`authMethod: jwt`, `authJWTJWKS: https://<centre host>/.well-known/jwks.json`);
 * - `POST /internal/media-auth`: MediaMTX's HTTP auth callback (`authMethod: http`,
 *   `authHTTPAddress: https://<centre host>/internal/media-auth?secret=<mediaAuthSecret>`). It checks
 *   the shared secret, the token (signature, expiry, centre, stream path) and that the watch session
 *   is still live, and records MediaMTX's session id so the sweep can kick it; a token opens one
 *   MediaMTX session only (a copied URL is refused in another browser);
 * - `GET /media/<code>/index.m3u8?token=…` and below: the built-in dev origin behind the same check
 *   (when `devOrigin` is given). The token opens the stream; the media playlist and segments then
 *   need a per-session secret bound to the browser (user agent), honoured only while the session is
 *   live: ending it stops serving. A token opens the dev origin once; only a session's newest token
 *   passes the callback.
 */
export interface MediaAuthOptions {
  deps: TenantApiDeps;
  devOrigin?: DevOriginSource;
}

interface SessionState {
  live: boolean;
  token_jti: string | null;
  user_id: string;
  camera_id: string;
  code: string | null;
}

async function sessionState(db: Knex, sid: string): Promise<SessionState | null> {
  const r = await db('camera_watch_sessions as w')
    .join('cameras as c', 'c.id', 'w.camera_id')
    .where('w.id', sid)
    .first('w.user_id', 'w.camera_id', 'w.ended_at', 'w.token_jti', 'c.code', 'c.deleted_at', 'c.status');
  if (!r) return null;
  return {
    live: !r.ended_at && !r.deleted_at && Boolean(r.status),
    token_jti: r.token_jti ?? null,
    user_id: String(r.user_id),
    camera_id: String(r.camera_id),
    code: r.deleted_at ? null : String(r.code),
  };
}

type Refusal =
  'BAD_SECRET' | 'NO_TOKEN' | 'BAD_TOKEN' | 'TOKEN_USED' | 'WRONG_CENTRE' | 'WRONG_CAMERA' | 'SESSION_CLOSED' | 'ACTION_NOT_ALLOWED';

/** The token checks shared by the callback and the dev origin; null when it may play. */
export async function checkPlayback(
  db: Knex,
  keys: MediaKeys,
  tenantId: string,
  token: string | null | undefined,
  path: string,
): Promise<{ refusal: Refusal } | { claims: PlaybackClaims }> {
  if (!token) return { refusal: 'NO_TOKEN' };
  const claims = await verifyPlaybackToken(keys, token);
  if (!claims) return { refusal: 'BAD_TOKEN' };
  if (claims.tid !== tenantId) return { refusal: 'WRONG_CENTRE' };
  if (claims.path !== path) return { refusal: 'WRONG_CAMERA' };
  const s = await sessionState(db, claims.sid);
  if (!s || s.user_id !== claims.sub || s.camera_id !== claims.cam) return { refusal: 'WRONG_CAMERA' };
  if (s.code !== path) return { refusal: 'WRONG_CAMERA' };
  if (!s.live) return { refusal: 'SESSION_CLOSED' };
  if (s.token_jti !== claims.jti) return { refusal: 'TOKEN_USED' };
  return { claims };
}

const deny = (reply: FastifyReply, refusal: Refusal) =>
  reply.code(401).header('cache-control', 'no-store').send({ error: 'Unauthorized', code: refusal });

function tokenFrom(body: Record<string, unknown>): string | null {
  if (typeof body.token === 'string' && body.token) return body.token;
  if (typeof body.password === 'string' && body.password.split('.').length === 3) return body.password;
  if (typeof body.query === 'string') return new URLSearchParams(body.query).get('token');
  return null;
}

export async function mediaAuthPlugin(app: FastifyInstance, opts: MediaAuthOptions): Promise<void> {
  const cfg = mediaConfig(opts.deps.config);
  const keys = () => mediaKeys(cfg.mediaJwtSeed);

  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return jwks(await keys());
  });

  app.post('/internal/media-auth', async (request: FastifyRequest, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const given = (request.headers['x-media-auth-secret'] as string | undefined) ?? q.secret;
    if (!secretMatches(cfg.mediaAuthSecret, given)) return deny(reply, 'BAD_SECRET');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const action = String(body.action ?? '');
    const path = String(body.path ?? '').replace(/^\/+|\/+$/g, '');
    if (action !== 'read' && action !== 'playback') {
      // Cameras publish with the shared secret as password; anything else (api, metrics, pprof) is refused.
      if (action === 'publish' && secretMatches(cfg.mediaAuthSecret, typeof body.password === 'string' ? body.password : null))
        return reply.code(200).send({ ok: true });
      return deny(reply, 'ACTION_NOT_ALLOWED');
    }
    const db = await request.tenantDb();
    const r = await checkPlayback(db, await keys(), request.tenant.id, tokenFrom(body), path);
    if ('refusal' in r) return deny(reply, r.refusal);
    // The first MediaMTX session to present a token owns it: a copied playlist URL is refused even within its 60 s.
    const mediaSessionId = typeof body.id === 'string' && body.id ? body.id.slice(0, 100) : null;
    if (!(await claimMediaToken(db, r.claims.sid, r.claims.jti, mediaSessionId))) return deny(reply, 'TOKEN_USED');
    return reply.code(200).header('cache-control', 'no-store').send({ ok: true });
  });

  const origin = opts.devOrigin;
  if (!origin) return;

  const liveCache = new Map<string, { at: number; state: SessionState | null }>();
  async function liveSession(db: Knex, tenantId: string, sid: string): Promise<SessionState | null> {
    const key = `${tenantId}:${sid}`;
    const hit = liveCache.get(key);
    if (hit && Date.now() - hit.at < 2000) return hit.state;
    const state = await sessionState(db, sid);
    if (liveCache.size > 10_000) liveCache.clear();
    liveCache.set(key, { at: Date.now(), state });
    return state;
  }

  const hls = (reply: FastifyReply, body: string) =>
    reply.code(200).header('content-type', 'application/vnd.apple.mpegurl').header('cache-control', 'no-store').send(body);

  app.get(`${DEV_MEDIA_BASE}/:code/index.m3u8`, async (request, reply) => {
    const { code } = request.params as { code: string };
    const { token } = request.query as { token?: string };
    const db = await request.tenantDb();
    const k = await keys();
    const r = await checkPlayback(db, k, request.tenant.id, token, code);
    if ('refusal' in r) return deny(reply, r.refusal);
    // The token opens the stream once: a copied URL is useless even within its 60 s.
    const used = await db('camera_watch_sessions')
      .where({ id: r.claims.sid, token_jti: r.claims.jti })
      .update({ token_jti: null, opened_at: db.fn.now() });
    if (!used) return deny(reply, 'TOKEN_USED');
    const ms = sessionSecret(k, request.tenant.id, r.claims.sid, request.headers['user-agent'] ?? '');
    return hls(reply, `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=600000\nlive.m3u8?ms=${encodeURIComponent(ms)}\n`);
  });

  async function sessionFor(request: FastifyRequest): Promise<{ ms: string } | null> {
    const { code } = request.params as { code: string };
    const { ms } = request.query as { ms?: string };
    if (!ms) return null;
    const k = await keys();
    const sid = readSessionSecret(k, request.tenant.id, ms, request.headers['user-agent'] ?? '');
    if (!sid) return null;
    const s = await liveSession(await request.tenantDb(), request.tenant.id, sid);
    if (!s || !s.live || s.code !== code) return null;
    return { ms };
  }

  app.get(`${DEV_MEDIA_BASE}/:code/live.m3u8`, async (request, reply) => {
    const s = await sessionFor(request);
    if (!s) return deny(reply, 'SESSION_CLOSED');
    const playlist = await origin.playlist();
    if (!playlist) return reply.code(503).header('retry-after', '1').send({ error: 'Stream starting' });
    const q = `?ms=${encodeURIComponent(s.ms)}`;
    return hls(reply, playlist.replace(/^([^#\s][^\s]*\.(?:ts|m2ts))$/gm, `$1${q}`));
  });

  app.get(`${DEV_MEDIA_BASE}/:code/:segment`, async (request, reply) => {
    const { segment } = request.params as { segment: string };
    if (!/\.(ts|m2ts)$/.test(segment)) return reply.code(404).send({ error: 'Not found' });
    const s = await sessionFor(request);
    if (!s) return deny(reply, 'SESSION_CLOSED');
    const bytes = await origin.segment(segment);
    if (!bytes) return reply.code(404).send({ error: 'Not found' });
    return reply.code(200).header('content-type', 'video/mp2t').header('cache-control', 'private, max-age=60').send(bytes);
  });
}
