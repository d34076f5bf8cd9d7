import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, gql, type Harness } from '../../test/harness.ts';
import { setupCentre, type Setup } from '../locations/test-fixtures.ts';
import { clipSource } from './dev-origin/index.ts';
import { createMediaKeys, mediaKeys, signPlaybackToken } from './media-tokens.ts';
import { findSession } from './repo.ts';
import { localDate } from './rules.ts';
import { sweepSessions } from './service/sweep.ts';

/**
 * What ends or refuses a viewing besides the play rules: the daily limit reached mid-session, a
 * location without a streaming server, a copied playlist URL in MediaMTX's callback mode, an idle
 * viewer, and MediaMTX sessions of ended viewings in JWT mode (kicked through its API).
 */
let h: Harness;
let s: Setup;
const A = () => h.centres[0]!;
const B = () => h.centres[1]!;
const db = () => A().db.db;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => gql(h.app, A().host, doc, vars, token);
const SECRET_KEY = 'dev-only-media-secret-key-0123456789abcdef';
const sweep = async (now?: Date) => sweepSessions(db(), { secretKey: SECRET_KEY, tenantId: A().entry.id, keys: await mediaKeys(), now });

const PLAY =
  'mutation($id: ID!) { playCamera(id: $id) { status reason message session_id remaining_logins live_until idle_minutes embed_code { url type token } } }';
const HEART = 'mutation($s: ID!, $a: Boolean) { cameraHeartbeat(session_id: $s, active: $a) { status reason seconds } }';
const STOP = 'mutation($s: ID!) { stopCameraSession(session_id: $s) { status } }';

let cam: string;
let room: string;

async function play(token = s.tokens.parent) {
  const r = await q(PLAY, { id: cam }, token);
  if (!r.data) throw new Error(r.body);
  return r.data.playCamera as Record<string, any>;
}
const beat = async (sid: string, active?: boolean) =>
  (await q(HEART, { s: sid, a: active ?? null }, s.tokens.parent)).data?.cameraHeartbeat as Record<string, any>;
const stopAll = () => db()('camera_watch_sessions').whereNull('ended_at').update({ ended_at: new Date(), ended_reason: 'TEST' });
const loginsToday = async () =>
  Number(
    (
      await db()('camera_daily_logins')
        .where({ user_id: s.ids.parent, date: localDate(new Date(), 'America/Chicago') })
        .first('logins')
    )?.logins ?? 0,
  );
const setLogins = (logins: number) =>
  q('mutation($u: ID!, $n: Int!) { updateUserLogins(user_id: $u, logins: $n) { status } }', { u: s.ids.parent, n: logins }, s.tokens.mgrX);

beforeAll(async () => {
  h = await createHarness({ devOrigin: clipSource() });
  s = await setupCentre(h, A());
  room = String((await db()('programs').insert({ name: 'Toddlers', location_id: s.X }).returning('id'))[0].id);
  const kid = (await db()('student_users').where({ user_id: s.ids.parent }).first('student_id')).student_id;
  await db()('students').where({ id: kid }).update({ program_id: room });
  cam = String(
    (
      await db()('cameras')
        .insert({ location_id: s.X, name: 'Toddlers cam', code: 'room1', color_code: '#111111', program_id: room })
        .returning('id')
    )[0].id,
  );
  await db()('location_settings').insert({ location_id: s.X, camera_only_checked_in: false });
});
afterAll(() => h.close());

describe('the daily limit reached during a viewing', () => {
  it('the last allowed login keeps playing; going over the limit ends the session (sweep and heartbeat) with LOGIN_LIMIT', async () => {
    await db()('location_settings').where({ location_id: s.X }).update({ enable_max_login_feature: true, max_daily_logins: 1 });
    const p = await play();
    expect(p).toMatchObject({ status: true, remaining_logins: 0 });
    expect(await sweep()).toMatchObject({ checked: 1, ended: 0 });
    expect(await beat(p.session_id)).toMatchObject({ status: true });

    // The manager sets the used logins above the limit: the heartbeat ends the session at once.
    await setLogins(2);
    expect(await beat(p.session_id)).toMatchObject({ status: false, reason: 'LOGIN_LIMIT' });
    expect(await findSession(db(), p.session_id)).toMatchObject({ ended_reason: 'LOGIN_LIMIT' });

    // A closed-lid phone sends no heartbeat: the sweep ends it (the manager lowered the contact's own limit).
    await setLogins(0);
    const p2 = await play();
    expect(p2.status).toBe(true);
    await db()('user_settings').insert({ user_id: s.ids.parent, max_daily_camera_logins: 0 });
    expect(await sweep()).toMatchObject({ checked: 1, ended: 1 });
    expect(await findSession(db(), p2.session_id)).toMatchObject({ ended_reason: 'LOGIN_LIMIT' });

    // Staff never count logins: a teacher is not stopped by a contact's limit.
    const t = await play(s.tokens.teacher);
    expect(await sweep()).toMatchObject({ ended: 0 });
    await q(STOP, { s: t.session_id }, s.tokens.teacher);
    await db()('user_settings').where({ user_id: s.ids.parent }).del();
    await db()('location_settings').where({ location_id: s.X }).update({ enable_max_login_feature: false });
    await setLogins(0);
  });
});

