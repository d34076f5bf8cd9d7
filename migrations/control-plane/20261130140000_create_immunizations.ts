import type { Knex } from 'knex';

/**
 * The platform's immunization catalogue (issue 20, kvsupport): the vaccines being edited
 * (`immunizations`: name, code, kind child | pet, is_required, up to six doses with their rules)
 * and the frozen schedule versions (`immunization_schedules`), each served to centres as the
 * catalogue item `schedule-<version>` of the channel's `immunizations` catalogue.
 *
 * Seeded with the US schedules: version 1 (CDC child and adolescent schedule 2025, in effect
 * before 5 December 2025) and version 2 from 2025-12-05 (ACIP's vote on the hepatitis B birth
 * dose: individual decision-making at birth for infants of HBsAg-negative mothers; otherwise the
 * first dose from 2 months). Pets: rabies, DHPP, Bordetella (AAHA canine guidelines).
 */
type Dose = [label: string, minAge: string, recAge: string, minInterval: string | null, booster?: string | null];
type Vaccine = { code: string; name: string; kind: 'child' | 'pet'; is_required: boolean; doses: Dose[] };

const HEPB_V1: Dose[] = [
  ['Birth', '0 days', '0 days', null],
  ['1–2 months', '4 weeks', '2 months', '4 weeks'],
  ['6–18 months', '24 weeks', '18 months', '8 weeks'],
];
const HEPB_V2: Dose[] = [
  ['From 2 months (birth dose by individual decision)', '0 days', '2 months', null],
  ['4 months', '4 weeks', '4 months', '4 weeks'],
  ['6–18 months', '24 weeks', '18 months', '8 weeks'],
];

const vaccines = (hepB: Dose[]): Vaccine[] => [
  { code: 'HepB', name: 'Hepatitis B', kind: 'child', is_required: true, doses: hepB },
  {
    code: 'DTaP',
    name: 'Diphtheria, tetanus and acellular pertussis',
    kind: 'child',
    is_required: true,
    doses: [
      ['2 months', '6 weeks', '2 months', null],
      ['4 months', '10 weeks', '4 months', '4 weeks'],
      ['6 months', '14 weeks', '6 months', '4 weeks'],
      ['15–18 months', '12 months', '18 months', '6 months'],
      ['4–6 years', '4 years', '6 years', '6 months'],
    ],
  },
  {
    code: 'Hib',
    name: 'Haemophilus influenzae type b',
    kind: 'child',
    is_required: true,
    doses: [
      ['2 months', '6 weeks', '2 months', null],
      ['4 months', '10 weeks', '4 months', '4 weeks'],
      ['6 months', '14 weeks', '6 months', '4 weeks'],
      ['12–15 months', '12 months', '15 months', '8 weeks'],
    ],
  },
  {
    code: 'PCV',
    name: 'Pneumococcal conjugate',
    kind: 'child',
    is_required: true,
    doses: [
      ['2 months', '6 weeks', '2 months', null],
      ['4 months', '10 weeks', '4 months', '4 weeks'],
      ['6 months', '14 weeks', '6 months', '4 weeks'],
      ['12–15 months', '12 months', '15 months', '8 weeks'],
    ],
  },
  {
    code: 'IPV',
    name: 'Inactivated poliovirus',
    kind: 'child',
    is_required: true,
    doses: [
      ['2 months', '6 weeks', '2 months', null],
      ['4 months', '10 weeks', '4 months', '4 weeks'],
      ['6–18 months', '14 weeks', '18 months', '4 weeks'],
      ['4–6 years', '4 years', '6 years', '6 months'],
    ],
  },
  {
    code: 'MMR',
    name: 'Measles, mumps and rubella',
    kind: 'child',
    is_required: true,
    doses: [
      ['12–15 months', '12 months', '15 months', null],
      ['4–6 years', '13 months', '6 years', '4 weeks'],
    ],
  },
  {
    code: 'VAR',
    name: 'Varicella',
    kind: 'child',
    is_required: true,
    doses: [
      ['12–15 months', '12 months', '15 months', null],
      ['4–6 years', '15 months', '6 years', '3 months'],
    ],
  },
  {
    code: 'HepA',
    name: 'Hepatitis A',
    kind: 'child',
    is_required: true,
    doses: [
      ['12–23 months', '12 months', '23 months', null],
      ['6 months after dose 1', '18 months', '2 years 11 months', '6 months'],
    ],
  },
  {
    code: 'RV',
    name: 'Rotavirus',
    kind: 'child',
    is_required: false,
    doses: [
      ['2 months', '6 weeks', '2 months', null],
      ['4 months', '10 weeks', '4 months', '4 weeks'],
      ['6 months', '14 weeks', '6 months', '4 weeks'],
    ],
  },
  {
    code: 'Flu',
    name: 'Influenza (yearly)',
    kind: 'child',
    is_required: false,
    doses: [['Every season from 6 months', '6 months', '6 months', null, '1 year']],
  },
  {
    code: 'Rabies',
    name: 'Rabies',
    kind: 'pet',
    is_required: true,
    doses: [
      ['12–16 weeks', '12 weeks', '16 weeks', null],
      ['1 year later', '1 year 12 weeks', '1 year 16 weeks', '1 year', '3 years'],
    ],
  },
  {
    code: 'DHPP',
    name: 'Distemper, hepatitis, parvovirus, parainfluenza',
    kind: 'pet',
    is_required: true,
    doses: [
      ['6–8 weeks', '6 weeks', '8 weeks', null],
      ['10–12 weeks', '10 weeks', '12 weeks', '2 weeks'],
      ['14–16 weeks', '14 weeks', '16 weeks', '2 weeks'],
      ['1 year later', '1 year 14 weeks', '1 year 16 weeks', '1 year', '3 years'],
    ],
  },
  {
    code: 'Bordetella',
    name: 'Bordetella (kennel cough)',
    kind: 'pet',
    is_required: true,
    doses: [['From 8 weeks, yearly', '8 weeks', '16 weeks', null, '1 year']],
  },
];

