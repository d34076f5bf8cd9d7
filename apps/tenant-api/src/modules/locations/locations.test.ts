import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, gql, seedUser, signIn, type Harness } from '../../test/harness.ts';
import { code, field, seedStudent, setupCentre, type Setup } from './test-fixtures.ts';

let h: Harness;
let s: Setup;
const A = () => h.centres[0]!;
const q = (doc: string, vars: Record<string, unknown> = {}, token?: string) => gql(h.app, A().host, doc, vars, token);

const LOCATION =
  'query($id: ID!) { location(id: $id) { id name email signup_code is_signup billing timezone { id name value } managers { id username } schedule { name scheduledates { day start_time end_time } } } }';
const LIST = 'query { locations { data { id name } paginatorInfo { currentPage lastPage perPage total } } }';
const CREATE = `mutation($name: String!, $managers: [ID!]!, $color: String, $timezone: String, $signup: Boolean, $code: String, $dates: [ScheduleDateInput!], $schedule: String, $email: String, $lat: Float) {
  createNewLocation(name: $name, managers: $managers, color: $color, timezone: $timezone, is_signup: $signup, signup_code: $code, scheduledates: $dates, schedule_name: $schedule, email: $email, latitude: $lat) {
    status message color location { id name color_code is_signup signup_code managers { id } schedule { id name scheduledates { day start_time end_time } } }
  }
}`;
const UPDATE =
  'mutation($id: ID!, $name: String, $email: String, $active: Boolean) { updateLocation(id: $id, name: $name, email: $email, active: $active) { status location { id name email active } } }';

beforeAll(async () => {
  h = await createHarness();
  s = await setupCentre(h, A());
});
afterAll(() => h.close());

