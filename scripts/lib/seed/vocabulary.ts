import type { Faker } from '@faker-js/faker';
import type { CentreDefinition } from './definition.ts';
import { childPortrait, petPortrait } from './portraits.ts';

/** A contact's place in a family: relation name and what the centre lets them do. */
export interface RelationRule {
  relation: string;
  legal_guardian: boolean;
  emergency_contact: boolean;
  pickup: boolean;
  watch_camera: boolean;
}

/** The words a centre's seed uses: child care and pet care each in their own language. */
export interface Vocabulary {
  /** A generated child's (pet's) first name. */
  childName(faker: Faker, gender: 'Male' | 'Female'): string;
  /** Default ages in months when a room gives none. */
  ages: [number, number];
  /** Days a child attends, drawn per child. */
  weekSchedules: string[][];
  /** First contact of a family, and the usual second one. */
  primary: RelationRule[];
  secondary: RelationRule[];
  /** Other people around a family: grandparents, nannies, dog walkers. */
  extended: RelationRule[];
  /** A contact the centre must not hand the child to (custody order, banned walker). */
  restricted: RelationRule;
  relationships: { name: string; legal_guardian: boolean; relationship_type: string; is_default?: boolean }[];
  tags: string[];
  allergies: string[];
  medications: string[];
  staffTitles: string[];
  healthQuestions: { statement: string; pass_answer: boolean }[];
  /** Camera group of each location and the cameras it holds besides the rooms' own. */
  cameraGroup: { name: string; cameras: string[] };
  absenceReasons: string[];
  notes: string[];
  /** Profile photos: the share of children (pets) with one, and the portrait drawn for each. */
  photos: { share: number; portrait(faker: Faker): string };
  /** Billing: billing programs, plan templates (cents), charge categories, presets (cents) and the late charge. */
  billing: {
    programs: string[];
    templates: { name: string; amount: number; period: 'weekly' | 'biweekly' | 'monthly'; days: number[] }[];
    categories: string[];
    presets: { name: string; amount: number; category: string }[];
    lateCharge: string;
  };
}

const rule = (relation: string, legal: boolean, emergency: boolean, pickup = true, watch = true): RelationRule => ({
  relation,
  legal_guardian: legal,
  emergency_contact: emergency,
  pickup,
  watch_camera: watch,
});

const childcare: Vocabulary = {
  billing: {
    programs: ['Full day', 'Half day', 'Before & after school', 'Summer camp'],
    templates: [
      { name: 'Full time (5 days)', amount: 145000, period: 'monthly', days: [1, 2, 3, 4, 5] },
      { name: 'Part time (3 days)', amount: 95000, period: 'monthly', days: [1, 3, 5] },
      { name: 'Two days', amount: 18500, period: 'weekly', days: [2, 4] },
      { name: 'Infant full time', amount: 42500, period: 'weekly', days: [1, 2, 3, 4, 5] },
      { name: 'Toddler full time', amount: 38000, period: 'weekly', days: [1, 2, 3, 4, 5] },
      { name: 'Half days', amount: 62000, period: 'monthly', days: [1, 2, 3, 4, 5] },
      { name: 'After school', amount: 52000, period: 'biweekly', days: [1, 2, 3, 4, 5] },
      { name: 'Preschool', amount: 120000, period: 'monthly', days: [1, 2, 3, 4, 5] },
    ],
    categories: ['Tuition', 'Fees', 'Supplies', 'Meals'],
    presets: [
      { name: 'Registration fee', amount: 7500, category: 'Fees' },
      { name: 'Art supplies', amount: 2500, category: 'Supplies' },
      { name: 'Field trip', amount: 1800, category: 'Fees' },
    ],
    lateCharge: 'Late pickup',
  },
  childName: (faker, gender) => faker.person.firstName(gender === 'Male' ? 'male' : 'female'),
  ages: [12, 60],
  weekSchedules: [
    ['mon', 'tue', 'wed', 'thu', 'fri'],
    ['mon', 'tue', 'wed', 'thu', 'fri'],
    ['mon', 'tue', 'wed', 'thu', 'fri'],
    ['mon', 'wed', 'fri'],
    ['tue', 'thu'],
  ],
  primary: [rule('Mother', true, true), rule('Father', true, true)],
  secondary: [rule('Father', true, true), rule('Mother', true, true), rule('Stepfather', false, true), rule('Stepmother', false, true)],
  extended: [
    rule('Grandmother', false, true),
    rule('Grandfather', false, true),
    rule('Aunt', false, true),
    rule('Nanny', false, false, true, false),
  ],
  restricted: rule('Father', false, false, false, false),
  relationships: [
    { name: 'Mother', legal_guardian: true, relationship_type: 'parent', is_default: true },
    { name: 'Father', legal_guardian: true, relationship_type: 'parent' },
    { name: 'Stepmother', legal_guardian: false, relationship_type: 'parent' },
    { name: 'Stepfather', legal_guardian: false, relationship_type: 'parent' },
    { name: 'Grandmother', legal_guardian: false, relationship_type: 'family' },
    { name: 'Grandfather', legal_guardian: false, relationship_type: 'family' },
    { name: 'Aunt', legal_guardian: false, relationship_type: 'family' },
    { name: 'Uncle', legal_guardian: false, relationship_type: 'family' },
    { name: 'Legal guardian', legal_guardian: true, relationship_type: 'guardian' },
    { name: 'Nanny', legal_guardian: false, relationship_type: 'caregiver' },
  ],
  tags: ['Full time', 'Part time', 'Half day', 'Bus', 'Nap early', 'Potty training', 'Subsidy', 'Sibling discount'],
  allergies: ['Peanuts', 'Tree nuts', 'Dairy', 'Eggs', 'Gluten', 'Shellfish', 'Bee stings', 'Penicillin'],
  medications: ['Albuterol inhaler', 'EpiPen', 'Cetirizine', 'Hydrocortisone cream', 'Amoxicillin'],
  staffTitles: ['Lead teacher', 'Assistant teacher', 'Floater', 'Infant caregiver', 'Preschool teacher'],
  healthQuestions: [
    { statement: 'Has the child had a fever of 100.4 °F or higher in the last 24 hours?', pass_answer: false },
    { statement: 'Has the child vomited or had diarrhoea in the last 24 hours?', pass_answer: false },
    { statement: 'Does the child have a new cough, rash or sore throat?', pass_answer: false },
    { statement: 'Was the child given fever medicine in the last 12 hours?', pass_answer: false },
  ],
  cameraGroup: { name: 'Outdoor', cameras: ['Playground', 'Front door'] },
  absenceReasons: ['Sick', 'Vacation', 'Appointment', 'Family day'],
  notes: ['Naps with a blue blanket.', 'Picked up early on Fridays.', 'Learning to use a cup.', 'Loves the sandbox.', 'Shy at drop-off.'],
  photos: { share: 0.85, portrait: childPortrait },
};

