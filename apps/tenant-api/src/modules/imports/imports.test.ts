import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';
import { runQueuedImport } from './jobs.ts';

let h: Harness;
let w: World;
let b: World;
const db = () => w.c.db.db;
const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await db()(table).where(where).count({ n: '*' }))[0]!.n);

const IMPORT_FIELDS =
  'id kind source status total processed progress valid headers mapping { header field } rows { line values { field value } errors { field message } } errors { line field message } totals { students contacts linked_contacts staff } failure';
const UPLOAD = `mutation($l: ID!, $csv: String!) { uploadStudentsCsv(location_id: $l, csv: $csv) { status message color import { ${IMPORT_FIELDS} } } }`;
const CONFIRM = `mutation($id: ID!, $inv: Boolean) { confirmImport(import_id: $id, send_invites: $inv) { status message import { ${IMPORT_FIELDS} } } }`;

beforeAll(async () => {
  h = await createPeopleHarness();
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
});
afterAll(() => h.close());

describe('students CSV', () => {
  it('reports every rejected row with its reason and saves nothing', async () => {
    const csv = [
      'First Name,Last Name,Birthday,Room,Parent Email,Parent First Name,Parent Last Name',
      'Good,Kid,03/04/2021,Toddlers,,,',
      ',Nofirst,2021-01-01,Toddlers,,,',
      'Bad,Date,2021-02-30,Toddlers,,,',
      'No,Room,2021-01-01,Attic,,,',
      'Good,Kid,03/04/2021,Toddlers,,,',
      'Ava,Parent,2021-03-04,Toddlers,,,',
      'Mail,Bad,2021-01-01,Infants,not-an-email,A,B',
      'Mail,Far,2021-01-01,Infants,mgrY@example.test,,',
    ].join('\n');
    const before = await count('students');
    const r = await w.q(UPLOAD, { l: w.X, csv }, w.tokens.mgrX);
    expect(r.errors).toBeUndefined();
    const res = r.data!.uploadStudentsCsv;
    expect(res).toMatchObject({ status: false, color: 'danger', import: { status: 'invalid', valid: false, total: 8 } });
    const reasons = res.import.errors.map((e: any) => `${e.line}:${e.field}`);
    expect(reasons).toEqual(['3:fname', '4:dob', '5:program', '6:fname', '7:fname', '8:parent_email', '9:parent_email']);
    expect(res.import.errors.find((e: any) => e.line === 6).message).toBe('Line 2 has the same student.');
    expect(res.import.errors.find((e: any) => e.line === 7).message).toMatch(/already exists/);
    expect(res.import.errors.find((e: any) => e.line === 9).message).toMatch(/outside your locations/);
    expect(res.import.rows[0]).toMatchObject({ line: 2, errors: [] });
    expect(await count('students')).toBe(before);
    expect(code(await w.q(CONFIRM, { id: res.import.id }, w.tokens.mgrX))).toBe('IMPORT_INVALID');
  });

  it('saves a checked file all at once: students, new and existing parents linked', async () => {
    const csv = [
      'First Name,Last Name,Birthday,Room,Parent Email,Parent First Name,Parent Last Name,Relationship,Status',
      'Zed,One,03/04/2021,toddlers,newmom@example.test,New,Mom,Mother,active',
      'Zoe,Two,2020-12-31,Infants,parent@example.test,,,Father,waitlist',
      'Zia,Three,,Infants,newmom@example.test,New,Mom,Mother,',
    ].join('\r\n');
    const r = await w.q(UPLOAD, { l: w.X, csv }, w.tokens.mgrX);
    expect(r.data?.uploadStudentsCsv).toMatchObject({ status: true, import: { status: 'checked', valid: true, total: 3, errors: [] } });
    expect(r.data?.uploadStudentsCsv.import.mapping).toContainEqual({ header: 'Room', field: 'program' });
    const id = r.data!.uploadStudentsCsv.import.id;
    const c = await w.q(CONFIRM, { id }, w.tokens.mgrX);
    expect(c.errors).toBeUndefined();
    expect(c.data?.confirmImport).toMatchObject({
      status: true,
      import: { status: 'done', progress: 100, totals: { students: 3, contacts: 1, linked_contacts: 1 } },
    });
    const zed = await db()('students').where({ fname: 'Zed' }).first();
    expect(zed).toMatchObject({ location_id: w.X, program_id: w.room1X, status: true, created_by: w.ids.mgrX });
    expect((await db()('students').where({ fname: 'Zoe' }).first('type')).type).toBe('waitlist');
    const mom = await db()('users').where({ email: 'newmom@example.test' }).first('id', 'invited');
    expect(await count('student_users', { user_id: mom.id })).toBe(2);
    expect(await count('student_users', { user_id: w.ids.parent })).toBe(2);
    expect(await db()('audit_log').where({ action: 'import.run', entity_id: id }).first()).toBeTruthy();
    expect(code(await w.q(CONFIRM, { id }, w.tokens.mgrX))).toBe('IMPORT_STATE');
  });

  it('checks again when confirming: a change since the upload rejects the file, nothing saved', async () => {
    const r = await w.q(UPLOAD, { l: w.X, csv: 'fname,lname,room\nLate,Comer,Toddlers\nOther,Kid,Toddlers' }, w.tokens.mgrX);
    const id = r.data!.uploadStudentsCsv.import.id;
    await db()('students').insert({ fname: 'Late', lname: 'Comer', location_id: w.X });
    const before = await count('students');
    const c = await w.q(CONFIRM, { id }, w.tokens.mgrX);
    expect(c.data?.confirmImport).toMatchObject({ status: false, import: { status: 'invalid', errors: [{ line: 2, field: 'fname' }] } });
    expect(await count('students')).toBe(before);
  });

  it('rolls everything back when saving fails (capacity reached meanwhile) and records why', async () => {
    const r = await w.q(UPLOAD, { l: w.Y, csv: 'fname,lname,room\nCap,One,Pups\nCap,Two,Pups' }, w.tokens.owner);
    const id = r.data!.uploadStudentsCsv.import.id;
    const active = await count('students', { location_id: w.Y, status: true });
    await db()('location_settings')
      .insert({ location_id: w.Y, max_no_of_students: active + 1 })
      .onConflict('location_id')
      .merge();
    const c = await w.q(CONFIRM, { id }, w.tokens.owner);
    expect(c.data?.confirmImport).toMatchObject({ status: false, import: { status: 'failed' } });
    expect(c.data?.confirmImport.import.failure).toMatch(/full/);
    expect(await count('students', { fname: 'Cap' })).toBe(0);
    await db()('location_settings').where({ location_id: w.Y }).update({ max_no_of_students: null });
  });

  it('refuses files without the required columns, empty files, and other locations', async () => {
    expect(field(await w.q(UPLOAD, { l: w.X, csv: 'First Name,Birthday\nA,2020-01-01' }, w.tokens.mgrX))).toBe('csv');
    expect(field(await w.q(UPLOAD, { l: w.X, csv: 'First Name,Last Name,Room' }, w.tokens.mgrX))).toBe('csv');
    expect(field(await w.q(UPLOAD, { l: w.X, csv: '' }, w.tokens.mgrX))).toBe('csv');
    expect(code(await w.q(UPLOAD, { l: w.Y, csv: 'fname,lname,room\nA,B,Pups' }, w.tokens.mgrX))).toBe('NOT_FOUND');
    expect(code(await w.q(UPLOAD, { l: '999999', csv: 'fname,lname,room\nA,B,Pups' }, w.tokens.owner))).toBe('NOT_FOUND');
    expect(code(await w.q(UPLOAD, { l: w.X, csv: 'fname,lname,room\nA,B,Pups' }, w.tokens.teacher))).toBe('FORBIDDEN');
  });
});