describe('createNewLocation', () => {
  it('creates a location with managers and a schedule, and records who did it', async () => {
    const r = await q(
      CREATE,
      {
        name: 'Downtown',
        managers: [s.ids.mgrX],
        color: '#7367F0',
        timezone: 'America/Denver',
        signup: true,
        code: 'DT-2026',
        schedule: 'Weekdays',
        dates: [
          { day: 'Monday', start_time: '07:00', end_time: '18:00' },
          { day: 'tuesday', start_time: '07:00', end_time: '12:00' },
          { day: 'tuesday', start_time: '13:00', end_time: '18:00' },
        ],
      },
      s.tokens.owner,
    );
    expect(r.errors).toBeUndefined();
    const loc = r.data?.createNewLocation.location;
    expect(r.data?.createNewLocation).toMatchObject({ status: true, color: 'success' });
    expect(loc).toMatchObject({
      name: 'Downtown',
      color_code: '#7367F0',
      is_signup: true,
      signup_code: 'DT-2026',
      managers: [{ id: s.ids.mgrX }],
    });
    expect(loc.schedule.name).toBe('Weekdays');
    expect(loc.schedule.scheduledates).toEqual([
      { day: 'monday', start_time: '07:00', end_time: '18:00' },
      { day: 'tuesday', start_time: '07:00', end_time: '12:00' },
      { day: 'tuesday', start_time: '13:00', end_time: '18:00' },
    ]);
    const audit = await A().db.db('audit_log').where({ action: 'location.create', entity_id: loc.id }).first();
    expect(audit).toMatchObject({ actor_user_id: s.ids.owner, location_id: loc.id });
  });

  it('a manager who creates a location manages it', async () => {
    const r = await q(CREATE, { name: 'Manager Made', managers: [s.ids.owner] }, s.tokens.mgrX);
    const ids = r.data?.createNewLocation.location.managers.map((m: { id: string }) => m.id).sort();
    expect(ids).toEqual([s.ids.mgrX, s.ids.owner].sort());
    const mine = await q('query { allManagerLocations { name } }', {}, s.tokens.mgrX);
    expect(mine.data?.allManagerLocations.map((l: { name: string }) => l.name)).toContain('Manager Made');
  });

  it('rejects bad input with a typed error naming the field, and writes nothing', async () => {
    const before = await A().db.db('locations').count({ n: '*' }).first();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', managers: [s.ids.mgrX] }, 'name'],
      [{ name: 'No managers', managers: [] }, 'managers'],
      [{ name: 'Teacher as manager', managers: [s.ids.teacher] }, 'managers'],
      [{ name: 'Unknown manager', managers: ['999999'] }, 'managers'],
      [{ name: 'Bad colour', managers: [s.ids.mgrX], color: '#12345' }, 'color'],
      [{ name: 'Bad zone', managers: [s.ids.mgrX], timezone: 'Mars/Olympus' }, 'timezone'],
      [{ name: 'location x', managers: [s.ids.mgrX] }, 'name'],
      [{ name: 'Signup without code', managers: [s.ids.mgrX], signup: true }, 'signup_code'],
      [{ name: 'Code taken', managers: [s.ids.mgrX], code: 'dt-2026' }, 'signup_code'],
      [{ name: 'Bad email', managers: [s.ids.mgrX], email: 'nope' }, 'email'],
      [{ name: 'Bad latitude', managers: [s.ids.mgrX], lat: 123 }, 'latitude'],
      [
        { name: 'Backwards', managers: [s.ids.mgrX], schedule: 'S', dates: [{ day: 'monday', start_time: '10:00', end_time: '09:00' }] },
        'scheduledates.0.end_time',
      ],
      [
        {
          name: 'Overlap',
          managers: [s.ids.mgrX],
          schedule: 'S',
          dates: [
            { day: 'friday', start_time: '08:00', end_time: '12:00' },
            { day: 'friday', start_time: '11:00', end_time: '13:00' },
          ],
        },
        'scheduledates.1.start_time',
      ],
      [
        { name: 'Bad day', managers: [s.ids.mgrX], schedule: 'S', dates: [{ day: 'funday', start_time: '08:00', end_time: '12:00' }] },
        'scheduledates.0.day',
      ],
    ];
    for (const [vars, f] of cases) {
      const r = await q(CREATE, vars, s.tokens.owner);
      expect(code(r), JSON.stringify(vars)).toBe('BAD_USER_INPUT');
      expect(field(r), JSON.stringify(vars)).toBe(f);
    }
    const after = await A().db.db('locations').count({ n: '*' }).first();
    expect(after?.n).toBe(before?.n);
    expect(await A().db.db('schedules').where({ name: 'S' }).first()).toBeUndefined();
  });

  it('createLocation is a deprecated alias of createNewLocation', async () => {
    const r = await q(
      'mutation($m: [ID!]!) { createLocation(name: "Alias Street", managers: $m) { status location { name managers { id } } } }',
      { m: [s.ids.mgrY] },
      s.tokens.owner,
    );
    expect(r.data?.createLocation).toEqual({ status: true, location: { name: 'Alias Street', managers: [{ id: s.ids.mgrY }] } });
    await A().db.db('locations').where({ name: 'Alias Street' }).update({ deleted_at: new Date() });
    expect(field(await q('mutation { createLocation(name: "No managers", managers: []) { status } }', {}, s.tokens.owner))).toBe(
      'managers',
    );
  });

  it('teachers, parents and blog editors may not create locations', async () => {
    for (const t of [s.tokens.teacher, s.tokens.parent, s.tokens.blog]) {
      expect(code(await q(CREATE, { name: 'Nope', managers: [s.ids.mgrX] }, t))).toBe('FORBIDDEN');
    }
  });
});