describe('a location without a streaming server where no dev origin serves', () => {
  it('is refused with NO_STREAMING_SERVER and counts no login; test mode too; a registered server plays', async () => {
    const saved = h.deps.devOrigin;
    h.deps.devOrigin = undefined;
    try {
      await db()('location_settings').where({ location_id: s.X }).update({ enable_max_login_feature: true, max_daily_logins: 3 });
      expect(await play()).toMatchObject({
        status: false,
        reason: 'NO_STREAMING_SERVER',
        message: 'This camera has no streaming server yet.',
        embed_code: null,
        session_id: null,
      });
      expect(await loginsToday()).toBe(0);
      expect(await db()('camera_watch_sessions').whereNull('ended_at').count({ n: '*' })).toEqual([{ n: '0' }]);

      const created = await q(
        'mutation($l: ID!) { createStream(name: "MTX", type: "mediamtx", base_url: "https://media.example.test", location_id: $l) { stream { id } } }',
        { l: s.X },
        s.tokens.mgrX,
      );
      const serverId = created.data?.createStream.stream.id as string;
      await db()('streaming_servers').where({ id: serverId }).update({ is_default: true });
      const ok = await play();
      expect(ok).toMatchObject({ status: true, embed_code: { type: 'mediamtx' } });
      expect(ok.embed_code.url).toMatch(/^https:\/\/media\.example\.test\/room1\/index\.m3u8\?token=/);
      expect(await loginsToday()).toBe(1);
      await stopAll();

      // Test mode plays the dev origin's pattern: refused where it is not mounted.
      await db()('settings').insert({ key: 'stream_mode', object_id: s.X, value: { enable_test_mode: true } });
      expect(await play()).toMatchObject({ status: false, reason: 'NO_STREAMING_SERVER' });
      expect(await loginsToday()).toBe(1);
      await db()('settings').where({ key: 'stream_mode', object_id: s.X }).del();
      await db()('streaming_servers').where({ id: serverId }).del();
    } finally {
      h.deps.devOrigin = saved;
      await db()('location_settings').where({ location_id: s.X }).update({ enable_max_login_feature: false });
      await setLogins(0);
    }
  });
});

describe('MediaMTX HTTP callback: a copied playlist URL', () => {
  it('the first MediaMTX session owns the token; another one presenting it is refused and cannot take the session over', async () => {
    const p = await play();
    const token = p.embed_code.token as string;
    const auth = (id: string) =>
      h.app.inject({
        method: 'POST',
        url: '/internal/media-auth?secret=dev-only-media-auth-secret',
        headers: { host: A().host, 'content-type': 'application/json' },
        payload: { action: 'read', path: 'room1', protocol: 'hls', id, query: `token=${token}` },
      });
    expect((await auth('mtx-first')).statusCode).toBe(200);
    expect((await auth('mtx-first')).statusCode).toBe(200);
    const copy = await auth('mtx-copy');
    expect([copy.statusCode, copy.json().code]).toEqual([401, 'TOKEN_USED']);
    expect(await findSession(db(), p.session_id)).toMatchObject({ media_session_id: 'mtx-first' });
    // The player's next token (a refresh) opens its own MediaMTX session.
    const next = await play();
    const fresh = await h.app.inject({
      method: 'POST',
      url: '/internal/media-auth?secret=dev-only-media-auth-secret',
      headers: { host: A().host, 'content-type': 'application/json' },
      payload: { action: 'read', path: 'room1', id: 'mtx-second', token: next.embed_code.token },
    });
    expect(fresh.statusCode).toBe(200);
    expect(await findSession(db(), p.session_id)).toMatchObject({ media_session_id: 'mtx-second' });
    await stopAll();
  });
});

