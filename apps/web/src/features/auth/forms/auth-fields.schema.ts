import { z } from '../../../lib/zod';

/** Client rules mirroring the server's field rules; messages are i18n keys. */
export const nameRule = z.string().trim().min(1, 'common:validation.required').max(100, 'common:validation.tooLong');
export const usernameRule = z
  .string()
  .trim()
  .min(3, 'account:validation.usernameShort')
  .max(100, 'common:validation.tooLong')
  .regex(/^[A-Za-z0-9._@+-]+$/, 'account:validation.usernameChars');
export const emailRule = z
  .string()
  .trim()
  .min(1, 'common:validation.required')
  .max(254, 'common:validation.tooLong')
  .email('common:validation.email');
export const pinRule = z
  .string()
  .trim()
  .regex(/^\d{4,8}$/, 'account:validation.pin');
