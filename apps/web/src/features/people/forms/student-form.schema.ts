import { z } from '../../../lib/zod';

const text = (max = 191) => z.string().trim().max(max, 'common:validation.tooLong');
const date = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'people:validation.date');
const phone = z
  .string()
  .trim()
  .max(32, 'common:validation.tooLong')
  .refine((v) => v === '' || /^[0-9+()\-.\s]+$/.test(v), 'people:validation.phone');

export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const STUDENT_TYPES = ['enrolled', 'lead', 'waitlist'] as const;

export const guardianSchema = z.object({
  user_id: z.string().min(1, 'people:validation.pickContact'),
  label: z.string(),
  relation: text(60),
  legal_guardian: z.boolean(),
  pickup: z.boolean(),
  emergency_contact: z.boolean(),
  is_payer: z.boolean(),
  watch_camera: z.boolean(),
  alert: z.boolean(),
});

export const studentSchema = z
  .object({
    fname: text(100).min(1, 'common:validation.required'),
    middle_name: text(100),
    lname: text(100).min(1, 'common:validation.required'),
    nick_name: text(100),
    dob: date,
    gender: z.string(),
    race: text(100),
    ethnicity: text(100),
    type: z.enum(STUDENT_TYPES),
    status: z.boolean(),
    doctor_name: text(150),
    doctor_phone: phone,
    note: text(5000),
    street_1: text(),
    street_2: text(),
    city: text(100),
    state: text(100),
    country: text(100),
    zip: text(20),
    enrollment_date: date,
    graduation_date: date,
    external_id: text(100),
    week_schedule: z.array(z.enum(WEEK_DAYS)),
    location_id: z.string().min(1, 'common:validation.required'),
    program_id: z.string().min(1, 'common:validation.required'),
    other_rooms: z.array(z.string()),
    cameras: z.array(z.string()),
    tags: z.array(z.string()),
    allergies: z.array(z.string()),
    medications: z.array(z.string()),
    guardians: z.array(guardianSchema),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.guardians.forEach((g, i) => {
      if (g.user_id && seen.has(g.user_id))
        ctx.addIssue({ code: 'custom', path: ['guardians', i, 'user_id'], message: 'people:validation.sameContact' });
      seen.add(g.user_id);
    });
    if (v.graduation_date && v.enrollment_date && v.graduation_date < v.enrollment_date)
      ctx.addIssue({ code: 'custom', path: ['graduation_date'], message: 'people:validation.graduationBeforeEnrolment' });
  });

export type StudentValues = z.infer<typeof studentSchema>;
export type GuardianValues = z.infer<typeof guardianSchema>;

/** Form fields the server may name in a field error. */
export const STUDENT_FIELDS = [
  'fname',
  'middle_name',
  'lname',
  'nick_name',
  'dob',
  'gender',
  'race',
  'ethnicity',
  'type',
  'doctor_name',
  'doctor_phone',
  'note',
  'street_1',
  'street_2',
  'city',
  'state',
  'country',
  'zip',
  'enrollment_date',
  'graduation_date',
  'external_id',
  'location_id',
  'program_id',
  'other_rooms',
  'cameras',
  'tags',
  'allergies',
  'medications',
] as const;

export const emptyGuardian = (relation = ''): GuardianValues => ({
  user_id: '',
  label: '',
  relation,
  legal_guardian: false,
  pickup: true,
  emergency_contact: false,
  is_payer: false,
  watch_camera: true,
  alert: true,
});

export const emptyStudent = (locationId = ''): StudentValues => ({
  fname: '',
  middle_name: '',
  lname: '',
  nick_name: '',
  dob: '',
  gender: '',
  race: '',
  ethnicity: '',
  type: 'enrolled',
  status: true,
  doctor_name: '',
  doctor_phone: '',
  note: '',
  street_1: '',
  street_2: '',
  city: '',
  state: '',
  country: '',
  zip: '',
  enrollment_date: '',
  graduation_date: '',
  external_id: '',
  week_schedule: [],
  location_id: locationId,
  program_id: '',
  other_rooms: [],
  cameras: [],
  tags: [],
  allergies: [],
  medications: [],
  guardians: [],
});

const blank = (v: string) => (v === '' ? null : v);

/** The form's values as the API's arguments (blank → null). */
export function toStudentVars(v: StudentValues) {
  return {
    fname: v.fname,
    lname: v.lname,
    middle_name: blank(v.middle_name),
    nick_name: blank(v.nick_name),
    dob: blank(v.dob),
    gender: blank(v.gender),
    race: blank(v.race),
    ethnicity: blank(v.ethnicity),
    type: v.type,
    status: v.status,
    doctor_name: blank(v.doctor_name),
    doctor_phone: blank(v.doctor_phone),
    note: blank(v.note),
    street_1: blank(v.street_1),
    street_2: blank(v.street_2),
    city: blank(v.city),
    state: blank(v.state),
    country: blank(v.country),
    zip: blank(v.zip),
    enrollment_date: blank(v.enrollment_date),
    graduation_date: blank(v.graduation_date),
    external_id: blank(v.external_id),
    week_schedule: v.week_schedule,
    program_id: v.program_id,
    other_rooms: v.other_rooms.filter((r) => r !== v.program_id),
    cameras: v.cameras,
    tags: v.tags,
    allergies: v.allergies,
    medications: v.medications,
    users: v.guardians.map((g) => ({
      user_id: g.user_id,
      relation: blank(g.relation),
      legal_guardian: g.legal_guardian,
      pickup: g.pickup,
      emergency_contact: g.emergency_contact,
      is_payer: g.is_payer,
      watch_camera: g.watch_camera,
      alert: g.alert,
    })),
  };
}
