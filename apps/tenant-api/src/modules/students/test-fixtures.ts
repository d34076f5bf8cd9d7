import { createHarness, gql, seedUser, signIn, type GqlResponse, type Harness, type TestCentre } from '../../test/harness.ts';
import { seedStudent, setupCentre, type Setup } from '../locations/test-fixtures.ts';

export { code, field } from '../locations/test-fixtures.ts';

/** The standard harness (its general rate limit is already far above what tests send). */
export const createPeopleHarness = createHarness;

/**
 * The setup of the centre-setup tests (owner, managers of X and Y, a teacher and a blog editor of
 * X, a parent with a child at X) plus: rooms (two at X, one at Y), a camera per location, a
 * second parent with another child at X, a child at Y, and a room teacher who works only in the
 * Y room (no location membership).
 */
export interface World extends Setup {
  c: TestCentre;
  room1X: string;
  room2X: string;
  roomY: string;
  camX: string;
  camX2: string;
  camY: string;
  /** The parent's child at X (room1X). */
  kidX: string;
  /** Another family's child at X (room2X). */
  kidX2: string;
  /** A child at Y (roomY). */
  kidY: string;
  parent2: { id: string; token: string };
  roomTeacher: { id: string; token: string };
  q: (doc: string, vars?: Record<string, unknown>, token?: string) => Promise<GqlResponse>;
}

export async function buildWorld(h: Harness, c: TestCentre, prefix = ''): Promise<World> {
  const s = await setupCentre(h, c, prefix);
  const db = c.db.db;
  const [r1, r2, ry] = await db('programs')
    .insert([
      { name: `${prefix}Toddlers`, location_id: s.X },
      { name: `${prefix}Infants`, location_id: s.X },
      { name: `${prefix}Pups`, location_id: s.Y },
    ])
    .returning('id');
  const [cx, cx2, cy] = await db('cameras')
    .insert([
      { location_id: s.X, name: 'Hall', code: 'hall', color_code: '#111111' },
      { location_id: s.X, name: 'Yard', code: 'yard', color_code: '#222222' },
      { location_id: s.Y, name: 'Den', code: 'den', color_code: '#333333' },
    ])
    .returning('id');
  const kidX = String((await db('students').where({ location_id: s.X }).first('id')).id);
  await db('students')
    .where({ id: kidX })
    .update({
      fname: `${prefix}Ava`,
      lname: 'Parent',
      program_id: r1.id,
      dob: '2021-03-04',
      doctor_name: 'Dr Who',
      doctor_phone: '5551234567',
    });
  const p2 = await seedUser(c, { username: `${prefix}parent2`, role: 'user' });
  const kidX2 = await seedStudent(c, s.X, p2, { fname: `${prefix}Ben`, lname: 'Other', program_id: r2.id, dob: '2020-07-09' });
  const kidY = await seedStudent(c, s.Y, undefined, { fname: `${prefix}Cid`, lname: 'Yonder', program_id: ry.id });
  const rt = await seedUser(c, { username: `${prefix}roomteacher`, role: 'teacher' });
  await db('user_programs').insert({ user_id: rt, program_id: ry.id });
  const world = {
    ...s,
    c,
    room1X: String(r1.id),
    room2X: String(r2.id),
    roomY: String(ry.id),
    camX: String(cx.id),
    camX2: String(cx2.id),
    camY: String(cy.id),
    kidX,
    kidX2,
    kidY,
    parent2: { id: p2, token: (await signIn(h.app, c.host, `${prefix}parent2`)).token },
    roomTeacher: { id: rt, token: (await signIn(h.app, c.host, `${prefix}roomteacher`)).token },
    q: (doc: string, vars: Record<string, unknown> = {}, token?: string) => gql(h.app, c.host, doc, vars, token),
  };
  return world;
}

/** Counts the SQL statements the app runs for one request (the app's own pool for the centre). */
export async function countQueries(h: Harness, c: TestCentre, run: () => Promise<unknown>): Promise<number> {
  const db = h.deps.pools.get(c.entry.id, c.url);
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
