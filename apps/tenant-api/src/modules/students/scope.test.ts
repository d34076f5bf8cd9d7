import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser, signIn, type Harness } from '../../test/harness.ts';
import { buildWorld, code, createPeopleHarness, type World } from './test-fixtures.ts';

/**
 * The authorization matrix's relations for every student and person read: own child / other
 * child / other centre (parents), own locations and rooms (teachers), managed locations
 * (managers), nothing (blog editors). Out-of-scope ids answer NOT_FOUND, lists leave them out.
 */
let h: Harness;
let w: World;
let b: World;
let parentY: { id: string; token: string };
let archX: string, archX2: string, archY: string;
const pending: Record<string, string> = {};

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
  const id = await seedUser(w.c, { username: 'parenty', role: 'user' });
  await w.c.db.db('student_users').insert({ student_id: w.kidY, user_id: id });
  parentY = { id, token: (await signIn(h.app, w.c.host, 'parenty')).token };
  // kidY shares kidX's birthday month, so a month's birthdays hold children of both locations.
  await w.c.db.db('students').where({ id: w.kidY }).update({ dob: '2022-03-20' });
  // One archived child per room, and one pending account per location.
  const archived = await w.c.db
    .db('students')
    .insert([
      { fname: 'ArchX', lname: 'One', location_id: w.X, program_id: w.room1X, deleted_at: new Date() },
      { fname: 'ArchX2', lname: 'Two', location_id: w.X, program_id: w.room2X, deleted_at: new Date() },
      { fname: 'ArchY', lname: 'Three', location_id: w.Y, program_id: w.roomY, deleted_at: new Date() },
    ])
    .returning('id');
  [archX, archX2, archY] = archived.map((r: { id: string }) => String(r.id)) as [string, string, string];
  for (const [name, location] of [
    ['pendingx', w.X],
    ['pendingy', w.Y],
  ] as const) {
    const pid = await seedUser(w.c, { username: name, role: 'user', pending: true });
    await w.c.db.db('user_locations').insert({ user_id: pid, location_id: location });
    pending[name] = pid;
  }
});
afterAll(() => h.close());

type Who = 'parent' | 'parent2' | 'teacher' | 'roomTeacher' | 'mgrX' | 'mgrY' | 'owner' | 'blog';
const token = (who: Who) => (who === 'parent2' ? w.parent2.token : who === 'roomTeacher' ? w.roomTeacher.token : w.tokens[who]);

/** Which of the three children each viewer reaches. */
const STUDENT_SCOPE: Record<Who, ('kidX' | 'kidX2' | 'kidY')[]> = {
  parent: ['kidX'],
  parent2: ['kidX2'],
  teacher: ['kidX', 'kidX2'],
  roomTeacher: ['kidY'],
  mgrX: ['kidX', 'kidX2'],
  mgrY: ['kidY'],
  owner: ['kidX', 'kidX2', 'kidY'],
  blog: [],
};

const STUDENT_READS: { name: string; doc: string; vars: (id: string) => Record<string, unknown> }[] = [
  { name: 'student', doc: 'query($id: ID!) { student(id: $id) { id fname } }', vars: (id) => ({ id }) },
  { name: 'getSiblings', doc: 'query($id: ID!) { getSiblings(student_id: $id) { id } }', vars: (id) => ({ id }) },
  {
    name: 'getStudentSettingData',
    doc: 'query($id: ID!) { getStudentSettingData(student_id: $id) { student_id } }',
    vars: (id) => ({ id }),
  },
  { name: 'getStudentByIdsForMessage', doc: 'query($id: ID!) { getStudentByIdsForMessage(ids: [$id]) { id } }', vars: (id) => ({ id }) },
  {
    name: 'getStudentEditPermissions',
    doc: 'query($id: ID!) { getStudentEditPermissions(student_id: $id) { can_edit_student } }',
    vars: (id) => ({ id }),
  },
];

