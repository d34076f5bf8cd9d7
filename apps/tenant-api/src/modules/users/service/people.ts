import { z } from 'zod';
import type { Knex } from 'knex';
import { createSessionStore } from '@kv/auth';
import { fields, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo.ts';
import { areaOf, assertMayEditPerson, assertMayGrant, userManageScope, userWriteScope, type PeopleArea } from '../policy.ts';
import { emailTaken, noPhone, notYourself, personNotFound, usernameTaken } from '../errors.ts';
import { sendInvitation } from './invite.ts';
import {
  PERSON_DETAIL_COLUMNS,
  assertPeopleLocations,
  assertTeacherRooms,
  auditPerson,
  e164,
  email,
  personDetails,
  personInScope,
  personName,
  roleList,
  rolesOf,
  viewerLocations,
} from './common.ts';
import { inTransaction, mapUniqueViolations } from '../../../core/tx.ts';
import { diff } from '../../../core/audit.ts';
import { studentManageScope, requireViewer } from '../../../core/access.ts';
import { id, idList } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { pivotRow, studentsInScope, studentUserInput, upsertPivots } from '../../students/index.ts';

/** Which person an operation creates: the spec's Manager, Admin (centre owner), User (contact), Teacher, or an invite with roles. */
export type PersonKind = 'contact' | 'teacher' | 'manager' | 'admin' | 'invite';
const FIXED_ROLES: Record<Exclude<PersonKind, 'invite'>, string[]> = {
  contact: ['user'],
  teacher: ['teacher'],
  manager: ['manager'],
  admin: ['center'],
};
const NOUN: Record<PersonKind, string> = { contact: 'Contact', teacher: 'Teacher', manager: 'Manager', admin: 'Admin', invite: 'User' };
const areaFor = (kind: PersonKind): PeopleArea => (kind === 'contact' || kind === 'invite' ? 'users' : 'team');

const createBase = {
  ...personName,
  username: fields.username(),
  email,
  email_confirmed: z.boolean({ message: 'email_confirmed must be true or false.' }),
  locations: idList,
  /** Send the invitation (email with a PIN and link); default true. */
  send_invite: z.boolean().nullish(),
  /** Also text the invitation to the phone. */
  send_sms: z.boolean().nullish(),
  programs: idList.nullish(),
  /** A contact's children, with the pivot flags. */
  students: z
    .array(studentUserInput.omit({ user_id: true }).extend({ student_id: id }))
    .max(50, 'At most 50 students.')
    .nullish(),
  ...personDetails,
};

const createSchemas = {
  contact: z.object(createBase),
  teacher: z.object(createBase),
  manager: z.object({ ...createBase, locations: idList.min(1, 'Choose at least one location to manage.') }),
  admin: z.object(createBase),
  invite: z.object({ ...createBase, roles: roleList }),
};

type CreateInput = z.infer<typeof createSchemas.invite> | (z.infer<typeof createSchemas.contact> & { roles?: undefined });

/** Checks and writes one new person; the caller's transaction also carries the invitation. */
async function insertOne(ctx: RequestContext, trx: Knex.Transaction, kind: PersonKind, a: CreateInput) {
  const roles = kind === 'invite' ? a.roles! : FIXED_ROLES[kind];
  const v = requireViewer(ctx);
  if (await repo.usernameTaken(trx, a.username)) throw usernameTaken();
  if (await repo.emailTaken(trx, a.email)) throw emailTaken();
  // By email unless send_invite is false; by SMS with send_sms (alone, or with the email).
  const channels = { email: a.send_invite !== false, sms: Boolean(a.send_sms) };
  const sendInvite = channels.email || channels.sms;
  const row: Record<string, unknown> = {
    fname: a.fname,
    lname: a.lname,
    username: a.username,
    email: a.email,
    email_confirmed: a.email_confirmed,
    invited: sendInvite,
    status: true,
    pending: false,
    created_by: v.id,
    updated_by: v.id,
  };
  for (const k of PERSON_DETAIL_COLUMNS)
    if (a[k as keyof CreateInput] !== undefined && a[k as keyof CreateInput] !== null) row[k] = a[k as keyof CreateInput];
  // The check above can race another request creating the same username: same field error.
  const userId = await mapUniqueViolations(repo.insertPerson(trx, row), { users_username_unique: usernameTaken });
  await repo.setRoles(trx, userId, roles);
  await repo.setMemberLocations(trx, userId, a.locations, null);
  if (roles.includes('manager')) await repo.setManagedLocations(trx, userId, a.locations, null);
  if (a.programs?.length) await repo.setTeacherPrograms(trx, userId, [...new Set(a.programs)]);
  if (a.students?.length)
    await upsertPivots(
      trx,
      a.students.map(({ student_id, ...s }) => pivotRow(student_id, { ...s, user_id: userId })),
    );
  const sent = sendInvite
    ? await sendInvitation(ctx, trx, { id: userId, fname: a.fname, email: a.email, phone: a.phone }, channels)
    : { email: false, sms: false };
  await auditPerson(ctx, trx, `user.create`, userId, { kind, roles, locations: a.locations, invited: sent }, a.locations[0] ?? null);
  return userId;
}

/** Everything a create refers to, checked in bulk before the transaction. */
async function checkCreate(ctx: RequestContext, kind: PersonKind, a: CreateInput) {
  const roles = kind === 'invite' ? a.roles! : FIXED_ROLES[kind];
  if (a.send_sms && !e164(a.phone)) throw noPhone();
  assertMayGrant(ctx, roles);
  if (areaOf(roles) === 'team') await userManageScope(ctx, 'team');
  await assertPeopleLocations(ctx, a.locations);
  if (a.programs?.length) await assertTeacherRooms(ctx, a.locations, a.programs);
  if (a.students?.length)
    await studentsInScope(
      ctx,
      await studentManageScope(ctx),
      a.students.map((s) => s.student_id),
    );
}

/**
 * Creates a person (spec §5: fname, lname, username, email, locations, email_confirmed; roles for
 * an invite) and invites them by email unless send_invite is false, and by SMS with send_sms.
 */
export async function createPerson(ctx: RequestContext, kind: PersonKind, raw: unknown) {
  await userManageScope(ctx, areaFor(kind));
  const a = parseArgs<CreateInput>(createSchemas[kind], raw);
  await checkCreate(ctx, kind, a);
  const userId = await inTransaction(ctx, (trx) => insertOne(ctx, trx, kind, a));
  const [user] = await repo.findPeople(ctx.db, [userId]);
  return { ...notice(`${NOUN[kind]} created.`), user };
}

/** Invites many people at once: every row valid, or nothing is saved (errors name the row). */
export async function inviteMultipleUsers(ctx: RequestContext, raw: unknown) {
  await userManageScope(ctx, 'users');
  const a = parseArgs(
    z.object({
      users: z
        .array(createSchemas.invite)
        .min(1, 'Add at least one person.')
        .max(100, 'At most 100 people at once.')
        .superRefine((users, check) => {
          const names = new Set<string>();
          const emails = new Set<string>();
          for (const [i, u] of users.entries()) {
            if (names.has(u.username.toLowerCase()))
              check.addIssue({ code: 'custom', path: [i, 'username'], message: 'This username appears twice.' });
            if (emails.has(u.email)) check.addIssue({ code: 'custom', path: [i, 'email'], message: 'This email appears twice.' });
            names.add(u.username.toLowerCase());
            emails.add(u.email);
          }
        }),
    }),
    raw,
  );
  for (const [i, u] of a.users.entries()) {
    await checkCreate(ctx, 'invite', u).catch((e) => {
      if (e?.extensions?.field) e.extensions.field = `users.${i}.${e.extensions.field}`;
      throw e;
    });
  }
  const ids = await inTransaction(ctx, async (trx) => {
    const out: string[] = [];
    for (const [i, u] of a.users.entries()) {
      out.push(
        await insertOne(ctx, trx, 'invite', u).catch((e) => {
          if (e?.extensions?.field) e.extensions.field = `users.${i}.${e.extensions.field}`;
          throw e;
        }),
      );
    }
    return out;
  });
  const users = await repo.findPeople(ctx.db, ids);
  return { ...notice(`${users.length} invitation${users.length === 1 ? '' : 's'} sent.`), users };
}

const updateBase = {
  id,
  fname: personName.fname.optional(),
  lname: personName.lname.optional(),
  username: fields.username().optional(),
  email: email.optional(),
  email_confirmed: z.boolean().nullish(),
  locations: idList.nullish(),
  programs: idList.nullish(),
  roles: roleList.nullish(),
  ...personDetails,
};

/** Changes a person; omitted arguments stay. Locations outside the viewer's own stay as they are. */
export async function updatePerson(ctx: RequestContext, kind: PersonKind, raw: unknown) {
  const scope = await userWriteScope(ctx);
  const a = parseArgs(z.object(updateBase), raw);
  const before = await personInScope(ctx, scope, a.id);
  const roles = await rolesOf(ctx, a.id);
  if (kind !== 'invite' && !FIXED_ROLES[kind].every((r) => roles.includes(r))) throw personNotFound();
  await assertMayEditPerson(ctx, roles);
  if (a.roles) {
    if (a.id === requireViewer(ctx).id) throw notYourself('change the roles of');
    assertMayGrant(ctx, a.roles);
  }
  if (a.username && (await repo.usernameTaken(ctx.db, a.username, a.id))) throw usernameTaken();
  if (a.email && (await repo.emailTaken(ctx.db, a.email, a.id))) throw emailTaken();
  const locations = a.locations ? await assertPeopleLocations(ctx, a.locations) : null;
  const finalRoles = a.roles ?? roles;
  if (a.programs?.length) await assertTeacherRooms(ctx, locations ?? (await repo.memberLocationIdsOf(ctx.db, a.id)), a.programs);
  const within = await viewerLocations(ctx);
  await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      const patch: Record<string, unknown> = { updated_by: requireViewer(ctx).id };
      for (const k of ['fname', 'lname', 'username', 'email', 'email_confirmed', ...PERSON_DETAIL_COLUMNS] as const) {
        const value = a[k as keyof typeof a];
        if (value !== undefined) patch[k] = value === null && (k === 'email_confirmed' || k === 'emergency_contact') ? false : value;
      }
      if (a.email && a.email !== before.email && a.email_confirmed === undefined) patch.email_confirmed = false;
      await repo.updatePeople(trx, [a.id], patch);
      if (a.roles) await repo.setRoles(trx, a.id, a.roles);
      if (locations) {
        await repo.setMemberLocations(trx, a.id, locations, within);
        if (finalRoles.includes('manager')) await repo.setManagedLocations(trx, a.id, locations, within);
      }
      if (a.programs) await repo.setTeacherPrograms(trx, a.id, [...new Set(a.programs)]);
      const changes = diff(before, { ...before, ...patch }, [
        'fname',
        'lname',
        'username',
        'email',
        'email_confirmed',
        ...PERSON_DETAIL_COLUMNS,
      ]);
      await auditPerson(ctx, trx, 'user.update', a.id, { kind, changes, roles: a.roles ?? undefined, locations: locations ?? undefined });
    }),
    { users_username_unique: usernameTaken },
  );
  const [user] = await repo.findPeople(ctx.db, [a.id]);
  return { ...notice(`${NOUN[kind]} saved.`), user };
}