describe('scope', () => {
  it('the owner sees every location, a manager only the ones they manage', async () => {
    const all = await q(LIST, {}, s.tokens.owner);
    expect(all.data?.locations.data.length).toBeGreaterThanOrEqual(3);
    const mine = await q(LIST, {}, s.tokens.mgrY);
    expect(mine.data?.locations.data.map((l: { id: string }) => l.id)).toEqual([s.Y]);
    expect(mine.data?.locations.paginatorInfo).toEqual({ currentPage: 1, lastPage: 1, perPage: 25, total: 1 });
  });

  it('a manager of X can neither read nor change Y: NOT_FOUND, and Y is untouched', async () => {
    expect(code(await q(LOCATION, { id: s.Y }, s.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await q(UPDATE, { id: s.Y, name: 'Hijacked' }, s.tokens.mgrX))).toBe('NOT_FOUND');
    expect(
      code(await q('mutation($id: ID!) { updateLocationBilling(location_id: $id, billing: true) { status } }', { id: s.Y }, s.tokens.mgrX)),
    ).toBe('NOT_FOUND');
    expect(code(await q('query($id: ID!) { getLocationHistory(location: $id) { data { id } } }', { id: s.Y }, s.tokens.mgrX))).toBe(
      'NOT_FOUND',
    );
    expect(code(await q(LOCATION, { id: '987654' }, s.tokens.mgrX))).toBe('NOT_FOUND');
    expect((await A().db.db('locations').where({ id: s.Y }).first()).name).toBe('Location Y');
  });

  it('a teacher reads their own location only', async () => {
    const r = await q(LIST, {}, s.tokens.teacher);
    expect(r.data?.locations.data.map((l: { id: string }) => l.id)).toEqual([s.X]);
    expect((await q(LOCATION, { id: s.X }, s.tokens.teacher)).data?.location.managers).toEqual([{ id: s.ids.mgrX, username: 'mgrX' }]);
    expect(code(await q(LOCATION, { id: s.Y }, s.tokens.teacher))).toBe('NOT_FOUND');
    expect(code(await q(UPDATE, { id: s.X, name: 'Teacher edit' }, s.tokens.teacher))).toBe('FORBIDDEN');
  });

  it("a parent sees only their children's locations, without signup, billing or managers", async () => {
    const r = await q(LIST, {}, s.tokens.parent);
    expect(r.data?.locations.data.map((l: { id: string }) => l.id)).toEqual([s.X]);
    const one = await q(LOCATION, { id: s.X }, s.tokens.parent);
    expect(one.data?.location).toMatchObject({
      id: s.X,
      name: 'Location X',
      email: 'x@example.test',
      signup_code: null,
      is_signup: null,
      billing: null,
      managers: [],
    });
    expect(code(await q(LOCATION, { id: s.Y }, s.tokens.parent))).toBe('NOT_FOUND');
    const dd = await q('query { dropdownLocations { id name } activeLocations { id } }', {}, s.tokens.parent);
    expect(dd.data?.dropdownLocations).toEqual([{ id: s.X, name: 'Location X' }]);
  });

  it('a blog editor sees the name and nothing else', async () => {
    const one = await q(LOCATION, { id: s.X }, s.tokens.blog);
    expect(one.data?.location).toMatchObject({ id: s.X, name: 'Location X', email: null, managers: [], schedule: null });
  });

  it('managerAllLocationsList lists a manager’s locations within the viewer’s own', async () => {
    const owner = await q('query($u: ID) { managerAllLocationsList(user_id: $u) { id } }', { u: s.ids.mgrY }, s.tokens.owner);
    expect(owner.data?.managerAllLocationsList).toEqual([{ id: s.Y }]);
    const other = await q('query($u: ID) { managerAllLocationsList(user_id: $u) { id } }', { u: s.ids.mgrY }, s.tokens.mgrX);
    expect(other.data?.managerAllLocationsList).toEqual([]);
  });
});

describe('updates and history', () => {
  it('updates a location, records each change with who and when, and pages the history', async () => {
    const r = await q(UPDATE, { id: s.X, name: 'Location X2', email: 'x2@example.test' }, s.tokens.mgrX);
    expect(r.data?.updateLocation.location).toMatchObject({ name: 'Location X2', email: 'x2@example.test' });
    await q(
      'mutation($id: ID!) { updateLocationSignupCode(location_id: $id, is_signup: true, signup_code: "XCODE") { status location { signup_code } } }',
      { id: s.X },
      s.tokens.mgrX,
    );
    await q(
      'mutation($id: ID!) { updateLocationBilling(location_id: $id, billing: true) { location { billing } } }',
      { id: s.X },
      s.tokens.mgrX,
    );
    const br = await q(
      'mutation($id: ID!) { updateLocationBillingRequestSetting(location_id: $id, value: true) { location { location_billing_request { value } } } }',
      { id: s.X },
      s.tokens.mgrX,
    );
    expect(br.data?.updateLocationBillingRequestSetting.location.location_billing_request.value).toBe(true);
    const HIST =
      'query($id: ID!, $first: Int, $page: Int) { getLocationHistory(location: $id, first: $first, page: $page) { data { action summary actor_name by_support changes { field old_value new_value } created_at } paginatorInfo { currentPage lastPage perPage total } } }';
    const hist = await q(HIST, { id: s.X, first: 2 }, s.tokens.mgrX);
    const page = hist.data?.getLocationHistory;
    expect(page.paginatorInfo.perPage).toBe(2);
    expect(page.paginatorInfo.total).toBeGreaterThanOrEqual(5);
    expect(page.data[0]).toMatchObject({
      action: 'location.billing_request',
      actor_name: 'mgrX Tester',
      by_support: false,
      changes: [{ field: 'location_billing_request', old_value: 'false', new_value: 'true' }],
    });
    const all = await q(HIST, { id: s.X, first: 100 }, s.tokens.owner);
    const update = all.data?.getLocationHistory.data.find((e: { action: string }) => e.action === 'location.update');
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', old_value: 'Location X', new_value: 'Location X2' },
        { field: 'email', old_value: 'x@example.test', new_value: 'x2@example.test' },
      ]),
    );
    expect(code(await q(HIST, { id: s.X, first: 101 }, s.tokens.owner))).toBe('BAD_USER_INPUT');
    expect(field(await q(HIST, { id: s.X, page: 0 }, s.tokens.owner))).toBe('page');
  });

  it('updateLocationManager replaces the managers; the old manager loses the location', async () => {
    const [loc] = await A().db.db('locations').insert({ name: 'Swap' }).returning('id');
    await A().db.db('location_managers').insert({ location_id: loc.id, user_id: s.ids.mgrX });
    const r = await q(
      'mutation($id: ID!, $m: [ID!]!) { updateLocationManager(location_id: $id, managers: $m) { status location { managers { id } } } }',
      { id: String(loc.id), m: [s.ids.mgrY] },
      s.tokens.mgrX,
    );
    expect(r.data?.updateLocationManager.location.managers).toEqual([{ id: s.ids.mgrY }]);
    expect(code(await q(LOCATION, { id: String(loc.id) }, s.tokens.mgrX))).toBe('NOT_FOUND');
    expect(
      field(
        await q(
          'mutation($id: ID!) { updateLocationManager(location_id: $id, managers: []) { status } }',
          { id: String(loc.id) },
          s.tokens.mgrY,
        ),
      ),
    ).toBe('managers');
  });

  it('signup code availability and uniqueness', async () => {
    const CHECK = 'query($c: String!, $id: ID) { checkLocationCode(signup_code: $c, id: $id) { status available message } }';
    expect((await q(CHECK, { c: 'xcode' }, s.tokens.mgrY)).data?.checkLocationCode.available).toBe(false);
    expect((await q(CHECK, { c: 'xcode', id: s.X }, s.tokens.mgrX)).data?.checkLocationCode.available).toBe(true);
    expect((await q(CHECK, { c: 'FRESH-1' }, s.tokens.mgrY)).data?.checkLocationCode.available).toBe(true);
    const dup = await q(
      'mutation($id: ID!) { updateLocationSignupCode(location_id: $id, is_signup: true, signup_code: "xcode") { status } }',
      { id: s.Y },
      s.tokens.mgrY,
    );
    expect(field(dup)).toBe('signup_code');
    const noCode = await q(
      'mutation($id: ID!) { updateLocationSignupCode(location_id: $id, is_signup: true, signup_code: "") { status } }',
      { id: s.Y },
      s.tokens.mgrY,
    );
    expect(field(noCode)).toBe('signup_code');
    expect(field(await q(CHECK, { c: 'no spaces' }, s.tokens.mgrY))).toBe('signup_code');
  });

  it('name availability, timezone check', async () => {
    const NAME = 'query($n: String!, $id: ID) { checkLocationName(name: $n, id: $id) { available } }';
    expect((await q(NAME, { n: 'location y' }, s.tokens.mgrX)).data?.checkLocationName.available).toBe(false);
    expect((await q(NAME, { n: 'Location Y', id: s.Y }, s.tokens.mgrY)).data?.checkLocationName.available).toBe(true);
    expect((await q(NAME, { n: 'Brand new' }, s.tokens.mgrY)).data?.checkLocationName.available).toBe(true);
    const TZ = 'query($t: String!) { checkTimezone(timezone: $t) { status valid timezone } }';
    expect((await q(TZ, { t: 'Europe/Madrid' }, s.tokens.mgrX)).data?.checkTimezone).toEqual({
      status: true,
      valid: true,
      timezone: 'Europe/Madrid',
    });
    expect((await q(TZ, { t: 'Nowhere/Land' }, s.tokens.mgrX)).data?.checkTimezone).toEqual({
      status: false,
      valid: false,
      timezone: null,
    });
    const loc = await q(LOCATION, { id: s.X }, s.tokens.mgrX);
    expect(loc.data?.location.timezone).toMatchObject({ id: 'America/Chicago', value: 'America/Chicago' });
    expect(loc.data?.location.timezone.name).toMatch(/^America\/Chicago \(UTC[+-]\d\d:\d\d\)$/);
  });

  it('updateLocation saves the signup switch and code with the rest in one go, or nothing of it', async () => {
    const SAVE = `mutation($id: ID!, $name: String, $map: String, $signup: Boolean, $code: String) {
      updateLocation(id: $id, name: $name, map_url: $map, is_signup: $signup, signup_code: $code) { status location { name is_signup signup_code map_url } } }`;
    const db = A().db.db;
    const before = await db('locations').where({ id: s.Y }).first();
    const audits = async () =>
      Number((await db('audit_log').where({ entity_id: s.Y, action: 'location.update' }).count({ n: '*' }).first())!.n);
    const auditsBefore = await audits();
    // a bad URL after a good signup change: nothing is written
    expect(field(await q(SAVE, { id: s.Y, signup: true, code: 'Y-JOIN', map: 'not a url' }, s.tokens.mgrY))).toBe('map_url');
    // a name taken by another location: the signup change is not kept either
    const xName = (await db('locations').where({ id: s.X }).first()).name;
    expect(field(await q(SAVE, { id: s.Y, signup: true, code: 'Y-JOIN', name: xName }, s.tokens.mgrY))).toBe('name');
    // signup on needs a code, given or already saved; a code in use elsewhere is refused
    expect(field(await q(SAVE, { id: s.Y, signup: true, code: '' }, s.tokens.mgrY))).toBe('signup_code');
    const xCode = (await db('locations').where({ id: s.X }).first()).signup_code;
    await db('locations').where({ id: s.X }).update({ signup_code: 'X-TAKEN' });
    expect(field(await q(SAVE, { id: s.Y, signup: true, code: 'x-taken' }, s.tokens.mgrY))).toBe('signup_code');
    const unchanged = await db('locations').where({ id: s.Y }).first();
    expect([unchanged.is_signup, unchanged.signup_code, unchanged.name, unchanged.map_url]).toEqual([
      before.is_signup,
      before.signup_code,
      before.name,
      before.map_url,
    ]);
    expect(await audits()).toBe(auditsBefore);

    const ok = await q(SAVE, { id: s.Y, signup: true, code: 'Y-JOIN', map: 'https://maps.example.test/y' }, s.tokens.mgrY);
    expect(ok.data?.updateLocation.location).toMatchObject({
      is_signup: true,
      signup_code: 'Y-JOIN',
      map_url: 'https://maps.example.test/y',
    });
    const last = await db('audit_log').where({ entity_id: s.Y, action: 'location.update' }).orderBy('id', 'desc').first();
    expect(last.data.changes).toMatchObject({ is_signup: [false, true], signup_code: [null, 'Y-JOIN'] });
    // omitted signup arguments stay; turning signup off keeps working without a code
    expect((await q(SAVE, { id: s.Y, name: before.name }, s.tokens.mgrY)).data?.updateLocation.location).toMatchObject({
      is_signup: true,
      signup_code: 'Y-JOIN',
    });
    expect((await q(SAVE, { id: s.Y, signup: false, code: '' }, s.tokens.mgrY)).data?.updateLocation.location).toMatchObject({
      is_signup: false,
      signup_code: null,
    });
    await db('locations').where({ id: s.X }).update({ signup_code: xCode });
  });

  it('active filter and activeLocations', async () => {
    await q(UPDATE, { id: s.Y, active: false }, s.tokens.mgrY);
    const act = await q('query { activeLocations { id } inactive: locations(active: false) { data { id } } }', {}, s.tokens.mgrY);
    expect(act.data?.activeLocations).not.toContainEqual({ id: s.Y });
    expect(act.data?.inactive.data).toEqual([{ id: s.Y }]);
    await q(UPDATE, { id: s.Y, active: true }, s.tokens.mgrY);
  });
});