/** Lists that parents may call, then the staff lists (parents and blog editors are refused those). */
const STUDENT_LISTS = [
  ['students', 'query { students(first: 100) { data { id } } }'],
  ['paginateStudents', 'query { paginateStudents(first: 100) { data { id } } }'],
  ['getActiveStudents', 'query { getActiveStudents(first: 100) { data { id } } }'],
] as const;
const STAFF_LISTS = [
  ['getLeadStudents', 'query { getLeadStudents(first: 100) { data { id } } }'],
  ['studentsFilterByPrograms', 'query($p: [ID!]!) { studentsFilterByPrograms(programs: $p, first: 100) { data { id } } }'],
] as const;

const WHO: Who[] = ['parent', 'parent2', 'teacher', 'roomTeacher', 'mgrX', 'mgrY', 'owner', 'blog'];

describe.each(WHO)('students as %s', (who) => {
  it.each(STUDENT_READS.map((r) => [r.name, r] as const))('%s: own/in-scope child found, every other child NOT_FOUND', async (_, read) => {
    for (const kid of ['kidX', 'kidX2', 'kidY'] as const) {
      const r = await w.q(read.doc, read.vars(w[kid]), token(who));
      if (STUDENT_SCOPE[who].includes(kid)) expect(r.errors, `${who} ${kid}`).toBeUndefined();
      else expect(code(r), `${who} ${kid}`).toBe('NOT_FOUND');
    }
  });

  it('lists hold exactly the children in scope', async () => {
    const expected = STUDENT_SCOPE[who].map((k) => w[k]).sort();
    for (const [name, doc] of STUDENT_LISTS) {
      const r = await w.q(doc, {}, token(who));
      expect(r.errors, name).toBeUndefined();
      const ids = (r.data?.[name].data as { id: string }[]).map((s) => s.id).filter((id) => [w.kidX, w.kidX2, w.kidY].includes(id));
      expect(ids.sort(), `${who} ${name}`).toEqual(expected);
    }
    for (const [name, doc] of STAFF_LISTS) {
      const r = await w.q(doc, { p: [w.room1X, w.room2X, w.roomY] }, token(who));
      if (who === 'parent' || who === 'parent2' || who === 'blog') {
        expect(code(r), `${who} ${name}`).toBe('FORBIDDEN');
        continue;
      }
      expect(r.errors, name).toBeUndefined();
      if (name === 'studentsFilterByPrograms')
        expect((r.data?.[name].data as { id: string }[]).map((s) => s.id).sort(), `${who} ${name}`).toEqual(expected);
    }
  });

  it('profile permission: found and permission only in scope', async () => {
    for (const kid of ['kidX', 'kidX2', 'kidY'] as const) {
      const r = await w.q(
        'query($id: ID!) { checkStudentProfilePermission(student_id: $id) { found permission } }',
        { id: w[kid] },
        token(who),
      );
      const ok = STUDENT_SCOPE[who].includes(kid);
      expect(r.data?.checkStudentProfilePermission, `${who} ${kid}`).toEqual({ found: ok, permission: ok });
    }
  });
});

