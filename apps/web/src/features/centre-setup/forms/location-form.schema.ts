import { z } from '../../../lib/zod';
import { scheduleDatesSchema } from './schedule-dates';

const optionalText = (max: number) => z.string().trim().max(max, 'common:validation.tooLong');
const optionalUrl = z
  .string()
  .trim()
  .max(500, 'common:validation.tooLong')
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'setup:validation.url');
const coordinate = (limit: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (Number.isFinite(Number(v)) && Math.abs(Number(v)) <= limit), 'setup:validation.coordinate');

export const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export const locationFormSchema = z
  .object({
    name: z.string().trim().min(1, 'common:validation.required').max(150, 'common:validation.tooLong'),
    timezone: z.string().min(1, 'common:validation.required'),
    email: z
      .string()
      .trim()
      .max(190, 'common:validation.tooLong')
      .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'setup:validation.email'),
    phone: optionalText(30).refine((v) => v === '' || /^[+\d\s().-]{7,}$/.test(v), 'setup:validation.phone'),
    address: optionalText(255),
    longitude: coordinate(180),
    latitude: coordinate(90),
    pin_url: optionalUrl,
    map_url: optionalUrl,
    is_signup: z.boolean(),
    signup_code: optionalText(50),
    color: z
      .string()
      .trim()
      .refine((v) => v === '' || HEX.test(v), 'setup:validation.colour'),
    managers: z.array(z.string()).min(1, 'setup:validation.managers'),
    active: z.boolean(),
    schedule_name: optionalText(150),
    scheduledates: scheduleDatesSchema,
  })
  .refine((v) => !v.is_signup || v.signup_code !== '', { message: 'setup:validation.signupCode', path: ['signup_code'] })
  .refine((v) => v.scheduledates.length === 0 || v.schedule_name !== '', {
    message: 'setup:validation.scheduleName',
    path: ['schedule_name'],
  });

export type LocationFormValues = z.infer<typeof locationFormSchema>;

export const LOCATION_FIELDS = [
  'name',
  'timezone',
  'email',
  'phone',
  'address',
  'longitude',
  'latitude',
  'pin_url',
  'map_url',
  'is_signup',
  'signup_code',
  'color',
  'managers',
  'schedule_name',
  'scheduledates',
] as const;
