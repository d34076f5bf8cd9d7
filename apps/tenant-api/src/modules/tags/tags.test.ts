import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, countQueries, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';

let h: Harness;
let w: World;
let b: World;
const db = () => w.c.db.db;

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
});
afterAll(() => h.close());

const KINDS = [
  { kind: 'tag', Type: 'Tag', plural: 'tags', Plural: 'Tags' },
  { kind: 'allergy', Type: 'Allergy', plural: 'allergies', Plural: 'Allergies' },
  { kind: 'medication', Type: 'Medication', plural: 'medications', Plural: 'Medications' },
] as const;

describe.each(KINDS)('$plural', ({ kind, Type, plural, Plural }) => {
  it('adds, renames, lists with counts, auto-creates and deletes (id required)', async () => {
    const add = await w.q(
      `mutation { add${Type}(name: "First ${kind}") { status message ${kind} { id name student_count user_count } } }`,
      {},
      w.tokens.mgrX,
    );
    expect(add.data?.[`add${Type}`]).toMatchObject({ status: true, [kind]: { name: `First ${kind}`, student_count: 0, user_count: 0 } });
    const id = add.data![`add${Type}`][kind].id;
    expect(field(await w.q(`mutation { add${Type}(name: "first ${kind.toUpperCase()}") { status } }`, {}, w.tokens.mgrX))).toBe('name');
    expect(field(await w.q(`mutation { add${Type}(name: "  ") { status } }`, {}, w.tokens.mgrX))).toBe('name');
    const ren = await w.q(
      `mutation($id: ID!) { update${Type}(id: $id, name: "Renamed ${kind}") { ${kind} { name } } }`,
      { id },
      w.tokens.mgrX,
    );
    expect(ren.data?.[`update${Type}`][kind].name).toBe(`Renamed ${kind}`);
    expect(code(await w.q(`mutation { update${Type}(id: "999999", name: "X") { status } }`, {}, w.tokens.mgrX))).toBe('NOT_FOUND');
    await db()(`student_${plural}`).insert([
      { student_id: w.kidX, [`${kind}_id`]: id },
      { student_id: w.kidX2, [`${kind}_id`]: id },
    ]);
    await db()(`user_${plural}`).insert({ user_id: w.ids.parent, [`${kind}_id`]: id });
    const list = await w.q(
      `query { get${Plural}(search: "renamed") { data { id name student_count user_count } paginatorInfo { total } } }`,
      {},
      w.tokens.teacher,
    );
    expect(list.data?.[`get${Plural}`]).toEqual({
      data: [{ id, name: `Renamed ${kind}`, student_count: 2, user_count: 1 }],
      paginatorInfo: { total: 1 },
    });
    const auto = await w.q(
      `mutation { autoCreate${Plural}(names: ["renamed ${kind}", "Brand new", "brand NEW"]) { status ${plural} { id name } } }`,
      {},
      w.tokens.mgrX,
    );
    expect(auto.data?.[`autoCreate${Plural}`][plural].map((x: any) => x.name)).toEqual(['Brand new', `Renamed ${kind}`]);
    expect(code(await w.q(`mutation { delete${Type} { status } }`, {}, w.tokens.mgrX))).toBe('GRAPHQL_VALIDATION_FAILED');
    const del = await w.q(`mutation($id: ID!) { delete${Type}(id: $id) { status id } }`, { id }, w.tokens.mgrX);
    expect(del.data?.[`delete${Type}`]).toEqual({ status: true, id });
    expect(
      await db()(`student_${plural}`)
        .where({ [`${kind}_id`]: id })
        .count({ n: '*' }),
    ).toEqual([{ n: '0' }]);
    expect(
      await db()('audit_log')
        .where({ action: `${kind}.delete`, entity_id: id })
        .first(),
    ).toBeTruthy();
    expect(code(await w.q(`mutation { add${Type}(name: "Nope") { status } }`, {}, w.tokens.teacher))).toBe('FORBIDDEN');
  });

  it('assigns to a student (in scope) and to a person', async () => {
    const [x] = await db()(plural)
      .insert({ name: `Assign ${kind}` })
      .returning('id');
    const id = String(x.id);
    const s = await w.q(
      `mutation($s: ID!, $ids: [ID!]!) { assign${Type}ToStudent(student_id: $s, ${plural}: $ids) { status student { ${plural} { name } } } }`,
      { s: w.kidX, ids: [id] },
      w.tokens.mgrX,
    );
    expect(s.data?.[`assign${Type}ToStudent`].student[plural]).toEqual([{ name: `Assign ${kind}` }]);
    expect(
      code(
        await w.q(
          `mutation($s: ID!, $ids: [ID!]!) { assign${Type}ToStudent(student_id: $s, ${plural}: $ids) { status } }`,
          { s: w.kidY, ids: [id] },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(
      field(
        await w.q(
          `mutation($s: ID!, $ids: [ID!]!) { assign${Type}ToStudent(student_id: $s, ${plural}: $ids) { status } }`,
          { s: w.kidX, ids: ['999999'] },
          w.tokens.mgrX,
        ),
      ),
    ).toBe(plural);
    const u = await w.q(
      `mutation($u: ID!, $ids: [ID!]!) { assign${Type}ToUser(user_id: $u, ${plural}: $ids) { status user { ${plural} { name } } } }`,
      { u: w.ids.parent, ids: [id] },
      w.tokens.mgrX,
    );
    expect(u.data?.[`assign${Type}ToUser`].user[plural]).toEqual([{ name: `Assign ${kind}` }]);
    expect(
      code(
        await w.q(
          `mutation($u: ID!, $ids: [ID!]!) { assign${Type}ToUser(user_id: $u, ${plural}: $ids) { status } }`,
          { u: w.ids.mgrY, ids: [id] },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});

describe('medical lists and parents', () => {
  it("parents set their own child's allergies only when the centre allows that field; never tags", async () => {
    const [x] = await db()('allergies').insert({ name: 'Bees' }).returning('id');
    const A =
      'mutation($s: ID!, $ids: [ID!]!) { assignAllergyToStudent(student_id: $s, allergies: $ids) { student { allergies { name } } } }';
    expect(code(await w.q(A, { s: w.kidX, ids: [String(x.id)] }, w.tokens.parent))).toBe('FORBIDDEN');
    await db()('location_settings')
      .insert({ location_id: w.X, can_edit_student: true, can_edit_fields: ['allergies'] })
      .onConflict('location_id')
      .merge();
    const ok = await w.q(A, { s: w.kidX, ids: [String(x.id)] }, w.tokens.parent);
    expect(ok.data?.assignAllergyToStudent.student.allergies).toEqual([{ name: 'Bees' }]);
    expect(
      code(
        await w.q(
          'mutation($s: ID!, $ids: [ID!]!) { assignMedicationToStudent(student_id: $s, medications: $ids) { status } }',
          { s: w.kidX, ids: [] },
          w.tokens.parent,
        ),
      ),
    ).toBe('FORBIDDEN');
    expect(code(await w.q(A, { s: w.kidX2, ids: [String(x.id)] }, w.tokens.parent))).toBe('NOT_FOUND');
    expect(
      code(
        await w.q(
          'mutation($s: ID!, $ids: [ID!]!) { assignTagToStudent(student_id: $s, tags: $ids) { status } }',
          { s: w.kidX, ids: [] },
          w.tokens.parent,
        ),
      ),
    ).toBe('FORBIDDEN');
    expect((await w.q('query { getAllergies { data { name } } }', {}, w.tokens.parent)).errors).toBeUndefined();
    expect(code(await w.q('query { getTags { data { name } } }', {}, w.tokens.parent))).toBe('FORBIDDEN');
  });

  it("a person's allergies and medications show to themself and staff only", async () => {
    await db()('student_users').insert({ student_id: w.kidX, user_id: w.parent2.id });
    const [x] = await db()('medications').insert({ name: 'Inhaler' }).returning('id');
    await db()('user_medications').insert({ user_id: w.parent2.id, medication_id: x.id });
    const Q = 'query($id: ID!) { user(id: $id) { medications { name } } }';
    expect((await w.q(Q, { id: w.parent2.id }, w.parent2.token)).data?.user.medications).toEqual([{ name: 'Inhaler' }]);
    expect((await w.q(Q, { id: w.parent2.id }, w.tokens.mgrX)).data?.user.medications).toEqual([{ name: 'Inhaler' }]);
    expect((await w.q(Q, { id: w.parent2.id }, w.tokens.parent)).data?.user.medications).toEqual([]);
    await db()('student_users').where({ student_id: w.kidX, user_id: w.parent2.id }).del();
  });
});

describe('bulk tags', () => {
  it('adds and detaches tags on many students, all in scope or nothing', async () => {
    const [t1, t2] = await db()('tags')
      .insert([{ name: 'Bulk one' }, { name: 'Bulk two' }])
      .returning('id');
    const ids = [String(t1.id), String(t2.id)];
    const add = await w.q(
      'mutation($s: [ID!]!, $t: [ID!]!) { bulkAddTags(students: $s, tags: $t) { status students { id tags { name } } } }',
      { s: [w.kidX, w.kidX2], t: ids },
      w.tokens.mgrX,
    );
    expect(add.errors).toBeUndefined();
    expect(await db()('student_tags').whereIn('tag_id', ids).count({ n: '*' })).toEqual([{ n: '4' }]);
    expect(
      code(
        await w.q(
          'mutation($s: [ID!]!, $t: [ID!]!) { bulkAddTags(students: $s, tags: $t) { status } }',
          { s: [w.kidX, w.kidY], t: ids },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(await db()('student_tags').where({ student_id: w.kidY }).count({ n: '*' })).toEqual([{ n: '0' }]);
    expect(
      field(await w.q('mutation($s: [ID!]!) { bulkAddTags(students: $s, tags: []) { status } }', { s: [w.kidX] }, w.tokens.mgrX)),
    ).toBe('tags');
    const det = await w.q(
      'mutation($s: [ID!]!, $t: [ID!]!) { bulkDetachTags(students: $s, tags: $t) { status } }',
      { s: [w.kidX, w.kidX2], t: [ids[0]] },
      w.tokens.mgrX,
    );
    expect(det.data?.bulkDetachTags.status).toBe(true);
    expect(await db()('student_tags').whereIn('tag_id', ids).count({ n: '*' })).toEqual([{ n: '2' }]);
  });

  it('counts are batched (one query per count field whatever the number of tags)', async () => {
    const Q = 'query($f: Int) { getTags(first: $f) { data { id student_count user_count } } }';
    const few = await countQueries(h, w.c, () => w.q(Q, { f: 1 }, w.tokens.owner));
    const many = await countQueries(h, w.c, () => w.q(Q, { f: 100 }, w.tokens.owner));
    expect(many).toBe(few);
  });
});

describe('relationships', () => {
  it('requests at once keep one default and name the field of a taken name (never INTERNAL)', async () => {
    const defaults = await Promise.all(
      ['Grandma', 'Grandpa', 'Godmother', 'Godfather'].map((n) =>
        w.q(`mutation { addRelationship(name: "${n}", is_default: true) { relationship { id } } }`, {}, w.tokens.mgrX),
      ),
    );
    expect(defaults.map((r) => r.errors)).toEqual([undefined, undefined, undefined, undefined]);
    expect(await db()('relationships').where({ is_default: true }).count({ n: '*' })).toEqual([{ n: '1' }]);
    const same = await Promise.all(
      [1, 2, 3].map(() => w.q('mutation { addRelationship(name: "Stepmother") { status } }', {}, w.tokens.mgrX)),
    );
    expect(same.filter((r) => r.data?.addRelationship.status === true)).toHaveLength(1);
    expect(same.filter((r) => !r.data).map(field)).toEqual(['name', 'name']);
    const labels = await Promise.all([1, 2, 3].map(() => w.q('mutation { addTag(name: "Raced tag") { status } }', {}, w.tokens.mgrX)));
    expect(labels.filter((r) => r.data?.addTag.status === true)).toHaveLength(1);
    expect(labels.filter((r) => !r.data).map(field)).toEqual(['name', 'name']);
    const auto = await Promise.all(
      [1, 2].map(() => w.q('mutation { autoCreateTags(names: ["Raced auto"]) { tags { id } } }', {}, w.tokens.mgrX)),
    );
    expect(auto.map((r) => r.errors)).toEqual([undefined, undefined]);
    expect(auto[0]!.data!.autoCreateTags.tags).toEqual(auto[1]!.data!.autoCreateTags.tags);
    await db()('relationships').whereIn('name', ['Grandma', 'Grandpa', 'Godmother', 'Godfather', 'Stepmother']).del();
  });

  it('adds, updates, lists (default first), deletes (id required)', async () => {
    const add = await w.q(
      'mutation { addRelationship(name: "Mother", is_default: true, legal_guardian: true, relationship_type: "parent") { status relationship { id name is_default legal_guardian relationship_type } } }',
      {},
      w.tokens.mgrX,
    );
    expect(add.data?.addRelationship.relationship).toMatchObject({
      name: 'Mother',
      is_default: true,
      legal_guardian: true,
      relationship_type: 'parent',
    });
    const b2 = await w.q(
      'mutation { addRelationship(name: "Aunt", is_default: true) { relationship { id is_default } } }',
      {},
      w.tokens.mgrX,
    );
    expect(b2.data?.addRelationship.relationship.is_default).toBe(true);
    const list = await w.q('query { getRelationships { data { name is_default } } }', {}, w.tokens.parent);
    expect(list.data?.getRelationships.data).toEqual([
      { name: 'Aunt', is_default: true },
      { name: 'Mother', is_default: false },
    ]);
    expect(field(await w.q('mutation { addRelationship(name: "mother") { status } }', {}, w.tokens.mgrX))).toBe('name');
    const upd = await w.q(
      'mutation($id: ID!) { updateRelationship(id: $id, relationship_type: "") { relationship { relationship_type } } }',
      { id: add.data!.addRelationship.relationship.id },
      w.tokens.mgrX,
    );
    expect(upd.data?.updateRelationship.relationship.relationship_type).toBeNull();
    expect(code(await w.q('mutation { deleteRelationship { status } }', {}, w.tokens.mgrX))).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(
      (
        await w.q(
          'mutation($id: ID!) { deleteRelationship(id: $id) { status } }',
          { id: add.data!.addRelationship.relationship.id },
          w.tokens.mgrX,
        )
      ).data?.deleteRelationship.status,
    ).toBe(true);
    expect(
      code(
        await w.q(
          'mutation($id: ID!) { deleteRelationship(id: $id) { status } }',
          { id: add.data!.addRelationship.relationship.id },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(code(await w.q('query { getRelationships { data { name } } }', {}, w.tokens.blog))).toBe('FORBIDDEN');
  });
});

describe('other centre', () => {
  it("each centre has its own lists; A's tag ids are unknown in B", async () => {
    const [t] = await db()('tags').insert({ name: 'Only in A' }).returning('id');
    const bList = await b.q('query { getTags(search: "Only in A") { data { id } } }', {}, b.tokens.owner);
    expect(bList.data?.getTags.data).toEqual([]);
    expect(
      field(
        await b.q(
          'mutation($s: ID!, $ids: [ID!]!) { assignTagToStudent(student_id: $s, tags: $ids) { status } }',
          { s: b.kidX, ids: [String(Number(t.id) + 1000)] },
          b.tokens.owner,
        ),
      ),
    ).toBe('tags');
    expect((await b.q('query { getTags { data { id } } }', {}, w.tokens.owner)).statusCode).toBe(401);
  });
});