const petcare: Vocabulary = {
  billing: {
    programs: ['Daycare', 'Boarding', 'Puppy school', 'Grooming club'],
    templates: [
      { name: 'Daycare 5 days', amount: 98000, period: 'monthly', days: [1, 2, 3, 4, 5] },
      { name: 'Daycare 3 days', amount: 64000, period: 'monthly', days: [1, 3, 5] },
      { name: 'Two days a week', amount: 9500, period: 'weekly', days: [2, 4] },
      { name: 'Puppy package', amount: 16000, period: 'weekly', days: [1, 2, 3, 4, 5] },
      { name: 'Big dog weekly', amount: 21000, period: 'weekly', days: [1, 2, 3, 4, 5] },
      { name: 'Half days', amount: 42000, period: 'monthly', days: [1, 2, 3, 4, 5] },
      { name: 'Walk & play', amount: 26000, period: 'biweekly', days: [1, 3, 5] },
      { name: 'Unlimited daycare', amount: 115000, period: 'monthly', days: [1, 2, 3, 4, 5] },
    ],
    categories: ['Daycare', 'Fees', 'Grooming', 'Treats'],
    presets: [
      { name: 'Nail trim', amount: 1500, category: 'Grooming' },
      { name: 'Bath', amount: 3500, category: 'Grooming' },
      { name: 'Registration fee', amount: 5000, category: 'Fees' },
    ],
    lateCharge: 'Late pickup',
  },
  childName: (faker) => faker.animal.petName(),
  ages: [6, 144],
  weekSchedules: [
    ['mon', 'tue', 'wed', 'thu', 'fri'],
    ['mon', 'wed', 'fri'],
    ['tue', 'thu'],
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
    ['sat', 'sun'],
  ],
  primary: [rule('Owner', true, true)],
  secondary: [rule('Co-owner', true, true)],
  extended: [rule('Dog walker', false, false, true, false), rule('Pet sitter', false, true), rule('Neighbour', false, true, true, false)],
  restricted: rule('Former owner', false, false, false, false),
  relationships: [
    { name: 'Owner', legal_guardian: true, relationship_type: 'owner', is_default: true },
    { name: 'Co-owner', legal_guardian: true, relationship_type: 'owner' },
    { name: 'Dog walker', legal_guardian: false, relationship_type: 'caregiver' },
    { name: 'Pet sitter', legal_guardian: false, relationship_type: 'caregiver' },
    { name: 'Neighbour', legal_guardian: false, relationship_type: 'other' },
    { name: 'Former owner', legal_guardian: false, relationship_type: 'other' },
  ],
  tags: ['Daycare', 'Boarding', 'Grooming', 'Puppy', 'Senior', 'Needs a walk', 'Shy', 'Plays rough'],
  allergies: ['Chicken', 'Beef', 'Grain', 'Flea saliva', 'Pollen', 'Dairy'],
  medications: ['Apoquel', 'Carprofen', 'Heartworm chewable', 'Flea and tick chewable', 'Thyroid tablet'],
  staffTitles: ['Dog handler', 'Kennel attendant', 'Groomer', 'Play group lead', 'Trainer'],
  healthQuestions: [
    { statement: 'Has the pet vomited or had diarrhoea in the last 24 hours?', pass_answer: false },
    { statement: 'Has the pet been coughing or sneezing (kennel cough)?', pass_answer: false },
    { statement: 'Has the pet had fleas or ticks in the last week?', pass_answer: false },
    { statement: 'Are the pet’s vaccinations (rabies, DHPP, Bordetella) up to date?', pass_answer: true },
  ],
  cameraGroup: { name: 'Yards', cameras: ['Play yard', 'Lobby'] },
  absenceReasons: ['Vet visit', 'Vacation', 'Grooming elsewhere', 'Sick'],
  notes: [
    'Eats twice a day, no treats.',
    'Pulls on the leash.',
    'Best friends with the beagles.',
    'Afraid of thunder.',
    'Needs a nap after lunch.',
  ],
  photos: { share: 0.9, portrait: petPortrait },
};

export function vocabularyOf(def: Pick<CentreDefinition, 'kind'>): Vocabulary {
  return def.kind === 'petcare' ? petcare : childcare;
}
