import { z } from '../../../lib/zod';

/** Spec §5 invite fields: fname, lname, username, email, locations, roles (by the screen), email_confirmed. */
export const personSchema = z
  .object({
    fname: z.string().trim().min(1, 'common:validation.required').max(100, 'common:validation.tooLong'),
    lname: z.string().trim().min(1, 'common:validation.required').max(100, 'common:validation.tooLong'),
    username: z
      .string()
      .trim()
      .min(3, 'people:validation.username')
      .max(60, 'common:validation.tooLong')
      .regex(/^[A-Za-z0-9_.@-]+$/, 'people:validation.username'),
    email: z.string().trim().min(1, 'common:validation.required').email('common:validation.email'),
    phone: z
      .string()
      .trim()
      .max(32, 'common:validation.tooLong')
      .refine((v) => v === '' || /^[0-9+()\-.\s]+$/.test(v), 'people:validation.phone'),
    locations: z.array(z.string()).min(1, 'people:validation.pickLocation'),
    programs: z.array(z.string()),
    job_title: z.string().trim().max(100, 'common:validation.tooLong'),
    relation: z.string().trim().max(60, 'common:validation.tooLong'),
    email_confirmed: z.boolean(),
    send_invite: z.boolean(),
    send_sms: z.boolean(),
  })
  .refine((v) => !v.send_sms || v.phone !== '', { path: ['phone'], message: 'people:validation.smsNeedsPhone' });

export type PersonValues = z.infer<typeof personSchema>;

export const PERSON_FIELDS = ['fname', 'lname', 'username', 'email', 'phone', 'locations', 'programs', 'job_title'] as const;

export const emptyPerson = (locations: string[] = []): PersonValues => ({
  fname: '',
  lname: '',
  username: '',
  email: '',
  phone: '',
  locations,
  programs: [],
  job_title: '',
  relation: '',
  email_confirmed: false,
  send_invite: true,
  send_sms: false,
});
