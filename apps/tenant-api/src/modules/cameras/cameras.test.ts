import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, gql, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, field, setupCentre, type Setup } from '../locations/test-fixtures.ts';

let h: Harness;
let s: Setup;
let roomX: string;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => gql(h.app, A().host, doc, vars, token);

const CAMERA_FIELDS =
  'id name code color_code camera_id status order location_id program_id room { name } groups { name } schedule { name scheduledates { day start_time end_time } }';
const CREATE = `mutation($name: String!, $code: String!, $color: String!, $l: ID!, $room: ID, $groups: [ID!], $sn: String, $sd: [ScheduleDateInput!], $status: Boolean) {
  createCameraWithScheduleInLocation(name: $name, code: $code, color_code: $color, location_id: $l, program_id: $room, groups: $groups, schedule_name: $sn, scheduledates: $sd, status: $status) { status message color camera { ${CAMERA_FIELDS} } }
}`;
const UPDATE = `mutation($id: ID!, $name: String!, $code: String!, $color: String!, $l: ID!, $sn: String!, $sd: [ScheduleDateInput!]) {
  updateCameraWithScheduleInLocation(id: $id, name: $name, code: $code, color_code: $color, location_id: $l, schedule_name: $sn, scheduledates: $sd) { status camera { ${CAMERA_FIELDS} } }
}`;
const LIST =
  'query($l: ID!, $st: Boolean, $room: ID, $first: Int, $page: Int) { location_cameras(location_id: $l, status: $st, program_id: $room, first: $first, page: $page) { data { id name order status } paginatorInfo { currentPage lastPage perPage total } } }';

async function create(vars: Record<string, unknown>, token = s.tokens.mgrX) {
  const r = await q(CREATE, { l: s.X, code: 'rtsp-' + String(vars.name).toLowerCase(), ...vars }, token);
  if (!r.data) throw new Error(r.body);
  return r.data.createCameraWithScheduleInLocation.camera as Record<string, any>;
}

beforeAll(async () => {
  h = await createHarness();
  s = await setupCentre(h, A());
  const [r] = await A().db.db('programs').insert({ name: 'Toddlers', location_id: s.X }).returning('id');
  roomX = String(r.id);
});
afterAll(() => h.close());

