import { z } from '../../../lib/zod';

export const STREAM_TYPES = ['dev', 'mediamtx', 'hls_token'] as const;

const url = z
  .string()
  .trim()
  .max(500, 'common:validation.tooLong')
  .refine((v) => /^https?:\/\/\S+$/i.test(v) || /^\/\S*$/.test(v), 'cameras:validation.url');

export const streamFormSchema = z.object({
  name: z.string().trim().min(1, 'common:validation.required').max(100, 'common:validation.tooLong'),
  type: z.enum(STREAM_TYPES, { message: 'common:validation.required' }),
  base_url: url,
  api_url: z
    .string()
    .trim()
    .max(500, 'common:validation.tooLong')
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'cameras:validation.httpUrl'),
  /** Empty: keep the stored secret (on change) or none (on create). */
  secret: z.string().max(500, 'common:validation.tooLong'),
  remove_secret: z.boolean(),
  /** Empty: the whole centre. */
  location_id: z.string(),
  is_default: z.boolean(),
  status: z.boolean(),
});

export type StreamFormValues = z.infer<typeof streamFormSchema>;
export const STREAM_FORM_FIELDS = ['name', 'type', 'base_url', 'api_url', 'secret', 'location_id'] as const;
