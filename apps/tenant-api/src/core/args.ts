import { z } from 'zod';
import { blankToNull, fields } from '@kv/server';
import { isHexColour } from '@kv/shared';

/**
 * The zod fields every area's arguments are built from (parsed with `parseArgs`, @kv/server):
 * those the control plane needs too (`fields`, `pageArgs`, `paginated`) live in @kv/server.
 */
export { blankToNull, pageArgs, paginated } from '@kv/server';

export const id = fields.id();
export const idList = z.array(id).max(500, 'Too many items.');

export const hexColour = z.string().trim().refine(isHexColour, 'Use a 3- or 6-digit hex colour such as #7367F0.');

export const optionalText = fields.optionalText;

export const httpUrl = z
  .string()
  .trim()
  .max(500, 'The address is too long.')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Use an http(s) address.')
  .nullish()
  .transform(blankToNull);
