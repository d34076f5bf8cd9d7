import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { createControlPlaneClient, createTokenService } from '@kv/auth';
import { LocalFileStore, fileKey, forCentre } from '@kv/files';
import { US_SCHEDULES, localParts } from '@kv/shared';
import type { Harness } from '../../test/harness.ts';
import { TEST_SECRET } from '../../test/harness.ts';
import { buildWorld, createPeopleHarness, type World } from '../students/test-fixtures.ts';
import { seedStudent } from '../locations/test-fixtures.ts';
import { runComplianceExport, runDoseGaps } from './index.ts';

let h: Harness;
let w: World;
let b: World;
let store: LocalFileStore;
let root = '';
let catalogueReads = 0;
const db = () => w.c.db.db;

const LIST = `query($as_of: String) { getImmunizations(as_of: $as_of) { id code kind is_required schedule_version dose_1 dose_2 doses { number min_age } } }`;
const READ = `query($s: ID!, $as_of: String) { getStudentImmunizations(student_id: $s, as_of: $as_of) {
  student_id as_of evaluation_id schedule_version effective_from gaps
  items { code status message doses valid_doses next_dose due_by exemption_reason exemption_file_id }
  history { id evaluated_on schedule_version gaps } } }`;
const SAVE = `mutation($s: ID!, $code: String!, $doses: [String!]!, $exempt: Boolean, $reason: String, $file: ID, $note: String) {
  saveStudentImmunization(student_id: $s, code: $code, doses: $doses, exempt: $exempt, exemption_reason: $reason, exemption_file_id: $file, note: $note) {
    status message immunizations { evaluation_id gaps items { code status doses } } } }`;
const GAPS = `query($loc: ID!) { getComplianceGaps(location_id: $loc) { kind source_id name reason student_id } }`;
const EXPORT = `mutation($s: ID!) { exportStudentCompliance(student_id: $s) { status export { id status progress } } }`;
const EXPORT_STATUS = `query($id: ID!) { getComplianceExport(id: $id) { id status progress entries url expires_at } }`;

const err = (r: { errors?: { extensions?: Record<string, unknown> }[] }) => [
  r.errors?.[0]?.extensions?.code,
  r.errors?.[0]?.extensions?.field,
];
const item = (r: { data?: any }, code: string, key = 'getStudentImmunizations') =>
  (r.data?.[key]?.items ?? r.data?.[key]?.immunizations?.items ?? []).find((i: { code: string }) => i.code === code);
const todayAt = () => localParts(new Date(), 'America/Chicago').date;

/** A checked upload row, as the files area's check job leaves it, with its bytes in the store. */
async function upload(c: World, purpose: string, owner: string, by: string, bytes = Buffer.from('%PDF-1.4 test'), name = 'note.pdf') {
  const id = randomUUID();
  await c.c.db.db('files').insert({
    id,
    purpose,
    owner_id: owner,
    status: 'ready',
    key: `centre/${c.c.entry.id}/files/${id}`,
    original_name: name,
    declared_type: 'application/pdf',
    declared_size: bytes.length,
    content_type: 'application/pdf',
    uploaded_by: by,
    upload_expires_at: new Date(),
    variants: JSON.stringify({ main: { type: 'application/pdf', size: bytes.length } }),
  });
  await forCentre(store, c.c.entry.id).write(fileKey(c.c.entry.id, id, 'main'), bytes, 'application/pdf');
  return id;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kv-imm-'));
  store = new LocalFileStore({ root, secret: 'imm-test-secret-imm-test-secret-imm' });
  const controlPlane = createControlPlaneClient({
    tokens: createTokenService({ secret: TEST_SECRET }),
    transport: async (_token, purpose, input) => {
      if (purpose !== 'catalogue.read' || (input as { name: string }).name !== 'immunizations')
        return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No.' } } };
      catalogueReads++;
      return {
        status: 200,
        body: {
          data: {
            name: 'immunizations',
            title: 'Immunizations',
            description: null,
            updated_at: '2025-12-05T00:00:00.000Z',
            items: US_SCHEDULES.map((s) => ({ key: `schedule-${s.version}`, position: s.version, data: s })),
          },
        },
      };
    },
  });
  h = await createPeopleHarness({ files: store, controlPlane });
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
}, 120_000);

afterAll(async () => {
  await h?.close();
  await rm(root, { recursive: true, force: true });
});

