import { z, type ZodType } from 'zod';
import { badInput } from './errors.ts';

/**
 * Validates resolver arguments with a zod schema; the first problem becomes a BAD_USER_INPUT
 * error naming the field, so forms can show it next to the input.
 */
export function parseArgs<T>(schema: ZodType<T>, args: unknown): T {
  const result = schema.safeParse(args);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.') || 'input';
  throw badInput(field, issue.message);
}

/** Field schemas reused by every module, with messages a person can act on. */
export const fields = {
  name: (label: string) => z.string().trim().min(1, `${label} is required.`).max(100, `${label} must be at most 100 characters.`),
  username: z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters.')
    .max(100, 'Username must be at most 100 characters.')
    .regex(/^[A-Za-z0-9._@+-]+$/, 'Username may use letters, digits and . _ @ + - only.'),
  email: z.string().trim().max(254, 'Email is too long.').email('Enter a valid email address.'),
  token: z.string().trim().min(10, 'This link is not valid.').max(2000, 'This link is not valid.'),
  pin: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, 'Enter the PIN from the email.'),
  id: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d{1,18}$/, 'Not a valid id.')),
};