describe('people reads', () => {
  type Target = 'parent' | 'parent2' | 'parentY' | 'mgrY' | 'teacher' | 'self';
  /** Whom each viewer reaches among the targets (besides themself). */
  const PEOPLE_SCOPE: Record<string, Target[]> = {
    parent: ['parent'],
    parent2: ['parent2'],
    teacher: ['parent', 'parent2', 'teacher'],
    roomTeacher: ['parentY'],
    mgrX: ['parent', 'parent2', 'teacher'],
    mgrY: ['parentY', 'mgrY'],
    owner: ['parent', 'parent2', 'parentY', 'mgrY', 'teacher'],
    blog: [],
  };
  const idOf = (t: Target) => (t === 'parent2' ? w.parent2.id : t === 'parentY' ? parentY.id : t === 'self' ? '' : w.ids[t]);
  const READS = [
    ['user', 'query($id: ID!) { user(id: $id) { id } }'],
    ['getUserSettingData', 'query($id: ID!) { getUserSettingData(user_id: $id) { user_id } }'],
    ['getUserLoginHistory', 'query($id: ID!) { getUserLoginHistory(user_id: $id) { paginatorInfo { total } } }'],
  ] as const;

  it.each(WHO)('as %s: user(id), setting and login history found in scope, NOT_FOUND outside', async (who) => {
    for (const target of ['parent', 'parent2', 'parentY', 'mgrY', 'teacher'] as Target[]) {
      const id = idOf(target);
      const self = (who === 'roomTeacher' ? w.roomTeacher.id : who === 'parent2' ? w.parent2.id : w.ids[who as keyof typeof w.ids]) === id;
      for (const [name, doc] of READS) {
        const r = await w.q(doc, { id }, token(who));
        // Parents and blog editors read settings and sign-ins of themself only.
        const inScope = self || (PEOPLE_SCOPE[who]!.includes(target) && (name === 'user' || !['parent', 'parent2', 'blog'].includes(who)));
        if (inScope) expect(r.errors, `${who} ${name} ${target}`).toBeUndefined();
        else expect(code(r), `${who} ${name} ${target}`).toBe('NOT_FOUND');
      }
      const p = await w.q('query($id: ID!) { checkUserProfilePermission(user_id: $id) { found permission } }', { id }, token(who));
      const found = self || PEOPLE_SCOPE[who]!.includes(target);
      expect(p.data?.checkUserProfilePermission.found, `${who} profile ${target}`).toBe(found);
    }
  });

  it('a parent reads the other contacts of their own child, and only while not black-listed', async () => {
    await w.c.db.db('student_users').insert({ student_id: w.kidX, user_id: w.parent2.id });
    expect((await w.q('query($id: ID!) { user(id: $id) { id } }', { id: w.parent2.id }, w.tokens.parent)).errors).toBeUndefined();
    const kids = await w.q('query($id: ID!) { user(id: $id) { students { id } } }', { id: w.parent2.id }, w.tokens.parent);
    // parent2's other child (kidX2) is not the parent's: only the shared child shows.
    expect(kids.data?.user.students).toEqual([{ id: w.kidX }]);
    await w.c.db.db('student_users').where({ student_id: w.kidX, user_id: w.parent2.id }).update({ black_list: true });
    expect(code(await w.q('query($id: ID!) { user(id: $id) { id } }', { id: w.parent2.id }, w.tokens.parent))).toBe('NOT_FOUND');
    await w.c.db.db('student_users').where({ student_id: w.kidX, user_id: w.parent2.id }).del();
  });

  it('team profile: found only for staff in scope', async () => {
    const r = (id: string, t: string) =>
      w.q('query($id: ID!) { checkTeamProfilePermission(user_id: $id) { found permission } }', { id }, t);
    expect((await r(w.ids.teacher, w.tokens.mgrX)).data?.checkTeamProfilePermission).toEqual({ found: true, permission: true });
    expect((await r(w.ids.parent, w.tokens.mgrX)).data?.checkTeamProfilePermission).toEqual({ found: false, permission: false });
    expect((await r(w.ids.mgrY, w.tokens.mgrX)).data?.checkTeamProfilePermission).toEqual({ found: false, permission: false });
    expect((await r(w.ids.teacher, w.tokens.teacher)).data?.checkTeamProfilePermission).toEqual({ found: true, permission: true });
    expect((await r(w.ids.mgrX, w.tokens.parent)).data?.checkTeamProfilePermission).toEqual({ found: false, permission: false });
  });
});

