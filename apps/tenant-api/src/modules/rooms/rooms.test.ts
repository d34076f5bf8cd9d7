import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, gql, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, field, seedStudent, setupCentre, type Setup } from '../locations/test-fixtures.ts';

let h: Harness;
let s: Setup;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => gql(h.app, A().host, doc, vars, token);

const CREATE_ROOM =
  'mutation($l: ID!, $n: String!, $c: String, $g: ID) { createLocationRoom(location_id: $l, name: $n, color_code: $c, camera_group_id: $g) { status message color room { id name color_code location_id student_count group { id name } camera_group { id } } } }';
const ROOMS = 'query($l: ID!) { roomsByLocation(location_id: $l) { id name student_count group { name cameras { id } } } }';
const CREATE_GROUP =
  'mutation($l: ID!, $n: String!, $c: [ID!]) { createLocationGroup(location_id: $l, name: $n, cameras: $c) { status group { id name location_id cameras { id name } } } }';

async function camera(locationId: string, name: string, color: string): Promise<string> {
  const [c] = await A()
    .db.db('cameras')
    .insert({ location_id: locationId, name, code: name.toLowerCase(), color_code: color })
    .returning('id');
  return String(c.id);
}

/** Counts the SQL statements the app runs for one request (the app's own pool for the centre). */
async function countQueries(run: () => Promise<unknown>): Promise<number> {
  const db = h.deps.pools.get(A().entry.id, A().url);
  let n = 0;
  const onQuery = () => void n++;
  db.on('query', onQuery);
  try {
    await run();
  } finally {
    db.off('query', onQuery);
  }
  return n;
}

beforeAll(async () => {
  h = await createHarness();
  s = await setupCentre(h, A());
});
afterAll(() => h.close());