describe('getAllLocations (the /locations list)', () => {
  const ALL =
    'query($active: Boolean, $page: Int, $first: Int) { getAllLocations(active: $active, page: $page, first: $first) { data { id name active } paginatorInfo { currentPage lastPage perPage total } } }';
  const names = (r: { data?: Record<string, any> | null }) => r.data?.getAllLocations.data.map((l: { name: string }) => l.name);

  it('pages every location for the owner and only the managed ones for a manager, with the active filter', async () => {
    const db = A().db.db;
    const every = await db('locations').whereNull('deleted_at').orderBy('name').pluck('name');
    expect(every.length).toBeGreaterThan(2);
    const owner = await q(ALL, { first: 2 }, s.tokens.owner);
    expect(owner.data?.getAllLocations.paginatorInfo).toEqual({
      currentPage: 1,
      lastPage: Math.ceil(every.length / 2),
      perPage: 2,
      total: every.length,
    });
    const pages = [owner];
    for (let page = 2; page <= owner.data?.getAllLocations.paginatorInfo.lastPage; page++)
      pages.push(await q(ALL, { first: 2, page }, s.tokens.owner));
    expect(pages.flatMap(names).sort()).toEqual([...every].sort());

    const managed = await db('location_managers as lm')
      .join('locations as l', 'l.id', 'lm.location_id')
      .where('lm.user_id', s.ids.mgrX)
      .whereNull('l.deleted_at')
      .pluck('l.name');
    const mgr = await q(ALL, { first: 100 }, s.tokens.mgrX);
    expect(names(mgr).sort()).toEqual([...managed].sort());
    expect(names(mgr)).not.toContain('Location Y');

    const x = (await db('locations').where({ id: s.X }).first()).name;
    await q(UPDATE, { id: s.X, active: false }, s.tokens.mgrX);
    expect(names(await q(ALL, { active: false }, s.tokens.mgrX))).toEqual([x]);
    expect(names(await q(ALL, { active: true }, s.tokens.mgrX))).not.toContain(x);
    await q(UPDATE, { id: s.X, active: true }, s.tokens.mgrX);
  });

  it('refuses bad paging naming the field, and viewers below manager', async () => {
    expect(field(await q(ALL, { first: 500 }, s.tokens.owner))).toBe('first');
    expect(field(await q(ALL, { page: 0 }, s.tokens.owner))).toBe('page');
    for (const t of [s.tokens.teacher, s.tokens.parent, s.tokens.blog]) expect(code(await q(ALL, {}, t))).toBe('FORBIDDEN');
  });

  it("another centre lists only its own locations; A's token is refused on B", async () => {
    const B = h.centres[1]!;
    await seedUser(B, { username: 'ballowner', role: 'center' });
    const tb = (await signIn(h.app, B.host, 'ballowner')).token;
    await B.db.db('locations').insert({ name: 'B only' });
    const onB = await gql(h.app, B.host, ALL, {}, tb);
    expect(names(onB)).toContain('B only');
    expect(names(onB)).toEqual(await B.db.db('locations').whereNull('deleted_at').orderBy('name').pluck('name'));
    expect(names(onB)).not.toContain((await A().db.db('locations').where({ id: s.X }).first()).name);
    expect((await gql(h.app, B.host, ALL, {}, s.tokens.owner)).statusCode).toBe(401);
    await B.db.db('locations').where({ name: 'B only' }).del();
  });
});

