import { z, type ZodType } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@kv/shared';
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

/** Omitted stays omitted (undefined: keep), blank becomes null (clear). */
export const blankToNull = <T>(v: T | null | undefined): T | null | undefined => (v === undefined ? undefined : v ? v : null);

/** Database ids are bigints sent as GraphQL IDs, in their one decimal spelling (`7`, not `007`: ids key caches and pools). */
const ID = /^[1-9]\d{0,17}$/;
const USERNAME = /^[A-Za-z0-9._@+-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Trimmed text of `min` (default 1: required) to `max` characters. */
function text(label: string, { max, min = 1 }: { max: number; min?: number }) {
  return z
    .string(`${label} is required.`)
    .trim()
    .min(min, min > 1 ? `${label} must be at least ${min} characters.` : `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
}

/**
 * Field schemas reused by both servers, with messages a person can act on. Those taking a
 * `label` name it in their messages; the control plane passes the argument's name, the tenant
 * API a label for people ("First name"). Without a label, the message stands alone.
 */
export const fields = {
  text,
  /** Optional text up to `max` characters; blank clears (null), omitted keeps (undefined). */
  optionalText: (max: number, label = 'This field') =>
    z.string().trim().max(max, `${label} must be at most ${max} characters.`).nullish().transform(blankToNull),
  name: (label: string) => text(label, { max: 100 }),
  username: (label = 'Username') =>
    text(label, { min: 3, max: 100 }).regex(USERNAME, `${label} may use letters, digits and . _ @ + - only.`),
  /** An email address, trimmed (lower-case it where the address is a key). */
  email: (label?: string) =>
    label
      ? text(label, { max: 254 }).email(`${label} must be an email address.`)
      : z.string().trim().max(254, 'Email is too long.').email('Enter a valid email address.'),
  id: (label?: string) => {
    const message = label ? `${label} is not a valid id.` : 'Not a valid id.';
    return z.union([z.string(), z.number()], message).transform(String).pipe(z.string().regex(ID, message));
  },
  /** One of a fixed list of values. */
  oneOf: <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
    z.enum(values, `${label} must be one of: ${values.join(', ')}.`),
  /** A whole number from `min` to `max`. */
  intBetween: (label: string, min: number, max: number) => {
    const message = `${label} must be a whole number from ${min} to ${max}.`;
    return z.number(message).int(message).min(min, message).max(max, message);
  },
  token: z.string().trim().min(10, 'This link is not valid.').max(2000, 'This link is not valid.'),
  pin: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, 'Enter the PIN from the email.'),
  /** A UUID key; any other text names nothing (null), so the lookup answers not found, as for an unknown UUID. */
  uuidKey: z
    .string()
    .max(100)
    .transform((v) => (UUID.test(v) ? v : null)),
};

/** `page` (from 1) and `first` (1–100, default 25) of every paginated list. */
export const pageArgs = {
  page: z
    .number()
    .int()
    .min(1, 'Page starts at 1.')
    .max(100_000)
    .nullish()
    .transform((v) => v ?? 1),
  first: z
    .number()
    .int()
    .min(1, 'Ask for at least one row.')
    .max(PAGE_SIZE_MAX, `Ask for at most ${PAGE_SIZE_MAX} rows.`)
    .nullish()
    .transform((v) => v ?? PAGE_SIZE_DEFAULT),
};

/** A page of a list with its paginator (`total` from `count(*) over ()`). */
export function paginated<T>(data: T[], total: number, page: number, first: number) {
  return { data, paginatorInfo: { currentPage: page, lastPage: Math.max(1, Math.ceil(total / first)), perPage: first, total } };
}