describe('create, update, delete', () => {
  it('creates a camera with a room, groups and a new schedule; records it', async () => {
    const [g] = await A().db.db('camera_groups').insert({ location_id: s.X, name: 'Indoor' }).returning('id');
    const cam = await create({
      name: 'Lobby',
      color: '#7367F0',
      room: roomX,
      groups: [String(g.id)],
      sn: 'School day',
      sd: [{ day: 'monday', start_time: '07:00', end_time: '18:00' }],
    });
    expect(cam).toMatchObject({
      name: 'Lobby',
      code: 'rtsp-lobby',
      color_code: '#7367F0',
      status: true,
      order: 0,
      location_id: s.X,
      room: { name: 'Toddlers' },
      groups: [{ name: 'Indoor' }],
      schedule: { name: 'School day', scheduledates: [{ day: 'monday', start_time: '07:00', end_time: '18:00' }] },
    });
    const second = await create({ name: 'Yard', color: '#28C76F', sn: 'school DAY' });
    expect(second).toMatchObject({ order: 1, schedule: { name: 'School day' } });
    const hist = await q(
      'query($id: ID!) { getCameraHistory(id: $id) { data { action actor_name } paginatorInfo { total } } }',
      { id: cam.id },
      s.tokens.mgrX,
    );
    expect(hist.data?.getCameraHistory.data).toEqual([{ action: 'camera.create', actor_name: 'mgrX Tester' }]);
  });

  it('createCamera and updateCamera are deprecated aliases', async () => {
    const c = await q(
      'mutation($l: ID!) { createCamera(name: "Alias", code: "a", color_code: "#abcdef", location_id: $l) { camera { id name } } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    const id = c.data?.createCamera.camera.id;
    const u = await q(
      'mutation($id: ID!, $l: ID!) { updateCamera(id: $id, name: "Alias 2", code: "a", color_code: "#abcdef", location_id: $l, schedule_name: "School day") { camera { name schedule { name } } } }',
      { id, l: s.X },
      s.tokens.mgrX,
    );
    expect(u.data?.updateCamera.camera).toEqual({ name: 'Alias 2', schedule: { name: 'School day' } });
    await q('mutation($id: ID!) { deleteCamera(id: $id) { status } }', { id }, s.tokens.mgrX);
  });

  it('rejects bad input naming the field, and writes nothing', async () => {
    const before = await A().db.db('cameras').count({ n: '*' }).first();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', color: '#000001' }, 'name'],
      [{ name: 'No code', code: '', color: '#000002' }, 'code'],
      [{ name: 'Bad colour', color: 'red' }, 'color_code'],
      [{ name: 'Four digits', color: '#1234' }, 'color_code'],
      [{ name: 'Taken colour', color: '#7367f0' }, 'color_code'],
      [{ name: 'Bad id', color: '#000003', l: 'x1' }, 'location_id'],
      [
        { name: 'Bad dates', color: '#000004', sn: 'Broken', sd: [{ day: 'monday', start_time: '18:00', end_time: '07:00' }] },
        'scheduledates.0.end_time',
      ],
    ];
    for (const [vars, f] of cases) {
      const r = await q(CREATE, { l: s.X, code: 'c', ...vars }, s.tokens.mgrX);
      expect(code(r), JSON.stringify(vars)).toBe('BAD_USER_INPUT');
      expect(field(r), JSON.stringify(vars)).toBe(f);
    }
    // update needs schedule_name
    const [cam] = await A().db.db('cameras').where({ name: 'Lobby' });
    const r = await q(UPDATE, { id: String(cam.id), name: 'Lobby', code: 'c', color: '#7367F0', l: s.X, sn: '' }, s.tokens.mgrX);
    expect(field(r)).toBe('schedule_name');
    expect(await A().db.db('cameras').count({ n: '*' }).first()).toEqual(before);
    expect(await A().db.db('schedules').where({ name: 'Broken' }).first()).toBeUndefined();
  });

  it('updates a camera and its schedule by name; the change is in the camera history', async () => {
    const [cam] = await A().db.db('cameras').where({ name: 'Yard' });
    const id = String(cam.id);
    const r = await q(
      UPDATE,
      {
        id,
        name: 'Back yard',
        code: 'rtsp-yard2',
        color: '#FF9F43',
        l: s.X,
        sn: 'Afternoons',
        sd: [{ day: 'friday', start_time: '12:00', end_time: '17:00' }],
      },
      s.tokens.mgrX,
    );
    expect(r.data?.updateCameraWithScheduleInLocation.camera).toMatchObject({
      name: 'Back yard',
      color_code: '#FF9F43',
      schedule: { name: 'Afternoons' },
    });
    const hist = await q(
      'query($id: ID!) { getCameraHistory(id: $id) { data { action changes { field old_value new_value } } } }',
      { id },
      s.tokens.owner,
    );
    expect(hist.data?.getCameraHistory.data[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'name', old_value: 'Yard', new_value: 'Back yard' },
        { field: 'color_code', old_value: '#28C76F', new_value: '#FF9F43' },
      ]),
    );
  });

  it('status on/off, detail, default cameras, delete', async () => {
    const [lobby] = await A().db.db('cameras').where({ name: 'Lobby' });
    const [yard] = await A().db.db('cameras').where({ name: 'Back yard' });
    const off = await q(
      'mutation($id: ID!) { updateCameraStatus(id: $id, status: false) { status message camera { status } } }',
      { id: String(yard.id) },
      s.tokens.mgrX,
    );
    expect(off.data?.updateCameraStatus).toEqual({ status: true, message: 'Camera turned off.', camera: { status: false } });
    const det = await q('query($id: ID!) { getCameraDetail(id: $id) { name room { name } } }', { id: String(lobby.id) }, s.tokens.teacher);
    expect(det.data?.getCameraDetail).toEqual({ name: 'Lobby', room: { name: 'Toddlers' } });
    const common = await create({ name: 'Hall', color: '#00CFE8' });
    const def = await q(
      'query($l: ID!, $p: ID) { getLocationDefaultCameras(location_id: $l, program_id: $p) { name } }',
      { l: s.X, p: roomX },
      s.tokens.teacher,
    );
    expect(def.data?.getLocationDefaultCameras.map((c: { name: string }) => c.name)).toEqual(['Lobby', 'Hall']);
    const def2 = await q('query($l: ID!) { getLocationDefaultCameras(location_id: $l) { name } }', { l: s.X }, s.tokens.teacher);
    expect(def2.data?.getLocationDefaultCameras.map((c: { name: string }) => c.name)).toEqual(['Hall']);
    expect(
      (await q('mutation($id: ID!) { deleteCamera(id: $id) { status id } }', { id: common.id }, s.tokens.mgrX)).data?.deleteCamera,
    ).toEqual({ status: true, id: common.id });
    expect(code(await q('query($id: ID!) { getCameraDetail(id: $id) { id } }', { id: common.id }, s.tokens.mgrX))).toBe('NOT_FOUND');
    // its colour is free again, and its history is kept
    expect(
      (await q('query($l: ID!) { checkCameraColor(location_id: $l, color_code: "#00cfe8") { available } }', { l: s.X }, s.tokens.mgrX)).data
        ?.checkCameraColor.available,
    ).toBe(true);
    expect(
      (await q('query($id: ID!) { getCameraHistory(id: $id) { paginatorInfo { total } } }', { id: common.id }, s.tokens.mgrX)).data
        ?.getCameraHistory.paginatorInfo.total,
    ).toBe(2);
  });
});

