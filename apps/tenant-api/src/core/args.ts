import { z } from 'zod';
import { fields } from '@kv/server';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, isHexColour } from '@kv/shared';

/** The zod fields every area's arguments are built from (parsed with `parseArgs`, @kv/server). */

export const id = fields.id;
export const idList = z.array(fields.id).max(500, 'Too many items.');

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

export const hexColour = z.string().trim().refine(isHexColour, 'Use a 3- or 6-digit hex colour such as #7367F0.');

/** Omitted stays omitted (undefined: keep), blank becomes null (clear). */
export const blankToNull = <T>(v: T | null | undefined): T | null | undefined => (v === undefined ? undefined : v ? v : null);

export const optionalText = (max: number, label = 'This field') =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`).nullish().transform(blankToNull);

export const httpUrl = z
  .string()
  .trim()
  .max(500, 'The address is too long.')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Use an http(s) address.')
  .nullish()
  .transform(blankToNull);
