import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, gql, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, seedStudent, setupCentre, type Setup } from '../locations/test-fixtures.ts';
import { clipSource } from './dev-origin/index.ts';
import { mediaKeys, signPlaybackToken } from './media-tokens.ts';
import { sweepSessions } from './service/sweep.ts';
import { kickMedia } from './media-server.ts';
import { findSession } from './repo.ts';
import { localDate } from './rules.ts';

let h: Harness;
let s: Setup;
const A = () => h.centres[0]!;
const B = () => h.centres[1]!;
const db = () => A().db.db;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => gql(h.app, A().host, doc, vars, token);
const AUTH_SECRET = 'dev-only-media-auth-secret';
const SECRET_KEY = 'dev-only-media-secret-key-0123456789abcdef';
const sweep = async (now?: Date) => sweepSessions(db(), { secretKey: SECRET_KEY, tenantId: A().entry.id, keys: await mediaKeys(), now });

let room1: string, room2: string, kid: string, cam1: string, cam2: string, camY: string, camGroup: string;

const PLAY =
  'mutation($id: ID!, $code: String, $l: ID) { playCamera(id: $id, code: $code, location: $l) { status message reason session_id remaining_logins embed_code { url type token width height fullscreen watermark heartbeat_seconds test_mode } } }';
const HEART = 'mutation($s: ID!) { cameraHeartbeat(session_id: $s) { status reason message seconds } }';
const STOP = 'mutation($s: ID!) { stopCameraSession(session_id: $s) { status seconds } }';

async function play(id: string, token = s.tokens.parent, extra: Record<string, unknown> = {}) {
  const r = await q(PLAY, { id, ...extra }, token);
  if (!r.data) throw new Error(r.body);
  return r.data.playCamera as Record<string, any>;
}
async function checkIn(studentId = kid) {
  await db()('attendances').insert({
    student_id: studentId,
    location_id: s.X,
    date: localDate(new Date(), 'America/Chicago'),
    start_time: new Date(Date.now() - 60_000),
    check_in_method: 'staff',
  });
}
async function checkOut(studentId = kid) {
  await db()('attendances').where({ student_id: studentId }).whereNull('end_time').update({ end_time: new Date() });
}
async function stopAll() {
  await db()('camera_watch_sessions').whereNull('ended_at').update({ ended_at: new Date(), ended_reason: 'TEST' });
}
async function mediaAuth(body: Record<string, unknown>, host = A().host, secret: string | null = AUTH_SECRET) {
  return h.app.inject({
    method: 'POST',
    url: `/internal/media-auth${secret ? `?secret=${secret}` : ''}`,
    headers: { host, 'content-type': 'application/json' },
    payload: body,
  });
}

beforeAll(async () => {
  h = await createHarness({ devOrigin: clipSource() });
  s = await setupCentre(h, A());
  const [r1, r2] = await db()('programs')
    .insert([
      { name: 'Toddlers', location_id: s.X },
      { name: 'Pre-K', location_id: s.X },
    ])
    .returning('id');
  room1 = String(r1.id);
  room2 = String(r2.id);
  kid = String((await db()('student_users').where({ user_id: s.ids.parent }).first('student_id')).student_id);
  await db()('students').where({ id: kid }).update({ program_id: room1 });
  const cams = await db()('cameras')
    .insert([
      { location_id: s.X, name: 'Toddlers cam', code: 'room1', color_code: '#111111', program_id: room1 },
      { location_id: s.X, name: 'Pre-K cam', code: 'room2', color_code: '#222222', program_id: room2 },
      { location_id: s.Y, name: 'Y cam', code: 'ycam', color_code: '#333333' },
      { location_id: s.X, name: 'Yard', code: 'yard', color_code: '#444444' },
    ])
    .returning('id');
  [cam1, cam2, camY, camGroup] = cams.map((c) => String(c.id)) as [string, string, string, string];
  await db()('location_settings').insert({ location_id: s.X });
  await checkIn();
});
afterAll(() => h.close());

