import { z } from 'zod';
import type { Knex } from 'knex';
import { badInput, fields } from '@kv/server';
import { CENTRE_ROLES } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo.ts';
import type { UserScope } from '../policy.ts';
import { personNotFound } from '../errors.ts';
import { audit as auditRow } from '../../../core/audit.ts';
import { blankToNull, optionalText } from '../../../core/args.ts';
import { existingLocationIds } from '../../../core/scope-repo.ts';
import { locationNotFound, scopeLocations, studentScopeOf } from '../../../core/access.ts';
import { findPrograms } from '../../rooms/index.ts';
import { roomNotInLocation } from '../../students/index.ts';

/** A phone a person can be texted at: 7–15 digits, stored as typed. */
export const phone = z
  .string()
  .trim()
  .max(32, 'The phone number is too long.')
  .refine(
    (v) => v === '' || (/^[0-9+()\-.\s]+$/.test(v) && v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15),
    'Enter a valid phone number.',
  )
  .nullish()
  .transform(blankToNull);

/** E.164 for SMS: 10 digits are a North-American number. */
export function e164(phoneNumber: string | null | undefined): string | null {
  if (!phoneNumber) return null;
  const digits = phoneNumber.replace(/\D/g, '');
  if (phoneNumber.trim().startsWith('+')) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return `+${digits}`;
}

export const roleList = z
  .array(z.enum(CENTRE_ROLES as [string, ...string[]], { message: 'Choose roles from the list.' }))
  .min(1, 'Choose at least one role.')
  .max(5);

/** Fields of a person any staff form may send (all optional). */
export const personDetails = {
  middle_name: optionalText(100, 'Middle name'),
  nick_name: optionalText(100, 'Nickname'),
  phone,
  phone2: phone,
  phone_type: optionalText(20, 'Phone type'),
  phone2_type: optionalText(20, 'Phone type'),
  job_title: optionalText(100, 'Job title'),
  avatar: optionalText(500, 'The photo address'),
  emergency_contact: z.boolean().nullish(),
};
export const PERSON_DETAIL_COLUMNS = Object.keys(personDetails);

export const personName = { fname: fields.name('First name'), lname: fields.name('Last name') };
export const email = fields.email().transform((e) => e.toLowerCase());

/** Every id a (live) person in the scope; NOT_FOUND otherwise. */
export async function peopleInScope(ctx: RequestContext, scope: UserScope, ids: readonly string[]): Promise<repo.PersonRow[]> {
  const wanted = [...new Set(ids.map(String))];
  if (!wanted.length) return [];
  const rows = await repo.findPeople(ctx.db, wanted, { scope });
  if (rows.length !== wanted.length) throw personNotFound();
  return rows;
}

export async function personInScope(ctx: RequestContext, scope: UserScope, personId: string): Promise<repo.PersonRow> {
  return (await peopleInScope(ctx, scope, [personId]))[0]!;
}

export async function rolesOf(ctx: RequestContext, userId: string): Promise<string[]> {
  return (await repo.roleNamesOf(ctx.db, [userId])).get(String(userId)) ?? [];
}

/** The locations the viewer may put people in (their student scope's locations; the owner: any). */
export async function assertPeopleLocations(ctx: RequestContext, ids: readonly string[], field = 'locations'): Promise<string[]> {
  const wanted = [...new Set(ids.map(String))];
  if (!wanted.length) return [];
  const allowed = scopeLocations(await studentScopeOf(ctx));
  if (allowed && wanted.some((l) => !allowed.includes(l))) throw locationNotFound();
  const found = await existingLocationIds(ctx.db, wanted);
  if (found.length !== wanted.length) throw badInput(field, 'Choose locations from the list.');
  return wanted;
}

/** The viewer's own locations (null: all), to keep memberships outside them untouched. */
export async function viewerLocations(ctx: RequestContext): Promise<string[] | null> {
  return scopeLocations(await studentScopeOf(ctx));
}

/** Rooms of the given locations (a teacher's rooms). */
export async function assertTeacherRooms(
  ctx: RequestContext,
  locationIds: readonly string[],
  programIds: readonly string[],
): Promise<string[]> {
  const wanted = [...new Set(programIds.map(String))];
  if (!wanted.length) return [];
  const rows = await findPrograms(ctx.db, wanted);
  if (rows.length !== wanted.length || rows.some((p) => !locationIds.includes(String(p.location_id)))) throw roomNotInLocation('programs');
  return wanted;
}

export async function auditPerson(
  ctx: RequestContext,
  trx: Knex.Transaction,
  action: string,
  userId: string,
  data: object = {},
  locationId: string | null = null,
): Promise<void> {
  await auditRow(ctx, trx, { action, entity: 'user', entity_id: String(userId), location_id: locationId, data });
}
