import { z } from '../../../lib/zod';

export const addCentreSchema = z
  .object({
    name: z.string().trim().min(1, 'common:validation.required').max(150, 'common:validation.tooLong'),
    slug: z
      .string()
      .trim()
      .min(1, 'common:validation.required')
      .max(63, 'common:validation.tooLong')
      .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'operator:validation.slug'),
    kind: z.enum(['childcare', 'petcare']),
    language_pack: z.enum(['default', 'dogs']),
    contact_email: z.string().trim().min(1, 'common:validation.required').email('common:validation.email'),
    owner_fname: z.string().trim().min(1, 'common:validation.required').max(100, 'common:validation.tooLong'),
    owner_lname: z.string().trim().min(1, 'common:validation.required').max(100, 'common:validation.tooLong'),
    owner_username: z
      .string()
      .trim()
      .min(3, 'operator:validation.usernameShort')
      .max(100, 'common:validation.tooLong')
      .regex(/^[A-Za-z0-9._@+-]+$/, 'operator:validation.usernameChars'),
    on_trial: z.boolean(),
    trial_days: z
      .number({ message: 'operator:validation.days' })
      .int('operator:validation.days')
      .min(1, 'operator:validation.days')
      .max(365, 'operator:validation.days')
      .optional(),
  })
  .refine((v) => !v.on_trial || v.trial_days !== undefined, { path: ['trial_days'], message: 'operator:validation.days' });

export type AddCentreValues = z.infer<typeof addCentreSchema>;

export const ADD_CENTRE_FIELDS = [
  'name',
  'slug',
  'kind',
  'language_pack',
  'contact_email',
  'owner_fname',
  'owner_lname',
  'owner_username',
  'on_trial',
  'trial_days',
] as const;