const asRules = (d: Dose[]) =>
  d.map(([label, min_age, recommended_age, min_interval, booster]) => ({ label, min_age, recommended_age, min_interval, booster_validity: booster ?? null }));
const asSchedule = (list: Vaccine[]) => list.map((v) => ({ code: v.code, name: v.name, kind: v.kind, is_required: v.is_required, doses: asRules(v.doses) }));

const V1 = {
  version: 1,
  effective_from: '2025-01-01',
  source_url: 'https://www.cdc.gov/vaccines/hcp/imz-schedules/child-adolescent-age.html',
  note: 'CDC child and adolescent immunization schedule 2025; AAHA canine vaccination guidelines for pets.',
  immunizations: asSchedule(vaccines(HEPB_V1)),
};
const V2 = {
  version: 2,
  effective_from: '2025-12-05',
  source_url: 'https://www.cdc.gov/acip/meetings/index.html',
  note: 'ACIP 5 December 2025: hepatitis B birth dose by individual decision-making for infants of HBsAg-negative mothers; otherwise the first dose from 2 months.',
  immunizations: asSchedule(vaccines(HEPB_V2)),
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('immunizations', (t) => {
    t.bigIncrements('id');
    t.string('name', 150).notNullable();
    t.string('code', 40).notNullable();
    t.string('kind', 10).notNullable().defaultTo('child');
    t.boolean('is_required').notNullable().defaultTo(false);
    /** Up to six doses: label, min_age, recommended_age, min_interval, booster_validity. */
    t.jsonb('doses').notNullable().defaultTo('[]');
    t.integer('position').notNullable().defaultTo(0);
    t.timestamps(true, true);
  });
  await knex.raw("alter table immunizations add constraint immunizations_kind_check check (kind in ('child', 'pet'))");
  await knex.raw('create unique index immunizations_code_idx on immunizations (lower(code))');
  await knex.raw('create index immunizations_list_idx on immunizations (kind, position, id)');

  await knex.schema.createTable('immunization_schedules', (t) => {
    t.bigIncrements('id');
    t.integer('version').notNullable().unique();
    t.date('effective_from').notNullable().unique();
    t.string('source_url', 500);
    t.text('note');
    /** The frozen vaccines and rules (never updated). */
    t.jsonb('data').notNullable();
    t.string('published_by', 200);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex('platform_catalogues')
    .insert({ name: 'immunizations', title: 'Immunizations', description: 'Versioned immunization schedules (CDC CDSi rules, 4-day grace).' })
    .onConflict('name')
    .merge(['title', 'description']);

  await knex('immunizations').insert(
    vaccines(HEPB_V2).map((v, i) => ({ name: v.name, code: v.code, kind: v.kind, is_required: v.is_required, doses: JSON.stringify(asRules(v.doses)), position: i + 1 })),
  );
  for (const s of [V1, V2]) {
    await knex('immunization_schedules').insert({
      version: s.version,
      effective_from: s.effective_from,
      source_url: s.source_url,
      note: s.note,
      data: JSON.stringify(s.immunizations),
      published_by: 'system',
    });
    await knex('platform_catalogue_items')
      .insert({ catalogue: 'immunizations', key: `schedule-${s.version}`, position: s.version, data: JSON.stringify(s) })
      .onConflict(['catalogue', 'key'])
      .merge(['data', 'position']);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex('platform_catalogue_items').where({ catalogue: 'immunizations' }).del();
  await knex('platform_catalogues').where({ name: 'immunizations' }).del();
  await knex.schema.dropTableIfExists('immunization_schedules');
  await knex.schema.dropTableIfExists('immunizations');
}
