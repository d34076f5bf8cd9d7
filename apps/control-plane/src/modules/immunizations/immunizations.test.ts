import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlPlaneClient, createTokenService, inProcessTransport } from '@kv/auth';
import type { ScheduleVersion } from '@kv/shared';
import { SECRET, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';

let h: ControlPlaneHarness;
let centreId = '';

const LIST = `query($kind: String) { getImmunizations(kind: $kind) { id name code kind is_required dose_1 dose_2 dose_6 doses { number label min_age min_interval booster_validity } } }`;
const SCHEDULES = `{ getImmunizationSchedules { version effective_from immunizations { code doses { label } } } }`;
const CREATE = `mutation($name: String!, $code: String!, $kind: String!, $is_required: Boolean!, $doses: [ImmunizationDoseInput!]!) {
  createImmunization(name: $name, code: $code, kind: $kind, is_required: $is_required, doses: $doses) { status immunization { id code dose_1 dose_2 } } }`;
const UPDATE = `mutation($id: ID!, $name: String, $doses: [ImmunizationDoseInput!]) { updateImmunization(id: $id, name: $name, doses: $doses) { immunization { id name dose_1 } } }`;
const DELETE = `mutation($id: ID!) { deleteImmunization(id: $id) { status } }`;
const PUBLISH = `mutation($effective_from: String!, $source_url: String, $note: String) {
  publishImmunizationSchedule(effective_from: $effective_from, source_url: $source_url, note: $note) { message schedule { version effective_from immunizations { code } } } }`;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const dose = (label: string, min_age: string, recommended_age = min_age, min_interval: string | null = null) => ({
  label,
  min_age,
  recommended_age,
  min_interval,
});

beforeAll(async () => {
  h = await startControlPlane();
  centreId = String(
    (await h.control.db('centers').insert({ name: 'Imm centre', slug: 'imm-centre', status: 'active' }).returning('id'))[0].id,
  );
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('the platform immunization catalogue (kvsupport)', () => {
  it('is seeded with the US child schedule (v1) and ACIP’s hepatitis B change (v2 from 2025-12-05), pets beside', async () => {
    const list = await h.gql(LIST, {}, { token: h.tokens.kvsupport });
    expect(list.errors).toBeUndefined();
    const codes = list.data.getImmunizations.map((i: { code: string }) => i.code);
    expect(codes).toEqual(
      expect.arrayContaining(['HepB', 'DTaP', 'Hib', 'PCV', 'IPV', 'MMR', 'VAR', 'HepA', 'Rabies', 'DHPP', 'Bordetella']),
    );
    const dtap = list.data.getImmunizations.find((i: { code: string }) => i.code === 'DTaP');
    expect(dtap).toMatchObject({ kind: 'child', is_required: true, dose_1: '2 months', dose_6: null });
    expect(dtap.doses).toHaveLength(5);
    const pets = (await h.gql(LIST, { kind: 'pet' }, { token: h.tokens.kvsupport })).data.getImmunizations;
    expect(pets.map((i: { code: string }) => i.code)).toEqual(['Rabies', 'DHPP', 'Bordetella']);

    const s = (await h.gql(SCHEDULES, {}, { token: h.tokens.kvsupport })).data.getImmunizationSchedules;
    expect(s.map((x: { version: number; effective_from: string }) => [x.version, x.effective_from])).toEqual([
      [2, '2025-12-05'],
      [1, '2025-01-01'],
    ]);
    const hepB = (v: { immunizations: { code: string; doses: { label: string }[] }[] }) =>
      v.immunizations.find((i) => i.code === 'HepB')!.doses[0]!.label;
    expect(hepB(s[1])).toBe('Birth');
    expect(hepB(s[0])).toMatch(/^From 2 months/);
  });

  it('kvsupport and admin may edit; a centre’s service token or no token may not', async () => {
    const vars = {
      name: 'Leptospirosis',
      code: 'Lepto',
      kind: 'pet',
      is_required: false,
      doses: [dose('From 12 weeks', '12 weeks'), dose('2–4 weeks later', '14 weeks', '16 weeks', '2 weeks')],
    };
    const centreToken = await createTokenService({ secret: SECRET }).signService({ tid: centreId, purpose: 'catalogue.read' });
    for (const token of [centreToken, null]) {
      const r = await h.gql(CREATE, vars, { token });
      expect(r.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    const made = await h.gql(CREATE, vars, { token: h.tokens.kvsupport });
    expect(made.errors).toBeUndefined();
    expect(made.data.createImmunization.immunization).toMatchObject({ code: 'Lepto', dose_1: 'From 12 weeks', dose_2: '2–4 weeks later' });
    const upd = await h.gql(
      UPDATE,
      { id: made.data.createImmunization.immunization.id, name: 'Leptospirosis (canine)' },
      { token: h.tokens.admin },
    );
    expect(upd.data.updateImmunization.immunization.name).toBe('Leptospirosis (canine)');
    expect(
      (await h.gql(DELETE, { id: made.data.createImmunization.immunization.id }, { token: h.tokens.kvsupport })).data.deleteImmunization
        .status,
    ).toBe(true);
    expect(
      await h.control
        .db('audit_log')
        .whereIn('action', ['immunization.create', 'immunization.update', 'immunization.delete'])
        .count({ n: '*' }),
    ).toEqual([{ n: '3' }]);
  });

  it('bad input names its field: duration, kind, seven doses, a taken code, an unknown id', async () => {
    const base = { name: 'X', code: 'X1', kind: 'child', is_required: true, doses: [dose('Birth', '0 days')] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, doses: [dose('Birth', 'soon')] }, 'BAD_USER_INPUT', 'doses.0.min_age'],
      [{ ...base, kind: 'cat' }, 'BAD_USER_INPUT', 'kind'],
      [{ ...base, doses: Array.from({ length: 7 }, (_, i) => dose(`d${i}`, `${i} months`)) }, 'BAD_USER_INPUT', 'doses'],
      [{ ...base, code: 'hepb' }, 'IMMUNIZATION_CODE_TAKEN', 'code'],
      [{ ...base, name: '  ' }, 'BAD_USER_INPUT', 'name'],
    ];
    for (const [vars, code, field] of cases) {
      const r = await h.gql(CREATE, vars, { token: h.tokens.kvsupport });
      expect([r.errors?.[0]?.extensions?.code, r.errors?.[0]?.extensions?.field]).toEqual([code, field]);
    }
    const missing = await h.gql(UPDATE, { id: '999999', name: 'y' }, { token: h.tokens.kvsupport });
    expect(missing.errors?.[0]?.extensions?.code).toBe('IMMUNIZATION_NOT_FOUND');
  });

  it('a schedule dated in the past is refused; a new one freezes the vaccines and reaches centres as a new version', async () => {
    const past = await h.gql(PUBLISH, { effective_from: day(-1) }, { token: h.tokens.kvsupport });
    expect([past.errors?.[0]?.extensions?.code, past.errors?.[0]?.extensions?.field]).toEqual(['BAD_USER_INPUT', 'effective_from']);
    const bad = await h.gql(PUBLISH, { effective_from: '2026-02-30' }, { token: h.tokens.kvsupport });
    expect(bad.errors?.[0]?.extensions?.field).toBe('effective_from');
    const url = await h.gql(PUBLISH, { effective_from: day(3), source_url: 'ftp://x' }, { token: h.tokens.kvsupport });
    expect(url.errors?.[0]?.extensions?.field).toBe('source_url');
    expect(await h.control.db('immunization_schedules').count({ n: '*' })).toEqual([{ n: '2' }]);

    const pub = await h.gql(
      PUBLISH,
      { effective_from: day(0), source_url: 'https://www.cdc.gov/acip/', note: 'Today' },
      { token: h.tokens.kvsupport },
    );
    expect(pub.errors).toBeUndefined();
    expect(pub.data.publishImmunizationSchedule.schedule).toMatchObject({ version: 3, effective_from: day(0) });
    const again = await h.gql(PUBLISH, { effective_from: day(0) }, { token: h.tokens.kvsupport });
    expect(again.errors?.[0]?.extensions?.field).toBe('effective_from');

    // Editing a vaccine afterwards does not change the frozen version.
    const hepB = (await h.gql(LIST, { kind: 'child' }, { token: h.tokens.kvsupport })).data.getImmunizations.find(
      (i: { code: string }) => i.code === 'HepB',
    );
    await h.gql(UPDATE, { id: hepB.id, doses: [dose('Changed', '0 days')] }, { token: h.tokens.kvsupport });
    const client = createControlPlaneClient({
      tokens: createTokenService({ secret: SECRET }),
      transport: inProcessTransport(h.rt.centreChannel),
    });
    const cat = await client.catalogue(centreId, 'immunizations');
    expect(cat.items.map((i) => i.key)).toEqual(['schedule-1', 'schedule-2', 'schedule-3']);
    const v3 = cat.items[2]!.data as unknown as ScheduleVersion;
    expect(v3).toMatchObject({ version: 3, effective_from: day(0), source_url: 'https://www.cdc.gov/acip/', note: 'Today' });
    expect(v3.immunizations.find((i) => i.code === 'HepB')!.doses[0]!.label).not.toBe('Changed');
    expect(await h.control.db('audit_log').where({ action: 'immunization.publish' }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });
});
