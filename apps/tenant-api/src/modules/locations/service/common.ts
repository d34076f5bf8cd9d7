import { z } from 'zod';
import type { Knex } from 'knex';
import { fields } from '@kv/server';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, isHexColour } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { insertAudit, type AuditInput } from '../repo/history.ts';

/** Helpers shared by the centre-setup modules (locations, rooms, schedules, cameras, school). */

export const notice = (message: string, status = true, color = status ? 'success' : 'danger') => ({ status, message, color });

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

export function paginated<T>(data: T[], total: number, page: number, first: number) {
  return { data, paginatorInfo: { currentPage: page, lastPage: Math.max(1, Math.ceil(total / first)), perPage: first, total } };
}

export const hexColour = z.string().trim().refine(isHexColour, 'Use a 3- or 6-digit hex colour such as #7367F0.');

/** `HH:MM` (24-hour clock). */
export const clockTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Use a time such as 07:30.')
  .transform((v) => v.slice(0, 5));

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

/** IANA time zones the runtime knows (checked with `Intl.supportedValuesOf`). */
const ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
export const isTimeZone = (v: string) => ZONES.has(v);
export const timezone = z.string().trim().refine(isTimeZone, 'Choose a time zone from the list, such as America/New_York.');

/** One audit row with the actor, the support session and the location it belongs to. */
export async function audit(
  ctx: RequestContext,
  trx: Knex.Transaction,
  row: Omit<AuditInput, 'actor_user_id' | 'support_session_id' | 'actor_label' | 'ip'>,
): Promise<void> {
  const v = ctx.viewer!;
  await insertAudit(trx, {
    ...row,
    actor_user_id: v.id,
    support_session_id: v.support?.sessionId ?? null,
    actor_label: v.support?.operator ?? null,
    ip: ctx.ip,
  });
}

/** The fields whose value differs between two rows, as `{ field: [before, after] }`. */
export function diff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keys: readonly string[],
): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);
  for (const k of keys) {
    if (!(k in after)) continue;
    const a = norm(before[k]);
    const b = norm(after[k]);
    const same =
      JSON.stringify(a) === JSON.stringify(b) ||
      (a !== null && b !== null && a !== '' && b !== '' && Number.isFinite(Number(a)) && Number(a) === Number(b));
    if (!same) out[k] = [a, b];
  }
  return out;
}

export const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v ? String(v) : null);