/** The staff and dashboard variants of the student reads: the same children, or FORBIDDEN below the role. */
describe.each(WHO)('staff student reads as %s', (who) => {
  const kids = () => [w.kidX, w.kidX2, w.kidY];
  const inScope = (ids: string[]) => ids.filter((id) => kids().includes(id)).sort();
  const expected = () => STUDENT_SCOPE[who].map((k) => w[k]).sort();
  const rank: Record<Who, number> = { parent: 0, parent2: 0, blog: 0, teacher: 1, roomTeacher: 1, mgrX: 2, mgrY: 2, owner: 3 };
  const LISTS = [
    ['getAdminStudents', 3, 'query { getAdminStudents(first: 100) { data { id } } }'],
    ['getManagerStudents', 2, 'query { getManagerStudents(first: 100) { data { id } } }'],
    ['getTeacherStudents', 1, 'query { getTeacherStudents(first: 100) { data { id } } }'],
    ['programsAndTagStudent', 1, 'query($p: [ID!]) { programsAndTagStudent(programs: $p, first: 100) { data { id } } }'],
  ] as const;

  it.each(LISTS)('%s holds exactly the children in scope', async (name, minRank, doc) => {
    const r = await w.q(doc, { p: [w.room1X, w.room2X, w.roomY] }, token(who));
    if (rank[who] < minRank) return expect(code(r), `${who} ${name}`).toBe('FORBIDDEN');
    expect(r.errors, name).toBeUndefined();
    expect(inScope((r.data?.[name].data as { id: string }[]).map((s) => s.id)), `${who} ${name}`).toEqual(expected());
  });

  it.each([
    ['getBirthdays', 0],
    ['getTeacherBirthdays', 1],
    ['getManagerBirthdays', 2],
    ['getAdminBirthdays', 3],
  ] as const)('%s of a month: only the children in scope', async (name, minRank) => {
    const found: string[] = [];
    for (const month of [3, 7]) {
      const r = await w.q(`query($m: Int) { ${name}(month: $m, first: 100) { data { id } } }`, { m: month }, token(who));
      if (rank[who] < minRank || (who === 'blog' && name !== 'getBirthdays')) return expect(code(r), `${who} ${name}`).toBe('FORBIDDEN');
      expect(r.errors, name).toBeUndefined();
      found.push(...(r.data?.[name].data as { id: string }[]).map((s) => s.id));
    }
    expect(inScope(found), `${who} ${name}`).toEqual(expected());
  });

  it('getLocationStudentByName finds a child by name only in scope', async () => {
    for (const [kid, location, typed] of [
      ['kidX', w.X, 'Ava'],
      ['kidX2', w.X, 'Ben'],
      ['kidY', w.Y, 'Cid'],
    ] as const) {
      const r = await w.q(
        'query($l: ID!, $n: String!) { getLocationStudentByName(location_id: $l, name: $n) { id } }',
        { l: location, n: typed },
        token(who),
      );
      if (rank[who] < 1) {
        expect(code(r), `${who} ${kid}`).toBe('FORBIDDEN');
        continue;
      }
      const ids = ((r.data?.getLocationStudentByName ?? []) as { id: string }[]).map((s) => s.id);
      expect(ids.includes(w[kid]), `${who} ${kid}`).toBe(STUDENT_SCOPE[who].includes(kid));
    }
  });

  it('getArchivedList holds the archived children of the managed locations', async () => {
    const r = await w.q('query { getArchivedList(first: 100) { data { id } } }', {}, token(who));
    if (rank[who] < 2) return expect(code(r), who).toBe('FORBIDDEN');
    const ids = (r.data?.getArchivedList.data as { id: string }[]).map((s) => s.id).filter((id) => [archX, archX2, archY].includes(id));
    const managed = { mgrX: [archX, archX2], mgrY: [archY], owner: [archX, archX2, archY] }[who as 'mgrX' | 'mgrY' | 'owner'];
    expect(ids.sort(), who).toEqual([...managed].sort());
  });

  it.each([
    ['getTeacherCounters', 1],
    ['getManagerCounters', 2],
    ['getAdminCounters', 3],
  ] as const)('%s count the children in scope, as the scoped list does', async (name, minRank) => {
    const r = await w.q(`query { ${name} { students } }`, {}, token(who));
    if (rank[who] < minRank) return expect(code(r), `${who} ${name}`).toBe('FORBIDDEN');
    const list = await w.q('query { getTeacherStudents(first: 1) { paginatorInfo { total } } }', {}, token(who));
    expect(r.data?.[name].students, `${who} ${name}`).toBe(list.data?.getTeacherStudents.paginatorInfo.total);
  });
});