describe('playCamera: the rules, on the server', () => {
  it('a checked-in child’s guardian watches the child’s room: a token URL on the dev origin and the player settings', async () => {
    const p = await play(cam1);
    expect(p).toMatchObject({
      status: true,
      reason: null,
      remaining_logins: null,
      embed_code: { type: 'dev', width: 640, height: 360, fullscreen: false, watermark: true, heartbeat_seconds: 15, test_mode: false },
    });
    expect(p.embed_code.url).toMatch(/^\/media\/room1\/index\.m3u8\?token=[\w.-]+$/);
    const row = await findSession(db(), p.session_id);
    expect(row).toMatchObject({ user_id: s.ids.parent, student_id: kid, camera_id: cam1, location_id: s.X, counted: true, ended_at: null });
    expect((await db()('audit_log').where({ action: 'camera.session.start', entity_id: cam1 }).first('data'))?.data).toMatchObject({
      session_id: p.session_id,
    });
    // Opening it again continues the same session.
    expect((await play(cam1)).session_id).toBe(p.session_id);
    await stopAll();
  });

  it('another room, another location, a wrong code and an unknown camera are refused with their reason', async () => {
    expect(await play(cam2)).toMatchObject({
      status: false,
      reason: 'NOT_LINKED',
      embed_code: null,
      message: expect.stringMatching(/linked/),
    });
    expect(await play(camY)).toMatchObject({ status: false, reason: 'NOT_LINKED' });
    expect(await play(cam1, s.tokens.parent, { code: 'room2' })).toMatchObject({ status: false, reason: 'CAMERA_NOT_FOUND' });
    expect(await play(cam1, s.tokens.parent, { l: s.Y })).toMatchObject({ status: false, reason: 'CAMERA_NOT_FOUND' });
    expect(await play('999999')).toMatchObject({ status: false, reason: 'CAMERA_NOT_FOUND' });
    expect(await db()('audit_log').where({ action: 'camera.refused', entity_id: cam2 }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('room change: the child moves to Pre-K and the cameras follow; the own-camera list and camera groups link too', async () => {
    await db()('students').where({ id: kid }).update({ program_id: room2 });
    expect(await play(cam1)).toMatchObject({ reason: 'NOT_LINKED' });
    expect(await play(cam2)).toMatchObject({ status: true });
    await db()('students').where({ id: kid }).update({ program_id: room1 });
    expect(await play(camGroup)).toMatchObject({ reason: 'NOT_LINKED' });
    await db()('student_cameras').insert({ student_id: kid, camera_id: camGroup });
    expect(await play(camGroup)).toMatchObject({ status: true });
    await db()('student_cameras').where({ student_id: kid }).del();
    const [g] = await db()('camera_groups').insert({ location_id: s.X, name: 'Outdoor' }).returning('id');
    await db()('camera_group_cameras').insert({ camera_group_id: g.id, camera_id: camGroup });
    await db()('programs').where({ id: room1 }).update({ camera_group_id: g.id });
    expect(await play(camGroup)).toMatchObject({ status: true });
    await stopAll();
  });

  it('checked out, black-listed, no camera permission, camera off, outside the schedule', async () => {
    await checkOut();
    expect(await play(cam1)).toMatchObject({ reason: 'NOT_CHECKED_IN', message: expect.stringMatching(/checked in/) });
    await db()('location_settings').where({ location_id: s.X }).update({ camera_only_checked_in: false });
    expect(await play(cam1)).toMatchObject({ status: true });
    await db()('location_settings').where({ location_id: s.X }).update({ camera_only_checked_in: true });
    await checkIn();
    await stopAll();

    await db()('student_users').where({ student_id: kid, user_id: s.ids.parent }).update({ black_list: true });
    expect(await play(cam1)).toMatchObject({ reason: 'BLACK_LISTED' });
    await db()('student_users').where({ student_id: kid, user_id: s.ids.parent }).update({ black_list: false, watch_camera: false });
    expect(await play(cam1)).toMatchObject({ reason: 'NO_CAMERA_PERMISSION' });
    await db()('student_users').where({ student_id: kid, user_id: s.ids.parent }).update({ watch_camera: true });
    await db()('cameras').where({ id: cam1 }).update({ status: false });
    expect(await play(cam1)).toMatchObject({ reason: 'CAMERA_OFF' });
    await db()('cameras').where({ id: cam1 }).update({ status: true });

    // A schedule on a day that is not today (in the location's time zone) → outside.
    const today = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', weekday: 'long' }).format(new Date()).toLowerCase();
    const other = today === 'monday' ? 'tuesday' : 'monday';
    const [sch] = await db()('schedules').insert({ location_id: s.X, name: 'Weekday' }).returning('id');
    await db()('schedule_dates').insert({ schedule_id: sch.id, day: other, start_time: '00:00', end_time: '00:00' });
    await db()('cameras').where({ id: cam1 }).update({ schedule_id: sch.id });
    expect(await play(cam1)).toMatchObject({ reason: 'OUTSIDE_SCHEDULE' });
    await db()('schedule_dates').insert({ schedule_id: sch.id, day: today, start_time: '00:00', end_time: '00:00' });
    expect(await play(cam1)).toMatchObject({ status: true });
    await db()('cameras').where({ id: cam1 }).update({ schedule_id: null });
    await stopAll();
  });

  it('the grid and the child’s cameras list every camera with why not', async () => {
    const g = await q('{ playCameraGridView { status tiles { camera { id code } can_play reason } } }', {}, s.tokens.parent);
    const tiles = g.data?.playCameraGridView.tiles as { camera: { id: string }; can_play: boolean; reason: string | null }[];
    expect(tiles.find((t) => t.camera.id === cam1)).toMatchObject({ can_play: true });
    expect(tiles.find((t) => t.camera.id === cam2)).toBeUndefined();
    const sc = await q(
      'query($id: ID!) { getStudentCameras(student_id: $id) { camera { id } can_play reason } }',
      { id: kid },
      s.tokens.parent,
    );
    expect(sc.data?.getStudentCameras.map((t: { camera: { id: string } }) => t.camera.id).sort()).toEqual([cam1, camGroup].sort());
    const other = await seedStudent(A(), s.X);
    expect(code(await q('query($id: ID!) { getStudentCameras(student_id: $id) { can_play } }', { id: other }, s.tokens.parent))).toBe(
      'NOT_FOUND',
    );
    const online = await q('{ getOnlineCameras { camera { id } viewers } }', {}, s.tokens.teacher);
    expect(online.data?.getOnlineCameras.map((t: { camera: { id: string } }) => t.camera.id)).toContain(cam1);
    expect(online.data?.getOnlineCameras.map((t: { camera: { id: string } }) => t.camera.id)).not.toContain(camY);
  });

  it('staff watch by location scope, without counting logins', async () => {
    expect(await play(cam2, s.tokens.teacher)).toMatchObject({ status: true });
    expect(await play(camY, s.tokens.teacher)).toMatchObject({ status: false, reason: 'CAMERA_NOT_FOUND' });
    expect(await play(camY, s.tokens.mgrY)).toMatchObject({ status: true });
    expect(code(await q(PLAY, { id: cam1 }, s.tokens.blog))).toBe('FORBIDDEN');
    expect(await db()('camera_watch_sessions').whereNull('ended_at').where({ counted: true }).count({ n: '*' })).toEqual([{ n: '0' }]);
    await stopAll();
  });
});

describe('daily logins', () => {
  it('the limit counts visits; createCameraWatchTimeReport, checkRemainingLogins, reset and update', async () => {
    await db()('camera_daily_logins').del();
    await db()('location_settings').where({ location_id: s.X }).update({ enable_max_login_feature: true, max_daily_logins: 1 });
    const first = await play(cam1);
    expect(first).toMatchObject({ status: true, remaining_logins: 0 });
    // Another camera during the same visit does not count.
    expect(await play(camGroup)).toMatchObject({ status: true, remaining_logins: 0 });
    await stopAll();
    const rep = await q(
      'mutation($c: ID!) { createCameraWatchTimeReport(camera_id: $c) { limit_over is_counter remaining_logins } }',
      { c: cam1 },
      s.tokens.parent,
    );
    expect(rep.data?.createCameraWatchTimeReport).toEqual({ limit_over: true, is_counter: true, remaining_logins: 0 });
    expect(await play(cam1)).toMatchObject({ status: false, reason: 'LOGIN_LIMIT' });
    const left = await q('{ checkRemainingLogins { location_id enabled limit used remaining } }', {}, s.tokens.parent);
    expect(left.data?.checkRemainingLogins).toEqual([{ location_id: s.X, enabled: true, limit: 1, used: 1, remaining: 0 }]);

    // The manager raises today's limit (people module) → one more login.
    await db()('user_settings').insert({
      user_id: s.ids.parent,
      extra_camera_logins: 1,
      extra_camera_logins_on: new Date().toISOString().slice(0, 10),
    });
    expect(await play(cam1)).toMatchObject({ status: true, remaining_logins: 0 });
    await stopAll();
    await db()('user_settings').where({ user_id: s.ids.parent }).del();

    expect(code(await q('mutation($u: ID!) { resetUserLogins(user_id: $u) { status } }', { u: s.ids.parent }, s.tokens.mgrY))).toBe(
      'NOT_FOUND',
    );
    expect(code(await q('mutation($u: ID!) { resetUserLogins(user_id: $u) { status } }', { u: s.ids.parent }, s.tokens.parent))).toBe(
      'FORBIDDEN',
    );
    const reset = await q(
      'mutation($u: ID!) { resetUserLogins(user_id: $u) { status logins { used remaining } } }',
      { u: s.ids.parent },
      s.tokens.mgrX,
    );
    expect(reset.data?.resetUserLogins).toEqual({ status: true, logins: { used: 0, remaining: 1 } });
    const upd = await q(
      'mutation($u: ID!) { updateUserLogins(user_id: $u, logins: 1) { logins { used remaining } } }',
      { u: s.ids.parent },
      s.tokens.mgrX,
    );
    expect(upd.data?.updateUserLogins.logins).toEqual({ used: 1, remaining: 0 });
    expect(await db()('audit_log').where({ action: 'camera.logins.reset', entity_id: s.ids.parent }).count({ n: '*' })).toEqual([
      { n: '1' },
    ]);
    await db()('location_settings').where({ location_id: s.X }).update({ enable_max_login_feature: false });
  });
});

describe('sessions: heartbeat, stop, the sweep', () => {
  it('the heartbeat keeps a session and ends it when the child is checked out', async () => {
    const p = await play(cam1);
    const hb = await q(HEART, { s: p.session_id }, s.tokens.parent);
    expect(hb.data?.cameraHeartbeat).toMatchObject({ status: true });
    expect(code(await q(HEART, { s: p.session_id }, s.tokens.teacher))).toBe('NOT_FOUND');
    await checkOut();
    const end = await q('mutation($s: ID!) { addLoginTime(session_id: $s) { status reason } }', { s: p.session_id }, s.tokens.parent);
    expect(end.data?.addLoginTime).toEqual({ status: false, reason: 'NOT_CHECKED_IN' });
    expect(await findSession(db(), p.session_id)).toMatchObject({ ended_reason: 'NOT_CHECKED_IN', ended_at: expect.any(Date) });
    await checkIn();
    const p2 = await play(cam1);
    expect((await q(STOP, { s: p2.session_id }, s.tokens.parent)).data?.stopCameraSession.status).toBe(true);
    expect(await findSession(db(), p2.session_id)).toMatchObject({ ended_reason: 'CLOSED' });
    expect(
      await db()('audit_log')
        .where({ action: 'camera.session.end' })
        .whereRaw("data->>'session_id' = ?", [p2.session_id])
        .count({ n: '*' }),
    ).toEqual([{ n: '1' }]);
  });

  it('the sweep ends sessions of a black-listed contact, a silent player and a schedule end; MediaMTX sessions are kicked', async () => {
    const p = await play(cam1);
    const t = await play(cam2, s.tokens.teacher);
    await db()('student_users').where({ student_id: kid, user_id: s.ids.parent }).update({ black_list: true });
    expect(await sweep()).toEqual({ checked: 2, ended: 1, kicked: 0 });
    expect(await findSession(db(), p.session_id)).toMatchObject({ ended_reason: 'BLACK_LISTED' });
    await db()('student_users').where({ student_id: kid, user_id: s.ids.parent }).update({ black_list: false });
    // No heartbeat for 3 minutes → the player was closed.
    expect(await sweep(new Date(Date.now() + 180_000))).toEqual({ checked: 1, ended: 1, kicked: 0 });
    expect(await findSession(db(), t.session_id)).toMatchObject({ ended_reason: 'PLAYER_CLOSED' });
  });

  it('kickMedia calls MediaMTX’s kick API with the decrypted secret', async () => {
    const create = await q(
      'mutation($l: ID!) { createStream(name: "MTX", type: "mediamtx", base_url: "https://media.example.test", api_url: "http://mtx.internal:9997", secret: "api:pass", location_id: $l) { stream { id has_secret } } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    const serverId = create.data?.createStream.stream.id;
    const p = await play(cam1);
    await db()('camera_watch_sessions').where({ id: p.session_id }).update({ streaming_server_id: serverId, media_session_id: 'abc-123' });
    const calls: { url: string; auth: string }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      calls.push({ url, auth: (init.headers as Record<string, string>).authorization! });
      return new Response('', { status: 200 });
    }) as unknown as typeof fetch;
    const ended = await db()('camera_watch_sessions').where({ id: p.session_id }).update({ ended_at: new Date() }).returning('*');
    expect(await kickMedia(db(), ended, SECRET_KEY, fake)).toBe(1);
    expect(calls).toEqual([
      { url: 'http://mtx.internal:9997/v3/hlssessions/kick/abc-123', auth: `Basic ${Buffer.from('api:pass').toString('base64')}` },
    ]);
    await db()('streaming_servers').where({ id: serverId }).del();
  });
});

describe('the media auth callback and the dev origin', () => {
  it('MediaMTX’s callback: allows the token’s camera; refuses a wrong camera, a wrong centre, an expired token, a closed session, no secret', async () => {
    const p = await play(cam1);
    const token = p.embed_code.token as string;
    const ok = await mediaAuth({
      user: '',
      password: '',
      token,
      ip: '10.0.0.1',
      action: 'read',
      path: 'room1',
      protocol: 'hls',
      id: 'mtx-1',
      query: '',
    });
    expect(ok.statusCode).toBe(200);
    expect(await findSession(db(), p.session_id)).toMatchObject({ media_session_id: 'mtx-1' });
    // The token in the query string (hls.js ?token=) works too, for the same MediaMTX session.
    expect((await mediaAuth({ action: 'read', path: 'room1', id: 'mtx-1', query: `token=${token}` })).statusCode).toBe(200);
    const wrongCam = await mediaAuth({ action: 'read', path: 'room2', token });
    expect([wrongCam.statusCode, wrongCam.json().code]).toEqual([401, 'WRONG_CAMERA']);
    const wrongCentre = await mediaAuth({ action: 'read', path: 'room1', token }, B().host);
    expect([wrongCentre.statusCode, wrongCentre.json().code]).toEqual([401, 'WRONG_CENTRE']);
    expect((await mediaAuth({ action: 'read', path: 'room1', token }, A().host, null)).json().code).toBe('BAD_SECRET');
    expect((await mediaAuth({ action: 'read', path: 'room1', token }, A().host, 'wrong')).json().code).toBe('BAD_SECRET');
    expect((await mediaAuth({ action: 'publish', path: 'room1', token })).json().code).toBe('ACTION_NOT_ALLOWED');
    expect((await mediaAuth({ action: 'read', path: 'room1' })).json().code).toBe('NO_TOKEN');
    const keys = await mediaKeys();
    const expired = await signPlaybackToken(
      keys,
      { sub: s.ids.parent, tid: A().entry.id, cam: cam1, sid: p.session_id, path: 'room1' },
      -5,
    );
    expect((await mediaAuth({ action: 'read', path: 'room1', token: expired.token })).json().code).toBe('BAD_TOKEN');
    // Another viewer's session id in a forged-but-signed token is still refused (bound to sub).
    const other = await signPlaybackToken(keys, { sub: s.ids.teacher, tid: A().entry.id, cam: cam1, sid: p.session_id, path: 'room1' });
    expect((await mediaAuth({ action: 'read', path: 'room1', token: other.token })).json().code).toBe('WRONG_CAMERA');
    await q(STOP, { s: p.session_id }, s.tokens.parent);
    expect((await mediaAuth({ action: 'read', path: 'room1', token })).json().code).toBe('SESSION_CLOSED');
  });

  it('the JWKS publishes the Ed25519 key that verifies the playback token', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/.well-known/jwks.json', headers: { host: A().host } });
    expect(r.statusCode).toBe(200);
    const { keys } = r.json();
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: expect.any(String) });
    expect(keys[0].d).toBeUndefined();
  });

  it('the dev origin serves HLS behind the token, then the session secret; a copied URL without a valid token is 401; ending the session stops it', async () => {
    const p = await play(cam1);
    const get = (url: string, host = A().host, ua?: string) =>
      h.app.inject({ method: 'GET', url, headers: { host, ...(ua ? { 'user-agent': ua } : {}) } });
    const master = await get(p.embed_code.url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('mpegurl');
    const live = master.body.split('\n').find((l) => l.startsWith('live.m3u8'))!;
    const media = await get(`/media/room1/${live}`);
    expect(media.statusCode).toBe(200);
    expect(media.body).toContain('#EXT-X-PROGRAM-DATE-TIME:');
    const seg = media.body.split('\n').find((l) => /\.m2ts\?ms=/.test(l))!;
    const bytes = await get(`/media/room1/${seg}`);
    expect([bytes.statusCode, bytes.headers['content-type'], bytes.rawPayload[0]]).toEqual([200, 'video/mp2t', 0x47]);
    expect((await get('/media/room1/index.m3u8')).statusCode).toBe(401);
    // The token opened the stream once; the copied URL (even within 60 s) and another browser are refused.
    const again = await get(p.embed_code.url);
    expect([again.statusCode, again.json().code]).toEqual([401, 'TOKEN_USED']);
    expect((await get(`/media/room1/${live}`, A().host, 'Another browser')).statusCode).toBe(401);
    // Opening the camera again issues a new token; the older one no longer opens it.
    const p2 = await play(cam1);
    expect(p2.session_id).toBe(p.session_id);
    expect((await mediaAuth({ action: 'read', path: 'room1', token: p.embed_code.token })).json().code).toBe('TOKEN_USED');
    expect((await mediaAuth({ action: 'read', path: 'room1', token: p2.embed_code.token })).statusCode).toBe(200);
    expect((await get(`/media/room1/index.m3u8?token=${p.embed_code.token}x`)).statusCode).toBe(401);
    expect((await get(p.embed_code.url.replace('/room1/', '/room2/'))).statusCode).toBe(401);
    expect((await get(p.embed_code.url, B().host)).statusCode).toBe(401);
    expect((await get(`/media/room1/${live}`, B().host)).statusCode).toBe(401);
    expect((await get(`/media/room1/${seg.replace(/ms=\d+/, 'ms=1')}`)).statusCode).toBe(401);
    await q(STOP, { s: p.session_id }, s.tokens.parent);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await get(`/media/room1/${live}`)).statusCode).toBe(401);
    expect((await get(p.embed_code.url)).statusCode).toBe(401);
  });
});

