import { z } from 'zod';
import { MAX_CENTS } from '@kv/shared';
import { localDate, localTime } from '../../core/time.ts';

/**
 * Argument fields of the billing area. Amounts arrive as integer cents (the `Cents` scalar
 * refuses anything else); these refuse negatives and amounts past the cap, naming the field.
 */
export const cents = (label: string) =>
  z
    .number({ message: `${label} must be an amount in cents.` })
    .int(`${label} must be whole cents.`)
    .min(0, `${label} cannot be negative.`)
    .max(MAX_CENTS, `${label} is too large.`);

export const positiveCents = (label: string) => cents(label).min(1, `${label} must be more than zero.`);

export const PERIODS = ['weekly', 'biweekly', 'monthly'] as const;
export const period = z.enum(PERIODS, { message: 'Choose weekly, biweekly or monthly.' });

export const weekdays = z
  .array(z.number().int().min(0, 'Days are 0 (Sunday) to 6 (Saturday).').max(6, 'Days are 0 (Sunday) to 6 (Saturday).'))
  .max(7)
  .transform((d) => [...new Set(d)].sort());

/** A percent with at most two decimals, 0 to 100. */
export const percent = (label: string) =>
  z
    .number()
    .min(0, `${label} cannot be negative.`)
    .max(100, `${label} is at most 100%.`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} has at most two decimals.`);

export const reason = z.string().trim().min(2, 'Give a reason.').max(300, 'A reason has at most 300 characters.');
export const note = z
  .string()
  .trim()
  .max(2000, 'A note has at most 2000 characters.')
  .nullish()
  .transform((v) => (v ? v : null));
export const label = (what: string, max = 150) =>
  z.string().trim().min(1, `${what} is required.`).max(max, `${what} has at most ${max} characters.`);

export { localDate, localTime };