describe('people lists and look-ups', () => {
  type Staff = 'teacher' | 'roomTeacher' | 'mgrX' | 'mgrY' | 'owner';
  const STAFF: Staff[] = ['teacher', 'roomTeacher', 'mgrX', 'mgrY', 'owner'];
  const contactsOf: Record<Staff, ('parent' | 'parent2' | 'parentY')[]> = {
    teacher: ['parent', 'parent2'],
    roomTeacher: ['parentY'],
    mgrX: ['parent', 'parent2'],
    mgrY: ['parentY'],
    owner: ['parent', 'parent2', 'parentY'],
  };
  const contactId = (t: 'parent' | 'parent2' | 'parentY') => (t === 'parent2' ? w.parent2.id : t === 'parentY' ? parentY.id : w.ids.parent);
  const usernameOf = { parent: 'parent', parent2: 'parent2', parentY: 'parenty' } as const;

  it.each(STAFF)('as %s: userByEmail / userByUserName answer people in scope, null for the others', async (who) => {
    for (const target of ['parent', 'parent2', 'parentY'] as const) {
      const username = usernameOf[target];
      const byName = await w.q('query($u: String!) { userByUserName(username: $u) { id } }', { u: username }, token(who));
      const byEmail = await w.q('query($e: String!) { userByEmail(email: $e) { id } }', { e: `${username}@example.test` }, token(who));
      const want = contactsOf[who].includes(target) ? { id: contactId(target) } : null;
      expect(byName.data?.userByUserName, `${who} ${target} by username`).toEqual(want);
      expect(byEmail.data?.userByEmail, `${who} ${target} by email`).toEqual(want);
    }
  });

  it.each(STAFF)('as %s: roleUsers holds the contacts in scope', async (who) => {
    const r = await w.q('query { roleUsers(role: "user", first: 100) { data { id } } }', {}, token(who));
    const targets = [w.ids.parent, w.parent2.id, parentY.id];
    const ids = (r.data?.roleUsers.data as { id: string }[]).map((u) => u.id).filter((id) => targets.includes(id));
    expect(ids.sort(), who).toEqual(contactsOf[who].map(contactId).sort());
  });

  it.each(['mgrX', 'mgrY', 'owner'] as const)(
    'as %s: pending accounts, team, managers and alert counts of the managed locations',
    async (who) => {
      const pendingList = await w.q('query { PendingUser(first: 100) { data { id } } }', {}, token(who));
      const pendingIds = (pendingList.data?.PendingUser.data as { id: string }[]).map((u) => u.id);
      expect(pendingIds.includes(pending.pendingx!), `${who} pending X`).toBe(who !== 'mgrY');
      expect(pendingIds.includes(pending.pendingy!), `${who} pending Y`).toBe(who !== 'mgrX');

      const team = await w.q('query { getTeamList(first: 100) { data { id } } }', {}, token(who));
      const teamIds = (team.data?.getTeamList.data as { id: string }[]).map((u) => u.id);
      expect(teamIds.includes(w.ids.teacher), `${who} team teacher`).toBe(who !== 'mgrY');
      expect(teamIds.includes(w.ids.mgrY), `${who} team manager Y`).toBe(who !== 'mgrX');

      const managers = await w.q('query { getManagersList { id } }', {}, token(who));
      const managerIds = (managers.data?.getManagersList as { id: string }[]).map((u) => u.id);
      expect(managerIds.includes(w.ids.mgrY), `${who} managers Y`).toBe(who !== 'mgrX');
      expect(managerIds.includes(w.ids.mgrX), `${who} managers X`).toBe(who !== 'mgrY');

      const alerts = await w.q('query { getUserListAlertCount { users } }', {}, token(who));
      const contacts = await w.q('query { roleUsers(role: "user", first: 1) { paginatorInfo { total } } }', {}, token(who));
      expect(alerts.data?.getUserListAlertCount.users, `${who} alert count`).toBe(contacts.data?.roleUsers.paginatorInfo.total);
    },
  );

  it("parents and teachers are refused the managers' lists; parents the staff look-ups", async () => {
    for (const t of [w.tokens.parent, w.tokens.teacher]) {
      for (const doc of [
        'query { PendingUser { data { id } } }',
        'query { getTeamList { data { id } } }',
        'query { getManagersList { id } }',
        'query { getUserListAlertCount { users } }',
      ])
        expect(code(await w.q(doc, {}, t)), doc).toBe('FORBIDDEN');
    }
    for (const doc of ['query { userByUserName(username: "parent2") { id } }', 'query { roleUsers(role: "user") { data { id } } }'])
      expect(code(await w.q(doc, {}, w.tokens.parent)), doc).toBe('FORBIDDEN');
  });

  it("another centre's token is refused and its people are not found", async () => {
    expect((await b.q('query { userByUserName(username: "parent") { id } }', {}, w.tokens.owner)).statusCode).toBe(401);
    expect((await b.q('query { userByUserName(username: "parent") { id } }', {}, b.tokens.owner)).data?.userByUserName).toBeNull();
  });
});