/** Ends every session of a person at once (deactivation, deletion, password set by staff). */
export async function endSessions(trx: Knex.Transaction, userIds: readonly string[], reason: string): Promise<void> {
  await repo.endTokens(trx, userIds);
  const store = createSessionStore(trx as unknown as Knex);
  for (const u of userIds) await store.revokeAllForUser(u, reason);
}

/** Archives a person: they can no longer sign in, and their sessions end at once. */
export async function deletePerson(ctx: RequestContext, kind: PersonKind, raw: unknown) {
  const scope = await userWriteScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const person = await personInScope(ctx, scope, a.id);
  const roles = await rolesOf(ctx, a.id);
  if (kind !== 'invite' && !FIXED_ROLES[kind].every((r) => roles.includes(r))) throw personNotFound();
  await assertMayEditPerson(ctx, roles);
  if (a.id === requireViewer(ctx).id) throw notYourself('delete');
  await inTransaction(ctx, async (trx) => {
    await repo.softDeletePeople(trx, [a.id], requireViewer(ctx).id);
    await endSessions(trx, [a.id], 'deleted');
    await auditPerson(ctx, trx, 'user.delete', a.id, { kind, name: `${person.fname} ${person.lname}` });
  });
  return { ...notice(`${NOUN[kind]} deleted.`), id: a.id };
}
