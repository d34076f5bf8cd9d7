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

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
  const id = await seedUser(w.c, { username: 'parenty', role: 'user' });
  await w.c.db.db('student_users').insert({ student_id: w.kidY, user_id: id });
  parentY = { id, token: (await signIn(h.app, w.c.host, 'parenty')).token };
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