describe('deleteLocation', () => {
  const DEL = 'mutation($id: ID!) { deleteLocation(id: $id) { status id } }';
  it('is for the owner; refuses a location with active students; then the location is gone', async () => {
    const [loc] = await A().db.db('locations').insert({ name: 'Closing' }).returning('id');
    const id = String(loc.id);
    await A().db.db('location_managers').insert({ location_id: id, user_id: s.ids.mgrX });
    expect(code(await q(DEL, { id }, s.tokens.mgrX))).toBe('FORBIDDEN');
    const kid = await seedStudent(A(), id);
    expect(code(await q(DEL, { id }, s.tokens.owner))).toBe('LOCATION_HAS_STUDENTS');
    await A().db.db('students').where({ id: kid }).update({ status: false });
    expect((await q(DEL, { id }, s.tokens.owner)).data?.deleteLocation).toEqual({ status: true, id });
    expect(code(await q(LOCATION, { id }, s.tokens.owner))).toBe('NOT_FOUND');
    expect(code(await q(DEL, { id }, s.tokens.owner))).toBe('NOT_FOUND');
    expect(await A().db.db('audit_log').where({ action: 'location.delete', entity_id: id }).first()).toBeTruthy();
  });
});

describe('across centres', () => {
  it("centre A's location ids are NOT_FOUND on centre B, and A's token is refused on B", async () => {
    const B = h.centres[1]!;
    await seedUser(B, { username: 'bowner', role: 'center' });
    const tb = (await signIn(h.app, B.host, 'bowner')).token;
    const [maxA] = await A().db.db('locations').max({ m: 'id' });
    const r = await gql(h.app, B.host, LOCATION, { id: String(maxA!.m) }, tb);
    expect(code(r)).toBe('NOT_FOUND');
    expect(code(await gql(h.app, B.host, UPDATE, { id: String(maxA!.m), name: 'x' }, tb))).toBe('NOT_FOUND');
    expect((await gql(h.app, B.host, LIST, {}, tb)).data?.locations.data).toEqual([]);
    const cross = await gql(h.app, B.host, LIST, {}, s.tokens.owner);
    expect(cross.statusCode).toBe(401);
  });
});
