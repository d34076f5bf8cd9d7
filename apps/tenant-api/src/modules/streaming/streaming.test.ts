import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '@kv/directory';
import { createHarness, gql, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, field, setupCentre, type Setup } from '../locations/test-fixtures.ts';
import { clipSource } from '../watching/index.ts';

let h: Harness;
let s: Setup;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => gql(h.app, A().host, doc, vars, token);
const KEY = 'dev-only-media-secret-key-0123456789abcdef';

const CREATE = `mutation($name: String!, $type: String!, $base: String!, $api: String, $secret: String, $l: ID, $d: Boolean) {
  createStream(name: $name, type: $type, base_url: $base, api_url: $api, secret: $secret, location_id: $l, is_default: $d) { status message stream { id name type base_url api_url has_secret location_id is_default status } } }`;
const LIST = 'query($l: ID) { getStreams(location_id: $l) { data { id name is_default location_id } paginatorInfo { total } } }';

beforeAll(async () => {
  // The dev origin serves locations without a streaming server (and test mode).
  h = await createHarness({ devOrigin: clipSource() });
  s = await setupCentre(h, A());
});
afterAll(() => h.close());

describe('streaming servers', () => {
  let mtx: string;
  it('a manager registers a MediaMTX server for their location; the secret is encrypted and never returned', async () => {
    const r = await q(
      CREATE,
      { name: 'MTX X', type: 'mediamtx', base: 'https://media.example.test/', api: 'http://mtx:9997', secret: 'api:pass', l: s.X, d: true },
      s.tokens.mgrX,
    );
    expect(r.data?.createStream).toMatchObject({
      status: true,
      stream: {
        name: 'MTX X',
        type: 'mediamtx',
        base_url: 'https://media.example.test',
        has_secret: true,
        location_id: s.X,
        is_default: true,
      },
    });
    mtx = r.data?.createStream.stream.id;
    const row = await A().db.db('streaming_servers').where({ id: mtx }).first('secret_enc');
    expect(row.secret_enc).not.toContain('api:pass');
    expect(decryptSecret(row.secret_enc, KEY)).toBe('api:pass');
    expect(await A().db.db('audit_log').where({ action: 'stream.create', entity_id: mtx }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('validation, centre-wide servers for the owner only, scope', async () => {
    expect(field(await q(CREATE, { name: 'x', type: 'rtmp', base: 'https://a', l: s.X }, s.tokens.mgrX))).toBe('type');
    expect(field(await q(CREATE, { name: 'x', type: 'hls_token', base: 'ftp://a', l: s.X }, s.tokens.mgrX))).toBe('base_url');
    expect(field(await q(CREATE, { name: 'x', type: 'mediamtx', base: 'https://a', api: 'http://b', l: s.X }, s.tokens.mgrX))).toBe(
      'secret',
    );
    expect(code(await q(CREATE, { name: 'Centre', type: 'dev', base: '/media' }, s.tokens.mgrX))).toBe('FORBIDDEN');
    expect(code(await q(CREATE, { name: 'Y', type: 'dev', base: '/media', l: s.Y }, s.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await q(CREATE, { name: 'Y', type: 'dev', base: '/media', l: s.X }, s.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await q(LIST, {}, s.tokens.parent))).toBe('FORBIDDEN');
    const dev = await q(CREATE, { name: 'Dev origin', type: 'dev', base: '/media', d: true }, s.tokens.owner);
    expect(dev.data?.createStream.stream).toMatchObject({ location_id: null, is_default: true });
    const listX = await q(LIST, {}, s.tokens.mgrX);
    expect(listX.data?.getStreams.data.map((r: { name: string }) => r.name)).toEqual(['Dev origin', 'MTX X']);
    const listY = await q(LIST, {}, s.tokens.mgrY);
    expect(listY.data?.getStreams.data.map((r: { name: string }) => r.name)).toEqual(['Dev origin']);
    expect(code(await q('mutation($id: ID!) { deleteStream(id: $id) { status } }', { id: mtx }, s.tokens.mgrY))).toBe('NOT_FOUND');
  });

  it('update, set default, delete', async () => {
    const other = await q(CREATE, { name: 'HLS X', type: 'hls_token', base: 'https://cdn.example.test', l: s.X }, s.tokens.mgrX);
    const id = other.data?.createStream.stream.id;
    const u = await q(
      'mutation($id: ID!) { updateStream(id: $id, name: "HLS X2", secret: "") { stream { name has_secret } } }',
      { id },
      s.tokens.mgrX,
    );
    expect(u.data?.updateStream.stream).toEqual({ name: 'HLS X2', has_secret: false });
    const d = await q('mutation($id: ID!) { setDefaultStream(id: $id) { stream { is_default } } }', { id }, s.tokens.mgrX);
    expect(d.data?.setDefaultStream.stream.is_default).toBe(true);
    const list = await q(LIST, { l: s.X }, s.tokens.mgrX);
    expect(
      list.data?.getStreams.data.filter((r: { is_default: boolean; location_id: string | null }) => r.is_default && r.location_id === s.X),
    ).toHaveLength(1);
    const del = await q('mutation($id: ID!) { deleteStream(id: $id) { status id } }', { id }, s.tokens.mgrX);
    expect(del.data?.deleteStream).toEqual({ status: true, id });
    expect((await q(LIST, { l: s.X }, s.tokens.mgrX)).data?.getStreams.paginatorInfo.total).toBe(2);
  });

  it('stream settings: server, watermark, heartbeat and "only while checked in" (default on)', async () => {
    const g = await q(
      'query($l: ID!) { getStreamSettings(location_id: $l) { streaming_server_id watermark heartbeat_seconds only_checked_in } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    expect(g.data?.getStreamSettings).toEqual({ streaming_server_id: null, watermark: true, heartbeat_seconds: 15, only_checked_in: true });
    const sv = await q(
      'mutation($l: ID!, $id: ID) { saveStreamSettings(location_id: $l, streaming_server_id: $id, watermark: false, only_checked_in: false) { status setting { streaming_server_id watermark only_checked_in } } }',
      { l: s.X, id: mtx },
      s.tokens.mgrX,
    );
    expect(sv.data?.saveStreamSettings).toEqual({
      status: true,
      setting: { streaming_server_id: mtx, watermark: false, only_checked_in: false },
    });
    expect(
      code(
        await q(
          'mutation($l: ID!, $id: ID) { saveStreamSettings(location_id: $l, streaming_server_id: $id) { status } }',
          { l: s.Y, id: mtx },
          s.tokens.owner,
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(
      code(
        await q('mutation($l: ID!) { saveStreamSettings(location_id: $l, heartbeat_seconds: 2) { status } }', { l: s.X }, s.tokens.mgrX),
      ),
    ).toBe('BAD_USER_INPUT');
  });

  it('playCamera uses the location’s server: base URL and type', async () => {
    const [cam] = await A()
      .db.db('cameras')
      .insert({ location_id: s.X, name: 'Cam', code: 'cam-x', color_code: '#123456' })
      .returning('id');
    const r = await q(
      'mutation($id: ID!) { playCamera(id: $id) { status embed_code { url type } } }',
      { id: String(cam.id) },
      s.tokens.mgrX,
    );
    expect(r.data?.playCamera).toMatchObject({ status: true, embed_code: { type: 'mediamtx' } });
    expect(r.data?.playCamera.embed_code.url).toMatch(/^https:\/\/media\.example\.test\/cam-x\/index\.m3u8\?token=/);
    // Test mode plays the dev origin's pattern.
    await q(
      'mutation($l: ID!) { saveStreamModeSettings(location_id: $l, value: "hls", enable_test_mode: true) { status } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    await A().db.db('camera_watch_sessions').update({ ended_at: new Date() });
    const t = await q(
      'mutation($id: ID!) { playCamera(id: $id) { embed_code { url type test_mode } } }',
      { id: String(cam.id) },
      s.tokens.mgrX,
    );
    expect(t.data?.playCamera.embed_code).toMatchObject({
      type: 'dev',
      test_mode: true,
      url: expect.stringMatching(/^\/media\/cam-x\/index\.m3u8\?token=/),
    });
  });

  it('cross-centre: centre B lists none of A’s servers', async () => {
    await seedUser(h.centres[1]!, { username: 'bowner', role: 'center' });
    const tb = (await signIn(h.app, h.centres[1]!.host, 'bowner')).token;
    const r = await gql(h.app, h.centres[1]!.host, LIST, {}, tb);
    expect(r.data?.getStreams.paginatorInfo.total).toBe(0);
    expect(code(await gql(h.app, h.centres[1]!.host, 'mutation($id: ID!) { deleteStream(id: $id) { status } }', { id: '1' }, tb))).toBe(
      'NOT_FOUND',
    );
  });
});