describe('rooms and programs', () => {
  it('creates rooms (both names of the operation), lists them with student counts and their group', async () => {
    const cam = await camera(s.X, 'Hall', '#111111');
    const g = await q(CREATE_GROUP, { l: s.X, n: 'Toddler cams', c: [cam] }, s.tokens.mgrX);
    const groupId = g.data?.createLocationGroup.group.id;
    const r = await q(CREATE_ROOM, { l: s.X, n: 'Toddlers', c: '#28C76F', g: groupId }, s.tokens.mgrX);
    expect(r.data?.createLocationRoom).toMatchObject({
      status: true,
      color: 'success',
      room: {
        name: 'Toddlers',
        color_code: '#28C76F',
        location_id: s.X,
        student_count: 0,
        group: { id: groupId, name: 'Toddler cams' },
        camera_group: { id: groupId },
      },
    });
    const p = await q(
      'mutation($l: ID!) { createProgram(name: "Infants", location_id: $l) { status room { id name } } }',
      { l: s.X },
      s.tokens.owner,
    );
    expect(p.data?.createProgram.room.name).toBe('Infants');
    const roomId = r.data?.createLocationRoom.room.id;
    await A()
      .db.db('students')
      .insert([
        { fname: 'A', lname: 'B', location_id: s.X, program_id: roomId },
        { fname: 'C', lname: 'D', location_id: s.X, program_id: roomId },
      ]);
    const list = await q(ROOMS, { l: s.X }, s.tokens.teacher);
    expect(list.data?.roomsByLocation).toEqual([
      { id: p.data?.createProgram.room.id, name: 'Infants', student_count: 0, group: null },
      { id: roomId, name: 'Toddlers', student_count: 2, group: { name: 'Toddler cams', cameras: [{ id: cam }] } },
    ]);
    const loc = await q('query($id: ID!) { location(id: $id) { rooms { name } groups { name } } }', { id: s.X }, s.tokens.mgrX);
    expect(loc.data?.location).toEqual({ rooms: [{ name: 'Infants' }, { name: 'Toddlers' }], groups: [{ name: 'Toddler cams' }] });
    expect(await A().db.db('audit_log').where({ action: 'room.create', location_id: s.X }).count({ n: '*' }).first()).toEqual({ n: '2' });
  });

  it('loads student counts and groups without N+1: the query count does not grow with the rooms', async () => {
    const few = await countQueries(() => q(ROOMS, { l: s.X }, s.tokens.mgrX));
    for (const n of ['R1', 'R2', 'R3', 'R4']) await q(CREATE_ROOM, { l: s.X, n }, s.tokens.mgrX);
    const many = await countQueries(() => q(ROOMS, { l: s.X }, s.tokens.mgrX));
    expect(few).toBeGreaterThan(2);
    expect(many).toBe(few);
  });

  it('rejects bad input naming the field, and writes nothing', async () => {
    const before = await A().db.db('programs').count({ n: '*' }).first();
    const cases: [Record<string, unknown>, string][] = [
      [{ l: s.X, n: '' }, 'name'],
      [{ l: s.X, n: 'toddlers' }, 'name'],
      [{ l: s.X, n: 'Colour', c: 'green' }, 'color_code'],
      [{ l: 'abc', n: 'Bad id' }, 'location_id'],
    ];
    for (const [vars, f] of cases) {
      const r = await q(CREATE_ROOM, vars, s.tokens.mgrX);
      expect(code(r), JSON.stringify(vars)).toBe('BAD_USER_INPUT');
      expect(field(r), JSON.stringify(vars)).toBe(f);
    }
    expect(await A().db.db('programs').count({ n: '*' }).first()).toEqual(before);
  });

  it('scope: a manager of Y cannot see or change the rooms of X; teachers only read', async () => {
    const [room] = await A().db.db('programs').where({ location_id: s.X, name: 'Toddlers' });
    expect(code(await q(ROOMS, { l: s.X }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await q(CREATE_ROOM, { l: s.X, n: 'Intruder' }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(
      code(
        await q('mutation($id: ID!) { updateLocationRoom(id: $id, name: "Hijacked") { status } }', { id: String(room.id) }, s.tokens.mgrY),
      ),
    ).toBe('NOT_FOUND');
    expect(code(await q('mutation($id: ID!) { deleteProgram(id: $id) { status } }', { id: String(room.id) }, s.tokens.mgrY))).toBe(
      'NOT_FOUND',
    );
    expect(code(await q(CREATE_ROOM, { l: s.X, n: 'Teacher room' }, s.tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await q(ROOMS, { l: s.X }, s.tokens.parent))).toBe('FORBIDDEN');
    // a group of another location cannot be given to a room
    const gy = await q(CREATE_GROUP, { l: s.Y, n: 'Y cams' }, s.tokens.mgrY);
    expect(code(await q(CREATE_ROOM, { l: s.X, n: 'Mixed', g: gy.data?.createLocationGroup.group.id }, s.tokens.owner))).toBe('NOT_FOUND');
  });

  it('the same new name sent three times at once: one room or group, two name errors (never INTERNAL)', async () => {
    for (const doc of [CREATE_ROOM, CREATE_GROUP]) {
      const answers = await Promise.all([1, 2, 3].map(() => q(doc, { l: s.X, n: 'Raced name' }, s.tokens.owner)));
      expect(answers.filter((a) => a.data)).toHaveLength(1);
      expect(answers.filter((a) => !a.data).map(field)).toEqual(['name', 'name']);
    }
    await A().db.db('programs').where({ name: 'Raced name' }).del();
    await A().db.db('camera_groups').where({ name: 'Raced name' }).del();
  });

  it('updates and deletes a room; a room with active students is kept', async () => {
    const [room] = await A().db.db('programs').where({ location_id: s.X, name: 'Toddlers' });
    const id = String(room.id);
    const u = await q(
      'mutation($id: ID!) { updateProgram(id: $id, name: "Big toddlers", color_code: "#abc") { room { name color_code } } }',
      { id },
      s.tokens.mgrX,
    );
    expect(u.data?.updateProgram.room).toEqual({ name: 'Big toddlers', color_code: '#abc' });
    expect(code(await q('mutation($id: ID!) { deleteLocationRoom(id: $id) { status } }', { id }, s.tokens.mgrX))).toBe('ROOM_HAS_STUDENTS');
    await A().db.db('students').where({ program_id: id }).update({ status: false });
    const cam = await camera(s.X, 'Room cam', '#222222');
    await A().db.db('cameras').where({ id: cam }).update({ program_id: id });
    expect(
      (await q('mutation($id: ID!) { deleteLocationRoom(id: $id) { status id } }', { id }, s.tokens.mgrX)).data?.deleteLocationRoom,
    ).toEqual({ status: true, id });
    expect((await A().db.db('cameras').where({ id: cam }).first()).program_id).toBeNull();
    expect(code(await q('mutation($id: ID!) { updateLocationRoom(id: $id, name: "Ghost") { status } }', { id }, s.tokens.mgrX))).toBe(
      'NOT_FOUND',
    );
    const hist = await q(
      'query($id: ID!) { getLocationHistory(location: $id, first: 100) { data { action summary changes { field old_value new_value } } } }',
      { id: s.X },
      s.tokens.mgrX,
    );
    const actions = hist.data?.getLocationHistory.data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['room.create', 'room.update', 'room.delete', 'group.create']));
  });
});

describe('camera groups', () => {
  it('creates, lists, replaces cameras, renames and deletes groups', async () => {
    const c1 = await camera(s.X, 'Door', '#333333');
    const c2 = await camera(s.X, 'Yard', '#444444');
    const cy = await camera(s.Y, 'Other', '#555555');
    const g = await q(CREATE_GROUP, { l: s.X, n: 'Outside', c: [c1] }, s.tokens.mgrX);
    const id = g.data?.createLocationGroup.group.id;
    const upd = await q(
      'mutation($id: ID!, $c: [ID!]!) { updateGroupCamera(id: $id, cameras: $c) { status group { cameras { id } } } }',
      { id, c: [c2, c1] },
      s.tokens.mgrX,
    );
    expect(upd.data?.updateGroupCamera.group.cameras.map((c: { id: string }) => c.id).sort()).toEqual([c1, c2].sort());
    expect(
      code(
        await q('mutation($id: ID!, $c: [ID!]!) { updateGroupCamera(id: $id, cameras: $c) { status } }', { id, c: [cy] }, s.tokens.owner),
      ),
    ).toBe('NOT_FOUND');
    const cams = await q('query($id: ID!) { getGroupCameras(id: $id) { id } }', { id }, s.tokens.teacher);
    expect(cams.data?.getGroupCameras.length).toBe(2);
    expect(
      field(await q('mutation($id: ID!) { updateLocationGroupName(id: $id, name: "toddler cams") { status } }', { id }, s.tokens.mgrX)),
    ).toBe('name');
    expect(
      (await q('mutation($id: ID!) { updateLocationGroupName(id: $id, name: "Outdoors") { group { name } } }', { id }, s.tokens.mgrX)).data
        ?.updateLocationGroupName.group.name,
    ).toBe('Outdoors');
    const list = await q('query($l: ID!) { groupsByLocation(location_id: $l) { name cameras { id } } }', { l: s.X }, s.tokens.mgrX);
    expect(list.data?.groupsByLocation.map((x: { name: string }) => x.name)).toEqual(['Outdoors', 'Toddler cams']);
    expect(code(await q('mutation($id: ID!) { deleteLocationGroup(id: $id) { status } }', { id }, s.tokens.mgrY))).toBe('NOT_FOUND');
    expect(
      (await q('mutation($id: ID!) { deleteLocationGroup(id: $id) { status id } }', { id }, s.tokens.mgrX)).data?.deleteLocationGroup,
    ).toEqual({ status: true, id });
    expect(code(await q('query($id: ID!) { getGroupCameras(id: $id) { id } }', { id }, s.tokens.mgrX))).toBe('NOT_FOUND');
    expect(field(await q(CREATE_GROUP, { l: s.X, n: '' }, s.tokens.mgrX))).toBe('name');
  });
});

describe('across centres', () => {
  it("A's rooms and groups are NOT_FOUND on B; A's token → 401 on B", async () => {
    const B = h.centres[1]!;
    await seedUser(B, { username: 'bowner', role: 'center' });
    const tb = (await signIn(h.app, B.host, 'bowner')).token;
    const [room] = await A().db.db('programs').where({ location_id: s.X }).limit(1);
    const [group] = await A().db.db('camera_groups').where({ location_id: s.X }).limit(1);
    expect(
      code(
        await gql(h.app, B.host, 'mutation($id: ID!) { updateLocationRoom(id: $id, name: "x") { status } }', { id: String(room.id) }, tb),
      ),
    ).toBe('NOT_FOUND');
    expect(code(await gql(h.app, B.host, 'query($id: ID!) { getGroupCameras(id: $id) { id } }', { id: String(group.id) }, tb))).toBe(
      'NOT_FOUND',
    );
    expect(code(await gql(h.app, B.host, ROOMS, { l: s.X }, tb))).toBe('NOT_FOUND');
    expect((await gql(h.app, B.host, ROOMS, { l: s.X }, s.tokens.mgrX)).statusCode).toBe(401);
    await seedStudent(B, (await B.db.db('locations').insert({ name: 'B only' }).returning('id'))[0].id);
  });
});
