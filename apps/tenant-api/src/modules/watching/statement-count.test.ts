import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipSource } from './dev-origin/index.ts';
import { createHarness, gql, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { seedStudent, setupCentre, type Setup } from '../locations/test-fixtures.ts';
import { localDate } from './rules.ts';

/**
 * The morning rush: parents read their cameras at twice the check-in rate and the server is bound
 * by statements, so the common paths answer in a fixed number of them, whatever the number of
 * children and cameras (the viewer lookup of the auth hook included).
 */
let h: Harness;
let s: Setup;
const A = () => h.centres[0]!;
const db = () => A().db.db;
const q = (doc: string, vars: Record<string, unknown>, token: string) => gql(h.app, A().host, doc, vars, token);

const GRID = '{ playCameraGridView { status tiles { can_play reason camera { id name } } } }';
const PLAY = 'mutation($id: ID!) { playCamera(id: $id) { status reason session_id embed_code { url } } }';
const STUDENT = 'query($id: ID!) { getStudentCameras(student_id: $id) { can_play reason camera { id } } }';
const ONLINE = '{ getOnlineCameras { can_play camera { id } viewers } }';

interface Family {
  token: string;
  kids: string[];
  cameras: string[];
}
let small: Family;
let large: Family;

/** Every SQL statement the app sends to centre A while `run` runs. */
async function statements(run: () => Promise<unknown>): Promise<string[]> {
  const pool = h.deps.pools.get(A().entry.id, A().url);
  const seen: string[] = [];
  const onQuery = (x: { sql: string }) => void seen.push(x.sql);
  pool.on('query', onQuery);
  try {
    await run();
  } finally {
    pool.off('query', onQuery);
  }
  return seen;
}

/**
 * A parent with `children` checked-in children at X, each linked to two cameras: its room's
 * camera, and one through its own camera list (the first child) or the room's camera group.
 */
async function family(name: string, children: number): Promise<Family> {
  const parent = await seedUser(A(), { username: name, role: 'user' });
  const out: Family = { token: (await signIn(h.app, A().host, name)).token, kids: [], cameras: [] };
  for (let i = 0; i < children; i++) {
    const [group] = await db()('camera_groups')
      .insert({ location_id: s.X, name: `${name} group ${i}` })
      .returning('id');
    const [room] = await db()('programs')
      .insert({ name: `${name} room ${i}`, location_id: s.X, camera_group_id: group.id })
      .returning('id');
    const [roomCam, extraCam] = await db()('cameras')
      .insert(
        [0, 1].map((k) => ({
          location_id: s.X,
          name: `${name} cam ${i}.${k}`,
          code: `${name}-${i}-${k}`,
          color_code: `#${String(children * 100 + i * 10 + k).padStart(6, '0')}`,
          program_id: k === 0 ? room.id : null,
        })),
      )
      .returning('id');
    const kid = await seedStudent(A(), s.X, parent, { program_id: room.id });
    if (i === 0) await db()('student_cameras').insert({ student_id: kid, camera_id: extraCam.id });
    else await db()('camera_group_cameras').insert({ camera_group_id: group.id, camera_id: extraCam.id });
    await db()('attendances').insert({
      student_id: kid,
      location_id: s.X,
      date: localDate(new Date(), 'America/Chicago'),
      start_time: new Date(Date.now() - 60_000),
      check_in_method: 'staff',
    });
    out.kids.push(kid);
    out.cameras.push(String(roomCam.id), String(extraCam.id));
  }
  return out;
}

beforeAll(async () => {
  // The dev origin serves locations without a streaming server (and test mode).
  h = await createHarness({ devOrigin: clipSource() });
  s = await setupCentre(h, A());
  await db()('location_settings').insert({ location_id: s.X, enable_max_login_feature: true, max_daily_logins: 10 });
  small = await family('onechild', 1);
  large = await family('threechildren', 3);
});
afterAll(() => h.close());

describe('statements per request (the auth hook’s viewer lookup included)', () => {
  it('playCameraGridView: at most 3 statements, the same for 1 child / 2 cameras and 3 children / 6 cameras', async () => {
    const counts: number[] = [];
    for (const f of [small, large]) {
      let tiles: { can_play: boolean; camera: { id: string } }[] = [];
      const sql = await statements(async () => {
        tiles = (await q(GRID, {}, f.token)).data?.playCameraGridView.tiles;
      });
      expect(tiles.map((t) => t.camera.id).sort()).toEqual([...f.cameras].sort());
      expect(tiles.every((t) => t.can_play)).toBe(true);
      counts.push(sql.length);
    }
    expect(counts[0]).toBe(counts[1]);
    expect(counts[1]).toBeLessThanOrEqual(3);
  });

  it('playCamera: at most 4 statements with the session, its token, the login and the audit row written; reopening too', async () => {
    for (const f of [small, large]) {
      const plays: Record<string, any>[] = [];
      for (let i = 0; i < 2; i++) {
        const sql = await statements(async () => {
          plays.push((await q(PLAY, { id: f.cameras.at(-1) }, f.token)).data?.playCamera);
        });
        expect(sql.length).toBeLessThanOrEqual(4);
      }
      expect(plays[0]).toMatchObject({ status: true, reason: null, embed_code: { url: expect.stringContaining('token=') } });
      // The second play continues the session: no second login.
      expect(plays[1]!.session_id).toBe(plays[0]!.session_id);
      const session = await db()('camera_watch_sessions').where({ id: plays[0]!.session_id }).first('counted', 'token_jti', 'user_id');
      expect(session).toMatchObject({ counted: true, token_jti: expect.any(String) });
      const logins = await db()('camera_daily_logins').where({ user_id: session.user_id }).first('logins');
      expect(logins?.logins).toBe(1);
      expect(
        await db()('audit_log').where({ action: 'camera.session.start' }).whereRaw("data->>'session_id' = ?", [plays[0]!.session_id]),
      ).toHaveLength(1);
    }
    // Staff (the benchmark's manager): their location scope is one more statement.
    const sql = await statements(async () => {
      expect((await q(PLAY, { id: small.cameras[0] }, s.tokens.mgrX)).data?.playCamera).toMatchObject({ status: true });
    });
    expect(sql.length).toBeLessThanOrEqual(4);
  });

  it('getStudentCameras and getOnlineCameras: 2 statements for a parent, whatever the children', async () => {
    for (const f of [small, large]) {
      expect(await statements(() => q(STUDENT, { id: f.kids.at(-1) }, f.token))).toHaveLength(2);
      expect(await statements(() => q(ONLINE, {}, f.token))).toHaveLength(2);
    }
  });

  it('staff: the grid and the online cameras with viewer counts in 2 statements (the location scope comes with the session)', async () => {
    expect(await statements(() => q(GRID, {}, s.tokens.mgrX))).toHaveLength(2);
    const online = await statements(async () => {
      const r = await q(ONLINE, {}, s.tokens.mgrX);
      expect(r.data?.getOnlineCameras.length).toBe(small.cameras.length + large.cameras.length);
    });
    expect(online).toHaveLength(2);
  });
});
