import type { Knex } from 'knex';
import { createKnex } from '@kv/db';
import { highestRole, type RoleName } from '@kv/shared';
import { gql, seedUser, signIn, testThrottles, type Harness, type TestCentre } from '../../test/harness.ts';
import { setupCentre, type Setup } from '../locations/test-fixtures.ts';
import type { RequestContext, Viewer } from '../../types.ts';

/**
 * Attendance test data on top of the centre-setup fixtures (owner, managers of X and Y, a teacher
 * and a blog editor of X, a parent with a child at X): two rooms at X and one at Y, a second
 * teacher of X, a family at X with two children (one PIN), a child at Y, PINs for staff.
 */
export interface AttendanceSetup extends Setup {
  rooms: { toddlers: string; infants: string; yRoom: string };
  kids: { ana: string; ben: string; yKid: string; parentKid: string };
  family: { mum: string; mumToken: string; dad: string };
  teacher2: string;
  teacher2Token: string;
  pins: { mum: string; teacher: string; teacher2: string; mgrX: string };
}

export async function setupAttendance(h: Harness, c: TestCentre, prefix = ''): Promise<AttendanceSetup> {
  const s = await setupCentre(h, c, prefix);
  const db = c.db.db;
  const room = async (locationId: string, name: string) =>
    String((await db('programs').insert({ location_id: locationId, name }).returning('id'))[0].id);
  const rooms = {
    toddlers: await room(s.X, `${prefix}Toddlers`),
    infants: await room(s.X, `${prefix}Infants`),
    yRoom: await room(s.Y, `${prefix}Y room`),
  };
  const kid = async (fname: string, locationId: string, programId: string) =>
    String((await db('students').insert({ fname, lname: 'Kid', location_id: locationId, program_id: programId }).returning('id'))[0].id);
  const ana = await kid('Ana', s.X, rooms.toddlers);
  const ben = await kid('Ben', s.X, rooms.toddlers);
  const yKid = await kid('Yara', s.Y, rooms.yRoom);
  const parentKid = String((await db('student_users').where({ user_id: s.ids.parent }).first('student_id')).student_id);
  await db('students').where({ id: parentKid }).update({ program_id: rooms.infants });
  const mum = await seedUser(c, { username: `${prefix}mum`, role: 'user', email: `${prefix}mum@example.test` });
  const dad = await seedUser(c, { username: `${prefix}dad`, role: 'user', email: `${prefix}dad@example.test` });
  await db('users').where({ id: mum }).update({ phone: '(555) 123-4567' });
  await db('student_users').insert([
    { student_id: ana, user_id: mum, relation: 'mother' },
    { student_id: ben, user_id: mum, relation: 'mother' },
    { student_id: ana, user_id: dad, relation: 'father' },
    { student_id: ben, user_id: dad, relation: 'father' },
  ]);
  const teacher2 = await seedUser(c, { username: `${prefix}teacher2`, role: 'teacher' });
  await db('user_locations').insert({ user_id: teacher2, location_id: s.X });
  const pins = {
    mum: `${prefix ? '7' : '1'}11111`,
    teacher: `${prefix ? '7' : '2'}22222`,
    teacher2: `${prefix ? '7' : '3'}33333`,
    mgrX: `${prefix ? '7' : '4'}44444`,
  };
  await db('users').where({ id: mum }).update({ check_in_pin: pins.mum });
  await db('users').where({ id: s.ids.teacher }).update({ check_in_pin: pins.teacher });
  await db('users').where({ id: teacher2 }).update({ check_in_pin: pins.teacher2 });
  await db('users').where({ id: s.ids.mgrX }).update({ check_in_pin: pins.mgrX });
  return {
    ...s,
    rooms,
    kids: { ana, ben, yKid, parentKid },
    family: { mum, dad, mumToken: (await signIn(h.app, c.host, `${prefix}mum`)).token },
    teacher2,
    teacher2Token: (await signIn(h.app, c.host, `${prefix}teacher2`)).token,
    pins,
  };
}

/** A service context for a person of the centre, on its own pool (for concurrency tests). */
export function contextFor(h: Harness, c: TestCentre, db: Knex, userId: string, roles: RoleName[], ip = '10.0.0.1'): RequestContext {
  const viewer: Viewer = {
    id: userId,
    role: highestRole(roles),
    roles,
    sessionId: 'test',
    issuedAt: Math.floor(Date.now() / 1000),
    support: null,
  };
  return { tenant: c.entry, db, viewer, ip, userAgent: 'vitest', deps: h.deps, throttles: testThrottles() };
}

/** A pool of `max` connections to the centre's database. */
export const poolFor = (c: TestCentre, max = 25) => createKnex(c.url, { max });

export const q =
  (h: Harness, c: TestCentre) =>
  (doc: string, vars: Record<string, unknown> = {}, token?: string) =>
    gql(h.app, c.host, doc, vars, token);

/** Queued messages of a template (newest last). */
export async function messages(c: TestCentre, template: string) {
  return c.db.db('outbound_messages').where({ template }).orderBy('id').select('channel', 'recipient', 'subject', 'body_text', 'user_id');
}

/** A 1×1 PNG as a data URL (a drawn signature). */
export const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The live (subscription) test client, for other modules' live tests. */
export { buildLiveApp, subscribe, type Sub } from './live-client.ts';