describe('Procare and Brightwheel', () => {
  it('reads a Procare students export', async () => {
    const csv = [
      '"First Name","Last Name","Birthday","Classroom","Child ID","Parent 1 First Name","Parent 1 Last Name","Parent 1 Email","Parent 1 Cell Phone"',
      'Pro,Care,1/2/2022,Infants,PC-1,Pat,Care,pat.care@example.test,512-555-0177',
    ].join('\n');
    const r = await w.q(
      `mutation($l: ID!, $csv: String!) { procareImport(location_id: $l, csv: $csv) { status import { id source status errors { line } } } }`,
      { l: w.X, csv },
      w.tokens.mgrX,
    );
    expect(r.data?.procareImport).toMatchObject({ status: true, import: { source: 'procare', status: 'checked', errors: [] } });
    await w.q(CONFIRM, { id: r.data!.procareImport.import.id }, w.tokens.mgrX);
    expect(await db()('students').where({ external_id: 'PC-1' }).first('fname', 'program_id')).toEqual({
      fname: 'Pro',
      program_id: w.room2X,
    });
  });

  it('reviews a Procare staff export, then saves it (teachers with their rooms)', async () => {
    const csv = [
      'First Name,Last Name,Email,Cell Phone,Position,Classroom',
      'Sam,Staff,sam.staff@example.test,5125550101,Lead Teacher,Toddlers;Infants',
      'Dup,Email,teacher@example.test,,,',
      'Bad,Room,bad.room@example.test,,,Basement',
    ].join('\n');
    const TEMP = `mutation($l: ID!, $csv: String!) { saveTempProCareStaff(location_id: $l, csv: $csv) { status import { id kind status errors { line field message } } } }`;
    const bad = await w.q(TEMP, { l: w.X, csv }, w.tokens.mgrX);
    expect(bad.data?.saveTempProCareStaff.import).toMatchObject({ kind: 'staff', status: 'invalid' });
    expect(bad.data?.saveTempProCareStaff.import.errors.map((e: any) => `${e.line}:${e.field}`)).toEqual(['3:email', '4:programs']);
    expect(
      code(
        await w.q(
          'mutation($id: ID!) { saveProcareStaff(import_id: $id) { status } }',
          { id: bad.data!.saveTempProCareStaff.import.id },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('IMPORT_INVALID');
    const good = await w.q(TEMP, { l: w.X, csv: csv.split('\n').slice(0, 2).join('\n') }, w.tokens.mgrX);
    const saved = await w.q(
      'mutation($id: ID!) { saveProcareStaff(import_id: $id, send_invites: true) { status import { status totals { staff } } } }',
      { id: good.data!.saveTempProCareStaff.import.id },
      w.tokens.mgrX,
    );
    expect(saved.data?.saveProcareStaff).toMatchObject({ status: true, import: { status: 'done', totals: { staff: 1 } } });
    const sam = await db()('users').where({ email: 'sam.staff@example.test' }).first('id', 'username', 'job_title', 'invited');
    expect(sam).toMatchObject({ username: 'sam.staff', job_title: 'Lead Teacher', invited: true });
    expect((await db()('user_programs').where({ user_id: sam.id }).pluck('program_id')).map(String).sort()).toEqual(
      [w.room1X, w.room2X].sort(),
    );
    expect(await db()('outbound_messages').where({ recipient: 'sam.staff@example.test', template: 'invite' }).first()).toBeTruthy();
  });

  it('reads a Brightwheel roster; an unknown source is refused', async () => {
    const csv = [
      'First Name,Last Name,Birthdate,Room,Student ID,Guardian 1 First Name,Guardian 1 Last Name,Guardian 1 Email',
      'Bri,Wheel,2021-05-05,Toddlers,BW-9,Gia,Wheel,gia@example.test',
    ].join('\n');
    const ROSTER = `mutation($l: ID!, $csv: String!, $s: String!) { importExternalRoster(location_id: $l, source: $s, csv: $csv) { status import { id source status } } }`;
    expect(field(await w.q(ROSTER, { l: w.X, csv, s: 'acme' }, w.tokens.mgrX))).toBe('source');
    const r = await w.q(ROSTER, { l: w.X, csv, s: 'brightwheel' }, w.tokens.mgrX);
    expect(r.data?.importExternalRoster).toMatchObject({ status: true, import: { source: 'brightwheel', status: 'checked' } });
    await w.q(CONFIRM, { id: r.data!.importExternalRoster.import.id }, w.tokens.mgrX);
    expect(await count('students', { external_id: 'BW-9' })).toBe(1);
  });
});

describe('advance onboarding', () => {
  it('uploads a file, matches its columns to fields, saves', async () => {
    const csv = [
      'Given,Surname,E-mail address,Mobile',
      'Cora,Contact,cora@example.test,512 555 0190',
      'Dan,Contact,dan@example.test,',
    ].join('\n');
    const up = await w.q(
      'mutation($l: ID!, $csv: String!) { uploadAdvanceOnboardingFile(location_id: $l, csv: $csv, kind: "contacts") { status import { id status headers mapping { header field } fields required_fields } } }',
      { l: w.X, csv },
      w.tokens.mgrX,
    );
    const imp = up.data!.uploadAdvanceOnboardingFile.import;
    expect(imp).toMatchObject({
      status: 'uploaded',
      headers: ['Given', 'Surname', 'E-mail address', 'Mobile'],
      required_fields: ['fname', 'lname', 'email'],
    });
    expect(imp.mapping).toEqual([
      { header: 'Given', field: null },
      { header: 'Surname', field: null },
      { header: 'E-mail address', field: 'email' },
      { header: 'Mobile', field: 'phone' },
    ]);
    expect(
      code(await w.q('mutation($id: ID!) { saveAdvanceOnboardingData(import_id: $id) { status } }', { id: imp.id }, w.tokens.mgrX)),
    ).toBe('IMPORT_STATE');
    const MATCH =
      'mutation($id: ID!, $m: [HeaderMatchInput!]!) { matchAdvanceOnboardingHeaders(import_id: $id, mapping: $m) { status import { status errors { line } } } }';
    expect(field(await w.q(MATCH, { id: imp.id, m: [{ header: 'Given', field: 'fname' }] }, w.tokens.mgrX))).toBe('mapping');
    expect(field(await w.q(MATCH, { id: imp.id, m: [{ header: 'Nope', field: 'fname' }] }, w.tokens.mgrX))).toBe('mapping.0.header');
    expect(field(await w.q(MATCH, { id: imp.id, m: [{ header: 'Given', field: 'dob' }] }, w.tokens.mgrX))).toBe('mapping.0.field');
    expect(
      field(
        await w.q(
          MATCH,
          {
            id: imp.id,
            m: [
              { header: 'Given', field: 'fname' },
              { header: 'Surname', field: 'fname' },
            ],
          },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('mapping.1.field');
    const m = await w.q(
      MATCH,
      {
        id: imp.id,
        m: [
          { header: 'Given', field: 'fname' },
          { header: 'Surname', field: 'lname' },
          { header: 'E-mail address', field: 'email' },
          { header: 'Mobile', field: 'phone' },
        ],
      },
      w.tokens.mgrX,
    );
    expect(m.data?.matchAdvanceOnboardingHeaders).toMatchObject({ status: true, import: { status: 'checked', errors: [] } });
    const save = await w.q(
      'mutation($id: ID!) { saveAdvanceOnboardingData(import_id: $id) { status import { status totals { contacts } } } }',
      { id: imp.id },
      w.tokens.mgrX,
    );
    expect(save.data?.saveAdvanceOnboardingData).toMatchObject({ status: true, import: { status: 'done', totals: { contacts: 2 } } });
    const cora = await db()('users').where({ email: 'cora@example.test' }).first('id', 'phone');
    expect(cora.phone).toBe('512 555 0190');
    expect(await count('user_locations', { user_id: cora.id, location_id: w.X })).toBe(1);
    expect(
      field(
        await w.q(
          'mutation($l: ID!) { uploadAdvanceOnboardingFile(location_id: $l, csv: "a,b\\n1,2", kind: "pets") { status } }',
          { l: w.X },
          w.tokens.mgrX,
        ),
      ),
    ).toBe('kind');
  });
});

describe('long imports run as a job', () => {
  it('queues past the inline limit; the job saves all rows and progress is readable', async () => {
    const lines = ['fname,lname,room'];
    for (let i = 0; i < 230; i++) lines.push(`Bulk${i},Student,Infants`);
    const r = await w.q(UPLOAD, { l: w.X, csv: lines.join('\n') }, w.tokens.owner);
    const id = r.data!.uploadStudentsCsv.import.id;
    const c = await w.q(CONFIRM, { id }, w.tokens.owner);
    expect(c.data?.confirmImport).toMatchObject({ status: true, import: { status: 'queued', processed: 0, progress: 0 } });
    const job = await db()('outbox').where({ queue: 'imports', name: 'run-import' }).orderBy('id', 'desc').first('payload');
    expect(job.payload).toEqual({ centreId: w.c.entry.id, importId: id });
    expect(await count('students', { lname: 'Student' })).toBe(0);
    const deps = {
      dbFor: async () => h.deps.pools.get(w.c.entry.id, w.c.url),
      entryFor: async () => w.c.entry,
      centreOrigin: h.deps.config.centreOrigin,
    };
    const done = await runQueuedImport(deps, w.c.entry.id, id);
    expect(done).toMatchObject({ ok: true });
    expect(await runQueuedImport(deps, w.c.entry.id, id)).toBeNull();
    const g = await w.q(`query($id: ID!) { getImport(id: $id) { status processed progress totals { students } } }`, { id }, w.tokens.owner);
    expect(g.data?.getImport).toEqual({ status: 'done', processed: 230, progress: 100, totals: { students: 230 } });
    expect(await count('students', { lname: 'Student' })).toBe(230);
    expect(
      Number((await db()('audit_log').where({ action: 'student.create', actor_user_id: w.ids.owner }).count({ n: '*' }))[0]!.n),
    ).toBeGreaterThanOrEqual(230);
  });

  it('the job checks the rows again before saving: a conflict since confirming saves nothing', async () => {
    const lines = ['fname,lname,room'];
    for (let i = 0; i < 205; i++) lines.push(`Late${i},Queued,Infants`);
    const r = await w.q(UPLOAD, { l: w.X, csv: lines.join('\n') }, w.tokens.mgrX);
    const id = r.data!.uploadStudentsCsv.import.id;
    expect((await w.q(CONFIRM, { id }, w.tokens.mgrX)).data?.confirmImport.import.status).toBe('queued');
    await db()('students').insert({ fname: 'Late7', lname: 'Queued', location_id: w.X });
    const deps = {
      dbFor: async () => h.deps.pools.get(w.c.entry.id, w.c.url),
      entryFor: async () => w.c.entry,
      centreOrigin: h.deps.config.centreOrigin,
    };
    expect(await runQueuedImport(deps, w.c.entry.id, id)).toMatchObject({ ok: false });
    const g = await w.q('query($id: ID!) { getImport(id: $id) { status errors { line field } } }', { id }, w.tokens.mgrX);
    expect(g.data?.getImport).toEqual({ status: 'invalid', errors: [{ line: 9, field: 'fname' }] });
    expect(await count('students', { lname: 'Queued' })).toBe(1);
  });
});

describe('roster export and onboarding data', () => {
  it('exports the roster as CSV (no medical data, formulas defused, black-listed contacts left out) and audits it', async () => {
    await db()('students').insert({ fname: '=HYPERLINK("x")', lname: 'Inject', location_id: w.X, program_id: w.room1X });
    await db()('student_users').insert({ student_id: w.kidX, user_id: w.parent2.id, black_list: true });
    const r = await w.q(
      'mutation($l: ID!, $p: ID) { exportRoster(location_id: $l, program_id: $p) { status filename content_type csv rows } }',
      { l: w.X, p: w.room1X },
      w.tokens.mgrX,
    );
    const e = r.data!.exportRoster;
    expect(e.content_type).toMatch(/text\/csv/);
    expect(e.filename).toMatch(/^location-x-roster-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = e.csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Student ID,First Name,Middle Name,Last Name/);
    expect(lines).toHaveLength(e.rows + 1);
    expect(e.csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(e.csv).not.toContain('Dr Who');
    const ava = lines.find((l: string) => l.includes(',Ava,'))!;
    expect(ava).toContain('parent@example.test');
    expect(ava).not.toContain('parent2@example.test');
    expect(await db()('audit_log').where({ action: 'roster.export', location_id: w.X }).first()).toBeTruthy();
    const d = await w.q('query($l: ID!) { downloadRoster(location_id: $l) { rows } }', { l: w.X }, w.tokens.mgrX);
    expect(d.data?.downloadRoster.rows).toBeGreaterThan(e.rows);
    expect(code(await w.q('query($l: ID!) { downloadRoster(location_id: $l) { rows } }', { l: w.X }, w.tokens.mgrY))).toBe('NOT_FOUND');
    expect(code(await w.q('query($l: ID!) { downloadRoster(location_id: $l) { rows } }', { l: w.X }, w.tokens.parent))).toBe('FORBIDDEN');
    // The export reads back as an import (rows already exist at X: every row is a duplicate there).
    const back = await w.q(UPLOAD, { l: w.X, csv: e.csv }, w.tokens.mgrX);
    expect(back.data?.uploadStudentsCsv.import.errors.every((x: any) => x.field === 'fname' || x.field === 'parent_email')).toBe(true);
  });

  it('onboarding data counts what exists and ticks the setup checklist', async () => {
    const r = await w.q(
      'query($l: ID) { getBoardingData(location_id: $l) { locations cameras rooms managers contacts students school_profile steps { step done } } }',
      { l: w.X },
      w.tokens.mgrX,
    );
    expect(r.data?.getBoardingData).toMatchObject({ locations: 1, cameras: 2, rooms: 2, managers: 1, school_profile: false });
    expect(r.data?.getBoardingData.steps).toContainEqual({ step: 'student', done: true });
    expect(r.data?.getBoardingData.steps).toContainEqual({ step: 'streaming_server', done: null });
    expect(code(await w.q('query($l: ID) { getBoardingData(location_id: $l) { students } }', { l: w.Y }, w.tokens.mgrX))).toBe('NOT_FOUND');
  });

  it('lists imports within the scope; imports of other locations and centres are NOT_FOUND', async () => {
    const mine = await w.q('query { getImports(first: 100) { data { id location_id } paginatorInfo { total } } }', {}, w.tokens.mgrX);
    expect(mine.data?.getImports.data.every((i: any) => i.location_id === w.X)).toBe(true);
    const yImport = (await db()('imports').where({ location_id: w.Y }).first('id')).id;
    expect(code(await w.q('query($id: ID!) { getImport(id: $id) { id } }', { id: String(yImport) }, w.tokens.mgrX))).toBe('NOT_FOUND');
    const aImport = String((await db()('imports').max({ id: 'id' }))[0]!.id);
    expect(code(await b.q('query($id: ID!) { getImport(id: $id) { id } }', { id: aImport }, b.tokens.owner))).toBe('NOT_FOUND');
    expect((await b.q('query($id: ID!) { getImport(id: $id) { id } }', { id: aImport }, w.tokens.owner)).statusCode).toBe(401);
  });
});