describe('immunizations: the schedule through the control-plane channel', () => {
  it('getImmunizations(as_of) answers the version in effect that day; the catalogue is read once and stored per version', async () => {
    const before = await w.q(LIST, { as_of: '2025-11-20' }, w.tokens.parent);
    expect(before.errors).toBeUndefined();
    const hepB1 = before.data!.getImmunizations.find((i: { code: string }) => i.code === 'HepB');
    expect(hepB1).toMatchObject({ schedule_version: 1, dose_1: 'Birth', is_required: true, kind: 'child' });
    const now = await w.q(LIST, {}, w.tokens.teacher);
    const hepB2 = now.data!.getImmunizations.find((i: { code: string }) => i.code === 'HepB');
    expect(hepB2.schedule_version).toBe(2);
    expect(hepB2.dose_1).toMatch(/^From 2 months/);
    // Child care gets the child vaccines only.
    expect(now.data!.getImmunizations.every((i: { kind: string }) => i.kind === 'child')).toBe(true);
    expect(catalogueReads).toBe(1);
    expect((await db()('immunization_schedule_versions').orderBy('version').select('version')).map((r) => r.version)).toEqual([1, 2]);
    expect(err(await w.q(LIST, { as_of: '2025-02-30' }, w.tokens.parent))).toEqual(['BAD_USER_INPUT', 'as_of']);
    expect(err(await w.q(LIST, { as_of: '2024-06-01' }, w.tokens.parent))).toEqual(['BAD_USER_INPUT', 'as_of']);
    expect((await w.q(LIST, {}, w.tokens.blog)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('immunizations: a child’s doses', () => {
  it('parents read their own child, teachers their locations and rooms, managers their locations; others not; reads are audited', async () => {
    const own = await w.q(READ, { s: w.kidX }, w.tokens.parent);
    expect(own.errors).toBeUndefined();
    expect(own.data!.getStudentImmunizations).toMatchObject({ student_id: w.kidX, as_of: todayAt(), schedule_version: 2 });
    expect(item(own, 'MMR')).toMatchObject({ status: 'overdue', doses: [] });
    expect((await w.q(READ, { s: w.kidX2 }, w.tokens.parent)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await w.q(READ, { s: w.kidX }, w.tokens.teacher)).errors).toBeUndefined();
    expect((await w.q(READ, { s: w.kidX }, w.tokens.mgrX)).errors).toBeUndefined();
    expect((await w.q(READ, { s: w.kidX }, w.tokens.mgrY)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await w.q(READ, { s: w.kidY }, w.roomTeacher.token)).errors).toBeUndefined();
    expect((await w.q(READ, { s: w.kidX }, w.roomTeacher.token)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // Centre B's token on centre A; an id no child of A has.
    expect((await w.q(READ, { s: w.kidX }, b.tokens.owner)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await w.q(READ, { s: '999999' }, w.tokens.owner)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(err(await w.q(READ, { s: w.kidX, as_of: '2999-01-01' }, w.tokens.parent))).toEqual(['BAD_USER_INPUT', 'as_of']);
    const audits = await db()('audit_log').where({ action: 'immunizations.read', entity_id: w.kidX }).count({ n: '*' });
    expect(Number(audits[0]!.n)).toBe(3);
  });

  it('doses out of order, in the future, before birth, an unknown vaccine or an exemption without its document are typed errors; nothing is saved', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'MMR', doses: ['2025-05-01', '2022-04-01'] }, 'doses.1'],
      [{ code: 'DTaP', doses: ['2021-05-10', '2021-05-10'] }, 'doses.1'],
      [{ code: 'MMR', doses: ['2999-01-01'] }, 'doses.0'],
      [{ code: 'MMR', doses: ['2020-01-01'] }, 'doses.0'],
      [{ code: 'MMR', doses: ['2022-04-01', '2023-04-01', '2024-04-01'] }, 'doses'],
      [{ code: 'Rabies', doses: [] }, 'code'],
      [{ code: 'MMR', doses: ['2022-31-01'] }, 'doses.0'],
      [{ code: 'MMR', doses: [], exempt: true, reason: 'medical' }, 'exemption_file_id'],
      [
        { code: 'MMR', doses: [], exempt: true, reason: 'medical', file: await upload(w, 'document', w.X, w.ids.owner) },
        'exemption_file_id',
      ],
      [{ code: 'MMR', doses: [], exempt: true }, 'exemption_reason'],
    ];
    for (const [vars, field] of cases)
      expect(err(await w.q(SAVE, { s: w.kidX, ...vars }, w.tokens.parent))).toEqual(['BAD_USER_INPUT', field]);
    expect((await w.q(SAVE, { s: w.kidX2, code: 'MMR', doses: ['2022-04-01'] }, w.tokens.parent)).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    expect((await w.q(SAVE, { s: w.kidX, code: 'MMR', doses: ['2022-04-01'] }, w.tokens.mgrY)).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    expect((await w.q(SAVE, { s: w.kidX, code: 'MMR', doses: ['2022-04-01'] }, b.tokens.owner)).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(await db()('student_immunizations').count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('the hepatitis B case: a child “birth dose overdue” on 2025-11-20 stays so in that record; after ACIP’s change it is “first dose from 2 months”', async () => {
    const baby = await seedStudent(w.c, w.X, w.ids.parent, { fname: 'Nora', lname: 'New', dob: '2025-11-12' });
    const nov = await w.q(READ, { s: baby, as_of: '2025-11-20' }, w.tokens.mgrX);
    expect(nov.errors).toBeUndefined();
    expect(nov.data!.getStudentImmunizations.schedule_version).toBe(1);
    expect(item(nov, 'HepB')).toMatchObject({ status: 'overdue', message: 'Dose 1 (Birth): overdue since 2025-11-12' });
    const dec = await w.q(READ, { s: baby, as_of: '2025-12-20' }, w.tokens.mgrX);
    expect(dec.data!.getStudentImmunizations.schedule_version).toBe(2);
    expect(item(dec, 'HepB')).toMatchObject({ status: 'due', due_by: '2026-01-12' });
    expect(item(dec, 'HepB').message).toMatch(/^Dose 1 \(From 2 months/);

    // A birth dose recorded later does not rewrite what the record of 2025-11-20 said.
    expect((await w.q(SAVE, { s: baby, code: 'HepB', doses: ['2025-11-13'] }, w.tokens.mgrX)).errors).toBeUndefined();
    const again = await w.q(READ, { s: baby, as_of: '2025-11-20' }, w.tokens.mgrX);
    expect(again.data!.getStudentImmunizations.evaluation_id).toBe(nov.data!.getStudentImmunizations.evaluation_id);
    expect(item(again, 'HepB').status).toBe('overdue');
    const today = await w.q(READ, { s: baby }, w.tokens.mgrX);
    expect(item(today, 'HepB')).toMatchObject({ valid_doses: 1, next_dose: 2 });
    await expect(
      db()('immunization_evaluations').where({ id: nov.data!.getStudentImmunizations.evaluation_id }).update({ schedule_version: 2 }),
    ).rejects.toThrow(/never rewritten/);
    const history = today.data!.getStudentImmunizations.history.map((x: { evaluated_on: string; schedule_version: number }) => [
      x.evaluated_on,
      x.schedule_version,
    ]);
    expect(history).toEqual(
      expect.arrayContaining([
        ['2025-11-20', 1],
        ['2025-12-20', 2],
      ]),
    );
  });

  it('overdue required doses are compliance gaps; recording the dose closes the gap and its action item', async () => {
    await runDoseGaps(db(), w.c.entry.id);
    const mmrGap = () =>
      db()('compliance_gaps')
        .where({ student_id: w.kidX, kind: 'dose' })
        .join('immunization_vaccines as v', 'v.id', 'compliance_gaps.source_id')
        .where('v.code', 'MMR');
    const open = await mmrGap().clone().whereNull('closed_at').first('compliance_gaps.id');
    expect(open).toBeTruthy();
    const gaps = await w.q(GAPS, { loc: w.X }, w.tokens.mgrX);
    expect(
      gaps
        .data!.getComplianceGaps.filter((g: { kind: string; student_id: string }) => g.kind === 'dose' && g.student_id === w.kidX)
        .map((g: { name: string }) => g.name),
    ).toEqual(expect.arrayContaining(['Measles, mumps and rubella dose 1']));
    const items = await db()('action_items')
      .where({ source_kind: 'compliance_gap', source_id: String(open.id) })
      .count({ n: '*' });
    expect(Number(items[0]!.n)).toBeGreaterThan(0);

    const saved = await w.q(SAVE, { s: w.kidX, code: 'MMR', doses: ['2022-03-10'], note: 'From the paediatrician' }, w.tokens.mgrX);
    expect(saved.errors).toBeUndefined();
    expect(item(saved, 'MMR', 'saveStudentImmunization')).toMatchObject({ status: 'due', doses: ['2022-03-10'] });
    expect(await mmrGap().clone().whereNull('closed_at').first('compliance_gaps.id')).toBeUndefined();
    const closed = await db()('domain_events')
      .where({ name: 'compliance.gap_closed' })
      .whereRaw("payload->>'gap' = ?", [String(open.id)])
      .count({ n: '*' });
    expect(Number(closed[0]!.n)).toBe(1);
    expect(
      (await w.q(GAPS, { loc: w.X }, w.tokens.mgrX)).data!.getComplianceGaps.some(
        (g: { name: string; student_id: string }) => g.student_id === w.kidX && g.name.startsWith('Measles'),
      ),
    ).toBe(false);
  });

  it('an exemption needs the viewer’s own document upload of the child’s location', async () => {
    const file = await upload(w, 'document', w.X, w.ids.parent);
    const r = await w.q(SAVE, { s: w.kidX, code: 'VAR', doses: [], exempt: true, reason: 'medical', file }, w.tokens.parent);
    expect(r.errors).toBeUndefined();
    expect(item(r, 'VAR', 'saveStudentImmunization').status).toBe('exempt');
    const read = await w.q(READ, { s: w.kidX }, w.tokens.parent);
    expect(item(read, 'VAR')).toMatchObject({ status: 'exempt', exemption_reason: 'medical', exemption_file_id: file });
  });
});

describe('immunizations: the compliance export', () => {
  it('bundles the child’s signed PDFs, documents, exemption and doses into a ZIP with progress and a short-lived link', async () => {
    await upload(w, 'signed_pdf', w.kidX, w.ids.parent, Buffer.from('%PDF-1.7 signed enrolment'), 'enrolment-signed.pdf');
    const docFile = await upload(w, 'document', w.X, w.ids.parent, Buffer.from('%PDF-1.4 doctor'), 'doctor.pdf');
    const [req] = await db()('document_requests').insert({ location_id: w.X, name: 'Doctor’s note', type: 'family' }).returning('id');
    await db()('documents').insert({ request_id: req.id, location_id: w.X, student_id: w.kidX, file_id: docFile, status: 'approved' });
    // Another family's signed PDF is not in it.
    await upload(w, 'signed_pdf', w.kidX2, w.ids.owner, Buffer.from('%PDF other'), 'other.pdf');

    expect((await w.q(EXPORT, { s: w.kidX2 }, w.tokens.parent)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await w.q(EXPORT, { s: w.kidX }, w.tokens.mgrY)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await w.q(EXPORT, { s: w.kidX }, b.tokens.owner)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const r = await w.q(EXPORT, { s: w.kidX }, w.tokens.parent);
    expect(r.errors).toBeUndefined();
    const id = r.data!.exportStudentCompliance.export.id;
    expect(r.data!.exportStudentCompliance.export).toMatchObject({ status: 'queued', progress: 0 });
    expect(await db()('outbox').where({ name: 'compliance-export' }).count({ n: '*' })).toEqual([{ n: '1' }]);

    const deps = { dbFor: async () => db(), files: store };
    const result = await runComplianceExport({ data: { centreId: w.c.entry.id, exportId: id }, log: () => undefined }, deps);
    expect(result).toMatchObject({ entries: 5 });
    // A rerun of a finished export does nothing.
    expect(await runComplianceExport({ data: { centreId: w.c.entry.id, exportId: id }, log: () => undefined }, deps)).toBeNull();

    expect((await w.q(EXPORT_STATUS, { id }, w.parent2.token)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const done = await w.q(EXPORT_STATUS, { id }, w.tokens.parent);
    expect(done.data!.getComplianceExport).toMatchObject({ status: 'done', progress: 100, entries: 5 });
    expect(done.data!.getComplianceExport.url).toBeTruthy();
    const row = await db()('compliance_exports').where({ id }).first('object_id');
    const zip = unzipSync(
      new Uint8Array(await forCentre(store, w.c.entry.id).read(fileKey(w.c.entry.id, row.object_id, 'main'), 10_000_000)),
    );
    const names = Object.keys(zip).sort();
    expect(names).toHaveLength(5);
    expect(names).toEqual(expect.arrayContaining(['doses.csv', 'summary.txt']));
    expect(names.filter((n) => n.startsWith('signed-pdfs/'))).toHaveLength(1);
    expect(strFromU8(zip[names.find((n) => n.startsWith('signed-pdfs/'))!]!)).toBe('%PDF-1.7 signed enrolment');
    expect(names.filter((n) => n.startsWith('documents/'))).toHaveLength(1);
    expect(names.filter((n) => n.startsWith('exemptions/'))).toHaveLength(1);
    const csv = strFromU8(zip['doses.csv']!);
    expect(csv).toContain('MMR,"Measles, mumps and rubella",1,2022-03-10');
    expect(csv).toContain('VAR,Varicella,,,yes,medical,exempt');
    expect(strFromU8(zip['summary.txt']!)).toContain('Signed PDFs: 1');
  });
});
