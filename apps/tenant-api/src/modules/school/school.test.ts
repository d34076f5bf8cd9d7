import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, gql, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, field } from '../locations/test-fixtures.ts';

let h: Harness;
const A = () => h.centres[0]!;
const tokens: Record<string, string> = {};
const GET = 'query { getSchoolProfile { school_name school_logo } }';
const ADD =
  'mutation($n: String!, $l: String) { addSchool(school_name: $n, school_logo: $l) { status message color profile { school_name school_logo } } }';

beforeAll(async () => {
  h = await createHarness();
  for (const role of ['user', 'teacher', 'manager', 'center']) {
    await seedUser(A(), { username: role, role });
    tokens[role] = (await signIn(h.app, A().host, role)).token;
  }
});
afterAll(() => h.close());

describe('school profile', () => {
  it('is empty until saved; a manager saves it; everyone signed in reads it; the change is audited', async () => {
    expect((await gql(h.app, A().host, GET, {}, tokens.user)).data?.getSchoolProfile).toEqual({ school_name: null, school_logo: null });
    const r = await gql(h.app, A().host, ADD, { n: 'Sunny Days', l: 'https://cdn.example.test/logo.png' }, tokens.manager);
    expect(r.data?.addSchool).toEqual({
      status: true,
      message: 'School profile saved.',
      color: 'success',
      profile: { school_name: 'Sunny Days', school_logo: 'https://cdn.example.test/logo.png' },
    });
    expect((await gql(h.app, A().host, GET, {}, tokens.user)).data?.getSchoolProfile.school_name).toBe('Sunny Days');
    // the logo stays when only the name changes
    await gql(h.app, A().host, ADD, { n: 'Sunny Days Academy' }, tokens.center);
    expect((await gql(h.app, A().host, GET, {}, tokens.teacher)).data?.getSchoolProfile).toEqual({
      school_name: 'Sunny Days Academy',
      school_logo: 'https://cdn.example.test/logo.png',
    });
    const audit = await A().db.db('audit_log').where({ action: 'school.profile' }).orderBy('id', 'desc').first();
    expect(audit.data.changes).toEqual({ school_name: ['Sunny Days', 'Sunny Days Academy'] });
  });

  it('rejects bad input naming the field; below manager is refused; guests must sign in', async () => {
    expect(field(await gql(h.app, A().host, ADD, { n: '' }, tokens.manager))).toBe('school_name');
    expect(field(await gql(h.app, A().host, ADD, { n: 'X', l: 'javascript:alert(1)' }, tokens.manager))).toBe('school_logo');
    expect(code(await gql(h.app, A().host, ADD, { n: 'X' }, tokens.teacher))).toBe('FORBIDDEN');
    expect(code(await gql(h.app, A().host, GET))).toBe('UNAUTHENTICATED');
  });

  it("across centres: B has its own profile; A's token → 401 on B", async () => {
    const B = h.centres[1]!;
    await seedUser(B, { username: 'bmanager', role: 'manager' });
    const tb = (await signIn(h.app, B.host, 'bmanager')).token;
    expect((await gql(h.app, B.host, GET, {}, tb)).data?.getSchoolProfile).toEqual({ school_name: null, school_logo: null });
    expect((await gql(h.app, B.host, ADD, { n: 'Hijack' }, tokens.manager)).statusCode).toBe(401);
    expect((await gql(h.app, A().host, GET, {}, tokens.manager)).data?.getSchoolProfile.school_name).toBe('Sunny Days Academy');
  });
});