describe('other centre', () => {
  it("a token of centre A is refused on centre B; B's lists never hold A's children or people", async () => {
    const onB = await b.q('query($id: ID!) { student(id: $id) { id } }', { id: w.kidX }, w.tokens.parent);
    expect(onB.statusCode).toBe(401);
    expect(code(onB)).toBe('UNAUTHENTICATED');
    expect((await b.q('query { students(first: 100) { data { id } } }', {}, w.tokens.owner)).statusCode).toBe(401);
    const bList = await b.q('query { students(first: 100) { data { fname } } }', {}, b.tokens.owner);
    const names = (bList.data?.students.data as { fname: string }[]).map((s) => s.fname);
    expect(names).toEqual(expect.arrayContaining(['bAva', 'bBen', 'bCid']));
    expect(names.some((n) => ['Ava', 'Ben', 'Cid'].includes(n))).toBe(false);
    const people = await b.q('query { roleUsers(role: "user", first: 100) { data { username } } }', {}, b.tokens.owner);
    expect((people.data?.roleUsers.data as { username: string }[]).every((u) => u.username.startsWith('b'))).toBe(true);
    // An id that exists only in A is unknown in B.
    const onlyInA = String((await w.c.db.db('students').insert({ fname: 'Solo', lname: 'A', location_id: w.X }).returning('id'))[0].id);
    expect(code(await b.q('query($id: ID!) { student(id: $id) { id } }', { id: onlyInA }, b.tokens.owner))).toBe('NOT_FOUND');
  });
});

describe('blog editors see no child data', () => {
  it('no students in any list, no children through people, no medical catalogue', async () => {
    const r = await w.q(
      'query { students { data { id } paginatorInfo { total } } getBirthdays(month: 3) { paginatorInfo { total } } }',
      {},
      w.tokens.blog,
    );
    expect(r.data).toEqual({ students: { data: [], paginatorInfo: { total: 0 } }, getBirthdays: { paginatorInfo: { total: 0 } } });
    const me = await w.q('query($id: ID!) { user(id: $id) { students { id } } }', { id: w.ids.blog }, w.tokens.blog);
    expect(me.data?.user.students).toEqual([]);
    expect(code(await w.q('query { getAllergies { data { id } } }', {}, w.tokens.blog))).toBe('FORBIDDEN');
    expect(code(await w.q('query { getParentDirectory { data { name } } }', {}, w.tokens.blog))).toBe('FORBIDDEN');
  });
});