describe('user_time_out stops an idle viewer', () => {
  it('activity reported with the heartbeat keeps a long viewing; no activity for user_time_out minutes ends it (IDLE)', async () => {
    await db()('location_settings').where({ location_id: s.X }).update({ user_time_out: 5 });
    const p = await play();
    expect(p).toMatchObject({ status: true, idle_minutes: 5, live_until: null });
    const ago = (min: number) => new Date(Date.now() - min * 60_000);
    // Watching for an hour, active a moment ago: no cap on the viewing itself.
    await db()('camera_watch_sessions')
      .where({ id: p.session_id })
      .update({ started_at: ago(60), last_activity_at: ago(1) });
    expect(await beat(p.session_id, false)).toMatchObject({ status: true });
    expect(await sweep()).toMatchObject({ ended: 0 });
    // Inactive for 10 minutes, but the viewer touches the page now: still playing.
    await db()('camera_watch_sessions')
      .where({ id: p.session_id })
      .update({ last_activity_at: ago(10) });
    expect(await beat(p.session_id, true)).toMatchObject({ status: true });
    expect((await findSession(db(), p.session_id))?.last_activity_at?.getTime()).toBeGreaterThan(Date.now() - 10_000);
    // No activity for 6 minutes while the heartbeat goes on (a hidden tab, a phone on the table): ended.
    await db()('camera_watch_sessions')
      .where({ id: p.session_id })
      .update({ last_activity_at: ago(6) });
    expect(await beat(p.session_id, false)).toMatchObject({ status: false, reason: 'IDLE' });

    // The sweep does the same for a player that still beats without activity.
    const p2 = await play();
    await db()('camera_watch_sessions')
      .where({ id: p2.session_id })
      .update({ last_activity_at: ago(6), started_at: ago(6) });
    expect(await sweep()).toMatchObject({ ended: 1 });
    expect(await findSession(db(), p2.session_id)).toMatchObject({ ended_reason: 'IDLE' });
    await db()('location_settings').where({ location_id: s.X }).update({ user_time_out: null });
  });

  it('the answer says when the schedule stops the viewing', async () => {
    const tz = 'America/Chicago';
    const today = new Intl.DateTimeFormat('en-US', { timeZone: tz, weekday: 'long' }).format(new Date()).toLowerCase();
    const [sch] = await db()('schedules').insert({ location_id: s.X, name: 'Today' }).returning('id');
    await db()('schedule_dates').insert({ schedule_id: sch.id, day: today, start_time: '00:00', end_time: '00:00' });
    await db()('cameras').where({ id: cam }).update({ schedule_id: sch.id });
    const p = await play();
    expect(p.status).toBe(true);
    // The end of today, local time: within a day, on a minute.
    const until = Date.parse(p.live_until);
    expect(until).toBeGreaterThan(Date.now());
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(localDate(new Date(until), tz)).not.toBe(localDate(new Date(), tz));
    await db()('cameras').where({ id: cam }).update({ schedule_id: null });
    await stopAll();
  });
});

describe('MediaMTX JWT mode: the sweep kicks sessions of ended viewings', () => {
  let mtx: FastifyInstance;
  const kicked: string[] = [];
  const auths: (string | undefined)[] = [];
  let items: { id: string; path: string; remoteAddr: string; query: string }[] = [];

  beforeAll(async () => {
    mtx = Fastify();
    mtx.get('/v3/hlssessions/list', async (req) => {
      auths.push(req.headers.authorization);
      // Two items a page, whatever was asked: the sweep must follow pageCount.
      const page = Number((req.query as { page?: string }).page ?? 0);
      return { itemCount: items.length, pageCount: Math.ceil(items.length / 2), items: items.slice(page * 2, page * 2 + 2) };
    });
    mtx.post('/v3/hlssessions/kick/:id', async (req) => {
      auths.push(req.headers.authorization);
      kicked.push((req.params as { id: string }).id);
      return { status: 'ok' };
    });
    await mtx.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => mtx.close());

  it('lists every page, matches sessions by the token’s sid (ours, this centre) and kicks only ended ones', async () => {
    const address = mtx.server.address() as { port: number };
    const created = await q(
      'mutation($l: ID!, $api: String!) { createStream(name: "MTX JWT", type: "mediamtx", base_url: "https://media.example.test", api_url: $api, secret: "api:pass", location_id: $l) { stream { id } } }',
      { l: s.X, api: `http://127.0.0.1:${address.port}` },
      s.tokens.mgrX,
    );
    expect(created.data?.createStream.stream.id).toBeTruthy();
    const ended = await play();
    await q(STOP, { s: ended.session_id }, s.tokens.parent);
    const live = await play();
    const keys = await mediaKeys();
    const claims = { sub: s.ids.parent, tid: A().entry.id, cam, path: 'room1' };
    const expiredOfEnded = await signPlaybackToken(keys, { ...claims, sid: ended.session_id }, -5);
    const otherCentre = await signPlaybackToken(keys, { ...claims, tid: B().entry.id, sid: ended.session_id });
    const forged = await signPlaybackToken(await createMediaKeys('not-our-key'), { ...claims, sid: ended.session_id });
    const item = (id: string, query: string) => ({ id, path: 'room1', remoteAddr: '203.0.113.9:5000', query });
    items = [
      item('live-1', `token=${live.embed_code.token}`),
      item('ended-1', `token=${ended.embed_code.token}`),
      item('ended-2', `jwt=${expiredOfEnded.token}`),
      item('other-centre', `token=${otherCentre.token}`),
      item('forged', `token=${forged.token}`),
      item('no-token', ''),
    ];
    const r = await sweep();
    expect(r).toEqual({ checked: 1, ended: 0, kicked: 2 });
    expect(kicked.sort()).toEqual(['ended-1', 'ended-2']);
    expect(new Set(auths)).toEqual(new Set([`Basic ${Buffer.from('api:pass').toString('base64')}`]));
    // 6 items, 2 a page: 3 list calls, then 2 kicks.
    expect(auths).toHaveLength(5);

    // The live viewing ends (the player closed): the next sweep kicks it too.
    await q(STOP, { s: live.session_id }, s.tokens.parent);
    kicked.length = 0;
    items = items.filter((i) => !i.id.startsWith('ended'));
    expect(await sweep()).toMatchObject({ kicked: 1 });
    expect(kicked).toEqual(['live-1']);
  });
});
