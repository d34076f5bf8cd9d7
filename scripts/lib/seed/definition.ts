/**
 * What a centre's seed is made of: the named part of a `tenants/*.json` file (the README's demo
 * sign-ins, PINs and families, kept exactly as written) and how much the generator adds around it.
 */
export interface RoomDefinition {
  name: string;
  color_code: string;
  /** Required children (pets) per staff member: the room's ratio. */
  ratio?: number;
  /** Ages of the room's children in months, [youngest, oldest] (generated children's birth dates). */
  ages?: [number, number];
}

export interface LocationDefinition {
  name: string;
  timezone: string;
  address: string;
  phone: string;
  email: string;
  is_signup: boolean;
  signup_code: string;
  color_code: string;
  rooms: RoomDefinition[];
}

export interface StaffDefinition {
  username: string;
  /** The demo PIN for the kiosk and the time clock (spec User.check_in_pin). */
  check_in_pin?: string;
  fname: string;
  lname: string;
  role: string;
  email: string;
  job_title?: string;
  manages?: string[];
  locations?: string[];
  /** Rooms the person works in, as "Location/Room". */
  rooms?: string[];
}

export interface ContactDefinition {
  username: string;
  check_in_pin?: string;
  fname: string;
  lname: string;
  email: string;
  phone: string;
  relation: string;
  legal_guardian?: boolean;
  is_payer?: boolean;
  emergency_contact?: boolean;
  watch_camera?: boolean;
  locale?: string;
}

export interface ChildDefinition {
  fname: string;
  lname: string;
  dob: string;
  gender: string;
  location: string;
  room: string;
}

export interface FamilyDefinition {
  contacts: ContactDefinition[];
  children: ChildDefinition[];
}

/** How much the generator adds to the named part (0 everywhere: the named part only). */
export interface SeedSize {
  /** Generated families (each with one to three contacts). */
  families: number;
  /** Generated children, spread over the generated families (at least one each). */
  children: number;
  /** Generated staff members (teachers, a manager when a location has none). */
  staff: number;
  /** Days of attendance and time-clock history before today (today included when > 0). */
  historyDays: number;
  /** Tags on every child, at most (a seeded draw from 0 unless `exactTags`). */
  tagsPerChild: number;
  /** Every child gets exactly `tagsPerChild` tags (benchmarks: the same shape in every centre). */
  exactTags?: boolean;
}

export interface CentreDefinition {
  slug: string;
  name: string;
  kind: 'childcare' | 'petcare';
  language_pack: 'default' | 'dogs';
  contact_email: string;
  locations: LocationDefinition[];
  staff: StaffDefinition[];
  families: FamilyDefinition[];
  /** What the generator adds (absent: nothing). */
  generate?: SeedSize;
}

export const NO_GENERATION: SeedSize = { families: 0, children: 0, staff: 0, historyDays: 0, tagsPerChild: 0 };
