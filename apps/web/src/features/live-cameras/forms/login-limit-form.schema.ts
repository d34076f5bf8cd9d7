import { z } from '../../../lib/zod';

const count = z
  .number({ message: 'common:validation.required' })
  .int('cameras:validation.whole')
  .min(0, 'cameras:validation.notNegative')
  .max(1000, 'cameras:validation.tooMany');

export const loginLimitSchema = z.object({
  /** The contact's own daily limit; empty: the location's. */
  own_limit: count.nullish(),
  /** Logins used today. */
  used: count,
});

export type LoginLimitValues = z.infer<typeof loginLimitSchema>;
