import { gql, seedUser, signIn, type Harness, type TestCentre } from '../../test/harness.ts';

/** Test data for the centre-setup modules: people of every role, locations, students. */
export interface People {
  owner: string;
  mgrX: string;
  mgrY: string;
  teacher: string;
  parent: string;
  blog: string;
}

export interface Setup {
  ids: People;
  tokens: Record<keyof People, string>;
  X: string;
  Y: string;
}

const CREATE = `mutation($name: String!, $managers: [ID!]!) { createNewLocation(name: $name, managers: $managers, timezone: "America/Chicago", email: "x@example.test") { status location { id } } }`;

/**
 * Owner, two managers (X and Y), a teacher and a blog editor of X, a parent with a child at X;
 * locations X and Y created through the API by the owner.
 */
export async function setupCentre(h: Harness, c: TestCentre, prefix = ''): Promise<Setup> {
  const ids = {} as People;
  const roles: Record<keyof People, string> = {
    owner: 'center',
    mgrX: 'manager',
    mgrY: 'manager',
    teacher: 'teacher',
    parent: 'user',
    blog: 'blog',
  };
  for (const [k, role] of Object.entries(roles) as [keyof People, string][])
    ids[k] = await seedUser(c, { username: `${prefix}${k}`, role });
  const tokens = {} as Record<keyof People, string>;
  for (const k of Object.keys(roles) as (keyof People)[]) tokens[k] = (await signIn(h.app, c.host, `${prefix}${k}`)).token;
  const x = await gql(h.app, c.host, CREATE, { name: `${prefix}Location X`, managers: [ids.mgrX] }, tokens.owner);
  const y = await gql(h.app, c.host, CREATE, { name: `${prefix}Location Y`, managers: [ids.mgrY] }, tokens.owner);
  const X = String(x.data?.createNewLocation.location.id);
  const Y = String(y.data?.createNewLocation.location.id);
  if (!x.data || !y.data) throw new Error(`setup failed: ${x.body} ${y.body}`);
  await c.db.db('user_locations').insert([
    { user_id: ids.teacher, location_id: X },
    { user_id: ids.blog, location_id: X },
  ]);
  await seedStudent(c, X, ids.parent);
  return { ids, tokens, X, Y };
}

export async function seedStudent(
  c: TestCentre,
  locationId: string,
  parentId?: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const [s] = await c.db
    .db('students')
    .insert({ fname: 'Kid', lname: 'Tester', location_id: locationId, ...extra })
    .returning('id');
  if (parentId) await c.db.db('student_users').insert({ student_id: s.id, user_id: parentId });
  return String(s.id);
}

export const code = (r: { errors?: { extensions?: Record<string, any> }[] }) => r.errors?.[0]?.extensions?.code;
export const field = (r: { errors?: { extensions?: Record<string, any> }[] }) => r.errors?.[0]?.extensions?.field;
