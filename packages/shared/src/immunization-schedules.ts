/**
 * The published US immunization schedules the platform starts with (issue 20): version 1, the
 * CDC child and adolescent schedule 2025 in effect before 5 December 2025, and version 2 from
 * 2025-12-05 with ACIP's vote on the hepatitis B birth dose (individual decision-making at birth
 * for infants of HBsAg-negative mothers; otherwise the first dose from 2 months). Pets: rabies,
 * DHPP, Bordetella (AAHA canine guidelines). Frozen like every published version: never edit
 * these; a change is a new version published on the control plane.
 */
import type { ScheduleImmunization, ScheduleVersion } from './immunizations.ts';

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
  d.map(([label, min_age, recommended_age, min_interval, booster]) => ({
    label,
    min_age,
    recommended_age,
    min_interval,
    booster_validity: booster ?? null,
  }));
const asSchedule = (list: Vaccine[]): ScheduleImmunization[] =>
  list.map((v) => ({ code: v.code, name: v.name, kind: v.kind, is_required: v.is_required, doses: asRules(v.doses) }));

export const US_SCHEDULE_V1: ScheduleVersion = {
  version: 1,
  effective_from: '2025-01-01',
  source_url: 'https://www.cdc.gov/vaccines/hcp/imz-schedules/child-adolescent-age.html',
  note: 'CDC child and adolescent immunization schedule 2025; AAHA canine vaccination guidelines for pets.',
  immunizations: asSchedule(vaccines(HEPB_V1)),
};
export const US_SCHEDULE_V2: ScheduleVersion = {
  version: 2,
  effective_from: '2025-12-05',
  source_url: 'https://www.cdc.gov/acip/meetings/index.html',
  note: 'ACIP 5 December 2025: hepatitis B birth dose by individual decision-making for infants of HBsAg-negative mothers; otherwise the first dose from 2 months.',
  immunizations: asSchedule(vaccines(HEPB_V2)),
};

export const US_SCHEDULES: readonly ScheduleVersion[] = [US_SCHEDULE_V1, US_SCHEDULE_V2];