describe('reports', () => {
  it('managers see watch time, logins and live sessions of their locations only', async () => {
    const p = await play(cam1);
    const wt = await q(
      'query($l: ID) { getCameraWatchTime(location_id: $l) { data { user_name student_name camera_name seconds ip ended_reason } paginatorInfo { total } total_seconds from to } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    expect(wt.data?.getCameraWatchTime.paginatorInfo.total).toBeGreaterThan(3);
    expect(wt.data?.getCameraWatchTime.data[0]).toMatchObject({
      user_name: 'parent Tester',
      student_name: 'Kid Tester',
      camera_name: 'Toddlers cam',
      ended_reason: null,
    });
    const week = await q(
      'query($l: ID, $w: String) { getCameraWatchTime(location_id: $l, week: $w) { from to } }',
      { l: s.X, w: '2026-11-26' },
      s.tokens.mgrX,
    );
    expect(week.data?.getCameraWatchTime).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(
      code(
        await q(
          'query($l: ID) { getCameraWatchTime(location_id: $l, from: "2026-11-23", to: "2026-11-01") { from } }',
          { l: s.X },
          s.tokens.mgrX,
        ),
      ),
    ).toBe('BAD_USER_INPUT');
    const live = await q(
      'query($l: ID) { getCamerasBeingWatched(location_id: $l) { data { id camera_name user_name } } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    expect(live.data?.getCamerasBeingWatched.data.map((r: { id: string }) => r.id)).toContain(p.session_id);
    const onlineY = await q('{ getOnlineContacts { data { id } } }', {}, s.tokens.mgrY);
    expect(onlineY.data?.getOnlineContacts.data.map((r: { id: string }) => r.id)).not.toContain(p.session_id);
    const logins = await q(
      'query($l: ID) { getDailyCameraLogins(location_id: $l) { data { user_name logins date } } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    expect(logins.data?.getDailyCameraLogins.data[0]).toMatchObject({ user_name: 'parent Tester' });
    expect(code(await q('query($l: ID) { getCameraWatchTime(location_id: $l) { from } }', { l: s.X }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await q('{ getCameraWatchTime { from } }', {}, s.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await q('{ getCameraWatchTime { from } }', {}, s.tokens.teacher))).toBe('FORBIDDEN');
    await stopAll();
  });
  it('login and watch-time reports: per contact, with today’s limit, scoped to managed locations', async () => {
    const p = await play(cam1);
    const lr = await q(
      'query($l: ID) { getLoginReport(location_id: $l) { data { user_name logins days sessions seconds last_watched_at today { used limit remaining enabled date } } paginatorInfo { total } total_logins from to } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    const row = lr.data?.getLoginReport.data.find((r: { user_name: string }) => r.user_name === 'parent Tester');
    expect(row).toBeTruthy();
    expect(row.sessions).toBeGreaterThan(0);
    expect(row.today.date).toBe(localDate(new Date(), 'America/Chicago'));
    expect(lr.data?.getLoginReport.from).toBe(localDate(new Date(), 'America/Chicago'));
    expect(row.today.used).toBe(row.logins);
    expect(lr.data?.getLoginReport.total_logins).toBeGreaterThanOrEqual(row.logins);
    const wt = await q(
      'query($l: ID) { getWatchTimeReport(location_id: $l) { data { user_name date sessions cameras seconds live } total_seconds paginatorInfo { total } } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    const mine = wt.data?.getWatchTimeReport.data.find((r: { user_name: string }) => r.user_name === 'parent Tester');
    expect(mine).toMatchObject({ live: true, date: localDate(new Date(), 'America/Chicago') });
    expect(mine.sessions).toBeGreaterThan(0);
    expect(wt.data?.getWatchTimeReport.total_seconds).toBeGreaterThanOrEqual(mine.seconds);
    // mgrY watched camY earlier in this file: Y's reports hold that session, never X's parent.
    const other = await q(
      '{ getWatchTimeReport { data { user_name } } getLoginReport { data { user_name location_id } } }',
      {},
      s.tokens.mgrY,
    );
    const names = (rows: { user_name: string }[]) => rows.map((r) => r.user_name);
    expect(names(other.data?.getWatchTimeReport.data)).not.toContain('parent Tester');
    expect(names(other.data?.getLoginReport.data)).not.toContain('parent Tester');
    for (const r of other.data?.getLoginReport.data ?? []) expect(r.location_id).toBe(s.Y);
    expect(code(await q('query($l: ID) { getLoginReport(location_id: $l) { from } }', { l: s.X }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await q('{ getWatchTimeReport { from } }', {}, s.tokens.parent))).toBe('FORBIDDEN');
    await q(STOP, { s: p.session_id }, s.tokens.parent);
    await stopAll();
  });
});

describe('cross-centre', () => {
  it('centre B sees none of centre A’s sessions, and A’s token does not play on B', async () => {
    await seedUser(B(), { username: 'bowner', role: 'center' });
    const tb = (await signIn(h.app, B().host, 'bowner')).token;
    const r = await gql(
      h.app,
      B().host,
      '{ getCameraWatchTime { paginatorInfo { total } } getCamerasBeingWatched { paginatorInfo { total } } }',
      {},
      tb,
    );
    const rb = await gql(
      h.app,
      B().host,
      '{ getLoginReport { paginatorInfo { total } } getWatchTimeReport { paginatorInfo { total } } }',
      {},
      tb,
    );
    expect(rb.data).toEqual({ getLoginReport: { paginatorInfo: { total: 0 } }, getWatchTimeReport: { paginatorInfo: { total: 0 } } });
    expect(r.data).toEqual({
      getCameraWatchTime: { paginatorInfo: { total: 0 } },
      getCamerasBeingWatched: { paginatorInfo: { total: 0 } },
    });
    const pb = await gql(h.app, B().host, PLAY, { id: cam1 }, tb);
    expect(pb.data?.playCamera).toMatchObject({ status: false, reason: 'CAMERA_NOT_FOUND' });
    expect((await gql(h.app, B().host, PLAY, { id: cam1 }, s.tokens.parent)).statusCode).toBe(401);
  });
});