describe('lists, order, schedules, colours', () => {
  it('lists a location’s cameras by status and room, paginated', async () => {
    const all = await q(LIST, { l: s.X }, s.tokens.teacher);
    expect(all.data?.location_cameras.data.map((c: { name: string }) => c.name)).toEqual(['Lobby', 'Back yard']);
    expect((await q(LIST, { l: s.X, st: true }, s.tokens.mgrX)).data?.location_cameras.data.map((c: { name: string }) => c.name)).toEqual([
      'Lobby',
    ]);
    expect((await q(LIST, { l: s.X, room: roomX }, s.tokens.mgrX)).data?.location_cameras.paginatorInfo.total).toBe(1);
    const p2 = await q(LIST, { l: s.X, first: 1, page: 2 }, s.tokens.mgrX);
    expect(p2.data?.location_cameras).toEqual({
      data: [expect.objectContaining({ name: 'Back yard' })],
      paginatorInfo: { currentPage: 2, lastPage: 2, perPage: 1, total: 2 },
    });
    expect(field(await q(LIST, { l: s.X, first: 500 }, s.tokens.mgrX))).toBe('first');
  });

  it('saves the order from drag and drop', async () => {
    const c3 = await create({ name: 'Nap room', color: '#1E88E5' });
    const ids = (await q(LIST, { l: s.X }, s.tokens.mgrX)).data?.location_cameras.data.map((c: { id: string }) => c.id);
    const r = await q(
      'mutation($l: ID!, $c: [ID!]!) { saveCameraOrder(location_id: $l, cameras: $c) { status cameras { id order } } }',
      { l: s.X, c: [c3.id, ids[0]] },
      s.tokens.mgrX,
    );
    expect(r.data?.saveCameraOrder.cameras.map((c: { id: string }) => c.id)).toEqual([c3.id, ids[0], ids[1]]);
    expect(r.data?.saveCameraOrder.cameras.map((c: { order: number }) => c.order)).toEqual([0, 1, 2]);
    const [cy] = await A().db.db('cameras').insert({ location_id: s.Y, name: 'Y cam', code: 'y', color_code: '#999' }).returning('id');
    expect(
      code(
        await q(
          'mutation($l: ID!, $c: [ID!]!) { saveCameraOrder(location_id: $l, cameras: $c) { status } }',
          { l: s.X, c: [String(cy.id)] },
          s.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
  });

  it('applies one schedule to many cameras of its location', async () => {
    const sch = await q(
      'mutation($l: ID!) { createSchedule(location_id: $l, name: "Mornings", scheduledates: [{ day: "monday", start_time: "07:00", end_time: "12:00" }]) { schedule { id } } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    const sid = sch.data?.createSchedule.schedule.id;
    const ids = (await q(LIST, { l: s.X }, s.tokens.mgrX)).data?.location_cameras.data.map((c: { id: string }) => c.id);
    const r = await q(
      'mutation($s: ID, $c: [ID!]!) { applyScheduleToCameras(schedule_id: $s, cameras: $c) { status message cameras { schedule { name } } } }',
      { s: sid, c: ids },
      s.tokens.mgrX,
    );
    expect(r.data?.applyScheduleToCameras.message).toBe('Schedule applied to 3 cameras.');
    expect(r.data?.applyScheduleToCameras.cameras.every((c: { schedule: { name: string } }) => c.schedule.name === 'Mornings')).toBe(true);
    const [cy] = await A().db.db('cameras').where({ name: 'Y cam' });
    expect(
      code(
        await q(
          'mutation($s: ID, $c: [ID!]!) { applyScheduleToCameras(schedule_id: $s, cameras: $c) { status } }',
          { s: sid, c: [String(cy.id)] },
          s.tokens.owner,
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(
      code(
        await q(
          'mutation($s: ID, $c: [ID!]!) { applyScheduleToCameras(schedule_id: $s, cameras: $c) { status } }',
          { s: sid, c: [String(cy.id)] },
          s.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
  });

  it('suggests free colours and checks one', async () => {
    const r = await q('query($l: ID!) { suggestcolors(location_id: $l, count: 3) }', { l: s.X }, s.tokens.mgrX);
    expect(r.data?.suggestcolors).toHaveLength(3);
    expect(r.data?.suggestcolors).not.toContain('#7367F0');
    const CHECK =
      'query($l: ID!, $c: String!, $id: ID) { checkCameraColor(location_id: $l, color_code: $c, id: $id) { status available } }';
    expect((await q(CHECK, { l: s.X, c: '#7367f0' }, s.tokens.mgrX)).data?.checkCameraColor).toEqual({ status: false, available: false });
    expect((await q(CHECK, { l: s.Y, c: '#7367f0' }, s.tokens.mgrY)).data?.checkCameraColor.available).toBe(true);
    expect(field(await q(CHECK, { l: s.X, c: 'blue' }, s.tokens.mgrX))).toBe('color_code');
  });
});

describe('bulk create and CSV import', () => {
  const UPLOAD =
    'query($l: ID!, $csv: String!) { uploadCamerasList(location_id: $l, csv: $csv) { status color valid message rows { line name color_code status room errors { field message } } } }';
  const SAVE =
    'mutation($l: ID!, $csv: String!) { saveUploadCameraList(location_id: $l, csv: $csv) { status valid message rows { line errors { field } } cameras { name order room { name } } } }';

  it('createMultipleCameras saves all rows or none', async () => {
    const M =
      'mutation($l: ID!, $c: [CameraInput!]!) { createMultipleCameras(location_id: $l, cameras: $c) { status message cameras { name color_code } } }';
    const bad = await q(
      M,
      {
        l: s.Y,
        c: [
          { name: 'Y1', code: 'y1', color_code: '#010101' },
          { name: 'Y2', code: 'y2', color_code: '#010101' },
        ],
      },
      s.tokens.mgrY,
    );
    expect(field(bad)).toBe('cameras.1.color_code');
    expect(field(await q(M, { l: s.Y, c: [{ name: '', code: 'y1', color_code: '#010101' }] }, s.tokens.mgrY))).toBe('cameras.0.name');
    expect(await A().db.db('cameras').where({ name: 'Y1' }).first()).toBeUndefined();
    const ok = await q(
      M,
      {
        l: s.Y,
        c: [
          { name: 'Y1', code: 'y1', color_code: '#010101' },
          { name: 'Y2', code: 'y2', color_code: '#020202' },
        ],
      },
      s.tokens.mgrY,
    );
    expect(ok.data?.createMultipleCameras).toMatchObject({ status: true, message: '2 cameras created.' });
    expect(code(await q(M, { l: s.X, c: [{ name: 'Z', code: 'z', color_code: '#030303' }] }, s.tokens.mgrY))).toBe('NOT_FOUND');
  });

  it('checks a CSV with one bad row, saves nothing, then imports the fixed file', async () => {
    const csv =
      'Name,Code,Color Code,Status,Room\r\n"Front door, east",rtsp://cam/1,#A1A1A1,on,Toddlers\r\nBad one,,#zzzzzz,maybe,Nowhere\r\nGarden,rtsp://cam/3,#B2B2B2,off,\r\n';
    const before = await A().db.db('cameras').count({ n: '*' }).first();
    const r = await q(UPLOAD, { l: s.X, csv }, s.tokens.mgrX);
    const up = r.data?.uploadCamerasList;
    expect(up).toMatchObject({ status: false, color: 'warning', valid: false, message: '1 of 3 rows have errors.' });
    expect(up.rows[0]).toEqual({ line: 2, name: 'Front door, east', color_code: '#A1A1A1', status: true, room: 'Toddlers', errors: [] });
    expect(up.rows[1].errors.map((e: { field: string }) => e.field)).toEqual(['code', 'color_code', 'status', 'room']);
    expect(up.rows[2]).toMatchObject({ line: 4, status: false, errors: [] });
    const save = await q(SAVE, { l: s.X, csv }, s.tokens.mgrX);
    expect(save.data?.saveUploadCameraList).toMatchObject({ status: false, valid: false, cameras: [] });
    expect(await A().db.db('cameras').count({ n: '*' }).first()).toEqual(before);
    const fixed = csv.replace('Bad one,,#zzzzzz,maybe,Nowhere', 'Kitchen,rtsp://cam/2,#C3C3C3,,');
    expect((await q(UPLOAD, { l: s.X, csv: fixed }, s.tokens.mgrX)).data?.uploadCamerasList).toMatchObject({
      status: true,
      valid: true,
      message: '3 cameras ready to import.',
    });
    const done = await q(SAVE, { l: s.X, csv: fixed }, s.tokens.mgrX);
    expect(done.data?.saveUploadCameraList).toMatchObject({ status: true, valid: true, message: '3 cameras imported.' });
    expect(done.data?.saveUploadCameraList.cameras).toEqual([
      { name: 'Front door, east', order: 3, room: { name: 'Toddlers' } },
      { name: 'Kitchen', order: 4, room: null },
      { name: 'Garden', order: 5, room: null },
    ]);
    // the same file again: every colour is now taken
    const again = await q(UPLOAD, { l: s.X, csv: fixed }, s.tokens.mgrX);
    expect(
      again.data?.uploadCamerasList.rows.every((row: { errors: { field: string }[] }) => row.errors.some((e) => e.field === 'color_code')),
    ).toBe(true);
    expect(field(await q(UPLOAD, { l: s.X, csv: 'foo,bar\n1,2' }, s.tokens.mgrX))).toBe('csv');
    expect(field(await q(UPLOAD, { l: s.X, csv: 'name,code,color_code\n' }, s.tokens.mgrX))).toBe('csv');
    expect(code(await q(UPLOAD, { l: s.X, csv: fixed }, s.tokens.mgrY))).toBe('NOT_FOUND');
  });
});

describe('camera and stream-mode settings', () => {
  it('saves and reads player settings and the stream mode; Location.camera_setting shows them', async () => {
    const save = await q(
      'mutation($l: ID!) { saveCameraSettings(location_id: $l, width: 1280, height: 720, server: "https://stream.example.test", fullscreen: true) { status setting { width height server fullscreen } } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    expect(save.data?.saveCameraSettings.setting).toEqual({
      width: 1280,
      height: 720,
      server: 'https://stream.example.test',
      fullscreen: true,
    });
    await q('mutation($l: ID!) { saveCameraSettings(location_id: $l, width: 800) { status } }', { l: s.X }, s.tokens.mgrX);
    expect(
      (await q('query($l: ID!) { getCameraSettings(location_id: $l) { width height } }', { l: s.X }, s.tokens.teacher)).data
        ?.getCameraSettings,
    ).toEqual({ width: 800, height: 720 });
    expect(
      field(await q('mutation($l: ID!) { saveCameraSettings(location_id: $l, width: 5) { status } }', { l: s.X }, s.tokens.mgrX)),
    ).toBe('width');
    expect(
      field(await q('mutation($l: ID!) { saveCameraSettings(location_id: $l, server: "ftp://x") { status } }', { l: s.X }, s.tokens.mgrX)),
    ).toBe('server');
    const loc = await q(
      'query($id: ID!) { location(id: $id) { camera_setting { key value } cameras { name } } }',
      { id: s.X },
      s.tokens.mgrX,
    );
    expect(loc.data?.location.camera_setting).toEqual(
      expect.arrayContaining([
        { key: 'width', value: '800' },
        { key: 'fullscreen', value: 'true' },
      ]),
    );
    expect(loc.data?.location.cameras.length).toBeGreaterThan(0);
    const parent = await q(
      'query($id: ID!) { location(id: $id) { camera_setting { key } cameras { name } } }',
      { id: s.X },
      s.tokens.parent,
    );
    expect(parent.data?.location).toEqual({ camera_setting: [], cameras: [] });
    expect(
      (
        await q(
          'query($l: ID!) { getStreamModeSettings(location_id: $l) { id key value object_id enable_test_mode } }',
          { l: s.X },
          s.tokens.mgrX,
        )
      ).data?.getStreamModeSettings,
    ).toEqual({ id: null, key: 'stream_mode', value: 'hls', object_id: s.X, enable_test_mode: false });
    const sm = await q(
      'mutation($l: ID!) { saveStreamModeSettings(location_id: $l, value: "webrtc", enable_test_mode: true) { setting { id value enable_test_mode } } }',
      { l: s.X },
      s.tokens.mgrX,
    );
    expect(sm.data?.saveStreamModeSettings.setting).toMatchObject({ id: expect.any(String), value: 'webrtc', enable_test_mode: true });
    expect(
      field(await q('mutation($l: ID!) { saveStreamModeSettings(location_id: $l, value: "") { status } }', { l: s.X }, s.tokens.mgrX)),
    ).toBe('value');
    expect(
      code(await q('mutation($l: ID!) { saveStreamModeSettings(location_id: $l, value: "hls") { status } }', { l: s.Y }, s.tokens.mgrX)),
    ).toBe('NOT_FOUND');
  });
});

describe('scope', () => {
  it("a manager of Y can neither read nor change X's cameras; a teacher only reads; a parent is refused", async () => {
    const [cam] = await A().db.db('cameras').where({ name: 'Lobby' });
    const id = String(cam.id);
    expect(code(await q(LIST, { l: s.X }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await q('query($id: ID!) { getCameraDetail(id: $id) { id } }', { id }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await q(UPDATE, { id, name: 'Mine', code: 'x', color: '#0a0a0a', l: s.Y, sn: 'S' }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await q('mutation($id: ID!) { deleteCamera(id: $id) { status } }', { id }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await q('query($id: ID!) { getCameraHistory(id: $id) { data { id } } }', { id }, s.tokens.mgrY))).toBe('NOT_FOUND');
    // moving a camera to a location the manager does not manage
    expect(code(await q(UPDATE, { id, name: 'Lobby', code: 'x', color: '#7367F0', l: s.Y, sn: 'S' }, s.tokens.mgrX))).toBe('NOT_FOUND');
    expect((await A().db.db('cameras').where({ id }).first()).location_id).toBe(s.X);
    expect(code(await q(CREATE, { name: 'T', code: 't', color: '#0b0b0b', l: s.X }, s.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await q(LIST, { l: s.X }, s.tokens.parent))).toBe('FORBIDDEN');
    expect(code(await q(LIST, { l: s.Y }, s.tokens.teacher))).toBe('NOT_FOUND');
  });

  it("a parent or blog editor reaches no camera setup through the location's schedule, groups, rooms or a child", async () => {
    const db = A().db.db;
    const [cam] = await db('cameras').where({ name: 'Lobby' });
    const [g] = await db('camera_groups').insert({ location_id: s.X, name: 'Leak check' }).returning('id');
    await db('camera_group_cameras').insert({ camera_group_id: g.id, camera_id: cam.id });
    await db('programs').where({ id: roomX }).update({ camera_group_id: g.id });
    await db('locations').where({ id: s.X }).update({ schedule_id: cam.schedule_id });
    const kid = await db('students').where({ location_id: s.X }).first();
    await db('student_cameras').insert({ student_id: kid.id, camera_id: cam.id });
    await db('students').where({ id: kid.id }).update({ program_id: roomX });
    const NESTED = 'cameras { id code } ';
    const CAM = `id code groups { ${NESTED} } room { camera_group_id group { ${NESTED} } camera_group { ${NESTED} } } schedule { ${NESTED} }`;
    const Q = `query($l: ID!, $kid: ID!) {
      location(id: $l) { cameras { id } groups { id } rooms { id } schedule { name ${NESTED} } }
      student(id: $kid) { cameras { ${CAM} } program { group { ${NESTED} } } }
    }`;
    const parent = await q(Q, { l: s.X, kid: String(kid.id) }, s.tokens.parent);
    expect(parent.errors).toBeUndefined();
    expect(parent.data?.location).toEqual({ cameras: [], groups: [], rooms: [], schedule: { name: expect.any(String), cameras: [] } });
    expect(parent.data?.student).toEqual({
      cameras: [
        {
          id: String(cam.id),
          code: null,
          groups: [],
          room: { camera_group_id: null, group: null, camera_group: null },
          schedule: { cameras: [] },
        },
      ],
      program: { group: null },
    });
    expect(JSON.stringify(parent.data)).not.toContain(cam.code);
    const blog = await q('query($l: ID!) { location(id: $l) { schedule { cameras { id } } } }', { l: s.X }, s.tokens.blog);
    expect(blog.data?.location.schedule).toBeNull();
    // the same query as staff of X reaches them: the blanks above are the view rules, not missing data
    const teacher = await q(Q, { l: s.X, kid: String(kid.id) }, s.tokens.teacher);
    expect(teacher.data?.location.schedule.cameras).toContainEqual({ id: String(cam.id), code: cam.code });
    expect(teacher.data?.student.cameras[0]).toMatchObject({
      code: cam.code,
      groups: expect.arrayContaining([{ cameras: expect.arrayContaining([{ id: String(cam.id), code: cam.code }]) }]),
      room: { group: { cameras: [{ id: String(cam.id), code: cam.code }] } },
    });
    await db('student_cameras').where({ camera_id: cam.id }).del();
    await db('students').where({ id: kid.id }).update({ program_id: null });
    await db('programs').where({ id: roomX }).update({ camera_group_id: null });
    await db('locations').where({ id: s.X }).update({ schedule_id: null });
    await db('camera_groups').where({ id: g.id }).del();
  });

  it('the owner moves a camera between locations: new order, no room, history in both locations', async () => {
    const [cam] = await A().db.db('cameras').where({ name: 'Lobby' });
    const r = await q(UPDATE, { id: String(cam.id), name: 'Lobby', code: 'x', color: '#7367F0', l: s.Y, sn: 'Y schedule' }, s.tokens.owner);
    expect(r.data?.updateCameraWithScheduleInLocation.camera).toMatchObject({
      location_id: s.Y,
      program_id: null,
      groups: [],
      schedule: { name: 'Y schedule' },
    });
    const hy = await q('query($id: ID!) { getLocationHistory(location: $id) { data { action entity_id } } }', { id: s.Y }, s.tokens.mgrY);
    expect(hy.data?.getLocationHistory.data).toContainEqual({ action: 'camera.update', entity_id: String(cam.id) });
  });
});

describe('across centres', () => {
  it("A's camera ids are NOT_FOUND on B; A's token → 401 on B", async () => {
    const B = h.centres[1]!;
    await seedUser(B, { username: 'bowner', role: 'center' });
    const tb = (await signIn(h.app, B.host, 'bowner')).token;
    const [cam] = await A().db.db('cameras').where({ name: 'Back yard' });
    expect(code(await gql(h.app, B.host, 'query($id: ID!) { getCameraDetail(id: $id) { id } }', { id: String(cam.id) }, tb))).toBe(
      'NOT_FOUND',
    );
    expect(code(await gql(h.app, B.host, 'mutation($id: ID!) { deleteCamera(id: $id) { status } }', { id: String(cam.id) }, tb))).toBe(
      'NOT_FOUND',
    );
    expect(code(await gql(h.app, B.host, LIST, { l: s.X }, tb))).toBe('NOT_FOUND');
    expect((await gql(h.app, B.host, LIST, { l: s.X }, s.tokens.mgrX)).statusCode).toBe(401);
  });
});
